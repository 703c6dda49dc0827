import ContractTestSupport
import Foundation
import Testing

/// The engine's folders form a stack (`docs/architecture.md`): a file may name the types of its
/// own folder and of those below it, never of one above. Read from the sources, no tool needed.
@Suite("layers")
struct LayerTests {
    static let root = Repository.root

    /// The folders from the bottom up, as the architecture document lists them.
    static func layers() throws -> [String] {
        let text = String(
            decoding: try Data(contentsOf: root.appendingPathComponent("docs/architecture.md")), as: UTF8.self)
        let marker = try #require(text.range(of: "<!-- layers -->\n```\n"))
        let block = text[marker.upperBound...].prefix { _ in true }
        let end = try #require(block.range(of: "```"))
        return block[..<end.lowerBound].split(separator: "\n").compactMap {
            $0.split(separator: " ").first.map(String.init)
        }
    }

    /// Every Swift file of the engine, by folder, with comments and string literals taken out.
    static func sources() throws -> [(folder: String, file: String, code: String)] {
        try SourceIndex.files(of: "ContractEngine").map { path, file in
            (String(path.split(separator: "/").first ?? ""), path, file.code)
        }
    }

    /// Code without comments and string literals, which may name anything; the code of a
    /// string's interpolations (`"\(NodeDecoder.describe(x))"`) is kept, as the compiler reads
    /// it. Line breaks are kept, so declarations stay at their columns.
    static func strip(_ text: String) -> String {
        enum Context {
            /// Code, with the parentheses opened in it (an interpolation ends at its own `)`).
            case code(depth: Int)
            /// A string literal: `#` count of a raw string, and whether it is `"""`.
            case string(hashes: Int, multiline: Bool)
        }
        let characters = Array(text)
        var stack: [Context] = [.code(depth: 0)]
        var out = ""
        var index = 0
        func starts(with literal: String, at position: Int) -> Bool {
            var index = position
            for character in literal {
                guard index < characters.count, characters[index] == character else { return false }
                index += 1
            }
            return true
        }
        while index < characters.count {
            let character = characters[index]
            switch stack.last ?? .code(depth: 0) {
            case .code(let depth):
                if starts(with: "//", at: index) {
                    while index < characters.count, characters[index] != "\n" { index += 1 }
                    continue
                }
                if starts(with: "/*", at: index) {
                    index += 2
                    while index < characters.count, !starts(with: "*/", at: index) {
                        if characters[index] == "\n" { out.append("\n") }
                        index += 1
                    }
                    index += 2
                    continue
                }
                var hashes = 0
                while index + hashes < characters.count, characters[index + hashes] == "#" { hashes += 1 }
                if index + hashes < characters.count, characters[index + hashes] == "\"" {
                    let multiline = starts(with: "\"\"\"", at: index + hashes)
                    stack.append(.string(hashes: hashes, multiline: multiline))
                    index += hashes + (multiline ? 3 : 1)
                    continue
                }
                if character == "(" {
                    stack[stack.count - 1] = .code(depth: depth + 1)
                } else if character == ")" {
                    if depth == 0, stack.count > 1 {
                        // The end of an interpolation: back into its string.
                        stack.removeLast()
                        index += 1
                        continue
                    }
                    stack[stack.count - 1] = .code(depth: depth - 1)
                }
                out.append(character)
                index += 1
            case .string(let hashes, let multiline):
                let marks = String(repeating: "#", count: hashes)
                if starts(with: "\\" + marks + "(", at: index) {
                    stack.append(.code(depth: 0))
                    index += 2 + hashes
                    continue
                }
                if starts(with: "\\" + marks, at: index) {
                    index += 2 + hashes
                    continue
                }
                let close = (multiline ? "\"\"\"" : "\"") + marks
                if starts(with: close, at: index) {
                    stack.removeLast()
                    index += close.count
                    continue
                }
                if character == "\n" { out.append("\n") }
                index += 1
            }
        }
        return out
    }

