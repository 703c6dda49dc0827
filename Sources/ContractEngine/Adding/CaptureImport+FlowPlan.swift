import ContractCatalogue
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The writes `add --har --flow` plans: a fixture an answer with a body, and one case listing the
/// exchanges.
extension CaptureImport {
    /// Every write, from the contract as it is now: the fixtures and the flow case appended.
    /// - Parameters:
    ///   - steps: The flow's entries, in order.
    ///   - sent: The requests the contract's client sent when called on the captured answers.
    ///   - outcome: What it completed with, if it did.
    ///   - match: The matcher, which says the URL each entry is shown with.
    ///   - source: The contract file as read.
    /// - Returns: The writes, the entries taken (one case name) and the contract as it will be.
    func planFlow(
        _ steps: [FlowStep], sent: [URLRequest], outcome: Outcome?, match: CaptureMatch, source: ContractLoader.Source
    ) throws(CaseAddition.Problem) -> (changes: FileChanges, plan: Planned) {
        guard case .loaded(let existing) = source.loaded, let data = source.data, let root = source.root else {
            throw .refused([], "\(place.path) is no longer a valid contract; nothing was added")
        }
        let names = Set(existing.cases.map(\.name))
        let base = request.name.isEmpty ? "\(existing.endpoint?.name ?? "case") flow" : request.name
        var caseName = base
        var number = 1
        while names.contains(caseName) {
            number += 1
            caseName = "\(base) \(number)"
        }
        var paths = ContractPlace.fixturePaths(of: existing)
        var changes = FileChanges()
        var stored: [Data: String] = [:]
        var exchanges: [(request: String, response: String)] = []
        var cases: [CaseAddition.Captured] = []
        let defined = Set((existing.endpoint?.parameters ?? []).map(\.name))
        for (index, step) in steps.enumerated() {
            var fixture: String?
            if !step.stored.isEmpty {
                let path =
                    stored[step.stored]
                    ?? place.newFixture(
                        named: "\(caseName) \(index + 1)", contentType: step.entry.header("Content-Type"),
                        besides: paths)
                if stored[step.stored] == nil {
                    changes.write(
                        step.stored, to: place.fixtures.root.appendingPathComponent(path),
                        display: place.fixtures.displayName(path))
                }
                paths.insert(path)
                stored[step.stored] = path
                fixture = path
            }
            let request = Self.requestText(
                step, earlier: steps.prefix(index), sent: sent.indices.contains(index) ? sent[index] : nil,
                defined: defined)
            exchanges.append((request, Self.responseText(step, fixture: fixture)))
            cases.append(
                CaseAddition.Captured(
                    entry: step.entry.number, method: step.entry.method, url: match.recordedURL(step.entry),
                    status: step.entry.status, bytes: step.captured.count, name: caseName,
                    fixture: fixture.map(place.fixtures.displayName) ?? "no body"))
        }
        var template = CaseTemplate(
            name: caseName, status: steps.last?.entry.status ?? 200, fixture: "",
            expect: try flowExpectation(outcome, last: steps.last, contract: existing))
        template.exchanges = exchanges
        template.given = self.request.given
        return try appendFlow(template, cases: cases, changes: changes, to: existing, data: data, root: root)
    }

    /// The contract with the flow case appended, refused when the case would not load.
    private func appendFlow(
        _ template: CaseTemplate, cases: [CaseAddition.Captured], changes: FileChanges, to existing: Contract,
        data: Data, root: JSONNode
    ) throws(CaseAddition.Problem) -> (changes: FileChanges, plan: Planned) {
        guard let appended = ContractEditor.appending([template], to: data, root: root) else {
            throw .refused([], "cannot find the \"cases\" array in \(place.path) to append to")
        }
        let contract = loader.readAppended(appended.cases, to: existing)
        let invalid = contract.cases.suffix(appended.cases.count).flatMap { entry -> [Diagnostic] in
            if case .invalid(_, let diagnostics) = entry { diagnostics } else { [] }
        }
        if !invalid.isEmpty { throw .refused(invalid, "the flow case was not added") }
        var changes = changes
        changes.write(appended.data, to: place.url, display: place.path)
        return (changes, Planned(cases: cases, contract: contract))
    }

