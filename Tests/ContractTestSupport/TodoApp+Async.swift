import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TodoApp {
    /// The to-do list through an async client as apps write them: `async throws(Async.Failure)`,
    /// sending through a function shaped like `URLSession.data(for:)`, reading one list by name,
    /// and mapping its errors to `APIError`; with clients that have a bug.
    package enum Async {
        /// A to-do as the async list reads it.
        package struct Todo: Codable, Equatable, Sendable {
            package var id: Int
            package var title: String
            package var dueAt: Date
        }

        /// Why the async client has no to-dos: its own error type, thrown typed.
        package enum Failure: Error {
            case noList
            case offline(any Error)
            case status(Int)
            case empty
            case unreadable(DecodingError)
        }

        /// The async client.
        package struct Client: Sendable {
            let baseURL: URL
            let send: @Sendable (URLRequest) async throws -> (Data, URLResponse)
            /// Decodes every 2xx and non-2xx body alike, as a careless client does.
            var ignoresStatus = false

            func todos(list: String) async throws(Failure) -> [Todo] {
                guard !list.isEmpty else { throw .noList }
                let answer: (Data, URLResponse)
                do {
                    answer = try await send(URLRequest(url: baseURL.appendingPathComponent("lists/\(list)/todos")))
                } catch {
                    throw .offline(error)
                }
                let (data, response) = answer
                guard let status = (response as? HTTPURLResponse)?.statusCode else { throw .empty }
                if !ignoresStatus, !(200...299).contains(status) { throw .status(status) }
                if data.isEmpty, !ignoresStatus { throw .empty }
                do {
                    return try makeDecoder().decode([Todo].self, from: data)
                } catch let error as DecodingError {
                    throw .unreadable(error)
                } catch {
                    throw .empty
                }
            }
        }

        /// The async client's errors in the contracts' words.
        package static func apiError(_ error: Failure) -> APIError {
            switch error {
            case .noList: .invalidRequest(reason: "no list")
            case .offline: .responseUnsuccessful(statusCode: nil)
            case .status(let status): .responseUnsuccessful(statusCode: status)
            case .empty: .invalidData
            case .unreadable(let error): .jsonConversionFailure(DecodingFailure(error))
            }
        }

        package static let baseURL = URL(string: "https://todo.example.com/v1/") ?? serverURL
        package static let model = ModelDescriptor(
            [Todo].self, name: "[Todo]", makeDecoder: makeDecoder, makeEncoder: makeEncoder)

        package static func catalogue(_ endpoint: Endpoint) -> Catalogue {
            Catalogue(endpoints: [endpoint], models: [model])
        }

        /// The client as it should be.
        package static let correct = endpoint { call in
            try await Client(baseURL: call.baseURL ?? baseURL, send: call.data).todos(list: call.string("list") ?? "")
        }

        /// A client that decodes whatever the status.
        package static let ignoresStatus = endpoint { call in
            try await Client(baseURL: call.baseURL ?? baseURL, send: call.data, ignoresStatus: true).todos(
                list: call.string("list") ?? "")
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
                return try await Client(baseURL: call.baseURL ?? baseURL, send: send).todos(
                    list: call.string("list") ?? "")
            }
        }

        /// A client that never sends a request and waits for ever on something else.
        package static let waitsForever = endpoint { _ in
            for await _ in never {}
            throw Failure.empty
        }

        /// A stream that never yields nor ends: its continuation is kept and never finished.
        private static let (never, neverEnding) = AsyncStream<Never>.makeStream()

        /// The list over a client of it.
        private static func endpoint(
            _ call: @escaping @Sendable (Endpoint.AsyncInvocation) async throws -> [Todo]
        ) -> Endpoint {
            Endpoint(
                name: list.name, model: model, parameters: [Endpoint.Parameter("list", .string, required: true)],
                baseURL: baseURL, mapError: apiError, call: call)
        }
    }
}