    /// The types a file declares at its top level: `struct Name`, `enum Name`, ... at column 0.
    static func declarations(in code: String) -> [String] {
        let kinds: Set<Substring> = ["struct", "enum", "class", "protocol", "actor", "typealias"]
        let modifiers: Set<Substring> = [
            "public", "internal", "private", "fileprivate", "package", "final", "indirect", "nonisolated",
        ]
        return code.split(separator: "\n").compactMap { line -> String? in
            guard let first = line.first, first != " ", first != "}" else { return nil }
            let words = line.split(whereSeparator: { $0 == " " || $0 == ":" || $0 == "<" || $0 == "{" || $0 == "(" })
            guard let kind = words.firstIndex(where: { kinds.contains($0) }),
                words[..<kind].allSatisfy({ modifiers.contains($0) || $0.hasPrefix("@") }), kind + 1 < words.count
            else { return nil }
            return String(words[kind + 1])
        }
    }

    /// The identifiers of the code, each with whether it follows a dot (a member access).
    static func words(in code: String) -> [(word: String, afterDot: Bool)] {
        var words: [(String, Bool)] = []
        var word = ""
        var afterDot = false
        var previous: Character = " "
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                if word.isEmpty { afterDot = previous == "." }
                word.append(character)
            } else {
                if !word.isEmpty { words.append((word, afterDot)) }
                word = ""
            }
            previous = character
        }
        return words
    }

    /// The capitalised words of the code that are not member accesses (`.Name`).
    static func names(in code: String) -> Set<String> {
        Set(words(in: code).filter { !$0.afterDot && $0.word.first?.isUppercase == true }.map(\.word))
    }

    @Test("every folder of the engine is in the stack, once")
    func everyFolderListed() throws {
        let layers = try Self.layers()
        #expect(Set(layers).count == layers.count)
        let folders = Set(try Self.sources().map(\.folder))
        #expect(
            folders == Set(layers),
            "folders not in docs/architecture.md: \(folders.subtracting(layers).sorted()); listed but gone: \(Set(layers).subtracting(folders).sorted())"
        )
    }

    @Test("no file names a type of a folder above its own: the folders form a stack, with the command line on top")
    func noUpwardReference() throws {
        let layers = try Self.layers()
        let sources = try Self.sources()
        var home: [String: String] = [:]
        for source in sources {
            for name in Self.declarations(in: source.code) { home[name] = source.folder }
        }
        var violations: [String] = []
        for source in sources {
            guard let level = layers.firstIndex(of: source.folder) else { continue }
            let declared = Set(Self.declarations(in: source.code))
            for name in Self.names(in: source.code).sorted() where !declared.contains(name) {
                guard let folder = home[name], let other = layers.firstIndex(of: folder), other > level else {
                    continue
                }
                violations.append("\(source.file) names \(name), of \(folder)/")
            }
        }
        #expect(violations.isEmpty, "\(violations.count) upward references:\n\(violations.joined(separator: "\n"))")
    }

    /// The folders that hold a command's door, as the map says (`Serve  SuiteServer (serve's door)`),
    /// but `Suite`, whose selection every command runs on, and `Reporting`, whose report every
    /// command prints.
    static func commandFolders() throws -> [String] {
        let text = String(
            decoding: try Data(contentsOf: root.appendingPathComponent("docs/architecture.md")), as: UTF8.self)
        let marker = try #require(text.range(of: "<!-- layers -->\n```\n"))
        let block = text[marker.upperBound...]
        let end = try #require(block.range(of: "```"))
        return block[..<end.lowerBound].split(separator: "\n").filter { $0.contains("'s door") }
            .compactMap { $0.split(separator: " ").first.map(String.init) }
            .filter { $0 != "Suite" && $0 != "Reporting" }
    }

    /// The command folders a command folder is made of, by design: `release` keeps, per release,
    /// the documents `export` makes (pacts, OpenAPI) and the profiles `mutate` learns, all or none
    /// in one archive (issue 51), and judges answers against those profiles.
    static let composedOf = ["Release": Set(["Export", "Mutation"])]

    /// Issue 49: a command is a door of its own; what two commands share sits in a folder below both.
    @Test("no command folder names a type of another command folder (Reporting aside, and release's parts)")
    func commandFoldersApart() throws {
        let commands = try Self.commandFolders()
        #expect(commands.count >= 7, "\(commands)")
        let sources = try Self.sources()
        var home: [String: String] = [:]
        for source in sources {
            for name in Self.declarations(in: source.code) { home[name] = source.folder }
        }
        var violations: [String] = []
        for source in sources where commands.contains(source.folder) {
            let declared = Set(Self.declarations(in: source.code))
            for name in Self.names(in: source.code).sorted() where !declared.contains(name) {
                guard let folder = home[name], folder != source.folder, commands.contains(folder),
                    Self.composedOf[source.folder]?.contains(folder) != true
                else { continue }
                violations.append("\(source.file) names \(name), of \(folder)/")
            }
        }
        #expect(violations.isEmpty, "\(violations.count) references:\n\(violations.joined(separator: "\n"))")
    }

    /// The members a file declares one level inside its top-level declarations, by the type
    /// they belong to: `extension Expectation { var needsReplay` gives `Expectation.needsReplay`.
    static func members(in code: String) -> [(type: String, member: String, inExtension: Bool)] {
        let kinds: Set<Substring> = ["func", "var", "let", "case", "subscript"]
        var found: [(String, String, Bool)] = []
        var owner: (name: String, isExtension: Bool)?
        for line in code.split(separator: "\n") {
            if let first = line.first, first != " " {
                let words = line.split(whereSeparator: { " :<{(".contains($0) })
                if let index = words.firstIndex(of: "extension"), index + 1 < words.count {
                    owner = (String(words[index + 1]), true)
                } else if let name = declarations(in: String(line)).first {
                    owner = (name, false)
                } else if first != "}" {
                    owner = nil
                }
                continue
            }
            guard let owner, line.hasPrefix("    "), !line.hasPrefix("     ") else { continue }
            let words = line.split(whereSeparator: { " :<{(=,".contains($0) })
            guard let index = words.firstIndex(where: { kinds.contains($0) }), index + 1 < words.count else {
                continue
            }
            found.append((owner.name, String(words[index + 1]), owner.isExtension))
        }
        return found
    }

    /// The words of the code written as member accesses (`.needsReplay`, `x.describe(`).
    static func memberAccesses(in code: String) -> Set<String> {
        Set(words(in: code).filter(\.afterDot).map(\.word))
    }

    @Test("no file uses a member that only an extension in a folder above its own declares")
    func noUpwardExtensionMember() throws {
        let layers = try Self.layers()
        let sources = try Self.sources()
        // Every folder that declares a member of each name, and those that do it in an extension
        // of a type from another folder.
        var declaredIn: [String: Set<String>] = [:]
        var extendedIn: [String: Set<String>] = [:]
        var home: [String: String] = [:]
        for source in sources {
            for name in Self.declarations(in: source.code) { home[name] = source.folder }
        }
        for source in sources {
            for member in Self.members(in: source.code) {
                declaredIn[member.member, default: []].insert(source.folder)
                if member.inExtension, let typeHome = home[member.type], typeHome != source.folder {
                    extendedIn[member.member, default: []].insert(source.folder)
                }
            }
        }
        var violations: [String] = []
        for source in sources {
            guard let level = layers.firstIndex(of: source.folder) else { continue }
            for name in Self.memberAccesses(in: source.code).sorted() {
                guard let extended = extendedIn[name], let folders = declaredIn[name] else { continue }
                let below = folders.filter { (layers.firstIndex(of: $0) ?? .max) <= level }
                if below.isEmpty, let above = extended.sorted().first {
                    violations.append("\(source.file) uses .\(name), declared by an extension in \(above)/")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.count) upward uses:\n\(violations.joined(separator: "\n"))")
    }

    /// The type names the architecture map lists for each folder: the capitalised identifiers of
    /// its line, outside parentheses (`Checks  Outcome, FixtureStore and LoadedBody (...)`).
    static func mappedNames() throws -> [String: [String]] {
        let text = String(
            decoding: try Data(contentsOf: root.appendingPathComponent("docs/architecture.md")), as: UTF8.self)
        let marker = try #require(text.range(of: "<!-- layers -->\n```\n"))
        let block = text[marker.upperBound...]
        let end = try #require(block.range(of: "```"))
        var names: [String: [String]] = [:]
        for line in block[..<end.lowerBound].split(separator: "\n") {
            guard let folder = line.split(separator: " ").first else { continue }
            var depth = 0
            var outside = ""
            for character in line.dropFirst(folder.count) {
                if character == "(" { depth += 1 }
                if depth == 0 { outside.append(character) }
                if character == ")" { depth -= 1 }
            }
            names[String(folder)] = outside.split(whereSeparator: { !$0.isLetter && !$0.isNumber && $0 != "_" })
                .filter { $0.first?.isUppercase == true }.map(String.init)
        }
        return names
    }

    @Test("every type the architecture map lists is declared in the folder it lists it under")
    func mapMatchesTheCode() throws {
        var home: [String: Set<String>] = [:]
        for source in try Self.sources() {
            for name in Self.declarations(in: source.code) { home[name, default: []].insert(source.folder) }
        }
        var wrong: [String] = []
        for (folder, names) in try Self.mappedNames().sorted(by: { $0.key < $1.key }) {
            for name in names where !(home[name]?.contains(folder) ?? false) {
                let actual =
                    home[name].map { "declared in \($0.sorted().joined(separator: ", "))/" } ?? "declared nowhere"
                wrong.append("\(folder): \(name) is \(actual)")
            }
        }
        #expect(wrong.isEmpty, "docs/architecture.md drifted:\n\(wrong.joined(separator: "\n"))")
    }

    /// Issue 31, item 7: the engine speaks in values; the command line words them with its flags.
    @Test("no string the engine writes names a command-line flag")
    func noFlagsInTheEngine() throws {
        var found: [String] = []
        for (path, file) in try SourceIndex.files(of: "ContractEngine") {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.drop { $0 == " " }
                guard !code.hasPrefix("//"),
                    code.range(of: #"--[a-z][a-z-]+"#, options: .regularExpression) != nil
                else { continue }
                found.append("\(path):\(number + 1): \(code)")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("the JSON the engine reads and writes goes through its own JSON types, never JSONSerialization or text")
    func jsonThroughTheEngine() throws {
        var found: [String] = []
        for (path, file) in try SourceIndex.files(of: "ContractEngine") {
            if file.code.contains("JSONSerialization") { found.append("\(path) uses JSONSerialization") }
            // serve's own answers are values (`CaseRouter.answer`), printed in one place.
            if path.hasPrefix("Serve/"), file.code.components(separatedBy: "HTTPAnswer.json(").count > 1,
                path != "Serve/CaseRouter.swift" || file.code.components(separatedBy: "HTTPAnswer.json(").count > 2
            {
                found.append("\(path) writes an answer's JSON as text")
            }
        }
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("no engine file names a type of the command line, which lives in the executable")
    func noCommandLineTypes() throws {
        let declared = Set(try SourceIndex.files(of: "ContractTool").flatMap { Self.declarations(in: $0.file.code) })
        #expect(declared.isSuperset(of: ["Tool", "ToolProblem", "ExitCode", "CommandLineError", "VerifyCommand"]))
        let sources = try Self.sources()
        let engineTypes = Set(sources.flatMap { Self.declarations(in: $0.code) })
        var violations: [String] = []
        for source in sources {
            for name in Self.names(in: source.code).intersection(declared).subtracting(engineTypes).sorted() {
                violations.append("\(source.file) names \(name), a command-line type")
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    @Test("the reader finds declarations and names as the compiler would")
    func readerSelfCheck() {
        let code = Self.strip(
            "public struct Alpha: Sendable {\n    struct Nested {}\n    let x = \"Beta\" // Gamma\n    func f() -> Delta { .Epsilon }\n}\nextension Zeta {}\n"
        )
        #expect(Self.declarations(in: code) == ["Alpha"])
        #expect(Self.names(in: code) == ["Alpha", "Sendable", "Nested", "Delta", "Zeta"])
        // Interpolations are code, in plain, raw and multi-line strings alike.
        let interpolated = Self.strip(
            "let a = \"x \\(Theta.f(\"(\")) y\"\nlet b = #\"\\#(Iota.g) \\(Kappa)\"#\nlet c = \"\"\"\n  \\(Lambda.h)\n  \"\"\"\n"
        )
        #expect(Self.names(in: interpolated) == ["Theta", "Iota", "Lambda"])
        let extended = Self.strip("extension Mu {\n    var needsReplay: Bool { true }\n    func nu() {}\n}\n")
        #expect(Self.members(in: extended).map { "\($0.type).\($0.member)" } == ["Mu.needsReplay", "Mu.nu"])
        #expect(Self.memberAccesses(in: "x.needsReplay && y.nu()") == ["needsReplay", "nu"])
    }
}
