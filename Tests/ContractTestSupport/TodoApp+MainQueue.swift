import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TodoApp {
    /// The page's home list as an older client reads it (`GET lists/home/todos`): the page's
    /// `Todo` with a UUID of its own (`uid`, lower-case on the wire) and a priority, keys in no
    /// sorted order, a model without `identifyingPaths`, and a client that speaks `APIError` and
    /// always completes on the main queue it is given. The app cases of the commands run on it,
    /// never on the built-in clients.
    package enum MainQueue {
        /// One to-do item: the page's fields, then the older client's.
        package struct Todo: Codable, Equatable, Sendable {
            package var id: Int
            package var title: String
            package var done: Bool
            package var dueAt: Date
            package var notes: String?
            package var uid: UUID
            package var priority: Int
        }

        package static let baseURL = TodoApp.serverURL

        /// The API's coding: snake_case keys and ISO 8601 dates, as the shared test app's.
        package static let makeDecoder: @Sendable () -> JSONDecoder = TodoApp.makeDecoder
        package static let makeEncoder: @Sendable () -> JSONEncoder = TodoApp.makeEncoder

        package static let todo = ModelDescriptor(
            Todo.self, name: "Todo", makeDecoder: makeDecoder, makeEncoder: makeEncoder)
        package static let todos = ModelDescriptor(
            [Todo].self, name: "[Todo]", makeDecoder: makeDecoder, makeEncoder: makeEncoder)

        /// `GET https://todo.example.com/v1/lists/home/todos` into `[Todo]`.
        package static let list = Endpoint(name: TodoApp.list.name, model: todos, baseURL: baseURL) { call in
            let url = (call.baseURL ?? baseURL).appendingPathComponent("lists/home/todos")
            call.session.makeDataTask(with: URLRequest(url: url)) { data, response, error in
                let result = TodoApp.read([Todo].self, data: data, response: response, error: error)
                call.responseQueue.async { call.completion(result) }
            }.resume()
        }

        /// The app's catalogue, named as its tool would name it.
        package static let catalogue = Catalogue(name: "todo", endpoints: [list], models: [todo, todos])

        /// A contract of the app's: a page of to-dos, a 404, a 500, an outage and a body that breaks
        /// the model, all on the main queue.
        package static let contract = #"""
            {
              "endpoint": "todos.list",
              "cases": [
                {"name": "two todos", "response": {"status": 200, "fixture": "todos.json"},
                 "expect": {"decodes": true, "count": 2}},
                {"name": "empty body", "response": {"status": 200, "body": ""}, "expect": {"error": "invalidData"}},
                {"name": "broken", "response": {"status": 200, "body": "[{\"id\": \"1\"}]"},
                 "expect": {"error": "jsonConversionFailure", "path": "[0].id"}},
                {"name": "missing", "response": {"status": 404}, "expect": {"error": "responseUnsuccessful", "status": 404}},
                {"name": "down", "response": {"status": 500}, "expect": {"error": "responseUnsuccessful", "status": 500}},
                {"name": "offline", "response": {"networkError": "notConnectedToInternet"},
                 "expect": {"error": "responseUnsuccessful"}}
              ]
            }
            """#

        /// Two to-dos whose keys are in no sorted or hashed order, with a UUID in lower case.
        package static let todos2 = """
            [
              {"title": "water the plants", "priority": 2, "uid": "7c9e6679-7425-40de-944b-e07fc1f90ae7", "id": 1, "done": false, "due_at": "2026-12-01T09:00:00Z"},
              {"title": "call the vet", "priority": 1, "uid": "16fd2706-8baf-433b-82eb-8c7fada847da", "id": 2, "done": true, "due_at": "2026-12-03T10:00:00Z", "notes": "with the cat"}
            ]
            """

        /// Writes the app's suite into a folder: its contract and its fixture.
        package static func write(into folder: borrowing SuiteFolder) throws {
            try folder.write("contracts/todos.json", contract)
            try folder.write("Fixtures/todos.json", todos2)
        }

    }
}
