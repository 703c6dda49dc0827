/// How the engine names the settings its reader can change, in that reader's words: the command
/// line passes its flags (`--timeout`), a test target keeps the plain words. The engine itself
/// never spells a flag. One setting is named today: a live request that runs out of time says
/// which setting gives the server longer.
package struct SettingNames: Sendable, Equatable {
    /// How long a server may take: `--timeout`.
    var timeout: String

    /// Creates one with every name given.
    package init(timeout: String) {
        self.timeout = timeout
    }

    /// Plain words, for a reader with no flags.
    static let plain = SettingNames(timeout: "the timeout")
}
