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
            guard let base = buffer.baseAddress else { return nil }
            let count = buffer.count
            var depth = 0
            var index = 0
            while index < count {
                switch buffer[index] {
                case UInt8(ascii: "\""):
                    // Strings are most of a body: jump from quote to quote with memchr.
                    var end = index + 1
                    while true {
                        guard let found = memchr(base + end, Int32(UInt8(ascii: "\"")), count - end) else { return nil }
                        end = base.distance(to: UnsafeRawPointer(found))
                        var backslashes = 0
                        while end - backslashes - 1 > index, buffer[end - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                        if backslashes % 2 == 0 { break }
                        end += 1
                    }
                    index = end
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    if depth > maxDepth { return position(of: index, in: buffer) }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth -= 1
                default:
                    break
                }
                index += 1
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
