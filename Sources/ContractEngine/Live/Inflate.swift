import Foundation

/// DEFLATE (RFC 1951), raw and in its two wrappers, gzip (RFC 1952, every member) and zlib
/// (RFC 1950), each wrapper's check read: what a capture still compressed as its
/// `Content-Encoding` says is turned back into the bytes URLSession hands the client. Foundation offers no decompression on Linux and the package takes no dependency, so
/// the decoder is here: stored, fixed and dynamic Huffman blocks, bounded by a size limit.
enum Inflate {
    /// Why a body could not be decompressed.
    struct Failure: Error, Equatable {
        let reason: String
    }

    /// Whether bytes start as a gzip stream does.
    static func isGzip(_ data: Data) -> Bool {
        data.count >= 18 && data[data.startIndex] == 0x1f && data[data.startIndex + 1] == 0x8b
    }

    /// Whether bytes start as a zlib stream does: method 8, a window of at most 32 KiB, and a
    /// header whose check bits hold.
    static func isZlib(_ data: Data) -> Bool {
        guard data.count >= 6 else { return false }
        let cmf = Int(data[data.startIndex])
        let flags = Int(data[data.startIndex + 1])
        return cmf & 0x0f == 8 && cmf >> 4 <= 7 && (cmf << 8 | flags) % 31 == 0
    }

    /// Decompresses a gzip body: every member, one after the other, as gzip(1) does (a server or a
    /// proxy may concatenate them), each checked against its CRC-32 and length. Zero bytes after
    /// the last member are padding; anything else after it refuses the body.
    static func gunzip(_ data: Data, limit: Int) throws(Failure) -> Data {
        let bytes = [UInt8](data)
        var output: [UInt8] = []
        var start = 0
        repeat {
            start = try member(bytes, from: start, into: &output, limit: limit)
            guard bytes[start...].contains(where: { $0 != 0 }) else { break }
            guard bytes.count - start >= 2, bytes[start] == 0x1f, bytes[start + 1] == 0x8b else {
                throw Failure(reason: "bytes that are not gzip follow the gzip stream")
            }
        } while true
        return Data(output)
    }

    /// Decompresses the gzip member at `start`, appending it to `output`.
    /// - Returns: Where the next member would start.
    private static func member(_ bytes: [UInt8], from first: Int, into output: inout [UInt8], limit: Int)
        throws(Failure) -> Int
    {
        guard bytes.count - first >= 18, bytes[first] == 0x1f, bytes[first + 1] == 0x8b, bytes[first + 2] == 8
        else {
            throw Failure(reason: "it is not a gzip stream")
        }
        let flags = bytes[first + 3]
        var start = first + 10
        if flags & 0x04 != 0 {
            guard start + 2 <= bytes.count else { throw Failure(reason: "the gzip header is cut short") }
            start += 2 + (Int(bytes[start]) | Int(bytes[start + 1]) << 8)
        }
        for flag: UInt8 in [0x08, 0x10] where flags & flag != 0 {
            while start < bytes.count, bytes[start] != 0 { start += 1 }
            start += 1
        }
        if flags & 0x02 != 0 { start += 2 }
        guard start < bytes.count else { throw Failure(reason: "the gzip header is cut short") }
        var reader = BitReader(bytes: bytes, position: start)
        let before = output.count
        try inflate(&reader, into: &output, limit: limit)
        let end = reader.alignedPosition
        guard end + 8 <= bytes.count else { throw Failure(reason: "the gzip stream is cut short") }
        let crc = littleEndian(bytes, at: end)
        let size = littleEndian(bytes, at: end + 4)
        guard size == UInt32(truncatingIfNeeded: output.count - before), crc == crc32(output[before...]) else {
            throw Failure(reason: "the gzip stream's check fails (length or CRC-32)")
        }
        return end + 8
    }

