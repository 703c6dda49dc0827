import ContractEngine

/// Walks a command's arguments: options as `--name value` or `--name=value`, and positionals.
struct ArgumentReader {
    /// One argument as read.
    struct Argument {
        /// The option's name (`--timeout`), or the positional argument itself.
        let name: String
        /// The value written after `=`, if any.
        let inlineValue: String?
        /// Whether it is an option rather than a positional argument.
        var isOption: Bool { name.hasPrefix("-") && name != "-" }
    }

    private var rest: ArraySlice<String>
    /// The command whose help errors point to.
    let command: String

    init(_ arguments: [String], command: String) {
        rest = arguments[...]
        self.command = command
    }

    /// The next argument, or `nil` at the end.
    mutating func next() -> Argument? {
        guard let argument = rest.popFirst() else { return nil }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return Argument(
                name: String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
        }
        return Argument(name: argument, inlineValue: nil)
    }

    /// The option's value: written after `=`, or the next argument.
    mutating func value(of argument: Argument) throws(CommandLineError) -> String {
        if let inlineValue = argument.inlineValue { return inlineValue }
        guard let next = rest.popFirst(), !next.hasPrefix("--") else { throw fail("\(argument.name) needs a value") }
        return next
    }

    /// An error about this command's arguments.
    func fail(_ message: String) -> CommandLineError {
        CommandLineError(message: message, command: command)
    }
}
