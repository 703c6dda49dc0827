import Foundation

/// Finds nesting deeper than a limit with one pass over the bytes, before any parser recurses.
///
/// Foundation's parser and decoder recurse per level; on some platforms a body nested a few
/// hundred thousand levels deep exhausts the stack. This scan needs no stack and no allocation.
enum NestingScan {
    /// The position of the first bracket that goes deeper than `maxDepth`, or `nil` when none does.
    /// - Parameters:
    ///   - data: The JSON bytes.
    ///   - maxDepth: The deepest nesting allowed.
    /// - Returns: Where the limit is first crossed.
    static func firstTooDeep(in data: Data, maxDepth: Int = JSONParser.defaultMaxDepth) -> SourcePosition? {
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> SourcePosition? in
            var depth = 0
            var inString = false
            var escaped = false
            for index in 0..<buffer.count {
                let byte = buffer[index]
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == UInt8(ascii: "\\") {
                        escaped = true
                    } else if byte == UInt8(ascii: "\"") {
                        inString = false
                    }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""):
                    inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > maxDepth { return position(of: index, in: buffer) }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                default:
                    break
                }
            }
            return nil
        }
    }

    private static func position(of offset: Int, in buffer: UnsafeRawBufferPointer) -> SourcePosition {
        var line = 1
        var lineStart = 0
        for index in 0..<offset where buffer[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        return SourcePosition(line: line, column: offset - lineStart + 1)
    }
}
