import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TodoApp {
    /// The page's `todos.create` with a bug a test makes on purpose: the page's client, sending
    /// through a transport that changes its request the way a broken client would. `viaStream`
    /// sends the body as a stream (as Darwin hands it to a URLProtocol); `fault` is one bug:
    /// `lowercasesTitle`, `forgetsAuthorization`, `sendsPUT`.
    package enum Broken {
        /// The request as the broken client sends it.
        static func broken(_ request: URLRequest, fault: String?, viaStream: Bool) -> URLRequest {
            var request = request
            if fault == "lowercasesTitle", let body = request.httpBody,
                let new = try? TodoAPI.makeDecoder().decode(NewTodo.self, from: body),
                let lower = try? TodoAPI.makeEncoder().encode(
                    NewTodo(title: new.title.lowercased(), dueAt: new.dueAt, notes: new.notes))
            {
                request.httpBody = lower
            }
            if fault == "forgetsAuthorization" { request.setValue(nil, forHTTPHeaderField: "Authorization") }
            if fault == "sendsPUT" { request.httpMethod = "PUT" }
            if viaStream, let body = request.httpBody {
                request.httpBody = nil
                request.httpBodyStream = InputStream(data: body)
            }
            return request
        }

        /// `todos.create` over the page's client, broken as the arguments say.
        package static let create = Endpoint(
            name: TodoApp.create.name, model: .todo,
            parameters: [
                .init("list", .string, required: true), .init("todo", .json, required: true),
                .init("viaStream", .bool), .init("fault", .string),
            ],
            baseURL: TodoAPI.baseURL, requestModel: .newTodo, errors: .todo, rules: .todo
        ) { call in
            let new = try call.value(NewTodo.self, "todo", decoder: TodoAPI.makeDecoder())
            let fault = call.string("fault")
            let viaStream = call.bool("viaStream") == true
            return try await TodoClient(baseURL: call.baseURL ?? TodoAPI.baseURL, token: "contract-test") { request in
                try await call.data(for: broken(request, fault: fault, viaStream: viaStream))
            }.create(new, in: call.string("list") ?? "")
        }

        /// The catalogue of the broken create.
        package static let catalogue = Catalogue(endpoints: [create], models: [.todo])
    }
}
