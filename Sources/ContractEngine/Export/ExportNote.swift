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

    /// The notes as errors, for `--strict`.
    static func strict(_ notes: [Diagnostic]) -> [Diagnostic] {
        notes.map { note in
            var error = note
            error.severity = .error
            return error
        }
    }
}