    /// Decompresses a zlib stream (RFC 1950), checking its Adler-32.
    static func unzlib(_ data: Data, limit: Int) throws(Failure) -> Data {
        let bytes = [UInt8](data)
        guard isZlib(data) else { throw Failure(reason: "it is not a zlib stream") }
        guard bytes[1] & 0x20 == 0 else {
            throw Failure(reason: "the zlib stream needs a preset dictionary, which the server never sends")
        }
        var reader = BitReader(bytes: bytes, position: 2)
        var output: [UInt8] = []
        try inflate(&reader, into: &output, limit: limit)
        let end = reader.alignedPosition
        guard end + 4 <= bytes.count else { throw Failure(reason: "the zlib stream is cut short") }
        let expected =
            UInt32(bytes[end]) << 24 | UInt32(bytes[end + 1]) << 16 | UInt32(bytes[end + 2]) << 8
            | UInt32(bytes[end + 3])
        guard expected == adler32(output) else { throw Failure(reason: "the zlib stream's check fails (Adler-32)") }
        return Data(output)
    }

    /// Decompresses raw DEFLATE (RFC 1951, no wrapper), which servers send as `deflate` too and
    /// URLSession inflates alike.
    static func inflateRaw(_ data: Data, limit: Int) throws(Failure) -> Data {
        var reader = BitReader(bytes: [UInt8](data), position: 0)
        var output: [UInt8] = []
        try inflate(&reader, into: &output, limit: limit)
        guard !data[(data.startIndex + reader.alignedPosition)...].contains(where: { $0 != 0 }) else {
            throw Failure(reason: "bytes follow the end of the compressed body")
        }
        return Data(output)
    }

