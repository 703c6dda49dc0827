import ContractCatalogue
import Foundation

/// A new case written as contract JSON: what `explain` suggests and `add` appends.
struct CaseTemplate {
    /// What the case expects.
    enum Expect {
        /// `{"decodes": true}` with an optional count and values.
        case decodes(count: Int?, values: [(path: String, json: String)])
        /// `{"error": NAME}` with an optional status and path.
        case error(String, status: Int?, path: String?)
    }

    var name: String
    var status: Int
    /// The fixture path relative to the fixtures folder.
    var fixture: String
    var expect: Expect
    /// Response headers to write, in order.
    var headers: [(name: String, value: String)] = []
    /// The provider state the response needs, for the Pact export.
    var given: String?
    /// Where and when the body was recorded from the server, for a recorded case, and the archive
    /// it was taken from, for one `add --har` made.
    var recorded: (url: String, at: String, from: String?)?
    /// A flow's exchanges, each its request and its response as contract JSON on a line; when
    /// there are any, the case lists them in place of a response (and is not a recorded one).
    var exchanges: [(request: String, response: String)] = []

    /// The case as JSON, its lines after the first indented by `indent`.
    func rendered(indent: String) -> String {
        var response = [field("status", "\(status)")]
        if status == 200, recorded == nil { response.removeAll() }
        if !headers.isEmpty {
            response.append(
                field(
                    "headers",
                    "{ " + headers.map { field($0.name, JSONValue.quote($0.value)) }.joined(separator: ", ") + " }"))
        }
        response.append(field("fixture", JSONValue.quote(fixture)))
        var expectFields: [String]
        switch expect {
        case .decodes(let count, let values):
            expectFields = [field("decodes", "true")]
            if let count { expectFields.append(field("count", "\(count)")) }
            if !values.isEmpty {
                expectFields.append(
                    field("values", "{ " + values.map { field($0.path, $0.json) }.joined(separator: ", ") + " }"))
            }
        case .error(let kind, let status, let path):
            expectFields = [field("error", JSONValue.quote(kind))]
            if let status { expectFields.append(field("status", "\(status)")) }
            if let path { expectFields.append(field("path", JSONValue.quote(path))) }
        }
        var lines = [field("name", JSONValue.quote(name))]
        if let given { lines.append(field("given", JSONValue.quote(given))) }
        if !exchanges.isEmpty {
            lines.append(field("exchanges", exchangesText(indent: indent)))
        } else {
            lines.append(field("response", "{ " + response.joined(separator: ", ") + " }"))
        }
        if let recorded, exchanges.isEmpty {
            lines.append(
                field(
                    "recorded",
                    "{ " + field("url", JSONValue.quote(recorded.url)) + ", "
                        + field("at", JSONValue.quote(recorded.at))
                        + (recorded.from.map { ", " + field("from", JSONValue.quote($0)) } ?? "") + " }"))
        }
        lines.append(field("expect", "{ " + expectFields.joined(separator: ", ") + " }"))
        return "{ " + lines.joined(separator: ",\n" + indent + "  ") + " }"
    }

    /// A flow's exchanges as an array, one exchange a pair of lines under the case.
    private func exchangesText(indent: String) -> String {
        let lead = indent + "    "
        let items = exchanges.map { exchange in
            "{ " + field("request", exchange.request) + ",\n" + lead + "  " + field("response", exchange.response)
                + " }"
        }
        return "[\n" + items.map { lead + $0 }.joined(separator: ",\n") + " ]"
    }

    private func field(_ key: String, _ value: String) -> String {
        JSONValue.quote(key) + ": " + value
    }

    /// Creates one with every property given.
    init(
        name: String, status: Int, fixture: String, expect: Expect, headers: [(name: String, value: String)] = [],
        recorded: (url: String, at: String, from: String?)? = nil
    ) {
        self.name = name
        self.status = status
        self.fixture = fixture
        self.expect = expect
        self.headers = headers
        self.recorded = recorded
    }
}
