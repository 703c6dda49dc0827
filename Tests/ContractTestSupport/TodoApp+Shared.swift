import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TodoApp {
    /// The home list as a shared list answers it: the page's `Todo` grown by what the page's model
    /// lacks and the shape tests need: who the to-do belongs to (a nested object with an optional
    /// date), its tags (an array of strings) and when it was made (`created_at`, fractional
    /// seconds and offsets in the fixture). Read by the page's client (`TodoClient.todos(in:)`,
    /// its path, statuses and errors) and then, the same body, as this model.
    package enum Shared {
        /// One to-do: the page's fields, then the shared list's.
        package struct Todo: Codable, Equatable, Sendable {
            let id: Int
            let title: String
            let done: Bool
            /// `due_at` in the body.
            let dueAt: Date
            /// Free text, optional.
            let notes: String?
            /// `created_at` in the body.
            let createdAt: Date
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

        /// `[Todo]` as the shared list's.
        package static let todos = ModelDescriptor(
            [Todo].self, name: "[Todo]", makeDecoder: TodoAPI.makeDecoder, makeEncoder: TodoAPI.makeEncoder,
            identifyingPaths: ["title"])

        /// The body the page's client last read, for reading it again as this model.
        private final class Body: @unchecked Sendable {
            private let lock = NSLock()
            private var data = Data()

            var value: Data {
                get { lock.withLock { data } }
                set { lock.withLock { data = newValue } }
            }
        }

        /// The page's client reads the list (path, statuses, errors); the body it accepted is then
        /// read as the shared list's model, with the page's decoder.
        package static func todos(_ call: Endpoint.AsyncInvocation) async throws(TodoError) -> [Todo] {
            let body = Body()
            let client = TodoClient(baseURL: call.baseURL ?? TodoAPI.baseURL) { request in
                let answer = try await call.data(for: request)
                body.value = answer.0
                return answer
            }
            guard try await !client.todos(in: call.string("list") ?? "").isEmpty else { return [] }
            do {
                return try TodoAPI.makeDecoder().decode([Todo].self, from: body.value)
            } catch let error as DecodingError {
                throw .unreadable(error)
            } catch {
                throw .noBody
            }
        }

        /// `todos.list` into the shared list's `[Todo]`.
        package static let list = Endpoint(
            name: TodoApp.list.name, model: todos, parameters: [.init("list", .string, required: true)],
            baseURL: TodoAPI.baseURL, errors: .todo, rules: .todoList
        ) { call in try await todos(call) }

        /// The shared list's catalogue.
        package static let catalogue = Catalogue(endpoints: [list], models: [todos])

        /// A contract of the list: two to-dos recorded as the server writes them.
        package static let contract = """
            { "endpoint": "todos.list", "arguments": { "list": "home" }, "cases": [
              { "name": "two todos", "response": { "fixture": "todos.json" },
                "expect": { "decodes": true, "count": 2, "values": { "[0].owner.joined_at": "2024-01-02T03:04:05Z" } } } ] }
            """

        /// The fixture the contract reads.
        package static let fixture = """
            [
              {"id": 1, "title": "water the plants", "done": false, "due_at": "2025-06-01T09:00:00Z", "notes": null,
               "created_at": "2025-05-30T18:30:00+02:00", "owner": {"user_name": "ada", "joined_at": "2024-01-02T03:04:05Z"},
               "tags": ["home"]},
              {"id": 2, "title": "file taxes", "done": true, "due_at": "2025-06-15T00:00:00Z", "notes": "early",
               "created_at": "2025-05-31T08:00:00.250Z", "owner": {"user_name": "ada", "joined_at": "2024-01-02T03:04:05Z"},
               "tags": []}
            ]
            """

        /// Writes the fixture and the contract as `contracts/todos.json`.
        package static func write(into folder: borrowing SuiteFolder) throws {
            try folder.write("Fixtures/todos.json", fixture)
            try folder.write("contracts/todos.json", contract)
        }
    }
}
