import Foundation
import Testing

@testable import dogpatch_contracts

/// The engine's folders form a stack (`docs/architecture.md`): a file may name the types of its
/// own folder and of those below it, never of one above. Read from the sources, no tool needed.
@Suite("layers")
struct LayerTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let engine = root.appendingPathComponent("Sources/ContractEngine")

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
        var files: [(String, String, String)] = []
        let walker = FileManager.default.enumerator(atPath: engine.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let folder = String(path.split(separator: "/").first ?? "")
            let text = String(decoding: try Data(contentsOf: engine.appendingPathComponent(path)), as: UTF8.self)
            files.append((folder, path, strip(text)))
        }
        return files.sorted { $0.1 < $1.1 }
    }

    /// Code without comments and string literals, which may name anything.
    static func strip(_ text: String) -> String {
        var out = ""
        var lines: [Substring] = []
        var inMultiline = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("\"\"\"") {
                // A line opening or closing a multi-line string: keep what comes before it.
                if !inMultiline { lines.append(line[..<(line.range(of: "\"\"\"")?.lowerBound ?? line.endIndex)]) }
                if line.components(separatedBy: "\"\"\"").count % 2 == 0 { inMultiline.toggle() }
                continue
            }
            if !inMultiline { lines.append(line) }
        }
        for line in lines {
            var code = ""
            var inString = false
            var escaped = false
            var previous: Character = " "
            for character in line {
                if inString {
                    if escaped {
                        escaped = false
                    } else if character == "\\" {
                        escaped = true
                    } else if character == "\"" {
                        inString = false
                    }
                } else if character == "\"" {
                    inString = true
                } else if character == "/", previous == "/" {
                    code.removeLast()
                    break
                } else {
                    code.append(character)
                }
                previous = character
            }
            out += code + "\n"
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

    /// The capitalised words of the code that are not member accesses (`.Name`).
    static func names(in code: String) -> Set<String> {
        var names: Set<String> = []
        var word = ""
        var afterDot = false
        var previous: Character = " "
        for character in code + " " {
            if character.isLetter || character.isNumber || character == "_" {
                if word.isEmpty { afterDot = previous == "." }
                word.append(character)
            } else {
                if let first = word.first, first.isUppercase, !afterDot { names.insert(word) }
                word = ""
            }
            previous = character
        }
        return names
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

    @Test("no engine file names a type of the command line, which lives in the executable")
    func noCommandLineTypes() throws {
        let commandLine = Self.root.appendingPathComponent("Sources/dogpatch-contracts")
        var declared: Set<String> = []
        let walker = FileManager.default.enumerator(atPath: commandLine.path)
        while let path = walker?.nextObject() as? String {
            guard path.hasSuffix(".swift") else { continue }
            let text = String(decoding: try Data(contentsOf: commandLine.appendingPathComponent(path)), as: UTF8.self)
            declared.formUnion(Self.declarations(in: Self.strip(text)))
        }
        #expect(declared.isSuperset(of: ["Tool", "ToolProblem", "ExitCode", "CommandLineError", "VerifyCommand"]))
        let engineTypes = Set(try Self.sources().flatMap { Self.declarations(in: $0.code) })
        var violations: [String] = []
        for source in try Self.sources() {
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
    }
}
