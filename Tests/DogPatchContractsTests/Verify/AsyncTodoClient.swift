import ContractTestSupport
import DogPatchClients
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A to-do, as an async API sends it: snake_case keys and ISO 8601 dates.
struct AsyncTodo: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var dueAt: Date

    /// The API's coding: snake_case keys and ISO 8601 dates, as the shared test app's.
    static let makeDecoder: @Sendable () -> JSONDecoder = TodoApp.makeDecoder
    static let makeEncoder: @Sendable () -> JSONEncoder = TodoApp.makeEncoder
}

/// Why the async client has no to-dos: its own error type, thrown typed.
enum AsyncTodoError: Error {
    case noList
    case offline(any Error)
    case status(Int)
    case empty
    case unreadable(DecodingError)
}

/// An async client as apps write them: `async throws(AsyncTodoError)`, sending through a function
/// shaped like `URLSession.data(for:)`.
struct AsyncTodoClient: Sendable {
    let baseURL: URL
    let send: @Sendable (URLRequest) async throws -> (Data, URLResponse)
    /// Decodes every 2xx and non-2xx body alike, as a careless client does.
    var ignoresStatus = false

    func todos(list: String) async throws(AsyncTodoError) -> [AsyncTodo] {
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
            return try AsyncTodo.makeDecoder().decode([AsyncTodo].self, from: data)
        } catch let error as DecodingError {
            throw .unreadable(error)
        } catch {
            throw .empty
        }
    }
}

extension APIError {
    /// The async client's errors in the contracts' words.
    init(_ error: AsyncTodoError) {
        switch error {
        case .noList: self = .invalidRequest(reason: "no list")
        case .offline: self = .responseUnsuccessful(statusCode: nil)
        case .status(let status): self = .responseUnsuccessful(statusCode: status)
        case .empty: self = .invalidData
        case .unreadable(let error): self = .jsonConversionFailure(DecodingFailure(error))
        }
    }
}

/// Catalogues with an async endpoint, `todos.list`, over the client above and over clients with a bug.
enum AsyncTodoCatalogue {
    static let baseURL = URL(string: "https://todo.example.com/v1/")!
    static let model = ModelDescriptor(
        [AsyncTodo].self, name: "[Todo]", makeDecoder: AsyncTodo.makeDecoder, makeEncoder: AsyncTodo.makeEncoder)

    static func catalogue(_ endpoint: Endpoint) -> Catalogue {
        Catalogue(endpoints: [endpoint], models: [model])
    }

    /// The client as it should be.
    static let correct = endpoint { call in
        try await AsyncTodoClient(baseURL: call.baseURL ?? baseURL, send: call.data).todos(
            list: call.string("list") ?? "")
    }

    /// A client that decodes whatever the status.
    static let ignoresStatus = endpoint { call in
        try await AsyncTodoClient(baseURL: call.baseURL ?? baseURL, send: call.data, ignoresStatus: true).todos(
            list: call.string("list") ?? "")
    }

    /// The correct client, telling `seen` how each of its requests ended.
    static func reporting(to seen: AsyncStream<String>.Continuation) -> Endpoint {
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
            return try await AsyncTodoClient(baseURL: call.baseURL ?? baseURL, send: send).todos(
                list: call.string("list") ?? "")
        }
    }

    /// A client that never sends a request and waits for ever on something else.
    static let waitsForever = endpoint { _ in
        for await _ in never {}
        throw AsyncTodoError.empty
    }

    /// A stream that never yields nor ends: its continuation is kept and never finished.
    private static let (never, neverEnding) = AsyncStream<Never>.makeStream()

    private static func endpoint(
        _ call: @escaping @Sendable (Endpoint.AsyncInvocation) async throws -> [AsyncTodo]
    ) -> Endpoint {
        Endpoint(
            name: "todos.list", model: model, parameters: [Endpoint.Parameter("list", .string, required: true)],
            baseURL: baseURL, mapError: APIError.init, call: call)
    }
}
