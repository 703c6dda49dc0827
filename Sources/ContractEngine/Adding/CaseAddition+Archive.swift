/// What `add` takes and gives for an HTTP Archive: which entries it takes, and the cases they
/// became (`Capture/CaptureImport` plans them).
extension CaseAddition {
    /// Which entries are taken, and whether anything is written.
    package struct Pick: Sendable {
        /// Only this entry, numbered from 1 in the archive.
        package var entry: Int?
        /// Only the entries whose URL contains this text, ignoring case.
        package var filter: String?
        /// Whether to plan only, and write nothing.
        package var dryRun = false
        /// The entries, numbered from 1, that become one flow case (`--flow 3-5`), in order; `nil`
        /// for a case an entry.
        package var flow: ClosedRange<Int>?

        /// Creates one; by default every entry that is the contract's request, written.
        package init(entry: Int? = nil, filter: String? = nil, dryRun: Bool = false) {
            self.entry = entry
            self.filter = filter
            self.dryRun = dryRun
        }
    }

    /// One case taken from an entry.
    package struct Captured: Sendable {
        /// The entry's number in the archive.
        package let entry: Int
        /// The request's method, as captured.
        package let method: String
        /// The URL as the case records it.
        package let url: String
        /// The response's status.
        package let status: Int
        /// The body's size as captured.
        package let bytes: Int
        /// The case's name.
        package let name: String
        /// The fixture, as messages name it.
        package let fixture: String
    }

    /// What was taken.
    package struct Imported: Sendable {
        /// The cases, in the archive's order.
        package let cases: [Captured]
        /// The cases run, in the same order; none for a dry run.
        package let results: [CaseResult]
    }
}
