/// One option of a command: its names, the value it takes, its help, and what it does to the
/// command's parsed arguments. A command's table of these drives both its parser and its help,
/// so an option cannot be accepted without being documented, or documented without being accepted.
struct OptionSpec<Parsed>: Sendable {
    /// `--timeout`, then any other spellings (`--colour`).
    let names: [String]
    /// The value's placeholder (`SECONDS`); `nil` for a flag.
    let value: String?
    /// Whether the value may be left out (`--require-coverage` or `--require-coverage=LIST`): it is
    /// then only ever written after `=`, so the next argument stays a PATH.
    var valueIsOptional = false
    /// One help line; continuation lines follow with `\n`.
    let help: String
    /// Stores the value (`""` for a flag, `nil` for a flag whose value is optional given alone)
    /// into the parsed arguments, or says why it is wrong.
    let apply: @Sendable (inout Parsed, String?) throws -> Void

    /// An option that takes a value.
    static func value(
        _ name: String, _ placeholder: String, _ help: String, aliases: [String] = [],
        _ apply: @escaping @Sendable (inout Parsed, String) throws -> Void
    ) -> OptionSpec {
        OptionSpec(names: [name] + aliases, value: placeholder, help: help) { parsed, value in
            try apply(&parsed, value ?? "")
        }
    }

    /// A flag that may carry a value after `=`, such as `--require-coverage=decoded,5xx`; `nil`
    /// when the flag is given alone.
    static func flag(
        _ name: String, optional placeholder: String, _ help: String,
        _ apply: @escaping @Sendable (inout Parsed, String?) throws -> Void
    ) -> OptionSpec {
        var option = OptionSpec(names: [name], value: placeholder, help: help, apply: apply)
        option.valueIsOptional = true
        return option
    }

    /// A flag: an option without a value.
    static func flag(_ name: String, _ help: String, _ apply: @escaping @Sendable (inout Parsed) -> Void) -> OptionSpec
    {
        OptionSpec(names: [name], value: nil, help: help) { parsed, _ in apply(&parsed) }
    }
}
