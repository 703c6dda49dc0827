import Foundation

/// Where and when the tool recorded a case's fixture from the server: the case's `recorded`.
struct Recording: Sendable, Equatable {
    /// The URL the request went to.
    let url: String
    /// When, in RFC 3339: `2026-11-22T08:00:00Z`, or as a capture wrote it
    /// (`2026-11-22T09:00:00.123+01:00`).
    let at: String
    /// The archive it was taken from (`capture.har`), for a case `add --har` made.
    var from: String?
    /// Where the `recorded` object starts in the contract.
    let position: SourcePosition

    /// Whether the case keeps an error a capture saw once (a 500 that happened on a device): it is
    /// kept as it was seen, never asked for again or written over.
    func isCapturedError(status: Int) -> Bool {
        from != nil && !(200...299).contains(status)
    }

    /// A time as `recorded` writes it, in UTC to the second.
    static func stamp(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.formatOptions = [.withInternetDateTime]
        return formatter.string(from: date)
    }

    /// Whether a text is an RFC 3339 date-time, as the contract schema's pattern says:
    /// `2026-11-22T08:00:00Z`, with fractional seconds or an offset (`+01:00`), `T` and `Z` in
    /// either case; month 01-12, day 01-31, hour 00-23, minute 00-59, second 00-60, ASCII digits.
    static func isRFC3339(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        func digits(_ count: Int, in range: ClosedRange<Int>) -> Bool {
            guard index + count <= bytes.count else { return false }
            var value = 0
            for byte in bytes[index..<(index + count)] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return false }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            index += count
            return range.contains(value)
        }
        func one(_ allowed: String) -> Bool {
            guard index < bytes.count, allowed.utf8.contains(bytes[index]) else { return false }
            index += 1
            return true
        }
        guard digits(4, in: 0...9999), one("-"), digits(2, in: 1...12), one("-"), digits(2, in: 1...31),
            one("Tt"), digits(2, in: 0...23), one(":"), digits(2, in: 0...59), one(":"), digits(2, in: 0...60)
        else { return false }
        if one(".") {
            let start = index
            while index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
            guard index > start else { return false }
        }
        if one("Zz") { return index == bytes.count }
        guard one("+-"), digits(2, in: 0...23), one(":"), digits(2, in: 0...59) else { return false }
        return index == bytes.count
    }
}
