import Foundation

/// The strategies of an API's `JSONDecoder`, which a `NodeDecoder` follows so that it reads a
/// body as that decoder does: its keys, dates, data and non-conforming floats, and its `userInfo`.
///
/// A class, so handing it down to every value costs one reference; used on one thread, by one decode.
final class NodeDecodingOptions {
    let keys: JSONDecoder.KeyDecodingStrategy
    let dates: JSONDecoder.DateDecodingStrategy
    let data: JSONDecoder.DataDecodingStrategy
    let floats: JSONDecoder.NonConformingFloatDecodingStrategy
    let userInfo: [CodingUserInfoKey: Any]
    /// Whether an object's keys reach the model converted: any key strategy but the default.
    let convertsKeys: Bool
    /// Whether a `Date` is read by the date strategy rather than by its own `init(from:)`.
    let readsDates: Bool
    /// Whether `Data` is read by the data strategy rather than by its own `init(from:)`.
    let readsData: Bool
    /// Whether the tool reads the date strategy itself (seconds, milliseconds, ISO 8601), rather
    /// than calling a closure it cannot see into (`.custom`, and `.formatted` on Linux).
    var readsDatesItself: Bool {
        switch dates {
        case .deferredToDate, .secondsSince1970, .millisecondsSince1970, .iso8601: true
        default: false
        }
    }

    /// `JSONDecoder`'s default strategies.
    convenience init() {
        self.init(JSONDecoder())
    }

    /// The strategies of a decoder.
    init(_ decoder: JSONDecoder) {
        keys = decoder.keyDecodingStrategy
        dates = decoder.dateDecodingStrategy
        data = decoder.dataDecodingStrategy
        floats = decoder.nonConformingFloatDecodingStrategy
        userInfo = decoder.userInfo
        if case .useDefaultKeys = keys { convertsKeys = false } else { convertsKeys = true }
        if case .deferredToDate = dates { readsDates = false } else { readsDates = true }
        if case .deferredToData = data { readsData = false } else { readsData = true }
    }

    /// The key a model asks for to read a key of the JSON, as the decoder converts it.
    /// - Parameters:
    ///   - jsonKey: The key as the body writes it.
    ///   - codingPath: The path of the object that holds it, which a custom strategy is given.
    /// - Returns: The converted key.
    func modelKey(for jsonKey: String, in codingPath: [any CodingKey]) -> String {
        switch keys {
        case .useDefaultKeys: jsonKey
        case .convertFromSnakeCase: SnakeCase.camelCase(jsonKey)
        case .custom(let convert): convert(codingPath + [NodeCodingKey(stringValue: jsonKey)]).stringValue
        @unknown default: jsonKey
        }
    }

    /// The key a body writes for a key the model asks for, as an export names it: `due_at` for
    /// `dueAt` under `convertFromSnakeCase`. A custom strategy cannot be run backwards, so the
    /// usual spellings of the key are tried in it: snake_case, kebab-case, SCREAMING_SNAKE_CASE,
    /// PascalCase, and the key as the model writes it.
    /// - Parameters:
    ///   - key: The key the model asks for.
    ///   - codingPath: The model's path to the object that holds it, which a custom strategy is given.
    /// - Returns: The first spelling the strategy converts to the model's key, or `nil` when none
    ///   does (under `convertFromSnakeCase`, no key of a body reaches `created_at`).
    func wireKey(for key: String, in codingPath: [any CodingKey]) -> String? {
        let snake = SnakeCase.words(key).joined(separator: "_")
        let candidates: [String]
        switch keys {
        case .useDefaultKeys: return key
        case .convertFromSnakeCase: candidates = [snake, key]
        default:
            // The key itself last: a strategy that converts other spellings often keeps the
            // model's own too, and the server writes the one it was written for.
            candidates = [
                snake, SnakeCase.words(key).joined(separator: "-"), snake.uppercased(),
                key.prefix(1).uppercased() + key.dropFirst(), key,
            ]
        }
        return candidates.first { modelKey(for: $0, in: codingPath) == key }
    }

    /// The key a body would write for a key of the model that it lacks, to name a missing key as
    /// the body's other keys are named: `issued_at` for `issuedAt` under `convertFromSnakeCase`.
    /// - Parameter modelKey: The key the model asks for.
    /// - Returns: The body's form of the key, or the model's own where no strategy says otherwise.
    func jsonKey(forMissing modelKey: String) -> String {
        guard case .convertFromSnakeCase = keys else { return modelKey }
        return SnakeCase.snakeCase(modelKey) ?? modelKey
    }
}
