import Foundation

/// The shape of a date under a strategy whose closure the tool cannot read: `.custom`, and
/// `.formatted` on Linux, where Foundation makes it a closure around the formatter. Learnt from
/// what the suite's bodies show first, then from what the closure is seen to accept.
extension ModelShape {
    /// Why a date's shape cannot be learnt.
    struct DateGuess: Error, Equatable {
        let reason: String
    }

    /// A date whose strategy is a closure: a string in the forms the bodies show (with the
    /// formatter's pattern where a usual one gives those forms and the closure takes it), or a
    /// number where they hold numbers; with no body, the one kind the closure accepts.
    /// - Parameters:
    ///   - options: The API decoder's strategies.
    ///   - accepted: The values the suite's bodies held where the decoder read a date.
    /// - Returns: The shape, or why it cannot be learnt.
    static func closureDate(_ options: NodeDecodingOptions, accepted: [JSONValue]) -> Result<ModelShape, DateGuess> {
        let strings = accepted.compactMap { value -> String? in
            if case .string(let text) = value { return text }
            return nil
        }
        let numbers = accepted.contains { if case .number = $0 { true } else { false } }
        switch (strings.isEmpty, numbers) {
        case (false, true):
            return .failure(DateGuess(reason: "the suite's bodies hold it both as a string and as a number"))
        case (true, true): return .success(.number(.double))
        case (false, false): return .success(formattedDate(strings, options))
        case (true, false): break
        }
        let samples = usualFormats.map { sample(of: $0) }.filter { accepts(.string($0), options) }
        switch (samples.first, accepts(.number("1763908546.789"), options)) {
        case (let sample?, false): return .success(formattedDate([sample], options))
        case (nil, true): return .success(.number(.double))
        default:
            return .failure(
                DateGuess(
                    reason:
                        "no body of the suite holds one, and its date strategy is a closure that takes none of the usual forms the tool tries"
                ))
        }
    }

    /// A date string in the forms some strings show: digit for digit, each run of digits
    /// `[0-9]{n}`, a time zone's offset at the end after a time either sign, a word of three letters or more
    /// any word, the rest as written. The formatter's pattern is the first usual one whose date takes such a
    /// form and that the decoder's closure reads.
    static func formattedDate(_ strings: [String], _ options: NodeDecodingOptions) -> ModelShape {
        // A closure that reads any text is a string of any form, as an enum with a fallback is.
        if accepts(.string("\u{1}dogpatch-contracts"), options) { return .string(.plain) }
        var forms: [String] = []
        var zoned: [String] = []
        for string in strings {
            if !forms.contains(form(of: string)) { forms.append(form(of: string)) }
            // A time zone at the end in each form the closure is seen to read (`Z`, `+02:00`).
            var written = form(of: string, separators: separators(in: string, options))
            if let zone = zones(string, options), zone.forms.count > 1 {
                written = form(of: zone.stem) + "(?:" + zone.forms.joined(separator: "|") + ")"
            }
            if !zoned.contains(written) { zoned.append(written) }
        }
        var pattern = zoned.count == 1 ? zoned[0] : "(?:" + zoned.joined(separator: "|") + ")"
        // A `DateFormatter` (ICU) skips white space around the date: as the closure is seen to.
        if let first = strings.first {
            if accepts(.string(" \t" + first), options) { pattern = leadingSpace + pattern }
            if accepts(.string(first + " \t"), options) { pattern += trailingSpace }
        }
        let format = usualFormats.first { format in
            let sample = sample(of: format)
            return forms.contains(form(of: sample)) && accepts(.string(sample), options)
        }
        return .string(.formattedDate(pattern: pattern, format: format))
    }

    /// The separators a `DateFormatter` (ICU, lenient) reads between two runs of digits in place of
    /// the one written: `2026/12/24` and `2026.12.24` for `2026-12-24`. By the separator's offset in
    /// the string, each the ones the closure is seen to read there, the written one first.
    private static func separators(in string: String, _ options: NodeDecodingOptions) -> [Int: [Character]] {
        let characters = Array(string)
        var found: [Int: [Character]] = [:]
        for (offset, character) in characters.enumerated()
        where offset > 0 && offset < characters.count - 1 && dateSeparators.contains(character)
            && characters[offset - 1].isASCII && characters[offset - 1].isNumber
            && characters[offset + 1].isASCII && characters[offset + 1].isNumber
        {
            found[offset] =
                [character]
                + dateSeparators.filter { other in
                    var tried = characters
                    tried[offset] = other
                    return other != character && accepts(.string(String(tried)), options)
                }
        }
        return found
    }

    /// The separators tried between the fields of a date.
    private static let dateSeparators: [Character] = ["-", "/", ".", " ", ",", ":", "_"]

