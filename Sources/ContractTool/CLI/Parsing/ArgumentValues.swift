import ContractCatalogue
import ContractEngine
import Foundation

/// Values of options more than one command takes, checked in one place each.
enum ArgumentValues {
    /// `--timeout`: seconds above 0, at most an hour.
    static func timeout(_ text: String, command: String) throws(CommandLineError) -> TimeInterval {
        guard let seconds = Double(text), seconds.isFinite, seconds > 0, seconds <= 3600 else {
            throw CommandLineError(
                message: "--timeout takes a number of seconds above 0 and at most 3600, not \"\(text)\"",
                command: command)
        }
        return seconds
    }

    /// The outcomes `--require-coverage` and `coverage --require` may name, as the matrix heads
    /// its columns: `decoded, invalidData, ..., private`.
    static let coverageColumnList = CoverageMatrix.Column.allCases.map(\.rawValue).joined(separator: ", ")

    /// `--require-coverage[=OUTCOMES]`: every column given alone, else the columns named, comma
    /// separated as the matrix heads them.
    /// - Parameters:
    ///   - text: What followed `=`, or `nil` for the option alone.
    ///   - option: The option as typed, for messages.
    ///   - command: The command whose help messages point to.
    /// - Returns: The columns required.
    static func coverageColumns(_ text: String?, option: String, command: String) throws(CommandLineError) -> Set<
        CoverageMatrix.Column
    > {
        guard let text else { return Set(CoverageMatrix.Column.allCases) }
        var columns: Set<CoverageMatrix.Column> = []
        for entry in text.split(separator: ",", omittingEmptySubsequences: false) {
            let name = entry.trimmingCharacters(in: .whitespaces)
            // `decode` for `decoded`, as a reader who has just written "decodes" in a contract types it.
            guard let column = CoverageMatrix.Column(rawValue: name == "decode" ? "decoded" : name) else {
                let found = name.isEmpty ? "an empty name" : "\"\(name)\""
                throw CommandLineError(
                    message:
                        "\(option)= takes outcomes separated by commas, from \(coverageColumnList); found \(found)",
                    command: command)
            }
            columns.insert(column)
        }
        return columns
    }

    /// `--jobs`: 1 to 256.
    static func jobs(_ text: String, command: String) throws(CommandLineError) -> Int {
        guard let jobs = Int(text), (1...256).contains(jobs) else {
            throw CommandLineError(
                message: "--jobs takes a whole number from 1 to 256, not \"\(text)\"", command: command)
        }
        return jobs
    }

    /// `--base-url [API=]URL`, added to the choice so far; the engine reads the text, and this
    /// words what it finds wrong with it.
    static func baseURL(_ text: String, into choice: inout BaseURLChoice, command: String)
        throws(CommandLineError)
    {
        do throws(BaseURLChoice.Problem) {
            try choice.add(text)
        } catch {
            let message =
                switch error {
                case .notAURL(let shown):
                    "--base-url takes [API=]URL with an http or https URL, such as {API}=http://127.0.0.1:8080/, not \(CodingPath.quote(shown))"
                case .emptyAPIName(let shown): "--base-url needs an API name before \"=\", such as {API}=\(shown)"
                case .apiTwice(let api): "--base-url names the API \"\(api)\" twice"
                case .bareTwice: "--base-url without an API name can be given once; name the API: API=URL"
                }
            throw CommandLineError(message: message, command: command)
        }
    }

    /// What `--base-url` gave that does not fit the run, in words.
    static func words(_ mismatch: BaseURLChoice.Mismatch) -> String {
        switch mismatch {
        case .unknownAPI(let unknown, let known):
            "--base-url names the API \"\(unknown)\", which the catalogue does not have; known APIs are \(known.map { "\"\($0)\"" }.joined(separator: ", "))"
        case .bareForSeveral(let used):
            "--base-url URL without an API name is for a run whose contracts use one API, and these use \(used.map { "\"\($0)\"" }.joined(separator: ", ")); write API=URL for each"
        }
    }

    /// `--shard I/N`, with 1 <= I <= N.
    static func shard(_ text: String, command: String) throws(CommandLineError) -> (index: Int, count: Int) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else {
            throw CommandLineError(
                message: "--shard takes I/N with 1 <= I <= N, such as 1/3, not \"\(text)\"", command: command)
        }
        return (index, count)
    }

    /// `--format`: a report format.
    static func format(_ text: String, command: String) throws(CommandLineError) -> Report.Format {
        guard let format = Report.Format(rawValue: text) else {
            throw CommandLineError(
                message: "--format takes text, json, junit or github, not \"\(text)\"", command: command)
        }
        return format
    }

    /// `--color`: auto, always or never.
    static func color(_ text: String, command: String) throws(CommandLineError) -> ColorChoice {
        guard let choice = ColorChoice(rawValue: text) else {
            throw CommandLineError(message: "--color takes auto, always or never, not \"\(text)\"", command: command)
        }
        return choice
    }

    /// `--status`: an HTTP status.
    static func status(_ text: String, command: String) throws(CommandLineError) -> Int {
        guard let status = Int(text), (100...599).contains(status) else {
            throw CommandLineError(
                message: "--status takes an HTTP status from 100 to 599, not \"\(text)\"", command: command)
        }
        return status
    }
}

extension ArgumentValues {
    /// `--seed`: a whole number from 0.
    static func seed(_ text: String, command: String) throws(CommandLineError) -> UInt64 {
        guard let seed = UInt64(text) else {
            throw CommandLineError(message: "--seed takes a whole number from 0, not \"\(text)\"", command: command)
        }
        return seed
    }

    /// A count from 1.
    static func count(_ text: String, option: String, command: String) throws(CommandLineError) -> Int {
        guard let count = Int(text), count >= 1 else {
            throw CommandLineError(message: "\(option) takes a whole number from 1, not \"\(text)\"", command: command)
        }
        return count
    }
}
