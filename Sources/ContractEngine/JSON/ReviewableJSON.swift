import Foundation

/// A body a server sent, laid out for review before it becomes a fixture: a minified answer is one
/// line a diff cannot show and a warning cannot point into. Re-indented with two spaces, one
/// member or element a line, the server's key order kept and every number and string written
/// exactly as it was sent (only the white space between tokens changes), so the app decodes the
/// same value from either.
package enum ReviewableJSON {
    /// The body laid out for review, or the body as received when it must stay so: not UTF-8 JSON
    /// (a byte-order mark, another charset, not JSON at all) or an object that names a key twice,
    /// which a decoder resolves in a way a new layout must not be seen to change.
    /// - Parameter data: The body as received.
    /// - Returns: The body to write.
    package static func laidOut(_ data: Data) -> Data {
        laidOut(data, limit: .max).body
    }

    /// The body laid out for review, as `laidOut(_:)` lays it out, unless the layout would pass
    /// the limit a fixture must keep to: a deeply nested answer's indentation can make a body of a
    /// few hundred kilobytes tens of megabytes, a fixture the suite refuses. The body as received
    /// is then kept, so the fixture written is one every later run reads.
    /// - Parameters:
    ///   - data: The body as received.
    ///   - limit: The most bytes the laid-out body may have.
    /// - Returns: The body to write, and whether it is the body as received because its layout
    ///   would pass the limit (the writer says so).
    static func laidOut(_ data: Data, limit: Int) -> (body: Data, passesLimit: Bool) {
        guard BodyEncoding.detect(data) == (.utf8, 0), !data.starts(with: [0xEF, 0xBB, 0xBF]),
            String(data: data, encoding: .utf8) != nil, case .some(let root) = try? JSONParser.parse(data),
            !namesAKeyTwice(root.value)
        else { return (data, false) }
        guard let laidOut = reindented(data, limit: limit) else { return (data, true) }
        return (laidOut, false)
    }

    /// What a body kept as received because its layout would pass the limit is said to be.
    /// - Parameter limit: The limit.
    /// - Returns: A note such as `kept as received: laid out for review it would pass the fixture
    ///   limit of 67108864 bytes (64 MiB)`.
    static func keptNote(limit: Int) -> String {
        "kept as received: laid out for review it would pass the fixture limit of \(limit) bytes (\(limit >> 20) MiB)"
    }

    /// Whether an object anywhere in a value names one key twice.
    private static func namesAKeyTwice(_ value: JSONValue) -> Bool {
        switch value {
        case .object(let members):
            var keys: Set<String> = []
            return members.contains { !keys.insert($0.key).inserted || namesAKeyTwice($0.value.value) }
        case .array(let elements): return elements.contains { namesAKeyTwice($0.value) }
        default: return false
        }
    }

    /// Valid JSON with the white space between its tokens replaced: strings and numbers are
    /// copied byte for byte. `nil` when the result would pass the limit: its size is worked out
    /// first, from the input alone, so a layout that would be too large is never built.
    private static func reindented(_ data: Data, limit: Int) -> Data? {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        let size = layout(bytes, into: &out, building: false)
        guard size <= limit else { return nil }
        out.reserveCapacity(size)
        _ = layout(bytes, into: &out, building: true)
        return Data(out)
    }

    /// Lays the bytes out into `out`, or only counts them when not `building`.
    /// - Returns: The size of the layout.
    private static func layout(_ bytes: [UInt8], into out: inout [UInt8], building: Bool) -> Int {
        var size = 0
        var depth = 0
        var index = 0
        var spaces: [UInt8] = []
        func emit(_ slice: ArraySlice<UInt8>) {
            size += slice.count
            if building { out.append(contentsOf: slice) }
        }
        func newline() {
            size += 1 + depth * 2
            guard building else { return }
            if spaces.count < depth * 2 { spaces = [UInt8](repeating: UInt8(ascii: " "), count: depth * 2 + 64) }
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: spaces[0..<depth * 2])
        }
        func nextToken(after position: Int) -> Int {
            var next = position + 1
            while next < bytes.count, isSpace(bytes[next]) { next += 1 }
            return next
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\""):
                let end = endOfString(bytes, from: index)
                emit(bytes[index..<end])
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let next = nextToken(after: index)
                // An empty object or array stays `{}` or `[]`.
                if next < bytes.count, bytes[next] == byte + 2 {
                    emit([byte, byte + 2])
                    index = next + 1
                    continue
                }
                emit([byte])
                depth += 1
                newline()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                emit([byte])
            case UInt8(ascii: ","):
                emit([byte])
                newline()
            case UInt8(ascii: ":"):
                emit([byte, UInt8(ascii: " ")])
            default:
                if !isSpace(byte) { emit([byte]) }
            }
            index += 1
        }
        emit([UInt8(ascii: "\n")])
        return size
    }

    /// The index just past the string that opens at `start`, its escapes skipped.
    private static func endOfString(_ bytes: [UInt8], from start: Int) -> Int {
        var index = start + 1
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\\"): index += 2
            case UInt8(ascii: "\""): return index + 1
            default: index += 1
            }
        }
        return bytes.count
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
            || byte == UInt8(ascii: "\t")
    }
}
