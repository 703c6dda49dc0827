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
        guard BodyEncoding.detect(data) == (.utf8, 0), !data.starts(with: [0xEF, 0xBB, 0xBF]),
            String(data: data, encoding: .utf8) != nil, case .some(let root) = try? JSONParser.parse(data),
            !namesAKeyTwice(root.value)
        else { return data }
        return reindented(data)
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
    /// copied byte for byte.
    private static func reindented(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 2)
        var depth = 0
        var index = 0
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
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
                out.append(contentsOf: bytes[index..<end])
                index = end
                continue
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let next = nextToken(after: index)
                // An empty object or array stays `{}` or `[]`.
                if next < bytes.count, bytes[next] == byte + 2 {
                    out += [byte, byte + 2]
                    index = next + 1
                    continue
                }
                out.append(byte)
                depth += 1
                newline()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out += [byte, UInt8(ascii: " ")]
            default:
                if !isSpace(byte) { out.append(byte) }
            }
            index += 1
        }
        out.append(UInt8(ascii: "\n"))
        return Data(out)
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
