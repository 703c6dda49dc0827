import ContractEngine

/// The tool's version and the layout of its help tables; each command's help comes from its table
/// of options, and the tool's own help (`Help+Tool.swift`) from its commands'.
enum Help {
    /// The replayed client's default timeout in seconds, as the help writes it: the engine's own.
    static let replayTimeout = seconds(VerifyOptions().timeout)
    /// The server's default timeout in seconds for a live request, as the help writes it.
    static let liveTimeout = seconds(VerifyOptions().liveTimeout)

    /// Seconds as a help text writes them: `5`, `2.5`.
    private static func seconds(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }

    static let version = "0.3.0"

    /// The outcomes a coverage requirement may name, on two lines of a help text of their own.
    static let coverageColumns: String = {
        let names = CoverageMatrix.Column.allCases.map(\.rawValue)
        return "\n" + names.prefix(6).joined(separator: ", ") + ",\n" + names.dropFirst(6).joined(separator: ", ")
            + " (default: every one; repeatable)"
    }()

    /// What a run that every column was required of, and that has gaps, says of requiring fewer:
    /// a team whose clients never complete on a private queue, say, names the rest.
    /// - Parameters:
    ///   - required: The columns required.
    ///   - option: The option as its command spells it.
    ///   - matrix: The run's coverage matrix, if it has one.
    /// - Returns: The note, or `nil` when a list was given or nothing is missing.
    static func fewerOutcomes(required: Set<CoverageMatrix.Column>, option: String, matrix: CoverageMatrix?)
        -> String?
    {
        guard required.count == CoverageMatrix.Column.allCases.count, let matrix,
            !matrix.gapResults(requiring: required).isEmpty
        else { return nil }
        return
            "\(option) requires every outcome and queue; \(option)=OUTCOMES requires only those named, such as \(option)=decoded,4xx,5xx,network,main (docs/mutation-and-coverage.md)"
    }

    /// The widest line any help prints: a terminal of 100 columns shows every line whole.
    static let width = 100

    /// One line of a help table: the name padded to a column, then the help, continued beneath it
    /// and wrapped at a word so that no line passes `width`.
    static func entry(_ name: String, _ help: String, column: Int = 28) -> String {
        let lead = "  " + name
        let padding =
            lead.count < column
            ? String(repeating: " ", count: column - lead.count) : "\n" + String(repeating: " ", count: column)
        let lines = help.split(separator: "\n", omittingEmptySubsequences: false).flatMap {
            wrapped(String($0), width: width - column)
        }
        return lead + padding + lines.joined(separator: "\n" + String(repeating: " ", count: column)) + "\n"
    }

    /// A line cut at spaces into lines of at most `width` characters (a longer word stands alone);
    /// a line that fits is kept as it is.
    static func wrapped(_ line: String, width: Int) -> [String] {
        guard line.count > width else { return [line] }
        var lines: [String] = []
        var current = ""
        for word in line.split(separator: " ") {
            if !current.isEmpty, current.count + 1 + word.count > width {
                lines.append(current)
                current = ""
            }
            current += (current.isEmpty ? "" : " ") + word
        }
        return lines + [current]
    }
}
