import DogPatchClients
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// One contract file, loaded and checked: an endpoint (or just a model) and its cases.
package struct Contract: Sendable {
    /// The file as reports name it, such as `contracts/countries.json`.
    package let file: String
    /// The endpoint whose client replays the cases; `nil` for a fixture contract.
    package let endpoint: Endpoint?
    /// The model bodies decode into.
    package let model: ModelDescriptor
    /// The endpoint's arguments.
    package let arguments: [String: Endpoint.Argument]
    /// What the client must send, when the contract says.
    package let request: RequestExpectation?
    /// The queue the client is built with for replay.
    package let responseQueue: ResponseQueue
    /// Keys the model is known to leave unread (`[*].gender`); they are not reported.
    package let ignoredKeys: Set<String>
    /// The cases in file order, each ready to run or invalid on its own.
    package let cases: [CaseEntry]
    /// The file it was read from; `nil` for a contract loaded from bytes.
    package internal(set) var url: URL?
}

/// The queue a client is built with for replay.
package enum ResponseQueue: String, Sendable {
    /// The main queue.
    case main
    /// A private serial queue.
    case `private`
}

/// The request a client must send.
package struct RequestExpectation: Sendable {
    /// The HTTP method, such as `GET`.
    package var method: Located<String>?
    /// The URL's path, percent-decoded.
    package var path: Located<String>?
    /// The exact query items, by name.
    package var query: Located<[String: String]>?
}

/// A value from a contract with where it was written.
package struct Located<Value: Sendable>: Sendable {
    /// The value.
    package var value: Value
    /// Where it was written.
    package var position: SourcePosition
}

/// One case of a contract, as its file defines it.
package struct CaseSpec: Sendable {
    /// The case's name, unique in its contract.
    package let name: String
    /// Where the case starts.
    package let position: SourcePosition
    /// The response the stub serves.
    package let response: ResponseSpec
    /// What the outcome must be.
    package let expect: Expectation
    /// Why the case is skipped, when it is.
    package let skip: String?
    /// Whether the case is replayed through the client.
    package let replay: Bool
    /// Where its fixture was recorded from, for a case the tool recorded from the server.
    package let recorded: Recording?
    /// The provider state the case's response needs, in the server team's words ("three dogs for
    /// sale"): the Pact export's provider state; the case's name when absent.
    package var given: String?
}

/// Where and when the tool recorded a case's fixture from the server: the case's `recorded`.
package struct Recording: Sendable, Equatable {
    /// The URL the request went to.
    package let url: String
    /// When, in RFC 3339: `2026-11-22T08:00:00Z`, or as a capture wrote it
    /// (`2026-11-22T09:00:00.123+01:00`).
    package let at: String
    /// The archive it was taken from (`capture.har`), for a case `add --har` made.
    package var from: String?
    /// Where the `recorded` object starts in the contract.
    package let position: SourcePosition

    /// Whether the case keeps an error a capture saw once (a 500 that happened on a device): it is
    /// kept as it was seen, never asked for again or written over.
    package func isCapturedError(status: Int) -> Bool {
        from != nil && !(200...299).contains(status)
    }

    /// A time as `recorded` writes it, in UTC to the second.
    package static func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// Whether a text is an RFC 3339 date-time, as the contract schema's pattern says:
    /// `2026-11-22T08:00:00Z`, with fractional seconds or an offset (`+01:00`), `T` and `Z` in
    /// either case; month 01-12, day 01-31, hour 00-23, minute 00-59, second 00-60, ASCII digits.
    static func isRFC3339(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits(_ count: Int, in range: ClosedRange<Int>) -> Bool {
            guard index + count <= bytes.count else { return false }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return range.contains(value)
        }
        func one(_ allowed: String) -> Bool {
            guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard digits(4, in: 0...9999), one("-"), digits(2, in: 1...12), one("-"), digits(2, in: 1...31),
            one("Tt"), digits(2, in: 0...23), one(":"), digits(2, in: 0...59), one(":"), digits(2, in: 0...60)
        else { return false }
        if one(".") {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        if one("Zz") { return index == bytes.count }
        guard one("+-"), digits(2, in: 0...23), one(":"), digits(2, in: 0...59) else { return false }
        return index == bytes.count
    }
}

/// The response a case describes.
package struct ResponseSpec: Sendable {
    /// What reaches the client.
    package enum Kind: Sendable {
        /// An HTTP response.
        case http(status: Int, headers: [String: String], body: Body)
        /// A transport error, by its URLError code name.
        case networkError(code: URLError.Code, name: String)
    }

    /// Where the body comes from.
    package enum Body: Sendable {
        /// No body.
        case none
        /// A string in the contract.
        case inline(String)
        /// A file under the fixtures folder: as written, the file it resolved to (symlinks
        /// resolved), and where it was written.
        case fixture(path: String, file: String, position: SourcePosition)
        /// A body received from a server (`verify --live`), named in reports by its URL.
        case received(Data, source: String)
    }

    /// What reaches the client.
    package let kind: Kind
    /// How long the stub waits before answering, in milliseconds.
    package let delayMs: Int
    /// Where `response` starts.
    package let position: SourcePosition

    /// The fixture's path as the contract writes it, for a response whose body is a fixture.
    package var fixturePath: String? {
        if case .http(_, _, .fixture(let path, _, _)) = kind { path } else { nil }
    }
}

/// What a case's outcome must be.
package struct Expectation: Sendable {
    /// The kinds of outcome a case can expect.
    package enum Kind: Sendable {
        /// The body decodes, optionally to an array of `count` elements with `values` at paths.
        case decodes(count: Located<Int>?, values: [ValueExpectation])
        /// The call fails with an `APIError` case, optionally with a status or a coding path.
        case error(APIError.Kind, status: Located<Int>?, path: Located<JSONPath>?)
    }

    /// What the outcome must be.
    package let kind: Kind
    /// Where `expect` starts.
    package let position: SourcePosition

    /// Whether only a replay can check this expectation (it depends on the arguments, not the response).
    var needsReplay: Bool {
        if case .error(.invalidRequest, _, _) = kind { return true }
        return false
    }
}

/// A value the decoded model must hold at a path.
package struct ValueExpectation: Sendable {
    /// The path into the decoded model.
    package let path: JSONPath
    /// The JSON value expected there.
    package let value: JSONValue
    /// Where the expectation was written.
    package let position: SourcePosition
}

/// A contract file as loaded: its cases, or the problems that keep it from running.
package enum LoadedContract: Sendable {
    /// The contract loaded; some cases may still be invalid.
    case loaded(Contract)
    /// The contract as a whole is invalid.
    case invalid(file: String, endpoint: String?, diagnostics: [Diagnostic])
}

/// One case of a loaded contract: ready to run, or invalid on its own.
package enum CaseEntry: Sendable {
    /// The case is ready to run.
    case ready(CaseSpec)
    /// The case is invalid; the contract's other cases still run.
    case invalid(name: String, diagnostics: [Diagnostic])

    /// The case's name.
    package var name: String {
        switch self {
        case .ready(let contractCase): contractCase.name
        case .invalid(let name, _): name
        }
    }
}
