import Foundation

/// The version and branch of the app a pact is exported for, as the Pact Broker records a
/// consumer version: carried in each pact's `metadata` and named in the export's summary.
struct ConsumerVersion: Sendable, Equatable, GeneratedJSON {
    /// The app's version, such as `1.4.0` or a commit hash; `nil` when not given.
    var number: String?
    /// The branch the version was built from, such as `main`; `nil` when not given.
    var branch: String?

    /// Whether what is not given is read from the suite's git checkout.
    var readsGit: Bool

    /// A version and branch, either of which may be absent.
    /// - Parameters:
    ///   - number: The app's version.
    ///   - branch: The branch it was built from.
    ///   - readsGit: Whether what is not given is read from the suite's git checkout.
    init(number: String? = nil, branch: String? = nil, readsGit: Bool = false) {
        self.number = number
        self.branch = branch
        self.readsGit = readsGit
    }

    /// Whether neither the version nor the branch is given.
    var isEmpty: Bool { number == nil && branch == nil }

    /// The version and branch given, the rest read from the git checkout of a folder when asked:
    /// the commit's hash as the version (what the Pact docs recommend), its branch unless `HEAD` is
    /// detached.
    /// - Parameter folder: The suite's root.
    /// - Returns: The version with the gaps filled, or why git could not fill them.
    func resolved(at folder: URL) -> Result<ConsumerVersion, GitHead.Problem> {
        guard readsGit, number == nil || branch == nil else { return .success(self) }
        return GitHead.read(at: folder).map { head in
            ConsumerVersion(number: number ?? head.commit, branch: branch ?? head.branch)
        }
    }

    /// The pact's `metadata` member that carries it (`{"branch": ..., "version": ...}`), the Pact
    /// specification allowing any member besides `pactSpecification`; `nil` when nothing is given.
    var metadata: JSONValue? {
        guard !isEmpty else { return nil }
        return Self.object(
            [("branch", branch.map(JSONValue.string)), ("version", number.map(JSONValue.string))].compactMap {
                key, value in
                value.map { (key, $0) }
            })
    }
}
