import ContractCatalogue
import ContractEngine

/// A command's interface: its usage, its positional arguments and its table of options, from
/// which both the parser and `--help` are made.
struct CommandSpec<Parsed>: Sendable {
    /// The command's name, such as `verify`.
    let name: String
    /// What follows `TOOL NAME` in the usage line; one line a way of running the command, and a
    /// line that starts with a space continues the one above it.
    let synopsis: String
    /// A shorter synopsis for the tool's own help, where the full one would not fit a line.
    var brief: String? = nil
    /// One line for the tool's own help.
    let summary: String
    /// A paragraph saying what the command does.
    let about: String
    /// The positional arguments' help: (`PATH ...`, what they are); empty when it takes none.
    let arguments: [(name: String, help: String)]
    /// The options, in the order help lists them.
    let options: [OptionSpec<Parsed>]
    /// Takes one positional argument, or says why it is refused.
    let positional: @Sendable (inout Parsed, String) throws -> Void
    /// Checks the whole once every argument is read (a required option, say).
    let validate: @Sendable (Parsed) throws -> Void
    /// The exit statuses and what each means.
    let exitStatus: [(code: Int, meaning: String)]

    /// The result of parsing: the parsed arguments, or a request for help.
    enum Invocation {
        case help
        case run(Parsed)
    }

    /// Every spelling the parser accepts, `-h` and `--help` included.
    var acceptedNames: [String] { options.flatMap(\.names) + ["-h", "--help"] }

    /// Parses a command's arguments: options as `--name value` or `--name=value`, by the table.
    func parse(_ arguments: [String], into initial: Parsed) throws(CommandLineError) -> Invocation {
        var parsed = initial
        var reader = ArgumentReader(arguments, command: name)
        var wantsHelp = false
        while let argument = reader.next() {
            if argument.name == "--help" || argument.name == "-h" {
                wantsHelp = true
                continue
            }
            guard argument.isOption else {
                try Self.typed { try positional(&parsed, argument.name) }
                continue
            }
            guard let option = options.first(where: { $0.names.contains(argument.name) }) else {
                let suggestion = NearestName.nearest(to: argument.name, among: options.flatMap(\.names))
                throw reader.fail(
                    "unknown option \"\(argument.name)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""))
            }
            if option.valueIsOptional {
                try Self.typed { try option.apply(&parsed, argument.inlineValue) }
            } else if option.value == nil {
                guard argument.inlineValue == nil else { throw reader.fail("\(argument.name) takes no value") }
                try Self.typed { try option.apply(&parsed, "") }
            } else {
                let value = try reader.value(of: argument)
                try Self.typed { try option.apply(&parsed, value) }
            }
        }
        if wantsHelp { return .help }
        try Self.typed { try validate(parsed) }
        return .run(parsed)
    }

    /// Runs a table entry's handler, which throws only `CommandLineError`, keeping that type.
    private static func typed(_ body: () throws -> Void) throws(CommandLineError) {
        do {
            try body()
        } catch let error as CommandLineError {
            throw error
        } catch {
            throw CommandLineError(message: "\(error)", command: nil)
        }
    }

    /// The command's `--help`, in the tool's words.
    /// - Parameter tool: The tool's name and catalogue.
    /// - Returns: The help.
    func help(_ tool: ToolIdentity) -> String {
        var out = usage(tool: tool.name) + "\n" + tool.words(about) + "\n"
        if !arguments.isEmpty {
            out += "\nARGUMENTS:\n" + arguments.map { Help.entry($0.name, tool.words($0.help)) }.joined()
        }
        out += "\nOPTIONS:\n"
        for option in options {
            let value = option.value.map { option.valueIsOptional ? "[=\($0)]" : " " + $0 } ?? ""
            let names = option.names.joined(separator: ", ") + value
            out += Help.entry(names, tool.words(option.help))
        }
        out += Help.entry("-h, --help", "show this help")
        out += "\nEXIT STATUS:\n"
        for (code, meaning) in exitStatus {
            out += "  \(code)  " + tool.words(meaning).replacingOccurrences(of: "\n", with: "\n     ") + "\n"
        }
        return out + "\n"
    }

    /// The usage lines: `USAGE: TOOL NAME` and the synopsis's first line, then each other way of
    /// running the command under it, and continuations lined up after `TOOL NAME`.
    private func usage(tool: String) -> String {
        let lead = "\(tool) \(name) "
        var out = ""
        for (index, line) in synopsis.split(separator: "\n").enumerated() {
            out += index == 0 ? "USAGE: " : "       "
            out +=
                line.hasPrefix(" ") ? String(repeating: " ", count: lead.count) + line.drop { $0 == " " } : lead + line
            out += "\n"
        }
        return out
    }
}

extension CommandSpec {
    /// A positional handler for a command that takes exactly one file.
    static func oneFile(
        _ keyPath: WritableKeyPath<Parsed, String?> & Sendable, command: String, what: String
    ) -> @Sendable (inout Parsed, String) throws -> Void {
        { parsed, value in
            guard parsed[keyPath: keyPath] == nil else {
                throw CommandLineError(
                    message: "\(command) takes one \(what); unexpected \"\(value)\"", command: command)
            }
            parsed[keyPath: keyPath] = value
        }
    }
}
