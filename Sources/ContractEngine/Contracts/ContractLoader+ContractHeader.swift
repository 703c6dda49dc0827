import ContractCatalogue
import Foundation

extension ContractLoader {
    /// Everything a contract says above its cases, and the cases' nodes.
    struct Header {
        var endpoint: Endpoint?
        var model: ModelDescriptor?
        var arguments: [String: Endpoint.Argument]
        var request: RequestExpectation?
        var responseQueue: ResponseQueue
        var ignoredKeys: Set<String>
        /// `ignoredKeys`' entries, each where it is written.
        var ignoredKeyEntries: [Located<String>] = []
        var caseNodes: [JSONNode]
        /// `"sequence"`'s case names, where each is written.
        var sequence: [Located<String>] = []
    }

    /// Stage one: the contract's own keys, each problem reported where it is written.
    func readHeader(_ root: JSONNode, reader: inout ContractReader) -> Header? {
        let top = reader.members(
            of: root, in: "the contract",
            allowed: [
                "$schema", "version", "description", "endpoint", "arguments", "request", "model", "responseQueue",
                "ignoredKeys", "cases", "sequence",
            ]
        )
        guard let top else { return nil }
        _ = reader.string(top["description"])
        // Where an editor finds the JSON Schema of contract files; the tool does not read it.
        _ = reader.string(top["$schema"])
        checkVersion(top["version"], reader: &reader)
        let endpointName = reader.string(top["endpoint"])
        reader.endpointName = endpointName?.value
        let endpoint = endpointName.flatMap { resolveEndpoint($0, reader: &reader) }
        let responseQueue = readResponseQueue(top["responseQueue"], reader: &reader)
        var header = Header(
            endpoint: endpoint,
            model: resolveModel(top, endpoint: endpoint, endpointName: endpointName, reader: &reader),
            arguments: readArguments(top["arguments"], endpoint: endpoint, named: endpointName != nil, reader: &reader),
            request: readRequest(top["request"], endpoint: endpoint, named: endpointName != nil, reader: &reader),
            responseQueue: responseQueue,
            ignoredKeys: Set(reader.stringArray(top["ignoredKeys"])?.value ?? []),
            caseNodes: readCaseNodes(top["cases"], root: root, reader: &reader)
        )
        header.sequence = readSequence(top["sequence"], caseNodes: header.caseNodes, reader: &reader)
        if case .array(let entries)? = top["ignoredKeys"]?.value.value {
            header.ignoredKeyEntries = entries.compactMap { entry in
                if case .string(let text) = entry.value { Located(value: text, position: entry.position) } else { nil }
            }
        }
        return header
    }

