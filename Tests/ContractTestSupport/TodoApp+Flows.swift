import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The to-do app's flows, the page's `todos.mine` and `todos.all` as completion-handler clients
/// that speak `APIError`: a list (the page's `lists/NAME/todos`) signed with a token that the
/// client refreshes after a 401 (`POST token`) and retries with, and a list read page by page
/// (`todos/pages?page=N`), following `next` until there is none; the page's `Todo`, `[Todo]`,
/// `TokenGrant` and `TodoPage`.
/// Each endpoint takes a `fault` argument that makes its client wrong in one way, for the tests
/// and docs that catch it.
extension TodoApp {
    /// `GET https://todo.example.com/v1/lists/NAME/todos` signed with the app's token; after a
    /// `401` the client posts `/v1/token` for a fresh one and retries once with it. Its faults: `noRetry` (the
    /// 401 is the answer), `oldToken` (retries with the token that was refused), `endlessRetry`
    /// (asks for a token again after every failure, forever), `waitsBeforeRetry` (sleeps an hour
    /// on the wall clock before retrying, as a client that honours a long `Retry-After` would),
    /// `refreshesFirst` (asks for a token before it has been refused one).
    package static let mine = Endpoint(
        name: Endpoint.todosMine.name, model: todos,
        parameters: [.init("list", .string, required: true), .init("fault", .string)], baseURL: serverURL
    ) { call in
        let client = RefreshingClient(call: call)
        if call.string("fault") == "refreshesFirst" {
            client.refresh(refused: token)
        } else {
            client.list(token: token, refreshed: false)
        }
    }

    /// `GET https://todo.example.com/v1/todos/pages?page=N` from page 1, following each page's
    /// `next` until it is `null`, into the to-dos of every page. Its faults: `skipsPage` (asks
    /// for the page after `next`), `stopsAfterFirstPage` (answers with page 1's to-dos alone).
    package static let all = Endpoint(
        name: Endpoint.todosAll.name, model: todos, parameters: [.init("fault", .string)], baseURL: serverURL
    ) { call in
        PagingClient(call: call).read(page: 1, gathered: [])
    }

    /// The app's catalogue with its flows.
    package static let flowCatalogue = Catalogue(endpoints: [list, create, mine, all], models: [todos, todo])

    /// The access token the token endpoint hands out in the flows' fixture.
    package static let freshToken = "fr3sh-t0ken"

    /// The token endpoint's answer.
    package static let grant = #"{"access_token": "fr3sh-t0ken", "expires_in": 3600}"#

    /// Page 1 of the paged list, pointing at page 2.
    package static let firstPage = """
        {"items": [{"id": 1, "title": "buy milk", "done": false, "due_at": "2026-11-30T18:00:00Z", "notes": "oat"}],
         "next": 2}
        """

    /// Page 2 of the paged list, the last.
    package static let lastPage = """
        {"items": [{"id": 2, "title": "call the plumber", "done": false, "due_at": "2026-12-01T09:00:00Z"}],
         "next": null}
        """

    /// A contract of the flows: the token refreshed after a 401, a refresh refused, and two pages.
    package static let flowContract = """
        { "endpoint": "todos.mine", "arguments": { "list": "home" }, "cases": [
          { "name": "token refreshed", "exchanges": [
              { "request": { "method": "GET", "path": "/v1/lists/home/todos", "headers": { "Authorization": true } },
                "response": { "status": 401 } },
              { "request": { "method": "POST", "path": "/v1/token", "body": { "grant_type": "refresh_token" } },
                "response": { "fixture": "token.json" } },
              { "request": { "method": "GET", "path": "/v1/lists/home/todos",
                             "headers": { "Authorization": { "fromExchange": 2, "path": "access_token" } } },
                "response": { "fixture": "todos.json" } } ],
            "expect": { "decodes": true, "count": 2 } },
          { "name": "refresh refused", "exchanges": [
              { "request": { "method": "GET", "path": "/v1/lists/home/todos" }, "response": { "status": 401 } },
              { "request": { "method": "POST", "path": "/v1/token" }, "response": { "status": 401 } } ],
            "expect": { "error": "responseUnsuccessful", "status": 401 } } ] }
        """

