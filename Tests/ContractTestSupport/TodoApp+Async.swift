import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TodoApp {
    /// The page's to-do list through the page's async client (`TodoClient.todos(in:)`, which throws
    /// `TodoError`), its errors mapped to `APIError` as an app that keeps `mapError:` does; with
    /// clients that have a bug.
    package enum Async {
        /// The page's client's errors in `APIError`'s words.
        package static func apiError(_ error: TodoError) -> APIError {
            switch error {
            case .noList: .invalidRequest(reason: "no list")
            case .noQuery: .invalidRequest(reason: "no query")
            case .offline: .responseUnsuccessful(statusCode: nil)
            case .unauthorized: .responseUnsuccessful(statusCode: 401)
            case .server(let status): .responseUnsuccessful(statusCode: status)
            case .noBody: .invalidData
            case .unreadable(let error): .jsonConversionFailure(DecodingFailure(error))
            }
        }

        package static let baseURL = TodoAPI.baseURL
        package static let model = ModelDescriptor.todos

        package static func catalogue(_ endpoint: Endpoint) -> Catalogue {
            Catalogue(endpoints: [endpoint], models: [model])
        }

        /// The page's client, sending through `send`.
        private static func client(
            _ call: Endpoint.AsyncInvocation,
            send: @escaping @Sendable (URLRequest) async throws -> (Data, URLResponse)
        ) -> TodoClient {
            TodoClient(baseURL: call.baseURL ?? baseURL, send: send)
        }

        /// The client as it should be.
        package static let correct = endpoint { call in
            try await client(call, send: call.data).todos(in: call.string("list") ?? "")
        }

        /// A client that decodes whatever the status: the page's, over a transport that reports
        /// every response as a `200`.
        package static let ignoresStatus = endpoint { call in
            try await client(call) { request in
                let (data, response) = try await call.data(for: request)
                let headers = (response as? HTTPURLResponse)?.allHeaderFields as? [String: String]
                let url = response.url ?? baseURL
                let ok = HTTPURLResponse(url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: headers)
                return (data, ok ?? response)
            }.todos(in: call.string("list") ?? "")
        }

        /// The correct client, telling `seen` how each of its requests ended.
        package static func reporting(to seen: AsyncStream<String>.Continuation) -> Endpoint {
            endpoint { call in
                let send: @Sendable (URLRequest) async throws -> (Data, URLResponse) = { request in
                    do {
                        let answer = try await call.data(for: request)
                        seen.yield("answered")
                        return answer
                    } catch let error as URLError {
                        seen.yield("URLError \(error.code.rawValue)")
                        throw error
                    }
                }
                return try await client(call, send: send).todos(in: call.string("list") ?? "")
            }
        }

        /// A client that never sends a request and waits for ever on something else.
        package static let waitsForever = endpoint { _ in
            for await _ in never {}
            throw TodoError.noBody
        }

        /// A stream that never yields nor ends: its continuation is kept and never finished.
        private static let (never, neverEnding) = AsyncStream<Never>.makeStream()

        /// The list over a client of it.
        private static func endpoint(
            _ call: @escaping @Sendable (Endpoint.AsyncInvocation) async throws -> [Todo]
        ) -> Endpoint {
            Endpoint(
                name: list.name, model: model, parameters: list.parameters, baseURL: baseURL, mapError: apiError,
                call: call)
        }
    }
}
