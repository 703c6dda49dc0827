import Foundation

/// Edits contract files as text, so everything a person wrote (order, spacing, descriptions)
/// stays as it was.
enum ContractEditor {
    /// A new contract file holding one case.
    /// - Parameters:
    ///   - endpoint: The endpoint, for an endpoint contract.
    ///   - model: The model, written when there is no endpoint (or when it was asked for).
    ///   - arguments: The endpoint's arguments as JSON text.
    ///   - request: The `request` block the client sends, as JSON text (`ClientRequest.contractBlock`).
    ///   - newCase: The case.
    ///   - schema: Where the JSON Schema of contract files is, from the new file, for `"$schema"`.
    /// - Returns: The file's text.
    static func newContract(
        endpoint: String?, model: String?, arguments: String?, request: String? = nil, case newCase: CaseTemplate,
        schema: String? = nil
    ) -> String {
        var lines = ["  \"version\": 1"]
        if let schema { lines.insert("  \"$schema\": \(JSONValue.quote(schema))", at: 0) }
        if let endpoint { lines.append("  \"endpoint\": \(JSONValue.quote(endpoint))") }
        if let model { lines.append("  \"model\": \(JSONValue.quote(model))") }
        if let arguments { lines.append("  \"arguments\": \(arguments)") }
        if let request { lines.append("  \"request\": \(request)") }
        lines.append("  \"cases\": [\n    " + newCase.rendered(indent: "    ") + "\n  ]")
        return "{\n" + lines.joined(separator: ",\n") + "\n}\n"
    }

    /// A contract's text with cases after its last one, in order, from the tree the contract was
    /// loaded from: the same bytes as appending them one at a time, with no second parse.
    /// - Parameters:
    ///   - newCases: The cases.
    ///   - data: The contract's bytes; a contract that loaded, so `cases` is a non-empty array.
    ///   - root: The bytes' JSON tree.
    /// - Returns: The new bytes, and each case's text as written and where it starts in them; `nil`
    ///   when the file has no `cases` array to append to.
    static func appending(_ newCases: [CaseTemplate], to data: Data, root: JSONNode) -> (
        data: Data, cases: [(text: Data, start: SourcePosition)]
    )? {
        guard let cases = root.member("cases"), case .array(let elements) = cases.value.value,
            let first = elements.first
        else { return nil }
        let bytes = [UInt8](data)
        guard let open = SourcePosition.offset(of: cases.value.position, in: bytes),
            let close = matchingClose(of: open, in: bytes)
        else { return nil }
        var end = close
        while end > open + 1, isWhitespace(bytes[end - 1]) { end -= 1 }
        // Line the new cases up with the first one when it starts its own line.
        var indent = "    "
        if let start = SourcePosition.offset(of: first.position, in: bytes) {
            var lineStart = start
            while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            if bytes[lineStart..<start].allSatisfy(isWhitespace) {
                indent = String(decoding: bytes[lineStart..<start], as: UTF8.self)
            }
        }
        // The new lines end the way the file's lines do.
        let newline =
            bytes.firstIndex(of: UInt8(ascii: "\n")).map { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") } ?? false
            ? "\r\n" : "\n"
        var line = 1 + bytes[..<end].reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        var insertion: [UInt8] = []
        var written: [(text: Data, start: SourcePosition)] = []
        for newCase in newCases {
            let text = Array(newCase.rendered(indent: indent).replacingOccurrences(of: "\n", with: newline).utf8)
            line += 1
            insertion += Array(("," + newline + indent).utf8)
            written.append((Data(text), SourcePosition(line: line, column: indent.utf8.count + 1)))
            insertion += text
            line += text.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        }
        return (Data(bytes[..<end] + insertion + bytes[end...]), written)
    }

    /// The offset of the bracket that closes the one at `open`, skipping strings.
    static func matchingClose(of open: Int, in bytes: [UInt8]) -> Int? {
        var depth = 0
        var index = open
        var inString = false
        while index < bytes.count {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") { inString = false }
            } else {
                switch byte {
                case UInt8(ascii: "\""): inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"): depth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                    if depth == 0 { return index }
                default: break
                }
            }
            index += 1
        }
        return nil
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }
}
