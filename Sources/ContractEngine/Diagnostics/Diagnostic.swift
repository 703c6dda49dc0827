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
    /// What kind of finding it is, for the rules that treat some kinds alike wherever they come from.
    public var code: Code?

    /// Kinds of diagnostic that `DiagnosticRules` treats by kind.
    public enum Code: String, Sendable {
        /// A key of a fixture the model never reads: a warning, an error under `--strict`, and
        /// reported once per contract and key.
        case unreadKey
        /// A difference in shape between a recorded fixture and the server's answer today: a
        /// warning, an error under `--strict`.
        case drift
        /// A path of a case's `values` that spells a key as the model does where the body writes
        /// it otherwise (`iso6391` for `iso_639_1`): checked all the same, a warning, an error
        /// under `--strict`.
        case modelSpelling
    }

    /// Creates a diagnostic.
    /// - Parameters:
    ///   - severity: How serious it is.
    ///   - message: What is wrong.
    ///   - file: The file it is about.
    ///   - position: Where in the file.
    ///   - path: The coding path it is about.
    ///   - code: What kind of finding it is.
    public init(
        _ severity: Severity, _ message: String, file: String?, position: SourcePosition? = nil, path: String? = nil,
        code: Code? = nil
    ) {
        self.severity = severity
        self.message = message
        self.file = file
        self.position = position
        self.path = path
        self.code = code
    }

    /// The compiler-style line: `FILE:LINE:COL: error: message`; a problem in no file is located
    /// at the package's name.
    public var rendered: String { rendered(tool: "dogpatch-contracts") }

    /// The compiler-style line, a problem in no file located at the tool's name
    /// (`todo-contracts: error: ...`).
    private func rendered(tool: String) -> String {
        var location = file.map(VisibleText.escaped) ?? tool
        if let position, file != nil {
            location += ":\(position.line):\(position.column)"
        }
        return "\(location): \(severity.rawValue): \(VisibleText.escaped(message))"
    }

    /// The compiler-style line, its location in bold and its severity in colour when colour is on.
    /// - Parameters:
    ///   - color: Whether to colour it (for a terminal).
    ///   - tool: The name a problem in no file is located at: the tool's that prints it.
    /// - Returns: The line.
    package func rendered(color: Bool, tool: String = "dogpatch-contracts") -> String {
        rendered(palette: Palette(enabled: color), tool: tool)
    }

    /// The compiler-style line, its location in bold and its severity in colour when the palette is on.
    func rendered(palette: Palette, tool: String = "dogpatch-contracts") -> String {
        let line = rendered(tool: tool)
        guard palette.enabled, let range = line.range(of: ": \(severity.rawValue): ") else { return line }
        let color: Palette.Color = severity == .error ? .red : severity == .warning ? .yellow : .dim
        return palette.paint(String(line[..<range.lowerBound]), .bold) + ": "
            + palette.paint(severity.rawValue, color) + ": " + line[range.upperBound...]
    }
}

extension Diagnostic: Error {}
