import ContractCatalogue

/// A case an export cannot state, left out of both exports alike: its contract's endpoint sends
/// no request for the contract's arguments, or its model's shape cannot be learnt. The other
/// cases and endpoints are still written; under `--strict` the note is an error and nothing is.
enum ExportNote {
    /// The note of one case.
    /// - Parameters:
    ///   - spec: The case.
    ///   - contract: Its contract.
    ///   - reason: Why no export can state it.
    /// - Returns: A note at the case's line, naming it.
    static func leftOut(_ spec: CaseSpec, in contract: Contract, reason: String) -> Diagnostic {
        Diagnostic(
            .note, "the case \(JSONValue.quote(spec.name)) is left out of the export: \(reason)", file: contract.file,
            position: spec.position)
    }

    /// The shape of a contract's model, learnt as both exports learn it (keys spelt and values
    /// taken as the suite's bodies show them), with a warning at the contract's first decoding
    /// case for each place whose shape could not be learnt.
    /// - Parameters:
    ///   - model: The model (the contract's, or its endpoint's request model).
    ///   - contract: The contract the warnings name.
    ///   - spellings: The body's key for each key, by `WireSpellings.key(_:)` of each model.
    ///   - accepted: What each model's decoder accepted in the suite's bodies, by the same key.
    /// - Returns: The shape or why it cannot be learnt, and the warnings.
    static func learn(
        _ model: ModelDescriptor, for contract: Contract, spellings: [String: [String: String]],
        accepted: [String: AcceptedValues]
    ) -> (shape: Result<ModelShape, ModelShape.Unlearnable>, warnings: [Diagnostic]) {
        let key = WireSpellings.key(model)
        let learnt = ModelShape.learnt(model, spellings: spellings[key] ?? [:], accepted: accepted[key] ?? .init())
        let reader = contract.cases.lazy.compactMap { entry -> CaseSpec? in
            guard case .ready(let spec) = entry, case .decodes = spec.expect.kind else { return nil }
            return spec
        }.first
        let warnings = learnt.warnings.map { warning in
            Diagnostic(
                .warning, warning + (reader.map { " (the case \(JSONValue.quote($0.name)) reads it)" } ?? ""),
                file: contract.file, position: reader?.position)
        }
        return (learnt.shape, warnings)
    }

    /// The notes as errors, for `--strict`.
    static func strict(_ notes: [Diagnostic]) -> [Diagnostic] {
        notes.map { note in
            var error = note
            error.severity = .error
            return error
        }
    }
}
