// The to-do app of docs/your-own-endpoint.md, `Sources/TodoCatalogue/TodoCatalogue.swift`, as
// the page shows it (`public` is `package` here, and the app's module is this one).
// ExampleAppTests holds the two to each other.

import ContractCatalogue
import Foundation

extension ModelDescriptor {
    /// The to-dos the list and the search answer with.
    package static let todos = ModelDescriptor(
        [Todo].self, name: "[Todo]", makeDecoder: TodoAPI.makeDecoder, makeEncoder: TodoAPI.makeEncoder,
        identifyingPaths: ["title"])
    /// The to-do a create answers with.
    package static let todo = ModelDescriptor(
        Todo.self, name: "Todo", makeDecoder: TodoAPI.makeDecoder, makeEncoder: TodoAPI.makeEncoder,
        identifyingPaths: ["title"])
    /// The to-do a create sends.
    package static let newTodo = ModelDescriptor(
        NewTodo.self, name: "NewTodo", makeDecoder: TodoAPI.makeDecoder, makeEncoder: TodoAPI.makeEncoder)
}

extension ErrorVocabulary {
    /// The to-do client's errors, as contracts name them.
    package static let todo = ErrorVocabulary(
        TodoError.self,
        cases: [
            .init("noList"), .init("noQuery"), .init("offline"), .init("unauthorized"),
            .init("server", carrying: .status), .init("noBody"), .init("unreadable", carrying: .decodingFailure),
        ]
    ) { error in
        switch error {
        case .noList: ClientError("noList")
        case .noQuery: ClientError("noQuery")
        case .offline: ClientError("offline")
        case .unauthorized: ClientError("unauthorized")
        case .server(let status): ClientError("server", status: status)
        case .noBody: ClientError("noBody")
        case .unreadable(let error): ClientError("unreadable", failure: DecodingFailure(error))
        }
    }
}

extension OutcomeRules {
    /// How the to-do client reads an answer: 401 is `unauthorized`, another status outside 2xx
    /// `server`, an empty body `noBody`.
    package static let todo = OutcomeRules(
        statuses: [.init(401, .error("unauthorized"))], failure: "server", networkError: "offline",
        emptyBody: .error("noBody"), undecodable: "unreadable")

    /// A list's answer: as any other, and `204 No Content` is an empty list.
    package static let todoList = OutcomeRules(
        statuses: [.init(401, .error("unauthorized")), .init(204, .value("[]"))], failure: "server",
        networkError: "offline", emptyBody: .error("noBody"), undecodable: "unreadable")
}

extension Endpoint {
    /// `GET https://todo.example.com/v1/lists/NAME/todos` into `[Todo]`.
    package static let todosList = Endpoint(
        name: "todos.list", model: .todos, parameters: [Parameter("list", .string, required: true)],
        baseURL: TodoAPI.baseURL, errors: .todo, rules: .todoList
    ) { call in
        try await TodoClient(baseURL: call.baseURL ?? TodoAPI.baseURL, send: call.data).todos(
            in: call.string("list") ?? "")
    }

    /// `GET https://todo.example.com/v1/todos?q=TEXT&done=BOOL&page=N` into `[Todo]`.
    package static let todosSearch = Endpoint(
        name: "todos.search", model: .todos,
        parameters: [Parameter("q", .string, required: true), Parameter("done", .bool), Parameter("page", .int)],
        baseURL: TodoAPI.baseURL, errors: .todo, rules: .todoList
    ) { call in
        try await TodoClient(baseURL: call.baseURL ?? TodoAPI.baseURL, send: call.data)
            .search(call.string("q") ?? "", done: call.bool("done"), page: call.int("page"))
    }

    /// `POST https://todo.example.com/v1/lists/NAME/todos` with a `NewTodo`, into the `Todo` made.
    package static let todosCreate = Endpoint(
        name: "todos.create", model: .todo,
        parameters: [Parameter("list", .string, required: true), Parameter("todo", .json, required: true)],
        baseURL: TodoAPI.baseURL, requestModel: .newTodo, errors: .todo, rules: .todo
    ) { call in
        let new = try call.value(NewTodo.self, "todo", decoder: TodoAPI.makeDecoder())
        return try await TodoClient(baseURL: call.baseURL ?? TodoAPI.baseURL, token: "contract-test", send: call.data)
            .create(new, in: call.string("list") ?? "")
    }

    /// `DELETE https://todo.example.com/v1/lists/NAME/todos/ID`, which returns nothing, sent by the
    /// app's own transport on the `URLSession` the tool hands it.
    package static let todosDelete = Endpoint(
        name: "todos.delete",
        parameters: [Parameter("list", .string, required: true), Parameter("id", .int, required: true)],
        baseURL: TodoAPI.baseURL, errors: .todo, rules: .todo
    ) { call in
        let transport = SessionTransport(session: call.urlSession)
        try await TodoClient(baseURL: call.baseURL ?? TodoAPI.baseURL, token: "contract-test", send: transport.send)
            .delete(call.int("id") ?? 0, in: call.string("list") ?? "")
    }
}

extension Catalogue {
    /// The endpoints and models the app's contracts may name.
    package static let todos = Catalogue(
        endpoints: [.todosList, .todosSearch, .todosCreate, .todosDelete, .todosMine, .todosAll], models: [.todos])
}

extension Endpoint {
    /// `GET https://todo.example.com/v1/lists/NAME/todos` signed in; after a `401`, the token
    /// refreshed (`POST .../v1/token`) and the list asked again.
    package static let todosMine = Endpoint(
        name: "todos.mine", model: .todos, parameters: [Parameter("list", .string, required: true)],
        baseURL: TodoAPI.baseURL, errors: .todo, rules: .todoList
    ) { call in
        try await TodoClient(baseURL: call.baseURL ?? TodoAPI.baseURL, token: "contract-test", send: call.data)
            .signedTodos(in: call.string("list") ?? "")
    }

    /// `GET https://todo.example.com/v1/todos/pages?page=N`, page by page, into `[Todo]`.
    package static let todosAll = Endpoint(
        name: "todos.all", model: .todos, baseURL: TodoAPI.baseURL, errors: .todo, rules: .todo
    ) { call in
        try await TodoClient(baseURL: call.baseURL ?? TodoAPI.baseURL, send: call.data).allTodos()
    }
}
