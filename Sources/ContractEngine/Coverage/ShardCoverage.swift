import Foundation

/// One shard's JSON report as `coverage` reads it: which shard of which run, and how many cases
/// reach each outcome of each endpoint. The engine wrote the report, so the engine reads it back.
package struct ShardCoverage: Sendable {
    /// How reports name the file.
    let file: String
    /// The shard: `index` (from 1) of `count`.
    let shard: (index: Int, count: Int)
    /// The run's identity: the same in every shard of one run.
    let run: String
    /// The counts, by endpoint and column key.
    let counts: [String: [String: Int]]

    /// Why a report cannot be added up, and where in it; the command line words it.
    package struct Problem: Error, Sendable {
        /// What is wrong with the report.
        package enum Reason: Sendable {
            /// The file cannot be read, for the reason given.
            case unreadable(String)
            /// The file is not JSON: the parser's message.
            case notJSON(String)
            /// The report has no `"coverage"`.
            case noCoverage
            /// The report is of a run that was not sharded.
            case unsharded
            /// The report does not name its run.
            case noRun
            /// The report's run was narrowed, so its shards are not the whole suite.
            case narrowed
            /// The coverage of an endpoint is not an object.
            case notAnObject(endpoint: String)
            /// A cell of an endpoint's coverage is not a count.
            case notACount(endpoint: String, key: String)
        }

        /// What is wrong.
        package let reason: Reason
        /// Where in the report, when it is in the report (not for a file that cannot be read).
        let position: SourcePosition?

        /// The problem as a diagnostic of the report, at its place in the file when it has one.
        /// - Parameters:
        ///   - file: How messages name the report.
        ///   - message: What the problem says, in the reader's words.
        /// - Returns: An error at the problem's place.
        package func diagnostic(file: String, saying message: String) -> Diagnostic {
            Diagnostic(.error, message, file: file, position: position)
        }
    }

    /// Reads one shard's report.
    /// - Parameters:
    ///   - url: The report file.
    ///   - file: How reports name it.
    /// - Returns: The shard's coverage.
    /// - Throws: ``Problem`` when the file is not the coverage report of one shard of a whole suite.
    static func read(_ url: URL, file: String) throws(Problem) -> ShardCoverage {
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw Problem(reason: .unreadable(FileProblem.describe(error)), position: nil)
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw Problem(reason: .notJSON(error.message), position: error.position)
        }
        guard let coverage = root.member("coverage"), case .object(let endpoints) = coverage.value.value else {
            throw Problem(reason: .noCoverage, position: root.position)
        }
        guard let selection = root.member("selection"),
            case .string(let shardText)? = selection.value.member("shard")?.value.value,
            let shard = Self.shard(shardText)
        else { throw Problem(reason: .unsharded, position: root.position) }
        guard case .string(let run)? = selection.value.member("run")?.value.value else {
            throw Problem(reason: .noRun, position: selection.value.position)
        }
        guard case .bool(true)? = selection.value.member("wholeSuite")?.value.value else {
            throw Problem(reason: .narrowed, position: selection.value.position)
        }
        var counts: [String: [String: Int]] = [:]
        for endpoint in endpoints {
            guard case .object(let cells) = endpoint.value.value else {
                throw Problem(reason: .notAnObject(endpoint: endpoint.key), position: endpoint.value.position)
            }
            for cell in cells {
                guard case .number(let text) = cell.value.value, let number = Int(text), number >= 0 else {
                    throw Problem(
                        reason: .notACount(endpoint: endpoint.key, key: cell.key), position: cell.value.position)
                }
                counts[endpoint.key, default: [:]][cell.key] = number
            }
        }
        return ShardCoverage(file: file, shard: shard, run: run, counts: counts)
    }

    /// `I/N` as the JSON report writes a shard, with `1 <= I <= N`.
    private static func shard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1,
            (1...count).contains(index)
        else { return nil }
        return (index, count)
    }
}
