import Foundation

/// Renders coding paths the way contracts write them: `[0].name.common`, and `["name.common"]` for a
/// key that holds `.`, `[`, `]` or `"`, is empty, or is `*`, so every path names one place.
public enum CodingPath {
    /// Renders a coding path, a key of a dictionary written `*`.
    ///
    /// A `[String: T]` is decoded in an order its keys' hashing picks anew in every process, so
    /// which of two bad entries fails first changes from run to run; naming no key makes the path
    /// of such a failure the same on every run: `[0].currencies.*.name`.
    /// - Parameters:
    ///   - keys: The keys from the root to the value.
    ///   - naming: Whether dictionary keys are written as they are (to find a value in a body)
    ///     rather than as `*`.
    /// - Returns: The path, such as `[0].name.common`; empty for the root.
    public static func render(_ keys: [any CodingKey], naming dictionaryKeys: Bool = false) -> String {
        keys.reduce("") { path, key in appending(step(for: key, naming: dictionaryKeys), to: path) }
    }

    /// The step a coding key takes in a rendered path.
    /// - Parameters:
    ///   - key: The key.
    ///   - dictionaryKeys: Whether a dictionary key is written as it is rather than as `*`.
    /// - Returns: `.key`, `.index` or `.anyKey`.
    package static func step(for key: any CodingKey, naming dictionaryKeys: Bool) -> Step {
        if isDictionaryKey(key) {
            dictionaryKeys ? .key(key.stringValue) : .anyKey
        } else if let index = key.intValue {
            .index(index)
        } else {
            .key(key.stringValue)
        }
    }

    /// Whether a key is an entry of a dictionary rather than a model's property or an array's
    /// element: the standard library decodes `[String: T]` with its own key type, whose `intValue`
    /// is set for a key written as digits (`gini`'s `"2019"`), and Foundation's decoders use theirs
    /// for the same entries, and for array elements too, which carry an `intValue` (a model's own
    /// keys are its `CodingKeys`).
    static func isDictionaryKey(_ key: any CodingKey) -> Bool {
        let type = String(reflecting: Swift.type(of: key))
        if type == "Swift._DictionaryCodingKey" { return true }
        return key.intValue == nil && (type.hasSuffix("._CodingKey") || type.hasSuffix("._JSONKey"))
    }

    /// One step of a path.
    public enum Step: Sendable, Equatable {
        /// An object member.
        case key(String)
        /// An array element.
        case index(Int)
        /// Any element of an array, in a collapsed path: `[*]`.
        case anyElement
        /// Any key of an object read as a dictionary, in a collapsed path: `*`.
        case anyKey
    }

    /// A path one step longer: the one place every path the tool prints is written.
    /// - Parameters:
    ///   - step: The step.
    ///   - path: The path so far.
    /// - Returns: `path.key` (`key` at the root, `path["key"]` where the key must be quoted),
    ///   `path[0]`, `path[*]` or `path.*`.
    public static func appending(_ step: Step, to path: String) -> String {
        switch step {
        case .key(let key) where needsQuotes(key): path + "[" + quote(key) + "]"
        case .key(let key): path.isEmpty ? key : path + "." + key
        case .index(let index): path + "[\(index)]"
        case .anyElement: path + "[*]"
        case .anyKey: path.isEmpty ? "*" : path + ".*"
        }
    }

    /// A path one key longer.
    /// - Parameters:
    ///   - key: The object key.
    ///   - path: The path so far.
    /// - Returns: `path.key`, `key` at the root, or `path["key"]` where the key must be quoted.
    public static func appending(key: String, to path: String) -> String {
        appending(.key(key), to: path)
    }

    /// Whether a key must be written `["key"]` to be read back as one step.
    /// - Parameter key: The key.
    /// - Returns: `true` for an empty key, `*`, or one holding `.`, `[`, `]`, `"` or a control character.
    public static func needsQuotes(_ key: String) -> Bool {
        // Every character that needs quotes is ASCII, so the UTF-8 bytes answer without decoding.
        key.isEmpty || key == "*"
            || key.utf8.contains { byte in
                switch byte {
                case UInt8(ascii: "."), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "\""), UInt8(ascii: "\\"),
                    0x7F, ..<0x20:
                    true
                default: false
                }
            }
    }

    /// Quotes a string as JSON.
    /// - Parameter string: The string.
    /// - Returns: The quoted string, with quotes, backslashes and control characters escaped.
    public static func quote(_ string: String) -> String {
        "\""
            + rewriting(string) { scalar in
                switch scalar {
                case "\"": "\\\""
                case "\\": "\\\\"
                case "\n": "\\n"
                case "\r": "\\r"
                case "\t": "\\t"
                case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value): unicodeEscape(scalar)
                default: nil
                }
            } + "\""
    }

    /// `\u001b` for a scalar below U+10000.
    public static func unicodeEscape(_ scalar: Unicode.Scalar) -> String {
        let hex = String(scalar.value, radix: 16)
        return "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
    }

    /// The one escaping loop behind every writer (JSON strings, XML, Markdown, terminal text):
    /// each scalar the rule gives a replacement for is replaced, the others kept.
    /// - Parameters:
    ///   - text: The text.
    ///   - rule: The replacement for a scalar, or `nil` to keep it.
    /// - Returns: The rewritten text.
    public static func rewriting(_ text: String, _ rule: (Unicode.Scalar) -> String?) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            if let replacement = rule(scalar) {
                result += replacement
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Names a Swift type the way a JSON author thinks of it.
    /// - Parameter type: The type the decoder expected.
    /// - Returns: `a string`, `a number`, `an object`, ...
    public static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type, is URL.Type, is UUID.Type: "a string"
        case is Bool.Type: "a boolean"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "a whole number"
        case is Double.Type, is Float.Type, is Decimal.Type, is Date.Type: "a number"
        default:
            String(describing: type).hasPrefix("Array") ? "an array" : "an object"
        }
    }
}