    /// `sequence`: the names of the contract's cases `serve` answers with in turn, each a case of
    /// the contract, at least one.
    func readSequence(_ member: JSONMember?, caseNodes: [JSONNode], reader: inout ContractReader)
        -> [Located<String>]
    {
        guard let member else { return [] }
        guard case .array(let elements) = member.value.value, !elements.isEmpty else {
            reader.error(
                "\"sequence\" must be a non-empty array of case names, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return []
        }
        let names: [String] = caseNodes.compactMap {
            if case .string(let name)? = $0.member("name")?.value.value { name } else { nil }
        }
        var sequence: [Located<String>] = []
        for element in elements {
            guard case .string(let name) = element.value else {
                reader.error(
                    "\"sequence\" holds case names, found \(element.value.foundDescription)", at: element.position)
                continue
            }
            guard names.contains(name) else {
                reader.error(
                    "\"sequence\" names \(JSONValue.quote(name)), which is not a case of the contract"
                        + Self.didYouMean(name, among: names),
                    at: element.position)
                continue
            }
            sequence.append(Located(value: name, position: element.position))
        }
        return sequence
    }

    /// `version`, when written, must be one this tool reads.
    private func checkVersion(_ member: JSONMember?, reader: inout ContractReader) {
        guard let version = reader.integer(member, in: Int.min...Int.max) else { return }
        if version.value > Self.currentVersion {
            reader.error(
                "contract version \(version.value) is newer than this tool reads (version \(Self.currentVersion)); update dogpatch-contracts",
                at: version.position)
        } else if version.value < 1 {
            reader.error("contract version must be 1, found \(version.value)", at: version.position)
        }
    }

    /// The catalogue's endpoint a contract names, or an error where the name is written.
    private func resolveEndpoint(_ endpointName: Located<String>, reader: inout ContractReader) -> Endpoint? {
        switch catalogue.endpoint(resolving: endpointName.value) {
        case .success(let found):
            let problems = found.declarationProblems
            for problem in problems {
                reader.error(
                    "endpoint \"\(found.name)\" is declared wrong in the catalogue: \(problem)",
                    at: endpointName.position)
            }
            return problems.isEmpty ? found : nil
        case .failure(let error):
            reader.error(error.message, at: endpointName.position)
            return nil
        }
    }

    /// `responseQueue`: where the client completes, `main` unless the contract says otherwise.
    private func readResponseQueue(_ member: JSONMember?, reader: inout ContractReader) -> ResponseQueue {
        guard let queue = reader.string(member) else { return .main }
        guard let parsed = ResponseQueue(rawValue: queue.value) else {
            reader.error(
                "\"responseQueue\" must be \"main\" or \"private\", found \"\(queue.value)\"", at: queue.position)
            return .main
        }
        return parsed
    }

    /// The `cases` array's elements, which must be at least one.
    private func readCaseNodes(_ member: JSONMember?, root: JSONNode, reader: inout ContractReader) -> [JSONNode] {
        guard let member else {
            reader.error("missing required key \"cases\" in the contract", at: root.position)
            return []
        }
        guard case .array(let elements) = member.value.value else {
            reader.error(
                "\"cases\" must be an array, found \(member.value.value.foundDescription)",
                at: member.value.position)
            return []
        }
        if elements.isEmpty {
            reader.error("\"cases\" is empty: a contract needs at least one case", at: member.value.position)
        }
        return elements
    }

    private func resolveModel(
        _ top: MemberTable, endpoint: Endpoint?, endpointName: Located<String>?, reader: inout ContractReader
    ) -> ModelDescriptor? {
        guard let modelName = reader.string(top["model"]) else {
            if top["model"] == nil, endpointName == nil {
                reader.error("a contract without \"endpoint\" needs \"model\" (\(catalogue.knownModels))", at: .start)
            }
            return endpoint?.model
        }
        switch catalogue.model(resolving: modelName.value, for: endpoint) {
        case .success(let model):
            return model
        case .failure(let error):
            reader.error(error.message, at: modelName.position)
            return nil
        }
    }

    /// Reads `arguments`; `named` tells an absent endpoint (an error here) from an unknown one (reported already).
    private func readArguments(
        _ member: JSONMember?, endpoint: Endpoint?, named: Bool, reader: inout ContractReader
    ) -> [String: Endpoint.Argument] {
        guard let member else { return [:] }
        guard let endpoint else {
            if !named {
                reader.error("\"arguments\" needs an \"endpoint\" to pass them to", at: member.keyPosition)
            }
            return [:]
        }
        let allowed = endpoint.parameters.map(\.name)
        guard !allowed.isEmpty else {
            reader.error("\(endpoint.name) takes no arguments; remove \"arguments\"", at: member.keyPosition)
            return [:]
        }
        guard let members = reader.members(of: member.value, in: "\"arguments\" of \(endpoint.name)", allowed: allowed)
        else { return [:] }
        var arguments: [String: Endpoint.Argument] = [:]
        for (name, argument) in members {
            guard let parameter = endpoint.parameter(named: name) else { continue }
            switch (parameter.kind, argument.value.value) {
            case (.string, .string(let value)):
                arguments[name] = .string(value)
            case (.bool, .bool(let value)):
                arguments[name] = .bool(value)
            case (.strings, .array(let elements)):
                let strings = elements.compactMap { element -> String? in
                    if case .string(let value) = element.value { return value }
                    reader.error(
                        "argument \"\(name)\" must hold only strings, found \(element.value.foundDescription)",
                        at: element.position)
                    return nil
                }
                arguments[name] = .strings(strings)
            case (.int, .number(let text)) where Int(text) != nil:
                arguments[name] = Int(text).map(Endpoint.Argument.int)
            case (.json, let value):
                arguments[name] = .json(Data(value.jsonText.utf8))
            default:
                reader.error(
                    "argument \"\(name)\" must be \(parameter.kind.rawValue), found \(argument.value.value.foundDescription)",
                    at: argument.value.position)
            }
        }
        return arguments
    }
}
