extension SuiteExport {
    /// What an export did: what it wrote, or why it wrote nothing.
    package enum Outcome: Sendable {
        /// The PATHs and filters select no case, so nothing was written (an empty document would
        /// replace the one there).
        case empty(SuiteSelection.Empty)
        /// Contracts, cases or fixtures that do not load: their diagnostics.
        case invalid([Diagnostic])
        /// The export cannot be made (a client that sends no request, a model whose shape cannot
        /// be learnt, two cases a provider cannot tell apart), with why.
        case failed(reason: String)
        /// A file could not be written, so none was.
        case cannotWrite(FileWriteError)
        /// The OpenAPI document was written, with this many operations, and the notes of the cases
        /// it cannot state.
        case document(operations: Int, notes: [Diagnostic])
        /// The pacts were written.
        case pacts(Pacts)
        /// The contract schema was written, naming this many endpoints and models.
        case schema(endpoints: Int, models: Int)
    }

    /// The pacts written, and the cases they leave out, in lines.
    package struct Pacts: Sendable {
        /// One file per API, sorted by name: its name and how many interactions it holds.
        package let files: [(name: String, interactions: Int)]
        /// Every case left out, in suite order, as a line (`CONTRACT › CASE: left out: why`), and
        /// whether by design: the others are cases verify fails, which are never hidden.
        package let leftOut: [(line: String, byDesign: Bool)]
        /// How many cases were left out by design, by kind, the most first
        /// (`3 cases left out by design (2 network errors, 1 skipped)`); `nil` when none was.
        package let byDesign: String?
        /// The cases no export can state, each a note at its line.
        package let notes: [Diagnostic]
        /// The consumer's version and branch the pacts carry, as given or read from git.
        package let version: String?
        package let branch: String?

        /// The pacts made, and what they leave out.
        init(
            files: [PactExport.File], leftOut: [PactExport.LeftOut], notes: [Diagnostic],
            version: ConsumerVersion = ConsumerVersion()
        ) {
            self.notes = notes
            self.version = version.number
            self.branch = version.branch
            self.files = files.map { ($0.name, $0.interactions) }
            self.leftOut = leftOut.map {
                (
                    line: "\($0.contract) › \($0.caseName): left out: \($0.reason.message)",
                    byDesign: $0.reason.group != nil
                )
            }
            let kinds = PactExport.LeftOut.byDesign(leftOut)
            // The argument errors left out, in the client's words (`invalidRequest`, `noQuery`).
            let argumentErrors = leftOut.reduce(into: [String]()) { names, left in
                if case .invalidRequest(let name) = left.reason, !names.contains(name) { names.append(name) }
            }
            let count = kinds.reduce(0) { $0 + $1.count }
            byDesign =
                kinds.isEmpty
                ? nil
                : "\(count) \(count == 1 ? "case" : "cases") left out by design ("
                    + kinds.map { $0.group.counted($0.count, errors: argumentErrors) }.joined(separator: ", ") + ")"
        }
    }
}