    /// CRC-32 (IEEE), as gzip checks it.
    static func crc32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xedb8_8320 : crc >> 1 }
        }
        return ~crc
    }

    /// Adler-32, as zlib checks it.
    static func adler32<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var a: UInt32 = 1
        var b: UInt32 = 0
        var pending = 0
        for byte in bytes {
            a += UInt32(byte)
            b += a
            pending += 1
            // 5552 bytes is the most that cannot overflow 32 bits before the remainders.
            if pending == 5552 {
                a %= 65521
                b %= 65521
                pending = 0
            }
        }
        return (b % 65521) << 16 | (a % 65521)
    }

    private static func littleEndian(_ bytes: [UInt8], at index: Int) -> UInt32 {
        UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2]) << 16
            | UInt32(bytes[index + 3]) << 24
    }

    // MARK: - DEFLATE

    private struct BitReader {
        let bytes: [UInt8]
        var position: Int
        var bitBuffer: UInt32 = 0
        var bitCount = 0

        /// The next byte after the bits read so far, once the reader drops a partial byte.
        var alignedPosition: Int { position - bitCount / 8 }

        mutating func bits(_ count: Int) throws(Failure) -> Int {
            while bitCount < count {
                guard position < bytes.count else { throw Failure(reason: "the compressed body is cut short") }
                bitBuffer |= UInt32(bytes[position]) << UInt32(bitCount)
                position += 1
                bitCount += 8
            }
            let value = Int(bitBuffer & ((1 << UInt32(count)) - 1))
            bitBuffer >>= UInt32(count)
            bitCount -= count
            return value
        }

        mutating func alignToByte() {
            bitBuffer >>= UInt32(bitCount % 8)
            bitCount -= bitCount % 8
        }
    }

    /// A canonical Huffman code: the count of codes per length, and the symbols in code order.
    private struct Huffman {
        var counts = [Int](repeating: 0, count: 16)
        var symbols: [Int] = []

        init(lengths: [Int]) throws(Failure) {
            for length in lengths { counts[length] += 1 }
            counts[0] = 0
            var left = 1
            for length in 1..<16 {
                left = left * 2 - counts[length]
                guard left >= 0 else { throw Failure(reason: "the compressed body holds a bad Huffman code") }
            }
            var offsets = [Int](repeating: 0, count: 16)
            for length in 1..<15 { offsets[length + 1] = offsets[length] + counts[length] }
            symbols = [Int](repeating: 0, count: lengths.count)
            for (symbol, length) in lengths.enumerated() where length != 0 {
                symbols[offsets[length]] = symbol
                offsets[length] += 1
            }
        }

        func decode(_ reader: inout BitReader) throws(Failure) -> Int {
            var code = 0
            var first = 0
            var index = 0
            for length in 1..<16 {
                code |= try reader.bits(1)
                let count = counts[length]
                if code - count < first { return symbols[index + (code - first)] }
                index += count
                first = (first + count) << 1
                code <<= 1
            }
            throw Failure(reason: "the compressed body holds a code no table has")
        }
    }

    private static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    private static let lengthExtra = [
        0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
    ]
    private static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12289, 16385, 24577,
    ]
    private static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func inflate(_ reader: inout BitReader, into output: inout [UInt8], limit: Int) throws(Failure) {
        // A stream refers back only into its own output, never into an earlier gzip member's.
        let base = output.count
        var last = 0
        while last == 0 {
            last = try reader.bits(1)
            switch try reader.bits(2) {
            case 0:
                reader.alignToByte()
                let length = try reader.bits(16)
                let complement = try reader.bits(16)
                guard length == ~complement & 0xffff else {
                    throw Failure(reason: "the compressed body holds a bad stored block")
                }
                for _ in 0..<length { output.append(UInt8(try reader.bits(8))) }
            case 1:
                let literals = try Huffman(lengths: (0..<288).map { $0 < 144 ? 8 : $0 < 256 ? 9 : $0 < 280 ? 7 : 8 })
                let distances = try Huffman(lengths: [Int](repeating: 5, count: 30))
                try block(&reader, literals, distances, into: &output, base: base, limit: limit)
            case 2:
                let (literals, distances) = try dynamicTables(&reader)
                try block(&reader, literals, distances, into: &output, base: base, limit: limit)
            default:
                throw Failure(reason: "the compressed body holds a block of an unknown type")
            }
            guard output.count <= limit else {
                throw Failure(reason: "its body decompresses to more than the fixture limit of \(limit) bytes")
            }
        }
    }

    private static func dynamicTables(_ reader: inout BitReader) throws(Failure) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeCount = try reader.bits(4) + 4
        var codeLengths = [Int](repeating: 0, count: 19)
        for index in 0..<codeCount { codeLengths[codeLengthOrder[index]] = try reader.bits(3) }
        let codes = try Huffman(lengths: codeLengths)
        var lengths: [Int] = []
        while lengths.count < literalCount + distanceCount {
            let symbol = try codes.decode(&reader)
            switch symbol {
            case 0..<16: lengths.append(symbol)
            case 16:
                guard let previous = lengths.last else {
                    throw Failure(reason: "the compressed body repeats a length before any")
                }
                lengths += [Int](repeating: previous, count: 3 + (try reader.bits(2)))
            case 17: lengths += [Int](repeating: 0, count: 3 + (try reader.bits(3)))
            default: lengths += [Int](repeating: 0, count: 11 + (try reader.bits(7)))
            }
        }
        guard lengths.count == literalCount + distanceCount else {
            throw Failure(reason: "the compressed body's code lengths overrun their table")
        }
        return (
            try Huffman(lengths: Array(lengths[..<literalCount])), try Huffman(lengths: Array(lengths[literalCount...]))
        )
    }

    private static func block(
        _ reader: inout BitReader, _ literals: Huffman, _ distances: Huffman, into output: inout [UInt8], base: Int,
        limit: Int
    ) throws(Failure) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                output.append(UInt8(symbol))
            } else if symbol == 256 {
                return
            } else {
                let index = symbol - 257
                guard index < lengthBase.count else { throw Failure(reason: "the compressed body holds a bad length") }
                let length = lengthBase[index] + (try reader.bits(lengthExtra[index]))
                let code = try distances.decode(&reader)
                guard code < distanceBase.count else {
                    throw Failure(reason: "the compressed body holds a bad distance")
                }
                let distance = distanceBase[code] + (try reader.bits(distanceExtra[code]))
                guard distance <= output.count - base else {
                    throw Failure(reason: "the compressed body refers before its start")
                }
                for _ in 0..<length { output.append(output[output.count - distance]) }
            }
            guard output.count <= limit else {
                throw Failure(reason: "its body decompresses to more than the fixture limit of \(limit) bytes")
            }
        }
    }
}
