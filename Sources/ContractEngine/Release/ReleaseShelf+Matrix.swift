import ContractCatalogue
import Foundation

/// The release matrix: each answer of the provider (the server's to `verify --live`, or bodies
/// given as files) judged against every supported release's profile of its model, as a matrix of
/// release x endpoint. A release would break when an answer lacks a key it requires, or holds a
/// kind of value (or `null`) it does not accept; each break names the release, the endpoint, the
/// case, the key and what changed.
extension ReleaseShelf {
    package struct Matrix: Sendable {
        /// One break: a release that would not accept an answer.
        struct Break: Sendable, Equatable {
            let release: String
            let endpoint: String
            /// The case whose answer it is, or the body file.
            let source: String
            let path: String
            let change: String

            /// The line a report prints: `release 1.0.0 would break on countries.all: [*].population: ...`.
            var line: String {
                "release \(release) would break on \(endpoint): \(path): \(change) (\(source))"
            }
        }

        /// A cell of the matrix.
        enum Verdict: String, Sendable {
            /// Every answer of the endpoint is accepted by the release.
            case pass
            /// An answer is not.
            case breaks = "break"
            /// The release keeps no profile of the endpoint's model, so nothing was judged.
            case unknown = "no profile"
        }

        /// The supported releases, oldest first, and the retired ones.
        let releases: [String]
        let retired: [String]
        /// The endpoints answered, sorted.
        let endpoints: [String]
        /// The verdict of each release (first index) on each endpoint (second index).
        let verdicts: [[Verdict]]
        /// Every break, by release (oldest first), endpoint and path.
        let breaks: [Break]
        /// How many answers were judged, and the answers left out (an error status, a body that is not JSON).
        let judged: Int
        let notJudged: [String]

        /// Judges the answers a `verify --live` run kept.
        /// - Parameters:
        ///   - answers: The answers.
        ///   - shelf: The releases.
        /// - Returns: The matrix.
        static func judging(_ answers: LiveAnswers, against shelf: ReleaseShelf) -> Matrix {
            Matrix(
                answers.all.map { ($0.endpoint, $0.model, "\($0.contract) › \($0.caseName)", $0.status, $0.body) },
                shelf: shelf)
        }

        /// Judges bodies given as files: `DIR/<endpoint>.json`, or any `.json` file in `DIR/<endpoint>/`,
        /// each a 200 answer of that endpoint.
        /// - Parameters:
        ///   - bodies: The folder as the user typed it.
        ///   - catalogue: The endpoints the files are named after.
        ///   - shelf: The releases.
        ///   - location: Where the suite is.
        /// - Returns: The matrix, or `Problem.bodies` with the files that name no endpoint of the
        ///   catalogue or cannot be read (or the folder, when it holds no body).
        package static func judging(
            bodies: String, catalogue: Catalogue, against shelf: ReleaseShelf, location: SuiteLocation
        ) -> Result<Matrix, Problem> {
            let folder = location.resolve(bodies)
            let shown = bodies.hasSuffix("/") ? bodies : bodies + "/"
            let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()
            var answers: [(String, String, String, Int, Data)] = []
            var problems: [Diagnostic] = []
            for name in names where !name.hasPrefix(".") {
                let url = folder.appendingPathComponent(name)
                var isFolder: ObjCBool = false
                _ = FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder)
                let endpointName = isFolder.boolValue ? name : String(name.dropLast(name.hasSuffix(".json") ? 5 : 0))
                let files: [(String, URL)] =
                    isFolder.boolValue
                    ? ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
                        .filter { $0.hasSuffix(".json") }.map {
                            (shown + name + "/" + $0, url.appendingPathComponent($0))
                        }
                    : name.hasSuffix(".json") ? [(shown + name, url)] : []
                guard !files.isEmpty else { continue }
                guard let endpoint = catalogue.endpoint(named: endpointName) else {
                    problems.append(
                        Diagnostic(
                            .error,
                            "\(JSONValue.quote(endpointName)) names no endpoint; name a body <endpoint>.json or put it in a folder <endpoint>/ (\(catalogue.endpoints.map(\.name).sorted().joined(separator: ", ")))",
                            file: files[0].0))
                    continue
                }
                for (display, file) in files {
                    guard let data = try? Data(contentsOf: file) else {
                        problems.append(Diagnostic(.error, "cannot read the body", file: display))
                        continue
                    }
                    answers.append((endpoint.name, endpoint.model.name, display, 200, data))
                }
            }
            if answers.isEmpty, problems.isEmpty {
                problems.append(
                    Diagnostic(.error, "no body: give <endpoint>.json files or <endpoint>/ folders", file: bodies))
            }
            guard problems.isEmpty else { return .failure(.bodies(problems)) }
            return .success(Matrix(answers, shelf: shelf))
        }

        /// The matrix of some answers: (endpoint, model, source, status, body).
        private init(_ answers: [(String, String, String, Int, Data)], shelf: ReleaseShelf) {
            releases = shelf.supported.map(\.manifest.version)
            retired = shelf.retired
            var notJudged: [String] = []
            var parsed: [(endpoint: String, model: String, source: String, body: JSONValue)] = []
            for (endpoint, model, source, status, body) in answers {
                guard (200...299).contains(status) else {
                    notJudged.append("\(source): status \(status), which no model decodes")
                    continue
                }
                guard let node = try? JSONParser.parse(body) else {
                    notJudged.append("\(source): the body is not JSON")
                    continue
                }
                parsed.append((endpoint, model, source, node.value))
            }
            endpoints = Set(parsed.map(\.endpoint)).sorted()
            var verdicts: [[Verdict]] = []
            var breaks: [Break] = []
            for release in shelf.supported {
                var row: [Verdict] = []
                var judges: [String: ProfileJudge] = [:]
                for endpoint in endpoints {
                    var verdict = Verdict.pass
                    for answer in parsed where answer.endpoint == endpoint {
                        guard let profile = release.profiles[answer.model] else {
                            verdict = .unknown
                            continue
                        }
                        let judge = judges[answer.model] ?? ProfileJudge(profile)
                        judges[answer.model] = judge
                        let found = judge.breaks(in: answer.body)
                        if !found.isEmpty { verdict = .breaks }
                        breaks += found.map {
                            Break(
                                release: release.manifest.version, endpoint: endpoint, source: answer.source,
                                path: $0.path, change: $0.change)
                        }
                    }
                    row.append(verdict)
                }
                verdicts.append(row)
            }
            self.verdicts = verdicts
            self.breaks = breaks
            self.judged = parsed.count
            self.notJudged = notJudged
        }
    }
}