    /// A contract of the paged list: two pages followed to the last.
    package static let pagesContract = """
        { "endpoint": "todos.all", "cases": [
          { "name": "two pages", "exchanges": [
              { "request": { "method": "GET", "path": "/v1/todos/pages", "query": { "page": "1" } },
                "response": { "fixture": "page-1.json" } },
              { "request": { "method": "GET", "path": "/v1/todos/pages", "query": { "page": "2" } },
                "response": { "fixture": "page-2.json" } } ],
            "expect": { "decodes": true, "count": 2, "values": { "[1].title": "call the plumber" } } } ] }
        """

    /// Writes the flows' fixtures and contracts (`contracts/mine.json`, `contracts/pages.json`),
    /// with the list's own fixture.
    package static func writeFlows(into folder: borrowing SuiteFolder) throws {
        try folder.write("Fixtures/todos.json", fixture)
        try folder.write("Fixtures/token.json", grant)
        try folder.write("Fixtures/page-1.json", firstPage)
        try folder.write("Fixtures/page-2.json", lastPage)
        try folder.write("contracts/mine.json", flowContract)
        try folder.write("contracts/pages.json", pagesContract)
    }
}

/// The flows as the app's traffic captured them (HAR 1.2, as a proxy exports it): what `add --har
/// --flow` takes entries from.
extension TodoApp {
    /// The token the app held before the refresh, captured in the first request.
    package static let staleToken = "Bearer 0ld-t0ken-f0r-the-app"

    /// An archive of the refresh flow: an unrelated request first, then the list refused (`401`),
    /// the token posted for, and the list again with the fresh token.
    /// - Throws: When the archive cannot be encoded.
    package static func refreshArchive() throws -> String {
        try archive([
            harEntry("GET", "https://todo.example.com/v1/health", status: 204, body: ""),
            harEntry(
                "GET", "https://todo.example.com/v1/lists/home/todos",
                headers: ["Authorization": staleToken, "Cookie": "sid=c00kie"],
                status: 401, body: ""),
            harEntry(
                "POST", "https://todo.example.com/v1/token", requestBody: #"{"grant_type": "refresh_token"}"#,
                status: 200, body: grant),
            harEntry(
                "GET", "https://todo.example.com/v1/lists/home/todos",
                headers: ["Authorization": "Bearer \(freshToken)"],
                status: 200, body: fixture),
        ])
    }

    /// An archive of the paged list: page 1 pointing at page 2, then page 2, the last.
    /// - Throws: When the archive cannot be encoded.
    package static func pagesArchive() throws -> String {
        try archive([
            harEntry(
                "GET", "https://todo.example.com/v1/todos/pages?page=1&utm_source=app", status: 200, body: firstPage),
            harEntry("GET", "https://todo.example.com/v1/todos/pages?page=2", status: 200, body: lastPage),
        ])
    }

    private static func harEntry(
        _ method: String, _ url: String, headers: [String: String] = [:], requestBody: String? = nil, status: Int,
        body: String
    ) -> [String: Any] {
        var request: [String: Any] = [
            "method": method, "url": url,
            "headers": headers.keys.sorted().map { ["name": $0, "value": headers[$0] ?? ""] },
        ]
        if let requestBody { request["postData"] = ["mimeType": "application/json", "text": requestBody] }
        let contentType = body.isEmpty ? [] : [["name": "Content-Type", "value": "application/json"]]
        return [
            "startedDateTime": "2026-11-20T09:15:02.417Z", "request": request,
            "response": [
                "status": status, "headers": contentType + [["name": "Set-Cookie", "value": "sid=c00kie"]],
                "content": ["size": body.utf8.count, "mimeType": "application/json", "text": body],
            ],
        ]
    }