    /// What the case expects: the outcome the client completed with on the captured answers; when
    /// it did not complete, what the last answer decodes to.
    private func flowExpectation(_ outcome: Outcome?, last: FlowStep?, contract: Contract) throws(CaseAddition.Problem)
        -> CaseTemplate.Expect
    {
        if let outcome { return ObservedBody(outcome: outcome, records: []).expectation }
        guard let last else { return .decodes(count: nil, values: []) }
        switch ObservedBody.observe(
            last.stored, file: "entry \(last.entry.number)", model: place.spelling(contract.model),
            status: last.entry.status,
            rules: contract.rules, errors: contract.errors)
        {
        case .success(let observation): return observation.expectation
        case .failure(let diagnostic):
            throw .refused([diagnostic], "entry \(last.entry.number) cannot be used as a fixture")
        }
    }

    /// An exchange's request as the contract states it: the method, the path, the query items the
    /// endpoint defines or the client sends (a secret's by presence), the secret headers the
    /// client sets (by presence, or taken from an earlier answer that handed the value out), and
    /// a JSON body (its secret members by presence).
    static func requestText(_ step: FlowStep, earlier: ArraySlice<FlowStep>, sent: URLRequest?, defined: Set<String>)
        -> String
    {
        let entry = step.entry
        let parts = URLComponents(string: entry.url)
        var fields = [field("method", entry.method.uppercased()), field("path", parts?.path ?? "/")]
        let sentNames = Set(
            (sent?.url.flatMap { URLComponents(url: $0, resolvingAgainstBaseURL: true) }?.queryItems ?? []).map(\.name))
        var query: [String] = []
        var seen: Set<String> = []
        for item in (parts?.queryItems ?? []).reversed()
        where (defined.contains(item.name) || sentNames.contains(item.name)) && seen.insert(item.name).inserted {
            let value = Redaction.looksSecret(item.name) ? "true" : JSONValue.quote(item.value ?? "")
            query.insert(JSONValue.quote(item.name) + ": " + value, at: 0)
        }
        if !query.isEmpty { fields.append(#""query": { "# + query.joined(separator: ", ") + " }") }
        let sentHeaders = Array((sent?.allHTTPHeaderFields ?? [:]).keys)
        var headers: [String] = []
        var named: Set<String> = []
        for header in entry.requestHeaders
        where Redaction.looksSecret(header.name)
            && sentHeaders.contains(where: { $0.caseInsensitiveCompare(header.name) == .orderedSame })
            && named.insert(header.name.lowercased()).inserted
        {
            let value =
                echo(of: header.value, in: earlier).map {
                    #"{ "fromExchange": \#($0.exchange), "path": \#(JSONValue.quote($0.path)) }"#
                } ?? "true"
            headers.append(JSONValue.quote(header.name) + ": " + value)
        }
        if !headers.isEmpty { fields.append(#""headers": { "# + headers.joined(separator: ", ") + " }") }
        if let text = entry.requestBody, !text.isEmpty, let body = try? JSONParser.parse(Data(text.utf8)) {
            fields.append(#""body": "# + Redaction.redacted(body.value).contractText)
        }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// An exchange's response: the status, the headers kept and the fixture, if any.
    static func responseText(_ step: FlowStep, fixture: String?) -> String {
        var fields = [#""status": \#(step.entry.status)"#]
        if !step.headers.isEmpty {
            let headers = step.headers.map { JSONValue.quote($0.name) + ": " + JSONValue.quote($0.value) }
            fields.append(#""headers": { "# + headers.joined(separator: ", ") + " }")
        }
        if let fixture { fields.append(field("fixture", fixture)) }
        return "{ " + fields.joined(separator: ", ") + " }"
    }

    /// Where an earlier answer's JSON body holds a text the header's value contains (a token it
    /// handed out): the nearest such exchange, counted from 1, and the path there.
    static func echo(of value: String, in earlier: ArraySlice<FlowStep>) -> (exchange: Int, path: String)? {
        for (offset, step) in Array(earlier).enumerated().reversed() {
            guard !step.captured.isEmpty, let root = try? JSONParser.parse(BodyEncoding.utf8(step.captured)) else {
                continue
            }
            if let path = find(value, in: root.value, path: "") { return (offset + 1, path) }
        }
        return nil
    }

    /// The path of a string of at least 8 characters that `value` contains, in a JSON value.
    private static func find(_ value: String, in json: JSONValue, path: String) -> String? {
        switch json {
        case .string(let text) where text.count >= 8 && !path.isEmpty && value.contains(text):
            return path
        case .object(let members):
            for member in members
            where !member.key.isEmpty && member.key.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) {
                let next = path.isEmpty ? member.key : path + "." + member.key
                if let found = find(value, in: member.value.value, path: next) { return found }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let found = find(value, in: element.value, path: path + "[\(index)]") { return found }
            }
        default: break
        }
        return nil
    }

    private static func field(_ key: String, _ value: String) -> String {
        JSONValue.quote(key) + ": " + JSONValue.quote(value)
    }
}
