import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

@Suite("JSON parser")
struct JSONParserTests {
    private func parse(_ text: String) throws -> JSONNode {
        try JSONParser.parse(Data(text.utf8))
    }

    private func syntaxError(_ text: String) -> JSONSyntaxError? {
        do {
            _ = try JSONParser.parse(Data(text.utf8))
            return nil
        } catch {
            return error
        }
    }

    @Test(
        "a value as a contract writes it on one line: spaced, members in the order written",
        arguments: [
            (#"{"name":"united states","fullText":true}"#, #"{ "name": "united states", "fullText": true }"#),
            (#"{"fields":["name","capital"]}"#, #"{ "fields": ["name", "capital"] }"#),
            (#"{}"#, "{}"),
            (#"{"a":{},"b":[]}"#, #"{ "a": {}, "b": [] }"#),
        ])
    func contractText(typed: String, written: String) throws {
        #expect(try parse(typed).value.contractText == written)
    }

    @Test("keeps each value's line and column")
    func positions() throws {
        let root = try parse("{\n  \"a\": [1,\n    {\"b\": true}]\n}")
        let b = try #require(JSONPath(parsing: "a[1].b")?.lookUp(in: root))
        #expect(b.value == .bool(true))
        #expect(b.position == SourcePosition(line: 3, column: 11))
        #expect(root.member("a")?.keyPosition == SourcePosition(line: 2, column: 3))
    }

    @Test("a document that starts inside a file keeps the file's lines and columns")
    func positionsFromAStart() throws {
        let root = try JSONParser.parse(
            Data("{\"a\": [1,\n    {\"b\": true}]}".utf8), at: SourcePosition(line: 7, column: 5))
        #expect(root.position == SourcePosition(line: 7, column: 5))
        #expect(root.member("a")?.keyPosition == SourcePosition(line: 7, column: 6))
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(Data("{\"a\": [1,\n    {\"b\": x}]}".utf8), at: SourcePosition(line: 7, column: 5))
        }
        #expect(error?.position == SourcePosition(line: 8, column: 11))
    }

    @Test("decodes escapes, surrogate pairs and non-ASCII text")
    func strings() throws {
        let root = try parse(#"["a\"b\\\/\n\t", "\u00e9\ud83d\ude00", "日本"]"#)
        #expect(
            root.value
                == .array([
                    JSONNode(.string("a\"b\\/\n\t"), at: SourcePosition(line: 1, column: 2)),
                    JSONNode(.string("é😀"), at: SourcePosition(line: 1, column: 18)),
                    JSONNode(.string("日本"), at: SourcePosition(line: 1, column: 40)),
                ]))
    }

    @Test("keeps number literals as written")
    func numbers() throws {
        #expect(
            try parse("[-0.5e10, 2.02, 1e999]").value
                == .array([
                    JSONNode(.number("-0.5e10"), at: .init(line: 1, column: 2)),
                    JSONNode(.number("2.02"), at: .init(line: 1, column: 11)),
                    JSONNode(.number("1e999"), at: .init(line: 1, column: 17)),
                ]))
    }

    @Test(
        "reports each kind of syntax error with its position and path",
        arguments: [
            ("[1 2]", "expected ',' or ']'", 1, 4, ""),
            ("[1,]", "trailing comma before ']'", 1, 4, ""),
            ("{\"a\": 1,}", "trailing comma before '}'", 1, 9, ""),
            ("{\"a\": \"b}", "unterminated string", 1, 7, "a"),
            ("[\"\\x\"]", "invalid escape '\\x'", 1, 3, "[0]"),
            ("[\"\\ud800\"]", "lone surrogate \\ud800", 1, 3, "[0]"),
            ("[\"a\u{01}\"]", "unescaped control character", 1, 4, "[0]"),
            ("{} x", "unexpected 'x' after the JSON value", 1, 4, ""),
            ("", "the file is empty", 1, 1, ""),
            ("[tru]", "invalid literal: expected 'true'", 1, 2, "[0]"),
            ("[01]", "leading zeros", 1, 2, "[0]"),
            ("{\"a\":\n  [1, {\"b\": ", "unexpected end of file", 2, 13, "a[1].b"),
        ])
    func syntaxErrors(text: String, message: String, line: Int, column: Int, path: String) throws {
        let error = try #require(syntaxError(text))
        #expect(error.message.contains(message), "\(error.message)")
        #expect(error.position == SourcePosition(line: line, column: column))
        #expect(error.path == path)
    }

    @Test("reads past a UTF-8 byte-order mark, as JSONDecoder does, counting columns after it")
    func byteOrderMark() throws {
        let root = try JSONParser.parse(Data([0xEF, 0xBB, 0xBF]) + Data("{\"a\": 1}".utf8))
        #expect(root.member("a")?.value.position == SourcePosition(line: 1, column: 7))
    }

    @Test("the nesting scan finds the first bracket past the limit without recursing, ignoring brackets in strings")
    func nestingScan() {
        let deep =
            "[\"[[[[\",\n" + String(repeating: "{\"a\":", count: 600_000) + "1" + String(repeating: "}", count: 600_000)
            + "]"
        #expect(BodyScan(Data(deep.utf8)).tooDeep == SourcePosition(line: 2, column: 511 * 5 + 1))
        #expect(BodyScan(Data(SampleSuite.dogs.utf8)).tooDeep == nil)
    }

    @Test("the key scan tells keys apart by parent and bytes, with many keys, an empty key and keys out of order")
    func keyScan() {
        // 1,000 keys grow the scan's table many times; the second element repeats them backwards,
        // so every lookup misses its guess and goes through the table.
        let names = (0..<1000).map { "k\($0)" } + [""]
        let object = { (order: [String]) in
            "{" + order.map { "\"\($0)\": {\"\($0)\": 1}" }.joined(separator: ", ") + "}"
        }
        let scan = BodyScan(Data(("[" + object(names) + ", " + object(names.reversed()) + "]").utf8))
        let keys = scan.nodes.filter { $0.key != nil }
        // Each name once under the element node, and once under itself: never merged across parents.
        #expect(keys.count == names.count * 2)
        #expect(keys.allSatisfy { $0.occurrences == 2 })
        #expect(Set(keys.compactMap(\.key)) == Set(names))
        #expect(keys.filter { $0.key == "" }.count == 2)
    }

    @Test("refuses invalid UTF-8 inside a string")
    func invalidUTF8() throws {
        var data = Data("[\"ab".utf8)
        data.append(contentsOf: [0xC3, 0x28])
        data.append(contentsOf: Array("\"]".utf8))
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(data) }
    }

    @Test("refuses nesting deeper than the limit instead of exhausting the stack")
    func depthLimit() throws {
        let deep = String(repeating: "[", count: 200_000) + String(repeating: "]", count: 200_000)
        let error = try #require(syntaxError(deep))
        #expect(error.message == "nesting deeper than \(JSONParser.defaultMaxDepth) levels")
        #expect(error.position.column == JSONParser.defaultMaxDepth + 1)
        #expect(try parse(String(repeating: "[", count: 100) + String(repeating: "]", count: 100)).position == .start)
    }

    @Test(
        "paths parse and render the way contracts write them",
        arguments: [
            ("[0].name.common", "[0].name.common"), (".name", "name"), ("a[1][2].b", "a[1][2].b"), ("", ""),
        ])
    func paths(text: String, rendered: String) throws {
        #expect(try #require(JSONPath(parsing: text)).description == rendered)
    }

    @Test("malformed paths are refused", arguments: ["[x]", "a..b", "[1", "a.", "[-1]"])
    func badPaths(text: String) {
        #expect(JSONPath(parsing: text) == nil)
    }

    /// Issue 38, item 7: mitmproxy writes a body that is not UTF-8 with Python's
    /// `surrogateescape`; another tool may write its bytes raw. Either is read as those bytes.
    @Test(
        "a document keeping stray bytes reads lone \\udc80-\\udcff escapes and raw bytes that are not UTF-8 as stand-ins"
    )
    func strayBytes() throws {
        let escaped = Data(#"{"text": "Per\udcfa", "raw": "Per"#.utf8) + Data([0xFA]) + Data(#""}"#.utf8)
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(escaped) }
        let root = try JSONParser.parseKeepingStrayBytes(escaped)
        let expected = "Per" + String(Character(JSONParser.standIn(for: 0xFA)))
        #expect(root.member("text")?.value.value == .string(expected))
        #expect(root.member("raw")?.value.value == .string(expected))
        #expect(JSONParser.strayByte(JSONParser.standIn(for: 0xFA)) == 0xFA)
        #expect(JSONParser.strayByte("a") == nil)
        // Other lone surrogates are still errors.
        #expect(throws: JSONSyntaxError.self) { try JSONParser.parseKeepingStrayBytes(Data(#"["\udc41"]"#.utf8)) }
    }
}
