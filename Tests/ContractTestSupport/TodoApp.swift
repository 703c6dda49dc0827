import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// An app's own API, as an app team writes its catalogue: a to-do list whose server writes
/// snake_case keys and ISO 8601 dates, read by a decoder with `convertFromSnakeCase` and
/// `iso8601`. The engine's shape tests and the exports' end-to-end tests use it, so that what
/// holds of the built-in models is shown to hold of a model with other strategies.
package enum TodoApp {
    /// One to-do: required and optional keys, dates, a nested object and an array.
    package struct Todo: Codable, Equatable, Sendable {
        let id: Int
        let title: String
        /// `due_at` in the body.
        let dueAt: Date
        /// `created_at` in the body.
        let createdAt: Date
        /// `done_note`, optional.
        let doneNote: String?
        let owner: Owner
        let tags: [String]
    }

    /// The person a to-do belongs to.
    package struct Owner: Codable, Equatable, Sendable {
        /// `user_name` in the body.
        let userName: String
        /// `joined_at` in the body, optional.
        let joinedAt: Date?
    }

    /// The app's decoder: snake_case keys, ISO 8601 dates.
    package static func makeDecoder() -> JSONDecoder {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }

    /// The app's encoder, writing the body's form back.
    package static func makeEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }

    /// `[Todo]`, as the app's catalogue lists it.
    package static let todos = ModelDescriptor(
        [Todo].self, name: "[Todo]", makeDecoder: makeDecoder, makeEncoder: makeEncoder,
        identifyingPaths: ["title"])

    /// How the app's little clients read an answer, in `APIError`'s words: a transport error or a
    /// status outside 2xx is `responseUnsuccessful`, an empty body `invalidData`, a body that does
    /// not decode into `Value` `jsonConversionFailure`.
    package static func read<Value: Codable & Equatable & Sendable>(
        _ type: Value.Type, data: Data?, response: URLResponse?, error: (any Error)?,
        decoder: JSONDecoder = makeDecoder(), encoder: @escaping @Sendable () -> JSONEncoder = makeEncoder
    ) -> Result<DecodedValue, APIError> {
        let status = (response as? HTTPURLResponse)?.statusCode
        guard error == nil, (200...299).contains(status ?? 0) else {
            return .failure(.responseUnsuccessful(statusCode: status))
        }
        guard let data, !data.isEmpty else { return .failure(.invalidData) }
        return Result { try decoder.decode(type, from: data) }
            .map { DecodedValue($0, makeEncoder: encoder) }
            .mapError { .jsonConversionFailure(DecodingFailure($0)) }
    }

    /// The app's server; the tests never reach it (the client runs on the stub).
    package static let serverURL = URL(string: "https://todo.example/api/") ?? URL(fileURLWithPath: "/")

    /// `GET https://todo.example/api/todos` into `[Todo]`, through the app's own little client.
    package static let list = Endpoint(name: "todos.list", model: todos, baseURL: serverURL) { call in
        let url = (call.baseURL ?? serverURL).appendingPathComponent("todos")
        call.session.makeDataTask(with: URLRequest(url: url)) { data, response, error in
            let result = read([Todo].self, data: data, response: response, error: error)
            call.responseQueue.async { call.completion(result) }
        }.resume()
    }

    /// What the app sends to create a to-do: the request model of `todos.create`.
    package struct NewTodo: Codable, Equatable, Sendable {
        let title: String
        /// `due_at` on the wire, optional.
        let dueAt: Date?
        /// Optional.
        let tags: [String]?
    }

    /// `Todo`, what creating one answers.
    package static let todo = ModelDescriptor(
        Todo.self, name: "Todo", makeDecoder: makeDecoder, makeEncoder: makeEncoder, identifyingPaths: ["title"])

    /// `NewTodo`, the body `todos.create` sends.
    package static let newTodo = ModelDescriptor(
        NewTodo.self, name: "NewTodo", makeDecoder: makeDecoder, makeEncoder: makeEncoder)

    /// The token the app signs its writes with.
    package static let token = "Bearer s3cret-t0ken"

    /// `POST https://todo.example/api/todos` with the `todo` argument as a JSON body, signed with
    /// `Authorization`, into `Todo`. `viaStream` sends the body as a stream (as Darwin hands it to
    /// a URLProtocol); `fault` makes the client wrong in one way, for the tests that catch it:
    /// `lowercasesTitle`, `forgetsAuthorization`, `sendsPUT`.
    package static let create = Endpoint(
        name: "todos.create", model: todo,
        parameters: [.init("todo", .json, required: true), .init("viaStream", .bool), .init("fault", .string)],
        baseURL: serverURL, requestModel: newTodo
    ) { call in
        guard let draft = try? call.value(NewTodo.self, "todo", decoder: makeDecoder()),
            var body = try? makeEncoder().encode(draft)
        else {
            call.responseQueue.async { call.completion(.failure(.invalidRequest(reason: "no to-do to create"))) }
            return
        }
        let fault = call.string("fault")
        if fault == "lowercasesTitle" {
            body =
                (try? makeEncoder().encode(
                    NewTodo(title: draft.title.lowercased(), dueAt: draft.dueAt, tags: draft.tags)))
                ?? body
        }
        var request = URLRequest(url: (call.baseURL ?? serverURL).appendingPathComponent("todos"))
        request.httpMethod = fault == "sendsPUT" ? "PUT" : "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        if fault != "forgetsAuthorization" { request.setValue(token, forHTTPHeaderField: "Authorization") }
        if call.bool("viaStream") == true {
            request.httpBodyStream = InputStream(data: body)
        } else {
            request.httpBody = body
        }
        call.session.makeDataTask(with: request) { data, response, error in
            let result = read(Todo.self, data: data, response: response, error: error)
            call.responseQueue.async { call.completion(result) }
        }.resume()
    }

    /// `todos.search`'s name, declared here once: each client of the search (in its own words, as
    /// an SDK writes it, signed in) is declared by it.
    package static let searchName = "todos.search"

    /// The app's catalogue.
    package static let catalogue = Catalogue(endpoints: [list, create], models: [todos, todo])

    /// A contract of the list: two to-dos recorded as the server writes them.
    package static let contract = """
        { "endpoint": "todos.list", "cases": [
          { "name": "two todos", "response": { "fixture": "todos.json" },
            "expect": { "decodes": true, "count": 2, "values": { "[0].owner.joined_at": "2024-01-02T03:04:05Z" } } } ] }
        """

    /// A contract of `todos.create`: the request it sends, and a created to-do.
    package static let createContract = """
        { "endpoint": "todos.create", "arguments": { "todo": { "title": "Milk", "tags": ["shop"] } },
          "request": { "method": "POST", "path": "/api/todos", "query": {},
                       "headers": { "Content-Type": "application/json", "Authorization": true },
                       "body": { "title": "Milk", "tags": ["shop"] } },
          "cases": [
            { "name": "created", "response": { "status": 201, "fixture": "created.json" }, "expect": { "decodes": true } } ] }
        """

    /// The to-do the create contract's server answers with.
    package static let created = """
        {"id": 3, "title": "Milk", "due_at": "2025-06-01T09:00:00Z", "created_at": "2025-05-30T18:30:00Z",
         "done_note": null, "owner": {"user_name": "ada", "joined_at": null}, "tags": ["shop"]}
        """

    /// The fixture the contract reads.
    package static let fixture = """
        [
          {"id": 1, "title": "water the plants", "due_at": "2025-06-01T09:00:00Z", "created_at": "2025-05-30T18:30:00+02:00",
           "done_note": null, "owner": {"user_name": "ada", "joined_at": "2024-01-02T03:04:05Z"}, "tags": ["home"]},
          {"id": 2, "title": "file taxes", "due_at": "2025-06-15T00:00:00Z", "created_at": "2025-05-31T08:00:00.250Z",
           "done_note": "early", "owner": {"user_name": "ada", "joined_at": "2024-01-02T03:04:05Z"}, "tags": []}
        ]
        """

    /// Writes the fixture and the contract as `contracts/todos.json`.
    package static func write(into folder: borrowing SuiteFolder) throws {
        try folder.write("Fixtures/todos.json", fixture)
        try folder.write("contracts/todos.json", contract)
    }
}
