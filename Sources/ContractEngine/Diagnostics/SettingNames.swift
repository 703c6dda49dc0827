/// How the engine names the settings its reader can change, in that reader's words: the command
/// line passes its flags (`--timeout`), a test target keeps the plain words. The engine itself
/// never spells a flag. A live request that runs out of time says which setting gives the server
/// longer; a live request that would change data, which setting lets it be sent.
package struct SettingNames: Sendable, Equatable {
    /// How long a server may take: `--timeout`.
    var timeout: String
    /// What lets a live run send a request that changes data: `--allow-writes`.
    var allowWrites: String

    /// Creates one with every name given.
    package init(timeout: String, allowWrites: String) {
        self.timeout = timeout
        self.allowWrites = allowWrites
    }

    /// Plain words, for a reader with no flags.
    static let plain = SettingNames(timeout: "the timeout", allowWrites: "allowing writes")
}
