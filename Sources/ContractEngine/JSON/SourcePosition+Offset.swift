import Foundation

/// The one converter between byte offsets and lines and columns, both ways; columns count UTF-8
/// bytes and start after a byte-order mark on the first line, everywhere in the tool.
extension SourcePosition {
    /// The lines and columns of byte offsets, found in one pass over the bytes.
    /// - Parameters:
    ///   - offsets: Byte offsets into the data, in any order.
    ///   - data: The bytes.
    /// - Returns: One position per offset, in the order given.
    static func positions(of offsets: [Int], in data: Data) -> [SourcePosition] {
        data.withUnsafeBytes { positions(of: offsets, in: $0) }
    }

    /// The lines and columns of byte offsets, found in one pass over the bytes.
    static func positions(of offsets: [Int], in buffer: UnsafeRawBufferPointer) -> [SourcePosition] {
        let order = offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [SourcePosition](repeating: .start, count: offsets.count)
        var line = 1
        // Columns on the first line count from after a byte-order mark, as the parser's do.
        let bom: [UInt8] = [0xEF, 0xBB, 0xBF]
        var lineStart = buffer.count >= 3 && zip(buffer.prefix(3), bom).allSatisfy { $0 == $1 } ? 3 : 0
        var scanned = 0
        for index in order {
            let offset = min(max(offsets[index], 0), buffer.count)
            // From newline to newline with memchr: a body is often one long line.
            while scanned < offset, let base = buffer.baseAddress,
                let newline = memchr(base + scanned, Int32(UInt8(ascii: "\n")), offset - scanned)
            {
                line += 1
                lineStart = base.distance(to: UnsafeRawPointer(newline)) + 1
                scanned = lineStart
            }
            scanned = max(scanned, offset)
            result[index] = SourcePosition(line: line, column: offset - lineStart + 1)
        }
        return result
    }

    /// The byte offset of a line and column (columns count UTF-8 bytes, after a byte-order mark).
    static func offset(of position: SourcePosition, in bytes: [UInt8]) -> Int? {
        var line = 1
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while line < position.line {
            guard let newline = bytes[index...].firstIndex(of: UInt8(ascii: "\n")) else { return nil }
            index = newline + 1
            line += 1
        }
        let offset = index + position.column - 1
        return offset < bytes.count ? offset : nil
    }
}
