import Foundation

/// A problem found in the user's files, rendered in compiler style: `FILE:LINE:COL: error: message`.
public struct Diagnostic: Sendable, Equatable {
    /// How serious a diagnostic is.
    public enum Severity: String, Sendable {
        /// The case failed or could not run.
        case error
        /// Worth a look; fails the run only with `--strict`.
        case warning
        /// Context for another diagnostic.
        case note
    }

    /// How serious it is.
    public var severity: Severity
    /// What is wrong: lowercase, no trailing period, values in quotes.
    public var message: String
    /// The file it is about, as reports name it.
    public var file: String?
    /// Where in the file.
    public var position: SourcePosition?
    /// The coding path it is about, when there is one.
    public var path: String?
    /// Whether it reports a key the model never reads; a contract's cases share one such line per key.
    var isIgnoredKey = false

    /// Creates a diagnostic.
    /// - Parameters:
    ///   - severity: How serious it is.
    ///   - message: What is wrong.
    ///   - file: The file it is about.
    ///   - position: Where in the file.
    ///   - path: The coding path it is about.
    public init(_ severity: Severity, _ message: String, file: String?, position: SourcePosition? = nil, path: String? = nil) {
        self.severity = severity
        self.message = message
        self.file = file
        self.position = position
        self.path = path
    }

    /// The compiler-style line: `FILE:LINE:COL: error: message`.
    public var rendered: String {
        var location = file.map(VisibleText.escaped) ?? "dogpatch-contracts"
        if let position, file != nil {
            location += ":\(position.line):\(position.column)"
        }
        return "\(location): \(severity.rawValue): \(VisibleText.escaped(message))"
    }
}

extension Diagnostic: Error {}
