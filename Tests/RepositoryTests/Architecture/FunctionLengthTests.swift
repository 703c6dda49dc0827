import Foundation
import Testing

/// No function of the sources runs over 60 lines (from its `func` or `init` line to its closing
/// brace), but the hot scan, where one loop is faster than named steps (docs/performance.md).
@Suite("function length")
struct FunctionLengthTests {
    static let limit = 60
    /// Functions allowed past the limit, by file and name.
    static let exempt: Set<String> = ["Sources/ContractEngine/JSON/BodyScan.swift scan"]

    /// Every function longer than the limit: `FILE:LINE NAME (N lines)`.
    static func longFunctions() throws -> [String] {
        var long: [String] = []
        for source in try SourceIndex.all() {
            let file = "Sources/" + source.path
            for function in functions(in: source.text) where function.lines > limit {
                guard !exempt.contains("\(file) \(function.name)") else { continue }
                long.append("\(file):\(function.line) \(function.name) (\(function.lines) lines)")
            }
        }
        return long.sorted()
    }

    /// A file's functions: the name, the line of the declaration and the lines to the brace that
    /// closes it (the first `}` at the declaration's indentation).
    static func functions(in text: String) -> [(name: String, line: Int, lines: Int)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [(String, Int, Int)] = []
        for (index, line) in lines.enumerated() {
            let trimmed = line.drop { $0 == " " }
            guard !trimmed.hasPrefix("//") else { continue }
            let words = trimmed.split(whereSeparator: { " (<".contains($0) })
            guard let at = words.firstIndex(where: { $0 == "func" || $0 == "init" || $0.hasPrefix("init?") }),
                words[..<at].allSatisfy({ !$0.contains("=") && !$0.contains(".") && !$0.contains("\"") })
            else { continue }
            let name = words[at] == "func" && at + 1 < words.count ? String(words[at + 1]) : "init"
            let indent = String(repeating: " ", count: line.count - trimmed.count)
            guard let open = lines[index...].firstIndex(where: { $0.contains("{") }) else { continue }
            // A one-line body, or a requirement with no body.
            if lines[open].hasSuffix("}") && open == index { continue }
            guard let close = lines[(open + 1)...].firstIndex(where: { $0.hasPrefix(indent + "}") }) else { continue }
            found.append((name, index + 1, close - index + 1))
        }
        return found
    }

    @Test("no function is over 60 lines but the hot scan")
    func short() throws {
        let long = try Self.longFunctions()
        #expect(long.isEmpty, "\(long.count) functions over \(Self.limit) lines:\n\(long.joined(separator: "\n"))")
    }

    @Test("the counter reads a function from its declaration to its own closing brace")
    func counter() {
        let code = "struct A {\n    func f() {\n        if x {\n        }\n    }\n    init(y: Int) { self.y = y }\n}\n"
        #expect(Self.functions(in: code).map { "\($0.name) \($0.line) \($0.lines)" } == ["f 2 4"])
        // Not blind: it finds the one exempt function, and finds it long.
        let scan = String(
            decoding: (try? Data(
                contentsOf: LayerTests.root.appendingPathComponent("Sources/ContractEngine/JSON/BodyScan.swift")))
                ?? Data(), as: UTF8.self)
        #expect(Self.functions(in: scan).contains { $0.name == "scan" && $0.lines > Self.limit })
    }
}
