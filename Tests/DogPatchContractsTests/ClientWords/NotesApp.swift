import ContractCatalogue
import ContractTestSupport
import ContractTool
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An app whose client speaks its own errors and rules: `401` is `unauthorized`, `204` an empty
/// list, only `application/json` is read, and each status class has a case of its own.
enum NotesApp {
    struct Note: Codable, Equatable, Sendable {
        var id: Int
        var text: String
    }

    enum NoteError: Error {
        case offline
        case unauthorized
        case server(status: Int)
        case notJSON
        case noBody
        case unreadable(DecodingError)
        case noQuery
    }

    static let notes = ModelDescriptor(
        [Note].self, name: "[Note]", makeDecoder: { JSONDecoder() }, makeEncoder: { JSONEncoder() })

    static let vocabulary = ErrorVocabulary(
        NoteError.self,
        cases: [
            .init("offline"), .init("unauthorized"), .init("server", carrying: .status), .init("notJSON"),
            .init("noBody"), .init("unreadable", carrying: .decodingFailure), .init("noQuery"),
        ]
    ) { error in
        switch error {
        case .offline: ClientError("offline")
        case .unauthorized: ClientError("unauthorized")
        case .server(let status): ClientError("server", status: status)
        case .notJSON: ClientError("notJSON")
        case .noBody: ClientError("noBody")
        case .unreadable(let error): ClientError("unreadable", failure: DecodingFailure(error))
        case .noQuery: ClientError("noQuery")
        }
    }

    static let rules = OutcomeRules(
        statuses: [.init(401, .error("unauthorized")), .init(204, .value("[]"))], failure: "server",
        networkError: "offline", emptyBody: .error("noBody"), undecodable: "unreadable",
        acceptedContentTypes: ["application/json"], unacceptedContentType: "notJSON")

    // A literal that is a URL.
    // swift-format-ignore: NeverForceUnwrap
    static let baseURL = URL(string: "https://notes.example/v1/")!

    /// How the client reads a response; `wrongUnauthorized` is the bug of mapping 401 to `server`.
    static func read(_ data: Data, _ response: URLResponse, wrongUnauthorized: Bool) throws(NoteError) -> [Note] {
        guard let http = response as? HTTPURLResponse else { throw .noBody }
        if http.statusCode == 401, !wrongUnauthorized { throw .unauthorized }
        if http.statusCode == 204 { return [] }
        guard (200...299).contains(http.statusCode) else { throw .server(status: http.statusCode) }
        guard !data.isEmpty else { throw .noBody }
        let type = http.value(forHTTPHeaderField: "Content-Type") ?? ""
        guard type.hasPrefix("application/json") else { throw .notJSON }
        do {
            return try JSONDecoder().decode([Note].self, from: data)
        } catch let error as DecodingError {
            throw .unreadable(error)
        } catch {
            throw .noBody
        }
    }

    /// `GET notes?q=TEXT`.
    static func search(wrongUnauthorized: Bool = false) -> Endpoint {
        Endpoint(
            name: "notes.search", model: notes, parameters: [.init("q", .string, required: true)], baseURL: baseURL,
            errors: vocabulary, rules: rules
        ) { call throws(NoteError) in
            guard let text = call.string("q"), !text.isEmpty else { throw .noQuery }
            var components = URLComponents(
                url: (call.baseURL ?? baseURL).appendingPathComponent("notes"), resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "q", value: text)]
            guard let url = components?.url else { throw .noQuery }
            let data: Data
            let response: URLResponse
            do {
                (data, response) = try await call.data(for: URLRequest(url: url))
            } catch {
                throw .offline
            }
            return try read(data, response, wrongUnauthorized: wrongUnauthorized)
        }
    }

    static func catalogue(wrongUnauthorized: Bool = false) -> Catalogue {
        Catalogue(name: "notes", endpoints: [search(wrongUnauthorized: wrongUnauthorized)], models: [notes])
    }

    static func run(_ arguments: [String], in folder: URL, catalogue: Catalogue = catalogue()) async -> (
        status: Int32, stdout: String, stderr: String
    ) {
        let output = CapturedOutput()
        let status = await ContractTool.run(
            arguments: arguments, catalogue: catalogue, name: "notes-contracts", currentDirectory: folder,
            standardOutput: { output.standardOutput($0) }, standardError: { output.standardError($0) })
        return (status, output.stdout, output.stderr)
    }
}
