import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The to-do app's lists: what a real API's wire holds that a re-encoding of the model does not
/// say. A key whose snake-case round trip is not the identity (`iso_639_1`, which the decoder
/// reads as `iso6391`), a list that may be a copy of another (a model that contains itself),
/// optional keys the server sends as `null`, enums that do not list their cases (`CaseIterable`),
/// a day written by a `DateFormatter` (the `.formatted` strategy), and a client that reads its path
/// parameter as a number, refusing any other text.
extension TodoApp {
    /// A list of to-dos: a class, as a value that holds a value of its own type must be.
    package final class TodoList: Codable, Equatable, Sendable {
        let id: Int
        let name: String
        /// `iso_639_1` on the wire, the language the list is written in: `convertToSnakeCase`
        /// writes it `iso6391`, which is not what the server sends.
        let iso6391: String
        /// Optional; the server sends `null` when there is none.
        let note: String?
        /// The list this one was copied from, if any: a list contains a list.
        let parent: TodoList?
        /// Who may see the list: a `String` enum.
        let visibility: Visibility
        /// How urgent the list is, 1 to 3, when set: an `Int` enum the server may send as `null`.
        let urgency: Urgency?
        /// The day the list is due, `"2026-12-24"`: read by the lists' decoder's `DateFormatter`.
        let dueOn: Date

        package static func == (left: TodoList, right: TodoList) -> Bool {
            left.id == right.id && left.name == right.name && left.iso6391 == right.iso6391 && left.note == right.note
                && left.parent == right.parent && left.visibility == right.visibility && left.urgency == right.urgency
                && left.dueOn == right.dueOn
        }
    }

    /// Who may see a list: it does not list its cases (`CaseIterable`), as most apps' enums do not.
    package enum Visibility: String, Codable, Sendable {
        case `private`, shared, `public`
    }

    /// How urgent a list is; not `CaseIterable` either.
    package enum Urgency: Int, Codable, Sendable {
        case low = 1
        case normal, high
    }

    /// The lists' decoder: the app's, but for days written `yyyy-MM-dd` by a `DateFormatter`.
    package static func makeListDecoder() -> JSONDecoder {
        let decoder = makeDecoder()
        decoder.dateDecodingStrategy = .formatted(dayFormatter())
        return decoder
    }

    /// The lists' encoder, writing days as the server does.
    package static func makeListEncoder() -> JSONEncoder {
        let encoder = makeEncoder()
        encoder.dateEncodingStrategy = .formatted(dayFormatter())
        return encoder
    }

