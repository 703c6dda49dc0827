import Foundation

/// A strict RFC 8259 parser that keeps every value's position.
///
/// Foundation's parser reports no positions, so the tool reads JSON itself wherever it must say
/// where something is. Nesting is limited (`maxDepth`) so hostile input cannot exhaust the stack.
struct JSONParser {
    /// The deepest nesting of arrays and objects accepted.
    static let defaultMaxDepth = 512

    private let bytes: [UInt8]
    private let maxDepth: Int
    /// Whether a byte outside UTF-8 in a string, and a lone `\udc80`...`\udcff` escape (Python's
    /// `surrogateescape`, as mitmproxy writes a body that is not UTF-8), stands for itself: read
    /// as its stand-in scalar (`standIn(for:)`) instead of refusing the document.
    private var keepsStrayBytes = false
    private var index = 0
    private var line = 1
    private var lineStart = 0
    private var depth = 0
    private var path: [JSONPath.Segment] = []

    /// Parses one JSON document.
    /// - Parameters:
    ///   - data: The document's bytes, UTF-8, with an optional byte-order mark.
    ///   - maxDepth: The deepest nesting accepted.
    ///   - start: Where the document starts in the file it is part of (a case written into a
    ///     contract's text), so positions are the file's; the start of a file by default.
    /// - Returns: The root value.
    /// - Throws: `JSONSyntaxError` at the first problem.
    static func parse(
        _ data: Data, maxDepth: Int = defaultMaxDepth, at start: SourcePosition = .start
    ) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: [UInt8](data), maxDepth: maxDepth)
        parser.line = start.line
        parser.lineStart = 1 - start.column
        return try parser.parseDocument()
    }

    /// Parses a document whose strings may hold bytes that are not UTF-8, written raw or as the
    /// lone surrogate escapes of Python's `surrogateescape` (an HTTP Archive holding a body that
    /// is not UTF-8): each such byte is read as its stand-in scalar, so the bytes are not lost.
    /// - Parameter data: The document's bytes.
    /// - Returns: The root value.
    /// - Throws: `JSONSyntaxError` at the first problem.
    static func parseKeepingStrayBytes(_ data: Data) throws(JSONSyntaxError) -> JSONNode {
        var parser = JSONParser(bytes: [UInt8](data), maxDepth: defaultMaxDepth)
        parser.keepsStrayBytes = true
        return try parser.parseDocument()
    }

    /// The scalar a byte that is not UTF-8 (0x80 and up) is read as by `parseKeepingStrayBytes`:
    /// one of the last 128 code points of plane 16, private use that no text sends.
    /// - Parameter byte: The byte.
    /// - Returns: Its stand-in.
    static func standIn(for byte: UInt8) -> Unicode.Scalar {
        Unicode.Scalar(0x10_FF00 + UInt32(byte)) ?? "\u{FFFD}"
    }

    /// The byte a stand-in scalar stands for, or `nil` for any other scalar.
    /// - Parameter scalar: A scalar of a string `parseKeepingStrayBytes` read.
    /// - Returns: The byte.
    static func strayByte(_ scalar: Unicode.Scalar) -> UInt8? {
        (0x10_FF80...0x10_FFFF).contains(scalar.value) ? UInt8(scalar.value - 0x10_FF00) : nil
    }

    /// Bytes as scalars, each byte that is not UTF-8 as its stand-in.
    private static func standingIn(_ bytes: ArraySlice<UInt8>) -> String.UnicodeScalarView {
        var scalars = String.UnicodeScalarView()
        var decoder = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = bytes.startIndex
        while true {
            switch decoder.parseScalar(from: &iterator) {
            case .valid(let encoded):
                scalars.append(Unicode.UTF8.decode(encoded))
                offset += encoded.count
            case .error(let length):
                for byte in bytes[offset..<offset + length] { scalars.append(standIn(for: byte)) }
                offset += length
            case .emptyInput: return scalars
            }
        }
    }

    private init(bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    private var position: SourcePosition {
        SourcePosition(line: line, column: index - lineStart + 1)
    }

    private func error(_ message: String, at position: SourcePosition? = nil) -> JSONSyntaxError {
        JSONSyntaxError(message: message, position: position ?? self.position, path: JSONPath(path).description)
    }

    private mutating func parseDocument() throws(JSONSyntaxError) -> JSONNode {
        // JSONDecoder accepts a UTF-8 byte-order mark, so the tool reads past one too; columns on
        // the first line count from after it, as an editor shows them.
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            index = 3
            lineStart = 3
        }
        skipWhitespace()
        guard index < bytes.count else { throw error("the file is empty: expected a JSON value") }
        let root = try parseValue()
        skipWhitespace()
        if index < bytes.count {
            throw error("unexpected \(describeCurrent()) after the JSON value")
        }
        return root
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0D: index += 1
            case 0x0A:
                index += 1
                line += 1
                lineStart = index
            default: return
            }
        }
    }

    private func describeCurrent() -> String {
        guard index < bytes.count else { return "end of file" }
        let byte = bytes[index]
        if byte >= 0x21, byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        if byte == 0 { return "NUL byte" }
        return "byte 0x" + String(byte, radix: 16, uppercase: true)
    }

    private mutating func parseValue() throws(JSONSyntaxError) -> JSONNode {
        let start = position
        guard index < bytes.count else { throw error("unexpected end of file: expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return JSONNode(try parseObject(), at: start)
        case UInt8(ascii: "["): return JSONNode(try parseArray(), at: start)
        case UInt8(ascii: "\""): return JSONNode(.string(try parseString()), at: start)
        case UInt8(ascii: "t"):
            try expectLiteral("true")
            return JSONNode(.bool(true), at: start)
        case UInt8(ascii: "f"):
            try expectLiteral("false")
            return JSONNode(.bool(false), at: start)
        case UInt8(ascii: "n"):
            try expectLiteral("null")
            return JSONNode(.null, at: start)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return JSONNode(.number(try parseNumber()), at: start)
        default: throw error("unexpected \(describeCurrent()): expected a value")
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let start = position
        let expected = UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
        guard index + expected.count <= bytes.count, bytes[index..<index + expected.count].elementsEqual(expected)
        else {
            throw error("invalid literal: expected '\(literal)'", at: start)
        }
        index += expected.count
    }

    private mutating func enter() throws(JSONSyntaxError) {
        depth += 1
        if depth > maxDepth {
            throw error("nesting deeper than \(maxDepth) levels")
        }
    }

    private mutating func parseObject() throws(JSONSyntaxError) -> JSONValue {
        var members: [JSONMember] = []
        guard try open(closing: UInt8(ascii: "}")) else { return .object([]) }
        while true {
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of file: expected a key or '}'") }
            guard bytes[index] == UInt8(ascii: "\"") else {
                throw error("unexpected \(describeCurrent()): expected a key in double quotes")
            }
            let keyPosition = position
            let key = try parseString()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else {
                throw error("unexpected \(describeCurrent()): expected ':' after key \"\(key)\"")
            }
            index += 1
            skipWhitespace()
            path.append(.key(key))
            let value = try parseValue()
            path.removeLast()
            members.append(JSONMember(key: key, keyPosition: keyPosition, value: value))
            guard try continues(closing: UInt8(ascii: "}"), after: "a member") else { return .object(members) }
        }
    }

    private mutating func parseArray() throws(JSONSyntaxError) -> JSONValue {
        var elements: [JSONNode] = []
        guard try open(closing: UInt8(ascii: "]")) else { return .array([]) }
        while true {
            skipWhitespace()
            path.append(.index(elements.count))
            let element = try parseValue()
            path.removeLast()
            elements.append(element)
            guard try continues(closing: UInt8(ascii: "]"), after: "an element") else { return .array(elements) }
        }
    }

    /// Steps into an object or array at its opening bracket; `false` when it is empty and closed already.
    private mutating func open(closing: UInt8) throws(JSONSyntaxError) -> Bool {
        try enter()
        index += 1
        skipWhitespace()
        guard index < bytes.count, bytes[index] == closing else { return true }
        index += 1
        depth -= 1
        return false
    }

    /// After a member or an element: `true` when a `,` says another follows (a trailing comma is
    /// refused), `false` at the closing bracket, which it steps out of.
    private mutating func continues(closing: UInt8, after what: String) throws(JSONSyntaxError) -> Bool {
        let close = Character(UnicodeScalar(closing))
        skipWhitespace()
        guard index < bytes.count else { throw error("unexpected end of file: expected ',' or '\(close)'") }
        switch bytes[index] {
        case UInt8(ascii: ","):
            index += 1
            skipWhitespace()
            if index < bytes.count, bytes[index] == closing { throw error("trailing comma before '\(close)'") }
            return true
        case closing:
            index += 1
            depth -= 1
            return false
        default:
            throw error("unexpected \(describeCurrent()): expected ',' or '\(close)' after \(what)")
        }
    }

    private mutating func parseNumber() throws(JSONSyntaxError) -> String {
        let startIndex = index
        let start = position
        func digits(_ parser: inout JSONParser) -> Int {
            var count = 0
            while parser.index < parser.bytes.count,
                (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index])
            {
                parser.index += 1
                count += 1
            }
            return count
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else {
            throw error("invalid number: expected a digit", at: start)
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) {
                throw error("invalid number: leading zeros are not allowed", at: start)
            }
        } else {
            _ = digits(&self)
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("invalid number: expected a digit after '.'", at: start) }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard digits(&self) > 0 else { throw error("invalid number: expected a digit in the exponent", at: start) }
        }
        // Only ASCII digits, signs, '.', 'e' and 'E' were consumed.
        return String(decoding: bytes[startIndex..<index], as: UTF8.self)
    }

    private mutating func parseString() throws(JSONSyntaxError) -> String {
        let start = position
        index += 1
        // Whole runs between escapes are validated and appended at once; a string without
        // escapes (nearly all of them) is its one run.
        var text = ""
        var runStart = index
        var runIsASCII = true
        func flushRun(_ parser: JSONParser, upTo end: Int, into text: inout String) throws(JSONSyntaxError) {
            guard runStart < end else { return }
            // ASCII is valid UTF-8 as it stands, and decoding it is far cheaper than the generic
            // validating initializer, which looks up type metadata on every call.
            if runIsASCII {
                text += String(decoding: parser.bytes[runStart..<end], as: UTF8.self)
                return
            }
            if let run = String(validating: parser.bytes[runStart..<end], as: UTF8.self) {
                text += run
                return
            }
            guard parser.keepsStrayBytes else { throw parser.error("invalid UTF-8 in a string", at: start) }
            text.unicodeScalars.append(contentsOf: JSONParser.standingIn(parser.bytes[runStart..<end]))
        }
        while true {
            guard index < bytes.count else { throw error("unterminated string", at: start) }
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                try flushRun(self, upTo: index, into: &text)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                try flushRun(self, upTo: index, into: &text)
                text.unicodeScalars.append(try parseEscape())
                runStart = index
                runIsASCII = true
            case 0x00..<0x20:
                throw error("unescaped control character in a string")
            case 0x80...:
                runIsASCII = false
                index += 1
            default:
                index += 1
            }
        }
    }

    private mutating func parseEscape() throws(JSONSyntaxError) -> Unicode.Scalar {
        let escapePosition = position
        index += 1
        guard index < bytes.count else { throw error("unterminated string", at: escapePosition) }
        let byte = bytes[index]
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{08}"
        case UInt8(ascii: "f"): return "\u{0C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let unit = try parseHex4(escapePosition)
            switch unit {
            case 0xD800...0xDBFF:
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    throw error("lone surrogate \\u\(String(unit, radix: 16)) in a string", at: escapePosition)
                }
                index += 2
                let low = try parseHex4(escapePosition)
                guard (0xDC00...0xDFFF).contains(low),
                    let scalar = Unicode.Scalar(0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00))
                else {
                    throw error("lone surrogate \\u\(String(unit, radix: 16)) in a string", at: escapePosition)
                }
                return scalar
            case 0xDC80...0xDCFF where keepsStrayBytes:
                return Self.standIn(for: UInt8(unit - 0xDC00))
            case 0xDC00...0xDFFF:
                throw error("lone surrogate \\u\(String(unit, radix: 16)) in a string", at: escapePosition)
            default:
                guard let scalar = Unicode.Scalar(unit) else {
                    throw error("invalid \\u escape", at: escapePosition)
                }
                return scalar
            }
        default:
            throw error("invalid escape '\\\(Character(UnicodeScalar(byte)))' in a string", at: escapePosition)
        }
    }

    private mutating func parseHex4(_ escapePosition: SourcePosition) throws(JSONSyntaxError) -> UInt16 {
        guard index + 4 <= bytes.count else {
            throw error("invalid \\u escape: expected 4 hex digits", at: escapePosition)
        }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("invalid \\u escape: expected 4 hex digits", at: escapePosition)
            }
            value = value << 4 | UInt16(digit)
            index += 1
        }
        return value
    }
}
