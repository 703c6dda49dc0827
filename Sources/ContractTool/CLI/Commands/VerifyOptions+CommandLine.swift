import ContractEngine

extension SettingNames {
    /// The command line's names for the settings the engine's messages mention: its flags.
    static let commandLine = Self(timeout: "--timeout", allowWrites: "--allow-writes")
}

extension VerifyOptions {
    /// Every default, with the engine's messages naming the command line's flags.
    static var commandLine: VerifyOptions {
        var options = VerifyOptions()
        options.names = .commandLine
        return options
    }
}
