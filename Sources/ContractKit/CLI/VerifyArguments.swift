import Foundation

/// The parsed arguments of `verify` and `list`.
struct VerifyArguments {
    var options = VerifyOptions()
    var format = ReportFormat.text
    var junitFile: String?
    var jsonFile: String?
    var color = "auto"
    var help = false

    /// Parses `verify`'s arguments (or `list`'s, which take a subset).
    static func parse(_ arguments: [String], command: String) throws(CommandLineError) -> VerifyArguments {
        var parsed = VerifyArguments()
        var reader = ArgumentReader(arguments, command: command)
        let listOnly = command == "list"
        func fail(_ message: String) -> CommandLineError { reader.fail(message) }
        while let argument = reader.next() {
            let name = argument.name
            func value() throws(CommandLineError) -> String { try reader.value(of: argument) }
            switch name {
            case "--help", "-h": parsed.help = true
            case "--contracts": parsed.options.contractsFolder = try value()
            case "--fixtures" where !listOnly: parsed.options.fixturesFolder = try value()
            case "--filter" where !listOnly: parsed.options.filters.append(try value())
            case "--no-replay" where !listOnly: parsed.options.replay = false
            case "--strict" where !listOnly: parsed.options.strict = true
            case "--timeout" where !listOnly: parsed.options.timeout = try reader.timeout(of: argument)
            case "--jobs" where !listOnly:
                let text = try value()
                guard let jobs = Int(text), (1...256).contains(jobs) else {
                    throw fail("--jobs takes a whole number from 1 to 256, not \"\(text)\"")
                }
                parsed.options.jobs = jobs
            case "--shard" where !listOnly:
                let text = try value()
                let parts = text.split(separator: "/", omittingEmptySubsequences: false)
                guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]), count >= 1, (1...count).contains(index) else {
                    throw fail("--shard takes I/N with 1 <= I <= N, such as 1/3, not \"\(text)\"")
                }
                parsed.options.shard = (index, count)
            case "--format" where !listOnly:
                let text = try value()
                guard let format = ReportFormat(rawValue: text) else {
                    throw fail("--format takes text, json, junit or github, not \"\(text)\"")
                }
                parsed.format = format
            case "--junit" where !listOnly: parsed.junitFile = try value()
            case "--json" where !listOnly: parsed.jsonFile = try value()
            case "--color", "--colour":
                let text = try value()
                guard ["auto", "always", "never"].contains(text) else {
                    throw fail("--color takes auto, always or never, not \"\(text)\"")
                }
                parsed.color = text
            case _ where argument.isOption:
                throw fail("unknown option \"\(name)\"")
            default:
                guard !listOnly else { throw fail("list takes no paths; unexpected \"\(name)\"") }
                parsed.options.paths.append(name)
            }
        }
        return parsed
    }
}
