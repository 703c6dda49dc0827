import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The page's create as a client that writes more sends it: `POST
/// https://todo.example.com/v1/lists/NAME/todos` (the page's path) with a JSON body (its request
/// model, `NewTodo`, with snake_case keys, an optional ISO 8601 date, a UUID, a number and an array),
/// `Content-Type`, a secret `Authorization` and a header of its own; the server answers the new
/// to-do's id. The tests of the exports and of `serve` that need a request beyond a GET use it.
package enum TodoWrites {
    /// The body the client sends: the page's `NewTodo` (its title, its due date, here optional and
    /// sent as `null` when there is none, and its notes) with the list's UUID, a priority and tags.
    package struct NewTodo: Codable, Equatable, Sendable {
        let title: String
        /// `due_at` in the body, optional.
        let dueAt: Date?
        /// Free text, optional; the contracts leave it out.
        let notes: String?
        /// `list_id` in the body.
        let listId: UUID
        let priority: Int
        let tags: [String]
    }

    /// What the server answers.
    package struct Created: Codable, Equatable, Sendable {
        let id: Int
    }

    /// The credential the client sends, which no export or log may show.
    package static let secret = "Bearer s3cret-token"

    package static let newTodo = ModelDescriptor(
        NewTodo.self, name: "NewTodo", makeDecoder: TodoApp.makeDecoder, makeEncoder: TodoApp.makeEncoder)
    package static let created = ModelDescriptor(
        Created.self, name: "Created", makeDecoder: TodoApp.makeDecoder, makeEncoder: TodoApp.makeEncoder)

    /// `POST lists/NAME/todos`, the argument `todo` as its body.
    package static let create = Endpoint(
        name: TodoApp.create.name, model: created,
        parameters: [.init("list", .string, required: true), .init("todo", .json, required: true)],
        baseURL: TodoApp.serverURL, requestModel: newTodo
    ) { call in
        let path = "lists/\(call.string("list") ?? "")/todos"
        var request = URLRequest(url: (call.baseURL ?? TodoApp.serverURL).appendingPathComponent(path))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(secret, forHTTPHeaderField: "Authorization")
        request.setValue("ios-7.1", forHTTPHeaderField: "X-Client-Version")
        if case .json(let data)? = call.arguments["todo"] { request.httpBody = data }
        call.session.makeDataTask(with: request) { data, response, error in
            let result = TodoApp.read(Created.self, data: data, response: response, error: error)
            call.responseQueue.async { call.completion(result) }
        }.resume()
    }

    /// The app's catalogue: the list and the writes.
    package static let catalogue = Catalogue(
        endpoints: [TodoApp.list, create], models: [TodoApp.todos, created, newTodo])

    /// The body a contract states, as the client sends it for `milk`.
    package static let milk = """
        {"title": "Milk", "due_at": null, "list_id": "6F9619FF-8B86-D011-B42D-00C04FC964FF", "priority": 2, "tags": ["shop"]}
        """

    /// A contract of `todos.create`: the method, the headers (`Authorization` by presence alone)
    /// and the body stated, inline.
    package static let contract = """
        { "endpoint": "todos.create", "arguments": { "list": "home", "todo": \(milk) },
          "request": { "method": "POST",
            "headers": { "Content-Type": "application/json", "Authorization": true, "X-Client-Version": "ios-7.1" },
            "body": \(milk) },
          "cases": [
            { "name": "created", "response": { "status": 201, "headers": { "Content-Type": "application/json" }, "body": "{\\"id\\": 7}" },
              "expect": { "decodes": true } },
            { "name": "refused", "response": { "status": 422 }, "expect": { "error": "responseUnsuccessful", "status": 422 } } ] }
        """

    /// Writes the list's suite and the contract as `contracts/create.json`.
    package static func write(into folder: borrowing SuiteFolder) throws {
        try TodoApp.write(into: folder)
        try folder.write("contracts/create.json", contract)
    }
}
