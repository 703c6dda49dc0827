import Foundation
import HTTPWire

/// One case as served: its answer, made once.
struct ServedCase: Sendable {
    let name: String
    /// The provider state the case needs (`given`), as the exported pact names it; `nil` for its name.
    let given: String?
    /// Whether the case expects the body to decode.
    let decodes: Bool
    let status: Int?
    /// The network error the case stands for, and the fault served for it.
    let networkError: (name: String, fault: WireFault, exact: Bool)?
    let delayMs: Int
    /// The answer on a connection that stays open.
    let answer: HTTPAnswer.Kind
    /// The header fields as the contract lists them.
    let headers: [(String, String)]
    let body: Data
    /// The fixture the body was read from, as the suite names it; `nil` for another body.
    let fixture: String?
    /// A flow's exchanges in order, each answered in turn in a session; empty for a case of one
    /// response.
    var steps: [ServedStep] = []

    init(spec: CaseSpec, body: Data, fixture: String? = nil, headerOrder: [String]) {
        name = spec.name
        self.fixture = fixture
        given = spec.given
        if case .decodes = spec.expect.kind { decodes = true } else { decodes = false }
        delayMs = spec.response.delayMs
        switch spec.response.kind {
        case .http(let status, let headers, let declared):
            self.status = status
            networkError = nil
            let listed = headerOrder.compactMap { name in headers[name].map { (name, $0) } }
            let others = headers.filter { !headerOrder.contains($0.key) }.sorted { $0.key < $1.key }
            var sent = listed + others.map { ($0.key, $0.value) }
            // The exported document promises `application/json` for a 2xx JSON body: a case that
            // names no type is served with that one, as the document says. A body meant as JSON
            // and broken (a fixture cut off mid-string) keeps the type, as replay's stub sends it.
            if (200...299).contains(status), !sent.contains(where: { $0.0.lowercased() == "content-type" }),
                !body.isEmpty, Self.isMeantAsJSON(declared, body: body)
            {
                sent.append(("Content-Type", "application/json"))
            }
            self.headers = sent
            self.body = body
            answer = .response(
                status: status, bytes: HTTPAnswer.bytes(status: status, headers: self.headers, body: body),
                bodyCount: HTTPAnswer.sentBodyCount(status: status, body: body))
        case .networkError(let code, let name):
            status = nil
            let (fault, exact) = WireFaults.fault(for: code)
            networkError = (name, fault, exact)
            headers = []
            self.body = Data()
            answer = .fault(fault)
        }
    }

    /// Whether a body is JSON or meant as JSON: inline (a contract writes JSON there), or a fixture
    /// named `.json`, or one that parses.
    private static func isMeantAsJSON(_ declared: ResponseSpec.Body, body: Data) -> Bool {
        switch declared {
        case .inline: return true
        case .fixture(let path, _, _) where path.lowercased().hasSuffix(".json"): return true
        default: return (try? JSONParser.parse(body)) != nil
        }
    }

    /// Whether the body is a fixture caught half-written: the case expects it to decode, and it is
    /// not whole JSON (saved in place, it was read between the truncation and the last write).
    var isTorn: Bool {
        guard decodes, fixture != nil else { return false }
        return (try? JSONParser.parse(body)) == nil
    }

    /// The answer for a request, closing the connection when the request asks so.
    func answer(note: String, closing: Bool) -> HTTPAnswer {
        guard closing, let status else { return HTTPAnswer(kind: answer, delayMs: delayMs, note: note) }
        var answer = HTTPAnswer.response(
            status: status, headers: headers + [("Connection", "close")], body: body, delayMs: delayMs, note: note)
        answer.note = note
        return answer
    }

    /// The case as the control path lists it.
    var listing: JSONValue {
        var members: [(String, JSONValue)] = [("name", .string(name))]
        if let status { members.append(("status", CaseRouter.integer(status))) }
        if let networkError {
            members.append(("networkError", .string(networkError.name)))
            members.append(("fault", .string(networkError.fault.rawValue)))
        }
        if delayMs > 0 { members.append(("delayMs", CaseRouter.integer(delayMs))) }
        return CaseRouter.object(members)
    }
}
