/// A JSON number's exact decimal value, read from its text: digits and a power of ten, with no
/// rounding, so numbers beyond `Double` (a `Decimal` cost of 9007199254740993) compare exactly.
struct ExactNumber: Equatable {
    /// Whether the number is below zero; zero is never negative.
    let negative: Bool
    /// The significant digits, without leading or trailing zeros; empty for zero.
    let digits: [UInt8]
    /// The power of ten the digits are multiplied by.
    let exponent: Int

    /// Reads a JSON number literal (`-12.50e3`), or `nil` for text that is not one.
    init?(_ literal: String) {
        var bytes = Array(literal.utf8)[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let mantissaEnd = bytes.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") } ?? bytes.endIndex
        var exponent = 0
        if mantissaEnd < bytes.endIndex {
            guard let parsed = Int(String(decoding: bytes[(mantissaEnd + 1)...], as: UTF8.self)) else { return nil }
            exponent = parsed
        }
        let mantissa = bytes[..<mantissaEnd]
        let point = mantissa.firstIndex(of: UInt8(ascii: "."))
        let integer = mantissa[..<(point ?? mantissa.endIndex)]
        let fraction = point.map { mantissa[($0 + 1)...] } ?? []
        guard !integer.isEmpty,
            (integer + fraction).allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else {
            return nil
        }
        var digits = Array(integer + fraction)
        let (shifted, overflow) = exponent.subtractingReportingOverflow(fraction.count)
        guard !overflow else { return nil }
        exponent = shifted
        let leading = digits.firstIndex { $0 != UInt8(ascii: "0") } ?? digits.endIndex
        digits.removeFirst(leading)
        while digits.last == UInt8(ascii: "0") {
            digits.removeLast()
            exponent += 1
        }
        self.negative = negative && !digits.isEmpty
        self.digits = digits
        self.exponent = digits.isEmpty ? 0 : exponent
    }
}
