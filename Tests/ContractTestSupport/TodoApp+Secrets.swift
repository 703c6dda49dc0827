import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension TodoApp {
    /// The to-do app signed in, as signed-in clients are: secrets taken from its configuration
    /// (environment, keychain) travel in a header (`X-Api-Key`), in the query (`?api_key=`,
    /// `?access_token=`) and in a body (an OAuth refresh: `refresh_token`, `client_secret`,
    /// `password`). The tests of every writer and printer search their files and streams for
    /// these values byte for byte.
    package enum Secrets {
        /// The app's API key, sent as `X-Api-Key` and `?api_key=`.
        package static let apiKey = "AK-live-7f3a9c41d2"
        /// The signed-in user's access token, sent as `?access_token=` by the search.
        package static let accessToken = "AT-9d2b7c11e0f4"
        /// The refresh token the OAuth refresh sends in its body.
        package static let refreshToken = "RT-51a0c3f8aa62"
        /// The client secret the OAuth refresh sends in its body.
        package static let clientSecret = "CS-c0ffee123456"
        /// The user's password the OAuth refresh sends in its body.
        package static let password = "PW-tr0ub4dor-and-3"

        /// Every secret the client sends: none may appear in a file the tool writes or a stream it
        /// prints.
        package static let all = [apiKey, accessToken, refreshToken, clientSecret, password]

        /// The OAuth refresh body, its secrets from the configuration.
        package struct Refresh: Codable, Equatable, Sendable {
            /// `grant_type` on the wire.
            let grantType: String
            /// `refresh_token` on the wire.
            let refreshToken: String
            /// `client_secret` on the wire.
            let clientSecret: String
            let username: String
            let password: String
        }

        /// What the refresh answers (the new token is the server's, not the configuration's).
        package struct Session: Codable, Equatable, Sendable {
            /// `token_type` on the wire.
            let tokenType: String
            /// `expires_in` on the wire.
            let expiresIn: Int
        }

        package static let refresh = ModelDescriptor(
            Refresh.self, name: "Refresh", makeDecoder: makeDecoder, makeEncoder: makeEncoder)
        package static let session = ModelDescriptor(
            Session.self, name: "Session", makeDecoder: makeDecoder, makeEncoder: makeEncoder)

        /// `POST https://todo.example.com/v1/oauth/token?api_key=KEY` with `X-Api-Key` and the refresh
        /// body for the `username` argument, into `Session`.
        package static let refreshEndpoint = Endpoint(
            name: "auth.refresh", model: session, parameters: [.init("username", .string, required: true)],
            baseURL: serverURL, requestModel: refresh
        ) { call in
            let body = Refresh(
                grantType: "refresh_token", refreshToken: refreshToken, clientSecret: clientSecret,
                username: call.string("username") ?? "", password: password)
            var parts = URLComponents(
                url: (call.baseURL ?? serverURL).appendingPathComponent("oauth/token"), resolvingAgainstBaseURL: false)
            parts?.queryItems = [URLQueryItem(name: "api_key", value: apiKey)]
            guard let url = parts?.url, let data = try? makeEncoder().encode(body) else {
                call.responseQueue.async { call.completion(.failure(.invalidRequest(reason: "no URL"))) }
                return
            }
            var request = URLRequest(url: url)
            request.httpMethod = "POST"
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.setValue(apiKey, forHTTPHeaderField: "X-Api-Key")
            request.httpBody = data
            call.session.makeDataTask(with: request) { data, response, error in
                let result = read(Session.self, data: data, response: response, error: error)
                call.responseQueue.async { call.completion(result) }
            }.resume()
        }

        /// `GET https://todo.example.com/v1/todos?q=QUERY&access_token=TOKEN`, the page's search
        /// signed in, with `X-Api-Key`, into `[Todo]`.
        package static let search = Endpoint(
            name: searchName, model: todos, parameters: [.init("q", .string, required: true)],
            baseURL: serverURL
        ) { call in
            var parts = URLComponents(
                url: (call.baseURL ?? serverURL).appendingPathComponent("todos"), resolvingAgainstBaseURL: false)
            parts?.queryItems = [
                URLQueryItem(name: "q", value: call.string("q") ?? ""),
                URLQueryItem(name: "access_token", value: accessToken),
            ]
            guard let url = parts?.url else {
                call.responseQueue.async { call.completion(.failure(.invalidRequest(reason: "no URL"))) }
                return
            }
            var request = URLRequest(url: url)
            request.setValue(apiKey, forHTTPHeaderField: "X-Api-Key")
            call.session.makeDataTask(with: request) { data, response, error in
                let result = read([Todo].self, data: data, response: response, error: error)
                call.responseQueue.async { call.completion(result) }
            }.resume()
        }

        /// The signed-in app's catalogue.
        package static let catalogue = Catalogue(
            endpoints: [refreshEndpoint, search], models: [session, todos, refresh])

        /// What the refresh's server answers.
        package static let sessionFixture = #"{"token_type": "Bearer", "expires_in": 3600}"#

        /// What the search's server answers: the list's two to-dos.
        package static let searchFixture = fixture

        /// A contract of the refresh as a team writes it by hand: every secret stated `true`.
        package static let refreshContract = """
            { "endpoint": "auth.refresh", "arguments": { "username": "ada" },
              "request": { "method": "POST", "path": "/v1/oauth/token", "query": { "api_key": true },
                           "headers": { "Content-Type": "application/json", "X-Api-Key": true },
                           "body": { "grant_type": "refresh_token", "refresh_token": true, "client_secret": true,
                                     "username": "ada", "password": true } },
              "cases": [
                { "name": "refreshed", "response": { "fixture": "session.json" }, "expect": { "decodes": true } } ] }
            """

        /// A contract of the search, its token stated `true`.
        package static let searchContract = """
            { "endpoint": "todos.search", "arguments": { "q": "milk" },
              "request": { "method": "GET", "path": "/v1/todos", "query": { "q": "milk", "access_token": true },
                           "headers": { "X-Api-Key": true } },
              "cases": [
                { "name": "found", "response": { "fixture": "search.json" }, "expect": { "decodes": true, "count": 2 } } ] }
            """

        /// Writes both contracts and their fixtures.
        package static func write(into folder: borrowing SuiteFolder) throws {
            try folder.write("Fixtures/session.json", sessionFixture)
            try folder.write("Fixtures/search.json", searchFixture)
            try folder.write("contracts/refresh.json", refreshContract)
            try folder.write("contracts/search.json", searchContract)
        }

        /// Where a secret shows: each file under the folder (searched byte for byte, recursively)
        /// and each stream given that holds one of `all`, named `file: secret` or `stream N: secret`.
        /// - Parameters:
        ///   - folder: The suite folder the tool wrote into.
        ///   - streams: What the tool printed.
        /// - Returns: The leaks; none when every secret stayed in the process.
        package static func leaks(in folder: borrowing SuiteFolder, streams: [String] = []) -> [String] {
            var found: [String] = []
            let root = folder.url.resolvingSymlinksInPath().path
            let walker = FileManager.default.enumerator(atPath: root)
            while let relative = walker?.nextObject() as? String {
                guard let data = FileManager.default.contents(atPath: root + "/" + relative) else { continue }
                for secret in all where data.range(of: Data(secret.utf8)) != nil {
                    found.append("\(relative): \(secret)")
                }
            }
            for (index, stream) in streams.enumerated() {
                for secret in all where stream.contains(secret) { found.append("stream \(index): \(secret)") }
            }
            return found
        }
    }
}
