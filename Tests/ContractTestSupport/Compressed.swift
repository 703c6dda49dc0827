import Foundation

/// Bodies compressed the way servers send them, for the tests of what URLSession hands the
/// client: gzip, zlib and raw DEFLATE, each written with stored blocks (valid streams every
/// decompressor reads, made without a compressor) and their checks computed here, apart from the
/// engine's own decompressor.
package enum Compressed {
    /// A gzip member (RFC 1952) holding `data`.
    package static func gzip(_ data: Data) -> Data {
        var out = Data([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff])
        out += rawDeflate(data)
        out += littleEndian(crc32(data)) + littleEndian(UInt32(truncatingIfNeeded: data.count))
        return out
    }

    /// A zlib stream (RFC 1950) holding `data`.
    package static func zlib(_ data: Data) -> Data {
        var out = Data([0x78, 0x01])
        out += rawDeflate(data)
        let adler = adler32(data)
        out += Data([UInt8(adler >> 24), UInt8(adler >> 16 & 0xff), UInt8(adler >> 8 & 0xff), UInt8(adler & 0xff)])
        return out
    }

    /// Raw DEFLATE (RFC 1951) holding `data` in stored blocks.
    package static func rawDeflate(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out = Data()
        var start = 0
        repeat {
            let end = min(start + 65_535, bytes.count)
            let length = UInt16(end - start)
            out.append(end == bytes.count ? 1 : 0)
            out += Data([UInt8(length & 0xff), UInt8(length >> 8), UInt8(~length & 0xff), UInt8(~length >> 8)])
            out += bytes[start..<end]
            start = end
        } while start < bytes.count
        return out
    }

    private static func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xffff_ffff
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc >> 1) ^ (crc & 1 == 1 ? 0xedb8_8320 : 0) }
        }
        return ~crc
    }

    private static func adler32(_ data: Data) -> UInt32 {
        var (a, b): (UInt32, UInt32) = (1, 0)
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    private static func littleEndian(_ value: UInt32) -> Data {
        Data([UInt8(value & 0xff), UInt8(value >> 8 & 0xff), UInt8(value >> 16 & 0xff), UInt8(value >> 24)])
    }
}
