import ContractCatalogue
import Foundation

extension ContractLoader {
    /// What a case name must hold more than: made once, as `CharacterSet.whitespaces` is made anew
    /// each time it is asked for.
    private static let blank = CharacterSet.whitespacesAndNewlines

    /// Whether a name holds nothing but white space (the schema's `"pattern": "\\S"` says the same).
    private static func isBlank(_ text: String) -> Bool {
        // `allSatisfy` stops at a name's first letter; trimming copied every name in the suite.
        text.unicodeScalars.allSatisfy(blank.contains)
    }

    /// Stage two: each case on its own, a duplicate name making the later one invalid.
    func readCases(_ nodes: [JSONNode], model: ModelDescriptor, endpoint: Endpoint?, file: String) -> [CaseEntry] {
        // Each case reads on its own, so a contract of thousands reads on every core; duplicate
        // names are then found in order.
        let entries = Array(nodes.indices).concurrentMap(minimumCount: 256) { index in
            readCase(nodes[index], index: index, model: model, endpoint: endpoint, file: file)
        }
        var seen: [String: SourcePosition] = [:]
        return zip(nodes, entries).map { node, entry in
            guard let first = seen[entry.name] else {
                seen[entry.name] = node.position
                return entry
            }
            let duplicate = Diagnostic(
                .error, "duplicate case name \"\(entry.name)\" (first at line \(first.line))", file: file,
                position: node.position
            )
            if case .invalid(_, let diagnostics) = entry {
                return .invalid(name: entry.name, diagnostics: [duplicate] + diagnostics)
            }
            return .invalid(name: entry.name, diagnostics: [duplicate])
        }
    }

    func readCase(_ node: JSONNode, index: Int, model: ModelDescriptor, endpoint: Endpoint?, file: String)
        -> CaseEntry
    {
        let replayable = endpoint != nil
        var reader = ContractReader(file: file)
        let fallbackName = "#\(index + 1)"
        guard
            let members = reader.members(
                of: node, in: "case \(fallbackName)",
                allowed: [
                    "name", "description", "given", "response", "exchanges", "expect", "skip", "replay", "recorded",
                ]
            )
        else {
            return .invalid(name: fallbackName, diagnostics: reader.diagnostics)
        }
        let name = reader.string(members["name"])
        if members["name"] == nil {
            reader.error("missing required key \"name\" in case \(fallbackName)", at: node.position)
        } else if let name, Self.isBlank(name.value) {
            reader.error("case name must not be empty", at: name.position)
        }
        let caseName = name?.value ?? fallbackName
        let given = reader.string(members["given"])
        if let given, Self.isBlank(given.value) {
            reader.error("\"given\" names the provider state the case needs; it must not be empty", at: given.position)
        }
        _ = reader.string(members["description"])
        let skip = reader.string(members["skip"])
        let replay = reader.bool(members["replay"])
        let (response, exchanges) = readAnswers(
            members, replay: replay, endpoint: endpoint, caseName: caseName, at: node.position, reader: &reader)
        var expect: Expectation?
        if let member = members["expect"] {
            expect = readExpectation(member, model: model, endpoint: endpoint, reader: &reader)
        } else {
            reader.error("missing required key \"expect\" in case \"\(caseName)\"", at: node.position)
        }
        checkReplayable(expect, replay: replay, replayable: replayable, reader: &reader)
        let recorded = members["recorded"].flatMap {
            readRecording($0, response: response, replayable: replayable, reader: &reader)
        }
        guard reader.diagnostics.isEmpty, let response, let expect else {
            return .invalid(name: caseName, diagnostics: reader.diagnostics)
        }
        var spec = CaseSpec(
            name: caseName, position: node.position, response: response, expect: expect,
            skip: skip?.value, replay: replay?.value ?? true, recorded: recorded)
        spec.given = given?.value
        spec.exchanges = exchanges
        return .ready(spec)
    }

    /// A case's `response`, or its flow's `exchanges` and the last one's response, whose answer
    /// `expect` judges.
    private func readAnswers(
        _ members: MemberTable, replay: Located<Bool>?, endpoint: Endpoint?, caseName: String,
        at position: SourcePosition, reader: inout ContractReader
    ) -> (ResponseSpec?, [Exchange]) {
        guard let member = members["exchanges"] else {
            if let member = members["response"] { return (readResponse(member, reader: &reader), []) }
            reader.error(
                "missing required key \"response\" (or \"exchanges\", for a flow) in case \"\(caseName)\"",
                at: position)
            return (nil, [])
        }
        if let single = members["response"] {
            reader.error(
                "a case takes \"response\" (one exchange) or \"exchanges\" (a flow), not both", at: single.keyPosition)
        }
        if replay?.value == false {
            reader.error(
                "a flow is checked by replay alone, so it cannot have \"replay\": false", at: member.keyPosition)
        }
        let exchanges = readExchanges(member, endpoint: endpoint, reader: &reader) ?? []
        return (exchanges.last?.response, exchanges)
    }

    /// A case whose expectation only replay can check must be replayed.
    private func checkReplayable(
        _ expect: Expectation?, replay: Located<Bool>?, replayable: Bool, reader: inout ContractReader
    ) {
        guard let expect, expect.needsReplay, !replayable || replay?.value == false else { return }
        // Such a case would be skipped on every run and never fail: a contract error, not a pass.
        let why =
            replayable
            ? "this case has \"replay\": false" : "a fixture contract (no \"endpoint\") is never replayed"
        guard case .error(let name, _, _) = expect.kind else { return }
        reader.error(
            "\"\(name.name)\" depends on the arguments and only replay can check it, but \(why); this case could never run",
            at: expect.position)
    }
}
