import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The page's search and delete as an SDK writes them: errors of its own (`badRequest` for a blank
/// search, checked before sending, and for a `400`), a search page of the page's `Todo`s that is an
/// SDK's `final class` (only `Decodable`, not `Sendable`), an optional `Int` page, and a delete that
/// returns nothing, sent by the SDK's own transport.
extension TodoApp {
    /// The SDK's errors.
    package enum SDKError: Error {
        case badRequest(String)
        case unauthorized
        case server(Int)
        case unexpected(Int)
        case offline
        case unreadable(any Error)
    }

    /// A page of search results, as an SDK declares it: a class, only `Decodable`, not `Sendable`.
    package final class SearchPage: Decodable {
        /// The to-dos found.
        package let items: [Todo]
        /// The next page, if there is one.
        package let next: Int?

        init(items: [Todo], next: Int?) {
            self.items = items
            self.next = next
        }
    }

    /// `SearchPage`, the search's model.
    package static let searchPage = ModelDescriptor(
        SearchPage.self, name: "SearchPage", makeDecoder: makeDecoder)

    /// The client's errors as contracts name them.
    package static let ownErrors = ErrorVocabulary(
        SDKError.self,
        cases: [
            .init("badRequest"), .init("unauthorized"), .init("server", carrying: .status),
            .init("unexpected", carrying: .status), .init("offline"),
            .init("unreadable", carrying: .decodingFailure),
        ]
    ) { error in
        switch error {
        case .badRequest(let reason): ClientError("badRequest", reason: reason)
        case .unauthorized: ClientError("unauthorized")
        case .server(let status): ClientError("server", status: status)
        case .unexpected(let status): ClientError("unexpected", status: status)
        case .offline: ClientError("offline")
        case .unreadable(let error): ClientError("unreadable", failure: DecodingFailure(error))
        }
    }

    /// How the client reads an answer: `400` is `badRequest`, `401` `unauthorized`, every 5xx
    /// `server`, another status `unexpected`; an empty body and one that does not decode are both
    /// `unreadable`.
    package static let ownRules = OutcomeRules(
        statuses: [
            .init(400, .error("badRequest")), .init(401, .error("unauthorized")), .init(500...599, .error("server")),
        ],
        failure: "unexpected", networkError: "offline", emptyBody: .error("unreadable"), undecodable: "unreadable")

    /// Reads a status as the client does.
    private static func check(_ response: URLResponse) throws(SDKError) {
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        switch status {
        case 200...299: return
        case 400: throw .badRequest("the server refused the request")
        case 401: throw .unauthorized
        case 500...599: throw .server(status)
        default: throw .unexpected(status)
        }
    }

    /// Sends a request through the invocation, as the SDK's transport does.
    private static func send(_ request: URLRequest, _ call: Endpoint.AsyncInvocation) async throws(SDKError) -> Data {
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await call.data(for: request)
        } catch {
            throw .offline
        }
        try check(response)
        return data
    }

    /// `GET todos?q=TEXT[&page=N]`, the page's search, into a `SearchPage`; a blank query is
    /// `badRequest` before sending, unless `checksQuery` is off (the bug of a client that sends it
    /// anyway); `forgetsNext` is the bug of a client that never says there is a next page.
    package static func search(checksQuery: Bool = true, forgetsNext: Bool = false) -> Endpoint {
        Endpoint(
            name: searchName, model: searchPage,
            parameters: [.init("q", .string), .init("page", .int)], baseURL: serverURL,
            errors: ownErrors, rules: ownRules
        ) { call throws(SDKError) in
            let query = call.string("q") ?? ""
            if checksQuery, query.trimmingCharacters(in: .whitespaces).isEmpty {
                throw .badRequest("Search query must not be empty")
            }
            let page: Int?
            do {
                page = try call.value(Int?.self, "page")
            } catch {
                throw .badRequest("\(error)")
            }
            var components = URLComponents(
                url: (call.baseURL ?? serverURL).appendingPathComponent("todos"),
                resolvingAgainstBaseURL: false)
            components?.queryItems =
                [URLQueryItem(name: "q", value: query)]
                + (page.map { [URLQueryItem(name: "page", value: String($0))] } ?? [])
            guard let url = components?.url else { throw .badRequest("no URL") }
            let data = try await send(URLRequest(url: url), call)
            guard !data.isEmpty else {
                throw .unreadable(DecodingError.dataCorrupted(.init(codingPath: [], debugDescription: "empty")))
            }
            do {
                let page = try makeDecoder().decode(SearchPage.self, from: data)
                return forgetsNext ? SearchPage(items: page.items, next: nil) : page
            } catch {
                throw .unreadable(error)
            }
        }
    }

    /// The SDK's own transport: the page's `SessionTransport` on the `URLSession` it is given,
    /// signing every request with the SDK's `User-Agent` and reading answers in the SDK's errors.
    package struct Transport: Sendable {
        let session: URLSession

        func send(_ request: URLRequest) async throws(SDKError) -> Data {
            var request = request
            request.setValue("todo-sdk/1.0", forHTTPHeaderField: "User-Agent")
            let (data, response): (Data, URLResponse)
            do {
                (data, response) = try await SessionTransport(session: session).send(request)
            } catch {
                throw .offline
            }
            try check(response)
            return data
        }
    }

    /// `DELETE lists/NAME/todos/ID`, the page's delete, through the SDK's own transport on the
    /// session the tool hands it, which returns nothing: any 2xx is success, whatever its body.
    package static let delete = Endpoint(
        name: Endpoint.todosDelete.name,
        parameters: [.init("list", .string, required: true), .init("id", .int, required: true)],
        baseURL: serverURL, errors: ownErrors, rules: ownRules
    ) { (call: Endpoint.AsyncInvocation) async throws(SDKError) in
        guard let id = call.int("id") else { throw .badRequest("no id") }
        guard let list = call.string("list"), !list.isEmpty else { throw .badRequest("no list") }
        var request = URLRequest(
            url: (call.baseURL ?? serverURL).appendingPathComponent("lists/\(list)/todos/\(id)"))
        request.httpMethod = "DELETE"
        _ = try await Transport(session: call.urlSession).send(request)
    }

    /// The app's catalogue with the SDK-style endpoints.
    package static func ownCatalogue(checksQuery: Bool = true, forgetsNext: Bool = false) -> Catalogue {
        Catalogue(name: "todo", endpoints: [search(checksQuery: checksQuery, forgetsNext: forgetsNext), delete])
    }
}