    /// A day as the server writes it: `2026-12-24`, in UTC.
    private static func dayFormatter() -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        return formatter
    }

    /// `TodoList`, what `lists.show` answers.
    package static let todoList = ModelDescriptor(
        TodoList.self, name: "TodoList", makeDecoder: makeListDecoder, makeEncoder: makeListEncoder)

    /// The API key the app sends in the query of every read of a list.
    package static let apiKey = "todo-demo-key"

    /// `GET https://todo.example/api/lists/{id}?lang=LANGUAGE&api_key=KEY` into `TodoList`: the
    /// client reads `id` as a number and sends nothing for any other text, sends `language` as
    /// the query item `lang` and `etag` as the `If-Match` header, and its API key in the query.
    package static let showList = Endpoint(
        name: "lists.show", model: todoList,
        parameters: [.init("id", .string, required: true), .init("language", .string), .init("etag", .string)],
        baseURL: serverURL
    ) { call in
        guard let id = call.string("id").flatMap({ Int($0) }) else {
            call.responseQueue.async { call.completion(.failure(.invalidRequest(reason: "badID"))) }
            return
        }
        let url = (call.baseURL ?? serverURL).appendingPathComponent("lists").appendingPathComponent("\(id)")
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        parts?.queryItems =
            (call.string("language").map { [URLQueryItem(name: "lang", value: $0)] } ?? [])
            + [URLQueryItem(name: "api_key", value: apiKey)]
        var request = URLRequest(url: parts?.url ?? url)
        if let etag = call.string("etag") { request.setValue(etag, forHTTPHeaderField: "If-Match") }
        call.session.makeDataTask(with: request) { data, response, error in
            let result = read(
                TodoList.self, data: data, response: response, error: error, decoder: makeListDecoder(),
                encoder: makeListEncoder)
            call.responseQueue.async { call.completion(result) }
        }.resume()
    }

    /// `PUT https://todo.example/api/lists/{id}?api_key=KEY` with the argument `list` as its JSON
    /// body, as the app holds it (`iso_639_1`, a day, enums, `null`s and the list it was copied
    /// from: the request model is the list itself), into the `TodoList` the server answers. The
    /// client reads `id` as a number and sends nothing for any other text, or without a list.
    package static let updateList = Endpoint(
        name: "lists.update", model: todoList,
        parameters: [.init("id", .string, required: true), .init("list", .json, required: true)],
        baseURL: serverURL, requestModel: todoList
    ) { call in
        guard let id = call.string("id").flatMap({ Int($0) }), case .json(let body)? = call.arguments["list"] else {
            call.responseQueue.async { call.completion(.failure(.invalidRequest(reason: "badID"))) }
            return
        }
        let url = (call.baseURL ?? serverURL).appendingPathComponent("lists").appendingPathComponent("\(id)")
        var parts = URLComponents(url: url, resolvingAgainstBaseURL: false)
        parts?.queryItems = [URLQueryItem(name: "api_key", value: apiKey)]
        var request = URLRequest(url: parts?.url ?? url)
        request.httpMethod = "PUT"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = body
        call.session.makeDataTask(with: request) { data, response, error in
            let result = read(
                TodoList.self, data: data, response: response, error: error, decoder: makeListDecoder(),
                encoder: makeListEncoder)
            call.responseQueue.async { call.completion(result) }
        }.resume()
    }

    /// The app's catalogue with its lists.
    package static let wireCatalogue = Catalogue(
        endpoints: [list, create, showList, updateList], models: [todos, todo, todoList, newTodo])

    /// A contract of `lists.show`: a list copied from another, which was copied from a third.
    package static let listContract = """
        { "endpoint": "lists.show", "arguments": { "id": "7", "language": "en", "etag": "\\"v3\\"" },
          "cases": [
            { "name": "a copied list", "response": { "fixture": "list.json" },
              "expect": { "decodes": true, "values": { "parent.name": "groceries" } } },
            { "name": "no such list", "response": { "status": 404 },
              "expect": { "error": "responseUnsuccessful", "status": 404 } } ] }
        """

    /// The list the contract's server answers with, as the server writes it.
    package static let listFixture = """
        {"id": 7, "name": "groceries (copy)", "iso_639_1": "en", "note": null, "visibility": "shared", "urgency": 3,
         "due_on": "2026-12-24",
         "parent": {"id": 3, "name": "groceries", "iso_639_1": "en", "note": "weekly", "visibility": "private",
                    "urgency": null, "due_on": "2026-12-17",
                    "parent": {"id": 1, "name": "shopping", "iso_639_1": "de", "note": null, "parent": null,
                               "visibility": "public", "urgency": 1, "due_on": "2026-11-30"}}}
        """

    /// The list the app sends to rename list 7, as the server writes lists: the wire's keys, a
    /// day, both enums, `null`s (`note`, `urgency`, the last `parent`) and the list it was copied
    /// from. The contract states it as the request body's fixture, `list-update.json`.
    package static let listUpdate = """
        {"id": 7, "name": "groceries (week 51)", "iso_639_1": "en", "note": null, "visibility": "shared",
            "urgency": null, "due_on": "2026-12-24",
            "parent": {"id": 3, "name": "groceries", "iso_639_1": "en", "note": "weekly", "visibility": "private",
                       "urgency": 2, "due_on": "2026-12-17", "parent": null}}
        """

    /// A contract of `lists.update`: the method, the body the client sends, and the list answered.
    package static let listUpdateContract = """
        { "endpoint": "lists.update", "arguments": { "id": "7", "list":
            \(listUpdate) },
          "request": { "method": "PUT", "headers": { "Content-Type": "application/json" },
                       "bodyFixture": "list-update.json" },
          "cases": [
            { "name": "a renamed list", "response": { "fixture": "list.json" },
              "expect": { "decodes": true, "values": { "iso_639_1": "en" } } },
            { "name": "a stale list", "response": { "status": 409 },
              "expect": { "error": "responseUnsuccessful", "status": 409 } } ] }
        """

    /// Writes the lists' fixture and contracts as `contracts/lists.json` and
    /// `contracts/lists-update.json`.
    package static func writeLists(into folder: borrowing SuiteFolder) throws {
        try folder.write("Fixtures/list.json", listFixture)
        try folder.write("contracts/lists.json", listContract)
        try folder.write("Fixtures/list-update.json", listUpdate)
        try folder.write("contracts/lists-update.json", listUpdateContract)
    }
}
