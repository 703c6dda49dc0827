import Foundation
import Testing

/// The command line's folders form a stack too (`docs/architecture.md`, "The command line"): the
/// entry point (`Tool`, at the top of `CLI/`) runs the commands; a command uses parsing and output;
/// output words what parsing found; everything may read the environment. No folder names a type of
/// one above it, so no command calls back into `Tool` and parsing and output never name a command.
@Suite("command-line layers")
struct CommandLineLayerTests {
    /// The folders of `CLI/` from the bottom up; the files outside them (`Tool`, `@main`) are the top.
    static let stack = ["Environment", "Parsing", "Output", "Commands"]
    static let top = "(entry)"

    /// Every Swift file of the executable, with its folder under `CLI/` (or the entry point's name)
    /// and its code without comments and string literals.
    static func sources() throws -> [(folder: String, file: String, code: String)] {
        try SourceIndex.files(of: "ContractTool").map { path, file in
            let parts = path.split(separator: "/")
            return (parts.count > 2 && parts[0] == "CLI" ? String(parts[1]) : top, path, file.code)
        }
    }

    /// The level of a folder: its place in the stack, the entry point above them all.
    static func level(_ folder: String) -> Int? {
        folder == top ? stack.count : stack.firstIndex(of: folder)
    }

    /// The references from a file to a type declared in a folder above its own.
    static func upwardReferences(
        in sources: [(folder: String, file: String, code: String)]
    ) -> [String] {
        var home: [String: String] = [:]
        for source in sources {
            for name in LayerTests.declarations(in: source.code) { home[name] = source.folder }
        }
        var violations: [String] = []
        for source in sources {
            guard let level = level(source.folder) else {
                violations.append("\(source.file) is in CLI/\(source.folder)/, a folder the stack does not list")
                continue
            }
            for name in LayerTests.names(in: source.code).sorted() {
                guard let folder = home[name], let other = Self.level(folder), other > level else { continue }
                let place = folder == top ? "the entry point" : folder + "/"
                violations.append("\(source.file) names \(name), of \(place)")
            }
        }
        return violations
    }

    @Test("every folder of the command line is in the stack, and each holds a file")
    func everyFolderListed() throws {
        let folders = Set(try Self.sources().map(\.folder))
        #expect(folders == Set(Self.stack + [Self.top]), "folders: \(folders.sorted())")
    }

    @Test("no command names Tool: the entry point runs the commands, never the reverse")
    func commandsNeverNameTheTool() throws {
        let sources = try Self.sources()
        #expect(sources.contains { $0.folder == Self.top && LayerTests.declarations(in: $0.code).contains("Tool") })
        let commands = sources.filter { $0.folder == "Commands" }
        #expect(commands.count >= 9)
        let naming = commands.filter { LayerTests.names(in: $0.code).contains("Tool") }.map(\.file)
        #expect(naming.isEmpty, "files under Commands/ that name Tool: \(naming)")
    }

    @Test("no file names a type of a folder above its own: parsing and output never name a command")
    func noUpwardReference() throws {
        let violations = Self.upwardReferences(in: try Self.sources())
        #expect(violations.isEmpty, "\(violations.count) upward references:\n\(violations.joined(separator: "\n"))")
    }

    @Test("the check finds a command calling back into Tool and output naming a command")
    func checkSeesACycle() {
        let sources: [(folder: String, file: String, code: String)] = [
            (Self.top, "CLI/Tool.swift", "enum Tool {\n    static let commands = [VerifyCommand.self]\n}\n"),
            ("Commands", "CLI/Commands/VerifyCommand.swift", "struct VerifyCommand {\n    let code = Tool.run()\n}\n"),
            ("Output", "CLI/Output/ExitCode.swift", "enum ExitCode {\n    var x: VerifyCommand?\n}\n"),
            ("Parsing", "CLI/Parsing/Help.swift", "enum Help {\n    var code: ExitCode?\n}\n"),
        ]
        #expect(
            Self.upwardReferences(in: sources) == [
                "CLI/Commands/VerifyCommand.swift names Tool, of the entry point",
                "CLI/Output/ExitCode.swift names VerifyCommand, of Commands/",
                "CLI/Parsing/Help.swift names ExitCode, of Output/",
            ])
    }
}
