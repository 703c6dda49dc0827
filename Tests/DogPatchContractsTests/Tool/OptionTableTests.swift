import Testing

@testable import ContractTool

/// Each command's table of options drives both its parser and its help.
@Suite("option tables")
struct OptionTableTests {
    /// A command's help, and whether its parser knows an option.
    struct Command: CustomTestStringConvertible, Sendable {
        let name: String
        let help: String
        let names: [String]
        let accepts: @Sendable (String) -> Bool
        var testDescription: String { name }
    }

    static func command<C: ToolCommand>(_ type: C.Type) -> Command {
        Command(name: C.name, help: C.spec.help(.builtIn()), names: C.spec.acceptedNames) { option in
            do throws(CommandLineError) {
                _ = try C.spec.parse([option, "1"], into: C())
                return true
            } catch {
                return !error.message.hasPrefix("unknown option")
            }
        }
    }

    static let commands: [Command] = [
        command(VerifyCommand.self), command(ListCommand.self), command(ExplainCommand.self), command(AddCommand.self),
        command(RecordCommand.self),
        command(MutateCommand.self), command(CoverageCommand.self), command(ExportCommand.self),
        command(ReleaseCommand.self), command(ServeCommand.self),
    ]

    @Test("every command the tool runs is in the table and in the tool's help")
    func everyCommand() {
        #expect(Tool.commands.map { $0.name } == Self.commands.map { $0.name })
        for command in Self.commands {
            #expect(Help.main(.builtIn()).contains("dogpatch-contracts \(command.name) "), "\(command.name)")
        }
    }

    @Test(
        "every option the parser accepts is in the help, and every option in the help is accepted", arguments: commands)
    func helpMatchesParser(_ command: Command) {
        let documented = Set(
            command.help.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "\n" || $0 == "[" || $0 == "]" })
                .filter { $0.hasPrefix("-") && $0.count > 1 && $0.dropFirst().allSatisfy { $0.isLetter || $0 == "-" } }
                .map(String.init))
        for name in command.names {
            #expect(documented.contains(name), "\(command.name) accepts \(name) but its help does not say so")
        }
        for name in documented {
            #expect(command.accepts(name), "\(command.name)'s help names \(name) but its parser refuses it")
        }
        #expect(!command.accepts("--no-such-option"))
    }

    @Test("every line of every command's --help, and of the tool's own help, fits 100 columns", arguments: commands)
    func helpFitsTheWidth(_ command: Command) {
        for text in [command.help, Help.main(.builtIn())] {
            for line in text.split(separator: "\n") where line.count > 100 {
                Issue.record("\(command.name): \(line.count) columns: \(line)")
            }
        }
    }

    @Test("add's usage says which options go with a file, with --live and with --har")
    func addUsage() {
        let usage = Self.command(AddCommand.self).help.components(separatedBy: "\n\n")[0]
            .split(separator: "\n").map { String($0.drop(while: \.isWhitespace)) }
        let ways = usage.filter { $0.hasPrefix("USAGE: ") || $0.hasPrefix("dogpatch-contracts") }
            .map { $0.replacingOccurrences(of: "USAGE: ", with: "") }
        #expect(ways.count == 3, "\(usage)")
        #expect(ways.first?.hasPrefix("dogpatch-contracts add FIXTURE --contract FILE --name NAME") == true)
        #expect(ways.dropFirst().first?.hasPrefix("dogpatch-contracts add --live --contract FILE") == true)
        #expect(ways.last?.hasPrefix("dogpatch-contracts add --har FILE --contract FILE") == true)
        let har = usage.drop { !$0.contains("add --har") }.joined(separator: " ")
        #expect(har.contains("[--dry-run]") && !har.contains("--as PATH"), "\(har)")
        let live = usage.drop { !$0.contains("add --live") }.prefix(2).joined(separator: " ")
        #expect(live.contains("--base-url") && !live.contains("--entry"), "\(live)")
    }

    @Test("list takes --contracts and --cases only: --color is refused, and its help has no stray line")
    func list() {
        let list = Self.command(ListCommand.self)
        #expect(!list.accepts("--color"))
        #expect(!list.help.contains("\"\""))
        #expect(list.names.sorted() == ["--cases", "--contracts", "--help", "-h"])
    }

    @Test("a flag refuses a value written with =, and an option without its value says so")
    func values() throws {
        #expect(throws: CommandLineError.self) { try VerifyCommand.spec.parse(["--strict=yes"], into: VerifyCommand()) }
        do throws(CommandLineError) {
            _ = try VerifyCommand.spec.parse(["--timeout"], into: VerifyCommand())
            Issue.record("--timeout without a value was accepted")
        } catch {
            #expect(error.message == "--timeout needs a value")
        }
    }
}
