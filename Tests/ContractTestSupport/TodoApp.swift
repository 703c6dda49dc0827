import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The tests' one example app: the to-do app of docs/your-own-endpoint.md, whose model, client
/// and catalogue are declared once, as the page shows them, in `YourOwnEndpoint/` (`Todo`,
/// `NewTodo`, `TodoAPI`, `TodoError`, `SessionTransport`, `TodoClient`, and the catalogue's
/// `Endpoint.todosList`, `.todosSearch`, `.todosCreate`, `.todosDelete`, `.todosMine`,
/// `.todosAll`). `TodoApp` names them for the tests and holds the suites the tests write; its
/// facets (`TodoApp+Async.swift`, ...) are variants of it: other clients of the same endpoints,
/// or a model the page's grows.
package enum TodoApp {
    /// The app's decoder: the page's, snake_case keys and ISO 8601 dates.
    package static func makeDecoder() -> JSONDecoder { TodoAPI.makeDecoder() }

    /// The app's encoder, writing the body's form back: the page's.
    package static func makeEncoder() -> JSONEncoder { TodoAPI.makeEncoder() }

    /// `[Todo]`, as the page's catalogue lists it.
    package static let todos = ModelDescriptor.todos

    /// `Todo`, what creating one answers.
    package static let todo = ModelDescriptor.todo

    /// `NewTodo`, the body `todos.create` sends.
    package static let newTodo = ModelDescriptor.newTodo

    /// How the facets' completion-handler clients read an answer, in `APIError`'s words: a
    /// transport error or a status outside 2xx is `responseUnsuccessful`, an empty body
    /// `invalidData`, a body that does not decode into `Value` `jsonConversionFailure`.
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

    /// The app's server, the page's `https://todo.example.com/v1/`; the tests never reach it (the
    /// client runs on the stub).
    package static let serverURL = TodoAPI.baseURL

    /// `GET https://todo.example.com/v1/lists/NAME/todos` into `[Todo]`: the page's `todos.list`.
    package static let list = Endpoint.todosList

    /// `POST https://todo.example.com/v1/lists/NAME/todos` with a `NewTodo`, signed with
    /// `Authorization`, into the `Todo` made: the page's `todos.create`.
    package static let create = Endpoint.todosCreate

    /// `todos.search`'s name, the page's: each client of the search (in its own words, as an SDK
    /// writes it, signed in) is declared by it.
    package static let searchName = Endpoint.todosSearch.name

    /// The token the page's catalogue builds its client with, as the client sends it.
    package static let token = "Bearer contract-test"

    /// The app's catalogue: the list and the create.
    package static let catalogue = Catalogue(endpoints: [list, create], models: [todos, todo])

    /// A contract of the list: the home list's two to-dos, as the server writes them.
    package static let contract = """
        { "endpoint": "todos.list", "arguments": { "list": "home" }, "cases": [
          { "name": "two todos", "response": { "fixture": "todos.json" },
            "expect": { "decodes": true, "count": 2, "values": { "[1].due_at": "2026-12-01T09:00:00Z" } } } ] }
        """

    /// A contract of `todos.create`: the request it sends, and a created to-do.
    package static let createContract = """
        { "endpoint": "todos.create",
          "arguments": { "list": "home", "todo": { "title": "buy bread", "due_at": "2026-12-02T08:00:00Z" } },
          "request": { "method": "POST", "path": "/v1/lists/home/todos", "query": {},
                       "headers": { "Content-Type": "application/json", "Authorization": true },
                       "body": { "title": "buy bread", "due_at": "2026-12-02T08:00:00Z" } },
          "cases": [
            { "name": "created", "response": { "status": 201, "fixture": "created.json" }, "expect": { "decodes": true } } ] }
        """

    /// The to-do the create contract's server answers with (the page's `Fixtures/todos/created.json`).
    package static let created = """
        {"id": 3, "title": "buy bread", "done": false, "due_at": "2026-12-02T08:00:00Z"}
        """

    /// The fixture the contract reads: the page's `Fixtures/todos/home.json`.
    package static let fixture = """
        [
          {"id": 1, "title": "buy milk", "done": false, "due_at": "2026-11-30T18:00:00Z", "notes": "oat"},
          {"id": 2, "title": "call the plumber", "done": false, "due_at": "2026-12-01T09:00:00Z"}
        ]
        """

    /// Writes the fixture and the contract as `contracts/todos.json`.
    package static func write(into folder: borrowing SuiteFolder) throws {
        try folder.write("Fixtures/todos.json", fixture)
        try folder.write("contracts/todos.json", contract)
    }
}
