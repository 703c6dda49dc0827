/// The range of numbers each Swift numeric type holds, as JSONDecoder reads them, in the forms
/// the renderings of a model need: the bounds JSON Schema compares values with, and the texts
/// the Pact verifier prints a number as (it matches a regex against that text).
extension ModelShape.NumericType {
    /// The bounds of the values the type holds, as JSON number literals.
    struct Bounds: Equatable {
        let minimum: String
        let maximum: String
        /// Whether the bounds themselves are outside the range.
        let exclusive: Bool
        /// The smallest magnitude the type reads, other than zero, when a smaller one is refused
        /// rather than read as zero (`Decimal`'s exponent stops at -128).
        let smallest: String?
    }

    /// The values the type holds. `Double` and `Float` hold every finite value (a literal that
    /// rounds to the largest finite one still fits); `Decimal`, as JSONDecoder reads it, every
    /// literal whose exponent fits -128...127 as written, which a range can only approximate:
    /// below 10^128 in magnitude, and none below 10^-128 but zero.
    var bounds: Bounds {
        switch self {
        case .int64:
            Bounds(minimum: "-9223372036854775808", maximum: "9223372036854775807", exclusive: false, smallest: nil)
        case .int32: Bounds(minimum: "-2147483648", maximum: "2147483647", exclusive: false, smallest: nil)
        case .int16: Bounds(minimum: "-32768", maximum: "32767", exclusive: false, smallest: nil)
        case .int8: Bounds(minimum: "-128", maximum: "127", exclusive: false, smallest: nil)
        case .uint64: Bounds(minimum: "0", maximum: "18446744073709551615", exclusive: false, smallest: nil)
        case .uint32: Bounds(minimum: "0", maximum: "4294967295", exclusive: false, smallest: nil)
        case .uint16: Bounds(minimum: "0", maximum: "65535", exclusive: false, smallest: nil)
        case .uint8: Bounds(minimum: "0", maximum: "255", exclusive: false, smallest: nil)
        case .double:
            Bounds(
                minimum: "-1.7976931348623157e308", maximum: "1.7976931348623157e308", exclusive: false, smallest: nil)
        case .float:
            Bounds(minimum: "-3.4028234663852886e38", maximum: "3.4028234663852886e38", exclusive: false, smallest: nil)
        case .decimal: Bounds(minimum: "-1e128", maximum: "1e128", exclusive: true, smallest: "1e-128")
        }
    }

    /// A regex for the texts the Pact verifier prints for the numbers the type holds, or `nil`
    /// where the verifier itself refuses what the type refuses (a `Double` or `Float` out of
    /// range makes the body unreadable to it).
    ///
    /// The verifier prints a whole number that fits 64 bits as its digits, any other as a float:
    /// its digits with `.0` below 10^16 (`34350244.0`), else in exponent form (`1e+16`,
    /// `9.3e+18`, `5e-324`), the shortest that reads back.
    var verifierPattern: String? {
        switch self {
        case .int64:
            // Digits up to Int.max (Int.min below zero); a whole float below 10^16 with its `.0`;
            // in exponent form, from 10^15 up to the largest double below 2^63 (9.2229...e18).
            "^-?[0-9]{1,18}(\\.0+)?$|^" + Self.atMost("9223372036854775807") + "$|^-"
                + Self.atMost("9223372036854775808")
                + "$|^-?[1-9](\\.[0-9]+)?e\\+1[5-7]$|^-?([1-8](\\.[0-9]+)?|9(\\.([01][0-9]*|2|2[01][0-9]*|22|22[0-2][0-9]*))?)e\\+18$"
        case .int32:
            "^-?[0-9]{1,9}(\\.0+)?$|^" + Self.atMost("2147483647") + "(\\.0+)?$|^-" + Self.atMost("2147483648")
                + "(\\.0+)?$"
        case .int16, .int8, .uint32, .uint16, .uint8: Self.smallWhole(bounds)
        case .uint64:
            "^[0-9]{1,19}(\\.0+)?$|^" + Self.atMost("18446744073709551615") + "$|^[1-9](\\.[0-9]+)?e\\+1[5-8]$"
        case .double, .float: nil
        case .decimal:
            // Written as the verifier prints it (the shortest form), a number m.f × 10^x holds
            // in a Decimal when x minus the digits of f is at most 127: any up to 10^127, and from
            // 10^128 on only with digits enough after the point. Small ones are taken down to
            // 10^-128 whatever their digits: the verifier's reading can add a digit (1e-112
            // prints as 1.0000000000000001e-112), and a false alarm is worse than a miss there.
            "^-?[0-9]+(\\.[0-9]+)?$|^-?[1-9](\\.[0-9]+)?e\\+?(0?[0-9]|[1-9][0-9]|1[01][0-9]|12[0-7])$|"
                + (128...143).map { "^-?[1-9]\\.[0-9]{\($0 - 127),}e\\+\($0)$" }.joined(separator: "|")
                + "|^-?[1-9](\\.[0-9]+)?e-0?([0-9]|[1-9][0-9]|1[01][0-9]|12[0-8])$"
                // 1e-128 itself, as the verifier's reading, one step below, prints it.
                + "|^-?9\\.9{14,}[0-9]?e-129$"
        }
    }

    /// The texts of the whole numbers within bounds below 10^16, which the verifier prints as
    /// digits (with `.0` when it read a float): shorter than a bound, or as long and at most it.
    private static func smallWhole(_ bounds: Bounds) -> String {
        let maximum = bounds.maximum
        var pattern = "^[0-9]{1,\(maximum.count - 1)}(\\.0+)?$|^" + atMost(maximum) + "(\\.0+)?$"
        if bounds.minimum.hasPrefix("-") {
            let magnitude = String(bounds.minimum.dropFirst())
            pattern += "|^-[0-9]{1,\(magnitude.count - 1)}(\\.0+)?$|^-" + atMost(magnitude) + "(\\.0+)?$"
        }
        return pattern
    }

    /// A regex (without anchors) for the digit strings of the bound's length, not starting with
    /// zero, that are at most the bound.
    static func atMost(_ bound: String) -> String {
        let digits = bound.compactMap(\.wholeNumberValue)
        var branches: [String] = []
        for (index, digit) in digits.enumerated() {
            let low = index == 0 ? 1 : 0
            guard digit > low else { continue }
            let prefix = digits[..<index].map(String.init).joined()
            let rest = digits.count - index - 1
            branches.append(prefix + "[\(low)-\(digit - 1)]" + (rest > 0 ? "[0-9]{\(rest)}" : ""))
        }
        branches.append(bound)
        return "(" + branches.joined(separator: "|") + ")"
    }
}
