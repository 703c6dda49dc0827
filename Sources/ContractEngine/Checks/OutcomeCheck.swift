import ContractCatalogue
import Foundation

/// Checks an outcome, predicted or returned by the client, against a case's expectation.
struct OutcomeCheck {
    /// Where the outcome came from, for messages.
    enum Source {
        case prediction
        /// The client's result: the response it was served, `nil` when it sent no request.
        case client(response: ResponseSpec?, prediction: Outcome?)
    }

    let contract: Contract
    let contractCase: CaseSpec
    /// The fixture the body came from, as reports name it, for decode failures.
    let fixtureFile: String?
    /// The body the case serves, whose keys name the paths of `values`; `nil` where there is no
    /// one body (a flow), and the key strategy's spellings stand.
    var body: Data? = nil

    /// Checks an outcome (the prediction's, or what the client returned) against the case's
    /// `expect`: the kind, the count, every value and the failure's path. The words depend on the
    /// source, because a client that disagrees with the prediction is a client bug, not a fixture's.
    /// - Parameters:
    ///   - outcome: What the response led to.
    ///   - source: Whether the prediction or the client gave it.
    /// - Returns: One diagnostic per expectation that does not hold.
    func check(_ outcome: Outcome, from source: Source) -> [Diagnostic] {
        let expect = contractCase.expect
        if !matchesKind(outcome, expect) {
            return [mismatch(outcome, source: source)]
        }
        switch (expect.kind, outcome) {
        case (.decodes(let count, let values), .decoded(let value)):
            var diagnostics: [Diagnostic] = []
            if let count, let actual = value.count, actual != count.value {
                diagnostics.append(
                    error(
                        "expected \(count.value) \(count.value == 1 ? "element" : "elements"), \(verb(source)) \(actual)",
                        at: count.position))
            }
            if !values.isEmpty {
                diagnostics += checkValues(values, in: value, source: source)
            }
            return diagnostics
        case (.error(_, let status?, _), .failed(_, let actual, _)) where actual != status.value:
            return [mismatch(outcome, source: source, at: status.position)]
        case (.error(_, _, let path?), .failed(_, _, let problem)):
            // The client's own path may be empty where Linux's JSONDecoder gives none; the
            // prediction carries the exact one.
            if case .client = source, problem?.path.isEmpty ?? true { return [] }
            guard let problem, let actual = JSONPath(parsing: problem.path) else {
                return [mismatch(outcome, source: source, at: path.position)]
            }
            if actual.matches(path.value) { return [] }
            // A path in the model's spelling of a key the body writes otherwise still matches.
            let spelt = KeySpellings(model: contract.model, body: parsedBody).find(path.value, in: nil)
            guard spelt.spelledAsModel, actual.matches(spelt.wirePath) else {
                return [mismatch(outcome, source: source, at: path.position)]
            }
            guard case .prediction = source else { return [] }
            return [modelSpelling(path.value, spelt.wirePath, at: path.position)]
        default:
            return []
        }
    }

    private func matchesKind(_ outcome: Outcome, _ expect: Expectation) -> Bool {
        switch (expect.kind, outcome) {
        case (.decodes, .decoded): true
        case (.error(let name, _, _), .failed(let actual, _, _)): name == actual
        default: false
        }
    }

    private func verb(_ source: Source) -> String {
        if case .client = source { "client decoded" } else { "decoded" }
    }

    private func mismatch(_ outcome: Outcome, source: Source, at position: SourcePosition? = nil) -> Diagnostic {
        let expected = contractCase.expect.summary(model: contract.model)
        let actual = outcome.summary(model: contract.model)
        switch source {
        case .prediction:
            // A body that fails to decode is reported where the problem is: in the fixture.
            if case .decodes = contractCase.expect.kind, let problem = outcome.decodingProblem {
                let file = fixtureFile ?? contract.file
                let position = fixtureFile == nil ? contractCase.response.position : problem.position
                return Diagnostic(.error, problem.summary, file: file, position: position, path: problem.path)
            }
            return error(
                "expected \(expected), but a correct client gets \(actual) from this response",
                at: position ?? contractCase.expect.position)
        case .client(let response, let prediction):
            // A flow's outcome is the client's after every exchange, not one response's.
            let served =
                contractCase.isFlow
                ? "at the end of the flow" : response.map { "for \($0.summary)" } ?? "before sending"
            var message = "client returned \(actual) \(served); expected \(expected)"
            if let predicted = prediction?.summary(model: contract.model), predicted != expected, predicted != actual {
                message += " (a correct client gets \(predicted) from it)"
            }
            return error(message, at: position ?? contractCase.expect.position)
        }
    }

