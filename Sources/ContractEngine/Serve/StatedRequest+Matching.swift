import Foundation
import HTTPWire

// How `serve` holds a request to what its contract states: each stated header (present, or with
// its value; names ignore case; a secret's by presence) and the body as JSON (key order and
// whitespace free, numbers exact, a key named twice read last, a secret stated `true` any value).
extension StatedRequest {
    /// Whether a request carries every stated header and the stated body.
    /// - Parameters:
    ///   - request: The request as read.
    ///   - body: Its body read as JSON, `nil` when it is not JSON (read once per request).
    /// - Returns: `true` when nothing stated differs.
    func isSatisfied(by request: HTTPRequest, body: JSONValue?) -> Bool {
        for header in headers {
            guard let sent = request.header(header.name) else { return false }
            if let value = header.value, !Redaction.looksSecret(header.name),
                !Self.same(sent, value, named: header.name)
            {
                return false
            }
        }
        guard let stated = self.body else { return true }
        guard let body else { return false }
        return JSONDifference.all(
            stated: stated, at: .start, found: body, secret: Redaction.looksSecret, byPresence: true
        ).isEmpty
    }

    /// How a request differs from what the contract states, in the words of a 404: a missing
    /// header, another value, the body's first differing path.
    /// - Parameters:
    ///   - request: The request as read.
    ///   - body: Its body read as JSON, `nil` when it is not JSON.
    /// - Returns: The differences, in the contract's order; none when it is satisfied.
    func differences(from request: HTTPRequest, body: JSONValue?) -> [String] {
        var found: [String] = []
        for header in headers {
            let name = JSONValue.quote(header.name)
            guard let sent = request.header(header.name) else {
                found.append("header \(name) is missing")
                continue
            }
            // A header whose name marks a secret (`X-Api-Key`) is matched by presence: any key the app
            // holds is served, and a wrong one never learns the right one.
            if let value = header.value, !Redaction.looksSecret(header.name),
                !Self.same(sent, value, named: header.name)
            {
                found.append("header \(name) is \(JSONValue.quote(sent)), the contract's is \(JSONValue.quote(value))")
            }
        }
        guard let stated = self.body else { return found }
        guard let body else {
            found.append(request.body.isEmpty ? "body is missing" : "body is not JSON")
            return found
        }
        if let difference = JSONDifference.all(
            stated: stated, at: .start, found: body, secret: Redaction.looksSecret, byPresence: true
        )
        .first {
            let path =
                difference.path.isEmpty
                ? "" : difference.path.hasPrefix("[") ? " " + difference.path : " ." + difference.path
            let expected = difference.shownExpected ?? "nothing"
            let got = difference.shownFound ?? "nothing"
            found.append("body\(path): expected \(expected), got \(got)")
        }
        return found
    }

    /// Whether a sent value is the stated one: the same text, or for `Content-Type` the same media
    /// type whatever its parameters (`application/json; charset=utf-8` is `application/json`), as
    /// both exports accept it.
    static func same(_ sent: String, _ stated: String, named name: String) -> Bool {
        if sent == stated { return true }
        guard name.lowercased() == "content-type", let media = MediaType.of(sent) else { return false }
        let statedMedia = MediaType.of(stated)
        return stated.contains(";") ? false : media.lowercased() == statedMedia?.lowercased()
    }

    /// A request's body read as JSON; `nil` when empty or not JSON.
    static func jsonBody(_ body: Data) -> JSONValue? {
        guard !body.isEmpty else { return nil }
        return try? JSONParser.parse(body).value
    }
}
