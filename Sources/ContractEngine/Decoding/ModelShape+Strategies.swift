import Foundation

/// The shapes of the values the API decoder's strategies read their own way (dates, data and
/// non-conforming floats), as `NodeDecoder+Strategies` reads them.
extension ModelShape {
    /// A `Double` or `Float`: a number in its range, and under `convertFromString` the strings it
    /// names too.
    /// - Parameters:
    ///   - options: The API decoder's strategies.
    ///   - type: The Swift type that reads it.
    /// - Returns: The shape.
    static func floatingPoint(_ options: NodeDecodingOptions, _ type: NumericType) -> ModelShape {
        guard case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.floats else {
            return .number(type)
        }
        return .numberOrNamed([positiveInfinity, negativeInfinity, nan])
    }

    /// A `Date` under a date strategy other than `deferredToDate` (which is `Date`'s own
    /// `init(from:)`, a number): a number for seconds or milliseconds since 1970, an ISO 8601
    /// string, and `.unknown` for a custom strategy, whose closure the tool cannot read
    /// (`closureDate` learns it from the suite's bodies). On Linux `formatted` is such a closure
    /// too (Foundation builds it so); on Darwin it is a string in the formatter's form.
    /// - Parameter options: The API decoder's strategies.
    /// - Returns: The shape.
    static func date(_ options: NodeDecodingOptions) -> ModelShape {
        switch options.dates {
        case .deferredToDate, .secondsSince1970, .millisecondsSince1970: return floatingPoint(options, .double)
        case .iso8601: return .string(.iso8601Date)
        #if canImport(Darwin)
            case .formatted(let formatter):
                let form = form(of: formatter.string(from: Date(timeIntervalSince1970: 1_763_908_546.789)))
                return .string(.formattedDate(pattern: form, format: formatter.dateFormat))
        #endif
        default: return .unknown
        }
    }

    /// `Data` under a data strategy other than `deferredToData` (its own `init(from:)`: an array
    /// of bytes): a Base64 string, or `.unknown` for a custom strategy.
    /// - Parameter options: The API decoder's strategies.
    /// - Returns: The shape.
    static func data(_ options: NodeDecodingOptions) -> ModelShape {
        if case .base64 = options.data { return .string(.base64) }
        return .unknown
    }

    /// What the `iso8601` date strategy accepts, as Foundation's parser on Linux reads a date
    /// (Swift 6.3; checked against `JSONDecoder` by the tests): a year of up to five digits, a
    /// month (1-12) and a day (1-31) of one or two digits, `T`, hours, minutes and seconds of one
    /// or two digits each whatever their value (`25:00:00` and `23:59:60` roll over), fractional
    /// seconds of up to nine digits, and a time zone: `Z`, `GMT` or `UTC` in any case, each
    /// followed by anything, or an offset `±H[H][[:]M[M][[:]S[S]]]` of at most 18 hours, the
    /// parser reading two digits a field where there are two. Whatever follows a complete time zone
    /// is ignored, so the pattern is anchored at the start only. What the parser also takes that
    /// the pattern does not: fields with more digits (`0002025`, `T000:00:00`, `006`), for which
    /// the calendar's arithmetic decides.
    static let iso8601Pattern: String = {
        let date = "[0-9]{1,5}-(?:0?[1-9]|1[0-2])-(?:0?[1-9]|[12][0-9]|3[01])"
        let time = "T[0-9]{1,2}:[0-9]{1,2}:[0-9]{1,2}(?:\\.[0-9]{1,9})?"
        // After a field: the end, or anything but what would continue the number.
        let ends = "(?:$|[^0-9])"
        let endsField = "(?:$|[^:0-9])"
        // After the minutes, seconds worth at most 60 (59 minutes past 17 hours), or none.
        let secondsUpTo60 = "(?:\(endsField)|:\(ends)|:?(?:[0-9]\(ends)|[0-5][0-9]|60))"
        // After the minutes, seconds worth nothing (the offset is at its limit), or none.
        let noSeconds = "(?:\(endsField)|:\(ends)|:?(?:0\(ends)|00))"
        let offset = [
            // One digit of hours: any minutes and seconds stay under 18 hours.
            "[0-9](?:\(endsField)|:[0-9])",
            "(?:0[0-9]|1[0-6])(?:\(endsField)|:?[0-9])",
            "17(?:\(endsField)|:?(?:[0-9]\(ends)|[0-4][0-9]|5[0-8]|59\(secondsUpTo60)|60\(noSeconds)))",
            "18(?:\(endsField)|:?(?:0(?:\(endsField)|:\(ends)|:(?:0\(ends)|00))|00\(noSeconds)))",
        ].joined(separator: "|")
        let named = "(?:[Gg][Mm][Tt]|[Uu][Tt][Cc])"
        let zone = "(?:[Zz]|\(named)(?:$|[^+-])|\(named)?[+-](?:\(offset)))"
        // Pact's verifier holds a value to the whole of a regex (JSON Schema to any part of it),
        // so what follows the zone is matched, not left to the search.
        return "^" + date + time + zone + "[\\s\\S]*"
    }()

    /// What `Data(base64Encoded:)` accepts in its canonical form: groups of four of the standard
    /// alphabet, the last padded with `=`. Linux's also takes some odd paddings (`QUJD=`,
    /// `QQ=A`), which the pattern refuses.
    static let base64Pattern = "^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$"
}