    private func checkValues(_ values: [ValueExpectation], in value: DecodedValue, source: Source) -> [Diagnostic] {
        let root: JSONNode
        do {
            root = try JSONParser.parse(value.encoded())
        } catch {
            // A model that cannot be encoded has its `values` read from the body the tool decoded;
            // what the client returned is held to that decode as a whole (`ReplayCheck.otherValue`).
            if case .client = source { return [] }
            return [
                self.error(
                    "cannot encode the decoded \(contract.model.name) to check \"values\": \(error)",
                    at: values[0].position)
            ]
        }
        // The paths are the body's; the model's encoder may spell its keys otherwise.
        let spellings = KeySpellings(model: contract.model, body: parsedBody)
        var diagnostics: [Diagnostic] = []
        for expected in values {
            let found = spellings.find(expected.path, in: root)
            if found.spelledAsModel, case .prediction = source {
                diagnostics.append(modelSpelling(expected.path, found.wirePath, at: expected.position))
            }
            guard let node = found.node else {
                // `null` means "absent or nil": an optional that decoded to nil is not encoded at
                // all, so only its container must be there.
                if expected.value == .null,
                    spellings.find(JSONPath(expected.path.segments.dropLast()), in: root).node != nil
                {
                    continue
                }
                diagnostics.append(
                    self.error(
                        "\(found.wirePath): no value at this path in the decoded \(contract.model.name)",
                        at: expected.position))
                continue
            }
            if !node.value.isEquivalent(to: expected.value)
                && !sameAsModelReads(expected, node.value, at: found.wirePath)
            {
                diagnostics.append(
                    self.error(
                        "\(found.wirePath): expected \(Self.preview(expected.value)), \(verb(source)) \(Self.preview(node.value))",
                        at: expected.position))
            }
        }
        return diagnostics
    }

    /// The body the case serves, parsed.
    private var parsedBody: JSONNode? {
        body.flatMap { try? JSONParser.parse(BodyEncoding.utf8($0)) }
    }

    /// A path a contract writes with the model's key where the body writes another: checked all
    /// the same, with a warning naming the body's path (`--strict` makes it an error).
    private func modelSpelling(_ written: JSONPath, _ wire: JSONPath, at position: SourcePosition) -> Diagnostic {
        Diagnostic(
            .warning,
            "\(JSONValue.quote(written.description)): the body writes this path \(JSONValue.quote(wire.description)); write it so",
            file: contract.file, position: position, path: wire.description, code: .modelSpelling)
    }

    /// Whether an expected string and a decoded one are the same value of the type the model reads
    /// there: a UUID in either case (`UUID` encodes upper case), a URL as `URL(string:)` reads it.
    private func sameAsModelReads(_ expected: ValueExpectation, _ found: JSONValue, at path: JSONPath) -> Bool {
        guard case .string(let want) = expected.value, case .string(let got) = found else { return false }
        switch ModelShape.cached(contract.model).stringFormat(at: path) {
        case .uuid?:
            guard let wanted = UUID(uuidString: want) else { return false }
            return wanted == UUID(uuidString: got)
        case .url?:
            return URL(string: want)?.absoluteString == got
        default:
            return false
        }
    }

    /// A value as messages show it: its JSON, shortened when long.
    static func preview(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }

    private func error(_ message: String, at position: SourcePosition) -> Diagnostic {
        Diagnostic(.error, message, file: contract.file, position: position)
    }
}
