import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TodoApp {
    /// The page's search (`GET todos?q=TEXT` into the page's `[Todo]`) in a client's own words:
    /// the page's error names and rules (`401` is `unauthorized`, `204` an empty list, a blank
    /// query refused before sending, `noQuery`) and one more, `notJSON`: only `application/json`
    /// is read.
    package enum Words {
        /// Why the search has no to-dos.
        package enum SearchError: Error {
            case offline
            case unauthorized
            case server(status: Int)
            case notJSON
            case noBody
            case unreadable(DecodingError)
            case noQuery
        }

        /// The search's errors, as contracts name them.
        package static let vocabulary = ErrorVocabulary(
            SearchError.self,
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

        /// How the search reads an answer.
        package static let rules = OutcomeRules(
            statuses: [.init(401, .error("unauthorized")), .init(204, .value("[]"))], failure: "server",
            networkError: "offline", emptyBody: .error("noBody"), undecodable: "unreadable",
            acceptedContentTypes: ["application/json"], unacceptedContentType: "notJSON")

        /// How the client reads a response; `wrongUnauthorized` is the bug of mapping 401 to `server`.
        package static func read(
            _ data: Data, _ response: URLResponse, wrongUnauthorized: Bool = false
        ) throws(SearchError) -> [Todo] {
            guard let http = response as? HTTPURLResponse else { throw .noBody }
            if http.statusCode == 401, !wrongUnauthorized { throw .unauthorized }
            if http.statusCode == 204 { return [] }
            guard (200...299).contains(http.statusCode) else { throw .server(status: http.statusCode) }
            guard !data.isEmpty else { throw .noBody }
            let type = http.value(forHTTPHeaderField: "Content-Type") ?? ""
            guard type.hasPrefix("application/json") else { throw .notJSON }
            do {
                return try makeDecoder().decode([Todo].self, from: data)
            } catch let error as DecodingError {
                throw .unreadable(error)
            } catch {
                throw .noBody
            }
        }

        /// `GET todos?q=TEXT` as the page's search sends it: a blank query is `noQuery`, unsent,
        /// unless `checksQuery` is off.
        package static func answer(
            _ call: Endpoint.AsyncInvocation, checksQuery: Bool = true, wrongUnauthorized: Bool = false
        ) async throws(SearchError) -> [Todo] {
            let text = call.string("q") ?? ""
            if checksQuery, text.isEmpty { throw .noQuery }
            var components = URLComponents(
                url: (call.baseURL ?? serverURL).appendingPathComponent("todos"), resolvingAgainstBaseURL: false)
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

        /// `todos.search` over a client of it: the correct one by default, or one a test makes
        /// wrong; `rules` and `vocabulary` are the declaration's, which a test may make wrong too.
        package static func search(
            rules: OutcomeRules = rules, vocabulary: ErrorVocabulary = vocabulary, required: Bool = true,
            client: @escaping @Sendable (Endpoint.AsyncInvocation) async throws -> [Todo] = { try await answer($0) }
        ) -> Endpoint {
            Endpoint(
                name: searchName, model: todos, parameters: [.init("q", .string, required: required)],
                baseURL: serverURL, errors: vocabulary, rules: rules, call: client)
        }

        /// The app's catalogue of the search, named as its tool would name it.
        package static func catalogue(_ search: Endpoint = search()) -> Catalogue {
            Catalogue(name: "todo", endpoints: [search], models: [todos])
        }
    }
}
