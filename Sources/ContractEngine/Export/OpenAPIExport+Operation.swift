import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// An operation as the client calls it: learnt from the requests the client really sends for the
// suite's own arguments, never from a placeholder it may refuse (a client that reads its id as a
// number answers `{id}` with an error and sends nothing).
extension OpenAPIExport {
    /// An endpoint's operation as the client sends it.
    struct Operation {
        /// The method, upper case.
        let method: String
        /// The path template below the server (`/lists/{id}`).
        let path: String
        /// The parameters, each where and under the name the client sends it.
        let parameters: [JSONValue]
        /// The query items and headers whose names mark a secret (`api_key`): security schemes.
        let secrets: [Secret]
    }

    /// A secret the client sends on every request: an API key in the query or a header, or the
    /// credentials of an `Authorization` header.
    struct Secret: Hashable {
        /// `query` or `header`.
        let place: String
        /// The query item's or the header's name.
        let name: String
        /// The HTTP authentication scheme an `Authorization` header names, lowercased (`bearer`,
        /// `basic`): an `http` security scheme; `nil` for an API key.
        var scheme: String? = nil

        /// The security scheme, never with the secret's value.
        var declaration: JSONValue {
            if let scheme { return object([("type", .string("http")), ("scheme", .string(scheme))]) }
            return object([("type", .string("apiKey")), ("in", .string(place)), ("name", .string(name))])
        }
    }

    /// Where one argument lands in the request.
    private enum Place: Equatable {
        case path(segment: Int)
        case query(String)
        case header(String)
    }

    /// An endpoint's operation, learnt from the first of its contracts whose arguments make the
    /// client send a request; each parameter is then placed by changing its value alone and seeing
    /// what changes in the request. A parameter whose every change leaves the request as it was (an
    /// argument that picks a body or a fault) is not one the server sees.
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - contracts: Its contracts, in suite order.
    /// - Returns: The operation, or why the client sends no request for any contract's arguments.
    static func operation(of endpoint: Endpoint, contracts: [Contract]) async -> Result<Operation, ExportFailure> {
        var baseline: (arguments: [String: Endpoint.Argument], request: ClientRequest, template: PathTemplate?)?
        var firstFailure: ExportFailure?
        for contract in contracts {
            switch await ClientRequest.learn(endpoint, arguments: contract.arguments) {
            case .success(let request): baseline = (contract.arguments, request, contract.request?.pathTemplate)
            case .failure(let failure): firstFailure = firstFailure ?? ExportFailure(failure)
            }
            if baseline != nil { break }
        }
        guard let baseline else {
            return .failure(firstFailure ?? ExportFailure(reason: "no contract of the endpoint sends a request"))
        }
        let sent = below(endpoint.baseURL, baseline.request.sentPath)
        var segments = sent
        var parameters: [JSONValue] = []
        var placed: [Place] = []
        for parameter in endpoint.parameters where parameter.kind != .json {
            guard
                let (place, integer) = await self.place(
                    parameter, of: endpoint, arguments: baseline.arguments, baseline: baseline.request, segments: sent),
                !placed.contains(place)
            else { continue }
            placed.append(place)
            parameters.append(declaration(parameter, at: place, integer: integer))
            if case .path(let index) = place { segments[index] = "{\(parameter.name)}" }
        }
        // The holes a contract states in its path (`/3/movie/{id}`) are path parameters too.
        if let template = baseline.template {
            let offset = template.segments.count - 1 - sent.count
            for (index, segment) in template.segments.enumerated() {
                let below = index - 1 - offset
                guard case .hole(let name) = segment, segments.indices.contains(below),
                    !segments[below].hasPrefix("{")
                else { continue }
                segments[below] = "{\(name)}"
                parameters.append(
                    object([
                        ("name", .string(name)), ("in", .string("path")), ("required", .bool(true)),
                        ("schema", object([("type", .string("string"))])),
                    ]))
            }
        }
        let secrets =
            baseline.request.queryItems.map(\.name).filter {
                Redaction.looksSecret($0) && !placed.contains(.query($0))
            }.map { Secret(place: "query", name: $0) }
            + baseline.request.headers.keys.sorted().filter {
                $0.lowercased() != "authorization" && Redaction.looksSecret($0) && !placed.contains(.header($0))
            }.map { Secret(place: "header", name: $0) } + authorization(baseline.request.headers, placed: placed)
        return .success(
            Operation(
                method: baseline.request.method, path: "/" + segments.joined(separator: "/"), parameters: parameters,
                secrets: secrets))
    }

    /// The `Authorization` header the client sends, as a security scheme named `Authorization`:
    /// `http` with the scheme its value names (`Bearer …` is `bearer`, `Basic …` `basic`), else
    /// an API key in that header. None when the client sends none, or sends an argument there.
    private static func authorization(_ headers: [String: String], placed: [Place]) -> [Secret] {
        guard let (name, value) = headers.first(where: { $0.key.lowercased() == "authorization" }),
            !placed.contains(.header(name))
        else { return [] }
        let scheme = value.prefix { $0 != " " }.lowercased()
        return [
            Secret(
                place: "header", name: "Authorization",
                scheme: value.contains(" ") && ["bearer", "basic", "digest"].contains(scheme) ? scheme : nil)
        ]
    }