    private static func archive(_ entries: [[String: Any]]) throws -> String {
        let log: [String: Any] = ["log": ["version": "1.2", "creator": ["name": "Proxyman"], "entries": entries]]
        return String(decoding: try JSONSerialization.data(withJSONObject: log, options: [.sortedKeys]), as: UTF8.self)
    }
}

/// The app's client of `todos.mine`, one call of it: the list, and the token refreshed on a 401.
private struct RefreshingClient: Sendable {
    let call: Endpoint.Invocation

    private var fault: String? { call.string("fault") }

    private func url(_ path: String) -> URL {
        (call.baseURL ?? TodoApp.serverURL).appendingPathComponent(path)
    }

    private func finish(_ result: Result<DecodedValue, APIError>) {
        call.responseQueue.async { call.completion(result) }
    }

    func list(token: String, refreshed: Bool) {
        var request = URLRequest(url: url("lists/\(call.string("list") ?? "")/todos"))
        request.setValue(token, forHTTPHeaderField: "Authorization")
        call.session.makeDataTask(with: request) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode
            let mayRefresh = fault == "endlessRetry" || (!refreshed && fault != "noRetry")
            guard status == 401, mayRefresh else {
                finish(TodoApp.read([Todo].self, data: data, response: response, error: error))
                return
            }
            refresh(refused: token)
        }.resume()
    }

    func refresh(refused: String) {
        var request = URLRequest(url: url("token"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"grant_type": "refresh_token"}"#.utf8)
        call.session.makeDataTask(with: request) { data, response, error in
            let status = (response as? HTTPURLResponse)?.statusCode
            guard error == nil, status == 200, let data,
                let grant = try? TodoApp.makeDecoder().decode(TokenGrant.self, from: data)
            else {
                if fault == "endlessRetry" {
                    refresh(refused: refused)
                } else {
                    finish(.failure(.responseUnsuccessful(statusCode: status)))
                }
                return
            }
            let token = fault == "oldToken" ? refused : "Bearer \(grant.accessToken)"
            if fault == "waitsBeforeRetry" {
                DispatchQueue.global().asyncAfter(deadline: .now() + 3600) { list(token: token, refreshed: true) }
            } else {
                list(token: token, refreshed: true)
            }
        }.resume()
    }
}

/// The app's client of `todos.all`, one call of it: pages read in turn until the last.
private struct PagingClient: Sendable {
    let call: Endpoint.Invocation

    func read(page: Int, gathered: [Todo]) {
        let base = (call.baseURL ?? TodoApp.serverURL).appendingPathComponent("todos/pages")
        var components = URLComponents(url: base, resolvingAgainstBaseURL: true)
        components?.queryItems = [URLQueryItem(name: "page", value: String(page))]
        guard let url = components?.url else { return }
        call.session.makeDataTask(with: URLRequest(url: url)) { data, response, error in
            let fault = call.string("fault")
            let status = (response as? HTTPURLResponse)?.statusCode
            let result: Result<DecodedValue, APIError>
            if error != nil || !(200...299).contains(status ?? 0) {
                result = .failure(.responseUnsuccessful(statusCode: status))
            } else if let data, !data.isEmpty {
                do {
                    // The page's own `TodoPage`, as the page's `allTodos()` reads it.
                    let page = try TodoApp.makeDecoder().decode(TodoPage.self, from: data)
                    let all = gathered + page.items
                    if let next = page.next, fault != "stopsAfterFirstPage" {
                        self.read(page: fault == "skipsPage" ? next + 1 : next, gathered: all)
                        return
                    }
                    result = .success(DecodedValue(all, makeEncoder: TodoApp.makeEncoder))
                } catch {
                    result = .failure(.jsonConversionFailure(DecodingFailure(error)))
                }
            } else {
                result = .failure(.invalidData)
            }
            call.responseQueue.async { call.completion(result) }
        }.resume()
    }
}