    /// The forms of time zone a closure reads at the end of a date that ends in one (after a
    /// digit: `Z`, `+02:00`, `-0500`), each tried in place of the date's own; `nil` for a date
    /// that ends in none.
    private static func zones(_ string: String, _ options: NodeDecodingOptions) -> (stem: String, forms: [String])? {
        guard let range = string.range(of: "(Z|[+-][0-9]{2}:?[0-9]{2})$", options: .regularExpression) else {
            return nil
        }
        let stem = String(string[..<range.lowerBound])
        guard stem.last?.isNumber == true else { return nil }
        let tried = [("Z", "Z"), ("+02:00", "[+-][0-9]{2}:[0-9]{2}"), ("-0500", "[+-][0-9]{4}")]
        return (stem, tried.filter { accepts(.string(stem + $0.0), options) }.map(\.1))
    }

    /// The white space ICU skips before a date: Unicode's, in both regex dialects.
    static let leadingSpace =
        "[\\t\\n\\u000B\\u000C\\r \\u0085\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*"

    /// The white space ICU skips after a date: spaces and tabs, and a zero-width space.
    static let trailingSpace = "[\\t \\u00A0\\u1680\\u2000-\\u200B\\u202F\\u205F\\u3000]*"

    /// The date format patterns the tool tries, the most usual first.
    static let usualFormats = [
        "yyyy-MM-dd", "yyyy-MM-dd'T'HH:mm:ss.SSSZ", "yyyy-MM-dd'T'HH:mm:ssZ", "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ",
        "yyyy-MM-dd'T'HH:mm:ssZZZZZ", "yyyy-MM-dd'T'HH:mm:ss.SSS'Z'", "yyyy-MM-dd'T'HH:mm:ss'Z'",
        "yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd HH:mm:ss", "yyyy-MM-dd HH:mm:ssZ",
        "yyyy/MM/dd", "dd/MM/yyyy", "MM/dd/yyyy", "dd.MM.yyyy", "yyyyMMdd", "EEE MMM dd HH:mm:ss Z yyyy",
        "EEE, dd MMM yyyy HH:mm:ss zzz", "EEE, dd MMM yyyy HH:mm:ss Z",
    ]

    /// A date written in a format, in the POSIX locale and UTC: 2025-11-23 14:35:46.789, whose
    /// fields all have two digits and differ, so that no two usual formats write it alike.
    static func sample(of format: String) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = format
        return formatter.string(from: Date(timeIntervalSince1970: 1_763_908_546.789))
    }

    /// Whether the date strategy's closure reads a value.
    private static func accepts(_ value: JSONValue, _ options: NodeDecodingOptions) -> Bool {
        guard case .custom(let read) = options.dates else { return false }
        return (try? read(NodeDecoder(node: JSONNode(value, at: .start), codingPath: [], options: options))) != nil
    }

    /// The regex (unanchored) of a string's form; a separator the closure reads in other forms
    /// (by its offset in the string) is any of them.
    static func form(of string: String, separators: [Int: [Character]] = [:]) -> String {
        var pattern = ""
        var characters = Array(string)[...]
        while let first = characters.first {
            if let read = separators[characters.startIndex], read.count > 1 {
                pattern += "[" + read.map(classMember).joined() + "]"
                characters = characters.dropFirst()
                continue
            }
            if first.isASCII, first.isNumber {
                let run = characters.prefix { $0.isASCII && $0.isNumber }
                pattern += "[0-9]{\(run.count)}"
                characters = characters.dropFirst(run.count)
            } else if first.isASCII, first.isLetter {
                let run = characters.prefix { $0.isASCII && $0.isLetter }
                pattern += run.count >= 3 ? "[A-Za-z]+" : String(run)
                characters = characters.dropFirst(run.count)
            } else {
                characters = characters.dropFirst()
                // A time zone's offset at the end, after a time (`+0200`, `-05:00`), may take either sign.
                let offset =
                    (first == "+" || first == "-") && pattern.contains(":") && characters.first?.isNumber == true
                    && characters.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ":") }
                pattern += offset ? "[+-]" : escaped(first)
            }
        }
        return pattern
    }

    /// A character as a member of a regex's class, in both dialects.
    private static func classMember(_ character: Character) -> String {
        "\\^-[]".contains(character) ? "\\" + String(character) : String(character)
    }

    /// A character as a regex matches it literally, in both the verifier's and JSON Schema's dialects.
    private static func escaped(_ character: Character) -> String {
        if "\\^$.|?*+()[]{}/".contains(character) { return "\\" + String(character) }
        if character.isASCII, let value = character.asciiValue, value < 0x20 || value == 0x7F {
            return String(format: "\\x%02X", value)
        }
        return String(character)
    }
}
