// The to-do app of docs/your-own-endpoint.md, `Sources/Todo/TodoClient.swift`, as the page shows
// it (`public` is `package` here). ExampleAppTests holds the two to each other.

import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Why the to-do client has no to-dos.
package enum TodoError: Error {
    case noList
    case noQuery
    case offline(URLError)
    case unauthorized
    case server(status: Int)
    case noBody
    case unreadable(DecodingError)
}

/// The app's transport: a `URLSession`'s data tasks, answered as `(Data, URLResponse)`.
package struct SessionTransport: Sendable {
    package let session: URLSession

    package init(session: URLSession = .shared) {
        self.session = session
    }

    package func send(_ request: URLRequest) async throws -> (Data, URLResponse) {
        try await withCheckedThrowingContinuation { continuation in
            session.dataTask(with: request) { data, response, error in
                if let error {
                    continuation.resume(throwing: error)
                } else if let response {
                    continuation.resume(returning: (data ?? Data(), response))
                } else {
                    continuation.resume(throwing: URLError(.badServerResponse))
                }
            }.resume()
        }
    }
}

/// The to-do API's client.
package struct TodoClient: Sendable {
    /// How a request goes out: the app's own transport on `URLSession.shared` by default.
    package typealias Send = @Sendable (URLRequest) async throws -> (Data, URLResponse)

    package let baseURL: URL
    /// The signed-in user's token, sent with every change.
    package let token: String
    private let send: Send

    package init(baseURL: URL = TodoAPI.baseURL, token: String = "", send: @escaping Send = SessionTransport().send) {
        self.baseURL = baseURL
        self.token = token
        self.send = send
    }

    /// `GET lists/NAME/todos`: the to-dos of a list.
    package func todos(in list: String) async throws(TodoError) -> [Todo] {
        guard !list.isEmpty else { throw .noList }
        return try await load(URLRequest(url: baseURL.appendingPathComponent("lists/\(list)/todos")), empty: [])
    }

    /// `GET todos?q=TEXT&done=true|false&page=N`: the to-dos whose title holds TEXT, done or not,
    /// a page at a time. A blank TEXT is `noQuery`, and nothing is sent.
    package func search(_ text: String, done: Bool? = nil, page: Int? = nil) async throws(TodoError) -> [Todo] {
        guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { throw .noQuery }
        var components = URLComponents(url: baseURL.appendingPathComponent("todos"), resolvingAgainstBaseURL: false)
        components?.queryItems =
            [URLQueryItem(name: "q", value: text)] + (done.map { [URLQueryItem(name: "done", value: "\($0)")] } ?? [])
            + (page.map { [URLQueryItem(name: "page", value: "\($0)")] } ?? [])
        guard let url = components?.url else { throw .noQuery }
        return try await load(URLRequest(url: url), empty: [])
    }

    /// `POST lists/NAME/todos` with the new to-do as JSON: the to-do the server made of it.
    package func create(_ new: NewTodo, in list: String) async throws(TodoError) -> Todo {
        guard !list.isEmpty else { throw .noList }
        var request = URLRequest(url: baseURL.appendingPathComponent("lists/\(list)/todos"))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.httpBody = try? TodoAPI.makeEncoder().encode(new)
        return try await load(request)
    }

    /// `DELETE lists/NAME/todos/ID`: any 2xx is done, whatever its body; it returns nothing.
    package func delete(_ id: Int, in list: String) async throws(TodoError) {
        guard !list.isEmpty else { throw .noList }
        var request = URLRequest(url: baseURL.appendingPathComponent("lists/\(list)/todos/\(id)"))
        request.httpMethod = "DELETE"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        _ = try await exchange(request)
    }

    /// Sends a request and reads its status: `401` is `unauthorized`, another outside 2xx `server`.
    private func exchange(_ request: URLRequest) async throws(TodoError) -> (data: Data, status: Int) {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await send(request)
        } catch {
            throw .offline(error as? URLError ?? URLError(.unknown))
        }
        guard let status = (response as? HTTPURLResponse)?.statusCode else { throw .noBody }
        if status == 401 { throw .unauthorized }
        guard (200...299).contains(status) else { throw .server(status: status) }
        return (data, status)
    }

    /// Sends a request and reads the answer; `empty` is what `204 No Content` means, if anything.
    private func load<Value: Decodable>(_ request: URLRequest, empty: Value? = nil) async throws(TodoError) -> Value {
        let (data, status) = try await exchange(request)
        if status == 204, let empty { return empty }
        guard !data.isEmpty else { throw .noBody }
        do {
            return try TodoAPI.makeDecoder().decode(Value.self, from: data)
        } catch let error as DecodingError {
            throw .unreadable(error)
        } catch {
            throw .noBody
        }
    }
}

/// A fresh access token, as `POST token` answers (`access_token`).
struct TokenGrant: Decodable {
    var accessToken: String
}

/// One page of the paged list: its to-dos, and the next page's number, `null` on the last.
struct TodoPage: Decodable {
    var items: [Todo]
    var next: Int?
}

extension TodoClient {
    /// `GET lists/NAME/todos` signed with the user's token; after a `401`, `POST token` for a
    /// fresh one and the list again, signed with it, once.
    package func signedTodos(in list: String) async throws(TodoError) -> [Todo] {
        guard !list.isEmpty else { throw .noList }
        do throws(TodoError) {
            return try await load(signed(list, with: token), empty: [])
        } catch .unauthorized {
            var refresh = URLRequest(url: baseURL.appendingPathComponent("token"))
            refresh.httpMethod = "POST"
            refresh.setValue("application/json", forHTTPHeaderField: "Content-Type")
            refresh.httpBody = Data(#"{"grant_type": "refresh_token"}"#.utf8)
            let grant: TokenGrant = try await load(refresh)
            return try await load(signed(list, with: grant.accessToken), empty: [])
        }
    }

    /// `GET todos/pages?page=N` from page 1, following each page's `next` until it is `null`:
    /// the to-dos of every page.
    package func allTodos() async throws(TodoError) -> [Todo] {
        var todos: [Todo] = []
        var page: Int? = 1
        while let number = page {
            var components = URLComponents(
                url: baseURL.appendingPathComponent("todos/pages"), resolvingAgainstBaseURL: false)
            components?.queryItems = [URLQueryItem(name: "page", value: String(number))]
            guard let url = components?.url else { throw .noQuery }
            let read: TodoPage = try await load(URLRequest(url: url))
            todos += read.items
            page = read.next
        }
        return todos
    }

    /// The list's request, with `Authorization: Bearer TOKEN`.
    private func signed(_ list: String, with bearer: String) -> URLRequest {
        var request = URLRequest(url: baseURL.appendingPathComponent("lists/\(list)/todos"))
        request.allHTTPHeaderFields = ["Authorization": "Bearer \(bearer)"]
        return request
    }
}