    /// The path's segments below the base URL's path, as sent (escapes kept).
    private static func below(_ baseURL: URL, _ sentPath: String) -> [String] {
        let basePath = URLComponents(url: baseURL, resolvingAgainstBaseURL: false)?.percentEncodedPath ?? ""
        var path = Substring(sentPath)
        let base = basePath.hasSuffix("/") ? String(basePath.dropLast()) : basePath
        if path.hasPrefix(base) { path = path.dropFirst(base.count) }
        return path.drop { $0 == "/" }.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
    }

    /// Where the client sends a parameter, and whether it reads it as a whole number (it sends a
    /// request for the suite's number and for another, and none for a word); `nil` where no
    /// change of its value changes the request.
    private static func place(
        _ parameter: Endpoint.Parameter, of endpoint: Endpoint, arguments: [String: Endpoint.Argument],
        baseline: ClientRequest, segments: [String]
    ) async -> (Place, Bool)? {
        var refusedWord = false
        var found: Place?
        for alternative in alternatives(parameter, current: arguments[parameter.name]) {
            var changed = arguments
            changed[parameter.name] = alternative
            guard case .success(let request) = await ClientRequest.learn(endpoint, arguments: changed) else {
                if case .string(let text) = alternative, Int(text) == nil { refusedWord = true }
                continue
            }
            if found == nil { found = difference(baseline, request, segments: segments, baseURL: endpoint.baseURL) }
        }
        guard let found else { return nil }
        var integer = false
        if case .string(let text)? = arguments[parameter.name], Int(text) != nil { integer = refusedWord }
        return (found, integer)
    }

    /// Values that differ from the suite's for one parameter: a number next to the suite's, the
    /// suite's text changed, and a word.
    private static func alternatives(_ parameter: Endpoint.Parameter, current: Endpoint.Argument?)
        -> [Endpoint.Argument]
    {
        switch parameter.kind {
        case .string:
            let text: String
            if case .string(let given)? = current { text = given } else { text = "" }
            let candidates = [Int(text).map { String($0 &+ 1) }, text.isEmpty ? "2" : text + "x", "word"]
            return candidates.compactMap { $0 }.filter { $0 != text }.map { .string($0) }
        case .bool:
            if case .bool(let given)? = current { return [.bool(!given)] }
            return [.bool(true), .bool(false)]
        case .strings:
            if case .strings(let given)? = current { return [.strings(given + ["x"])] }
            return [.strings(["x"])]
        case .int:
            if case .int(let given)? = current { return [.int(given &+ 1)] }
            return [.int(2)]
        case .json: return []
        }
    }

    /// What changed between two requests: a path segment, a query item, or a header.
    private static func difference(_ first: ClientRequest, _ second: ClientRequest, segments: [String], baseURL: URL)
        -> Place?
    {
        let changed = below(baseURL, second.sentPath)
        if changed.count == segments.count, let index = segments.indices.first(where: { segments[$0] != changed[$0] }) {
            return .path(segment: index)
        }
        func values(_ request: ClientRequest) -> [String: [String]] {
            request.queryItems.reduce(into: [:]) { $0[$1.name, default: []].append($1.value ?? "") }
        }
        let before = values(first)
        let after = values(second)
        if let name = Set(before.keys).union(after.keys).sorted().first(where: { before[$0] != after[$0] }) {
            return .query(name)
        }
        if let name = Set(first.headers.keys).union(second.headers.keys).sorted().first(where: {
            first.headers[$0] != second.headers[$0]
        }) {
            return .header(name)
        }
        return nil
    }

    /// A parameter's declaration where the client sends it, under the name it sends it by.
    private static func declaration(_ parameter: Endpoint.Parameter, at place: Place, integer: Bool) -> JSONValue {
        let name: String
        let location: String
        switch place {
        case .path: (name, location) = (parameter.name, "path")
        case .query(let item): (name, location) = (item, "query")
        case .header(let header): (name, location) = (header, "header")
        }
        let schema: JSONValue =
            switch parameter.kind {
            case .string: object([("type", .string(integer ? "integer" : "string"))])
            case .bool: object([("type", .string("boolean"))])
            case .int: object([("type", .string("integer"))])
            case .strings: object([("type", .string("array")), ("items", object([("type", .string("string"))]))])
            case .json: object([])
            }
        var members: [(String, JSONValue)] = [
            ("name", .string(name)), ("in", .string(location)),
            ("required", .bool(location == "path" || parameter.isRequired)), ("schema", schema),
        ]
        if parameter.kind == .strings, location == "query" {
            members += [("style", .string("form")), ("explode", .bool(false))]
        }
        return object(members)
    }
}
