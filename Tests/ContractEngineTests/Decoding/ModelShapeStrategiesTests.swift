import ContractCatalogue
import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// A model's shape follows its API decoder's strategies (issue 42, item 4): the keys a body
/// writes, and dates, data and non-conforming floats in their wire form, so the exports render
/// an app's model as its decoder reads it.
@Suite("model shape under the decoder's strategies")
struct ModelShapeStrategiesTests {
    @Test(
        "an app's model under convertFromSnakeCase and iso8601: keys as the body writes them, dates as ISO 8601 strings"
    )
    func snakeCaseAndISO8601() throws {
        guard case .array(.object(let todo)) = ModelShape.learn(TodoApp.Shared.todos) else {
            Issue.record("[Todo] is not an array of objects")
            return
        }
        #expect(todo.map(\.key) == ["id", "title", "done", "due_at", "notes", "created_at", "owner", "tags"])
        #expect(
            todo.first { $0.key == "due_at" }
                == ModelShape.Field(key: "due_at", shape: .string(.iso8601Date), required: true, acceptsNull: false))
        #expect(todo.first { $0.key == "created_at" }?.shape == .string(.iso8601Date))
        #expect(
            todo.first { $0.key == "notes" }
                == ModelShape.Field(key: "notes", shape: .string(.plain), required: false, acceptsNull: true))
        #expect(todo.first { $0.key == "tags" }?.shape == .array(.string(.plain)))
        #expect(
            todo.first { $0.key == "owner" }?.shape
                == .object([
                    .init(key: "user_name", shape: .string(.plain), required: true, acceptsNull: false),
                    .init(key: "joined_at", shape: .string(.iso8601Date), required: false, acceptsNull: true),
                ]))
    }

    /// A model of one value of each kind a strategy reads its own way.
    struct Stamped: Codable, Equatable, Sendable {
        let at: Date
        let blob: Data
        let ratio: Double
        let small: Float?
    }

    static func stamped(_ configure: @escaping @Sendable (JSONDecoder) -> Void) -> ModelDescriptor {
        ModelDescriptor(
            Stamped.self, name: "Stamped",
            makeDecoder: {
                let decoder = JSONDecoder()
                configure(decoder)
                return decoder
            }, makeEncoder: { JSONEncoder() })
    }

    static func shapes(_ model: ModelDescriptor) -> [String: ModelShape] {
        guard case .object(let fields) = ModelShape.learn(model) else { return [:] }
        return Dictionary(fields.map { ($0.key, $0.shape) }, uniquingKeysWith: { first, _ in first })
    }

    @Test(
        "the default strategies: a date is a number (seconds since 2001), data a Base64 string; deferredToData is bytes"
    )
    func defaults() {
        #expect(
            Self.shapes(Self.stamped { _ in })
                == [
                    "at": .number(.double), "blob": .string(.base64), "ratio": .number(.double),
                    "small": .number(.float),
                ])
        #expect(
            Self.shapes(Self.stamped { $0.dataDecodingStrategy = .deferredToData })["blob"] == .array(.integer(.uint8)))
    }

    @Test("seconds and milliseconds since 1970 are numbers; a custom date is unknown")
    func dateAndDataStrategies() {
        for strategy in [JSONDecoder.DateDecodingStrategy.secondsSince1970, .millisecondsSince1970] {
            #expect(Self.shapes(Self.stamped { $0.dateDecodingStrategy = strategy })["at"] == .number(.double))
        }
        let custom = Self.shapes(
            Self.stamped { decoder in
                decoder.dateDecodingStrategy = .custom { _ in Date(timeIntervalSince1970: 0) }
            })
        #expect(custom["at"] == .unknown)
    }

    @Test("convertFromString: a float, and a date read as one, is a number or one of the named strings")
    func nonConformingFloats() {
        let shapes = Self.shapes(
            Self.stamped { decoder in
                decoder.nonConformingFloatDecodingStrategy = .convertFromString(
                    positiveInfinity: "+Infinity", negativeInfinity: "-Infinity", nan: "NaN")
            })
        let named = ModelShape.numberOrNamed(["+Infinity", "-Infinity", "NaN"])
        #expect(shapes == ["at": named, "blob": .string(.base64), "ratio": named, "small": named])
    }

    /// A model whose keys a custom strategy reads from kebab-case.
    struct Kebab: Codable, Equatable, Sendable {
        let dueAt: Int
        let title: String?
    }

    /// A coding key a strategy makes.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    @Test("a custom key strategy is tried on the key's usual spellings; one it reaches from none cannot be learnt")
    func customKeys() {
        let kebab = ModelDescriptor(
            Kebab.self, name: "Kebab",
            makeDecoder: {
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .custom { path in
                    let words = (path.last?.stringValue ?? "").split(separator: "-")
                    return Key(
                        stringValue: (words.first.map(String.init) ?? "")
                            + words.dropFirst().map(\.capitalized).joined())
                }
                return decoder
            }, makeEncoder: { JSONEncoder() })
        #expect(
            ModelShape.learn(kebab)
                == .object([
                    .init(key: "due-at", shape: .integer(.int64), required: true, acceptsNull: false),
                    .init(key: "title", shape: .string(.plain), required: false, acceptsNull: true),
                ]))
        let prefixed = ModelDescriptor(
            Kebab.self, name: "Kebab",
            makeDecoder: {
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .custom { path in
                    Key(stringValue: String((path.last?.stringValue ?? "").dropFirst(2)))
                }
                return decoder
            }, makeEncoder: { JSONEncoder() })
        #expect(
            ModelShape.learning(prefixed)
                == .failure(
                    ModelShape.Unlearnable(
                        model: "Kebab",
                        reason:
                            #"its decoder's custom key strategy turns none of the spellings the tool tries into "dueAt" (required), so the key a body writes for it is unknown"#
                    )))
    }

    /// Keys written in snake case in the model, which `convertFromSnakeCase` never hands it.
    struct SnakeInModel: Codable, Equatable, Sendable {
        let createdAt: Int
        let note: String?
        enum CodingKeys: String, CodingKey {
            case createdAt = "created_at"
            case note = "notes"
        }
    }

    @Test(
        "under convertFromSnakeCase a snake_case key in the model is reached by no body: optional, never read; required, unlearnable"
    )
    func unreachableKeys() {
        let model = ModelDescriptor(
            SnakeInModel.self, name: "SnakeInModel",
            makeDecoder: {
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                return decoder
            }, makeEncoder: { JSONEncoder() })
        // The decoder agrees: the body's keys never reach the model.
        #expect((try? model.makeDecoder().decode(SnakeInModel.self, from: Data(#"{"created_at": 1}"#.utf8))) == nil)
        guard case .failure(let unlearnable) = ModelShape.learning(model) else {
            Issue.record("learnt a model that decodes nothing")
            return
        }
        #expect(unlearnable.reason.contains(#"it requires the key "created_at", which no key of a body reaches"#))
    }

    @Test(
        "the ISO 8601 pattern accepts exactly what JSONDecoder's iso8601 strategy accepts, in the forms it describes"
    )
    func iso8601PatternAgreesWithTheDecoder() throws {
        let regex = try NSRegularExpression(pattern: ModelShape.iso8601Pattern)
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        var disagreements: [String] = []
        var accepted = 0
        let samples = Self.handPicked + Self.generated(count: 6000)
        for text in samples {
            let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            let body = try JSONSerialization.data(withJSONObject: [text])
            let decodes = (try? decoder.decode([Date].self, from: body)) != nil
            if decodes { accepted += 1 }
            if matches != decodes {
                disagreements.append("\(text.debugDescription): pattern \(matches), decoder \(decodes)")
            }
        }
        #expect(disagreements == [], "\(disagreements.prefix(20))")
        // The corpus holds both verdicts in number, so agreement is not agreement on one side.
        #expect(accepted > samples.count / 5 && accepted < samples.count * 4 / 5, "\(accepted) of \(samples.count)")
    }

    static let handPicked = [
        "2025-06-01T00:00:00Z", "2025-06-01T00:00:00+02:00", "2025-06-01T00:00:00+0200", "2025-06-01T00:00:00+02",
        "2025-06-01T00:00:00-05:30", "2025-06-01T00:00:00.123Z", "2025-06-01T00:00:00.123456789Z",
        "2025-06-01T00:00:00.1234567890Z", "2025-06-01t00:00:00Z", "2025-06-01 00:00:00Z", "2025-06-01T00:00Z",
        "20250601T000000Z", "2025-06-01", "2025-06-01T00:00:00", "2025-13-01T00:00:00Z", "2025-06-32T00:00:00Z",
        "2025-02-30T00:00:00Z", "2025-06-01T25:61:99Z", "25-6-1T0:0:0Z", "-2025-06-01T00:00:00Z",
        "2025-06-01T00:00:00Zjunk", " 2025-06-01T00:00:00Z", "2025-06-01T00:00:00Z\n", "2025-06-01T00:00:00+18:00",
        "2025-06-01T00:00:00+18:00:01", "2025-06-01T00:00:00+17:59:60", "2025-06-01T00:00:00+17:59:61",
        "2025-06-01T00:00:00+17:60", "2025-06-01T00:00:00+19", "2025-06-01T00:00:00+2:", "2025-06-01T00:00:00+2:0:",
        "2025-06-01T00:00:00UTC", "2025-06-01T00:00:00gmt-05", "2025-06-01T00:00:00GMT+", "2025-06-01T00:00:00GMTx",
        "2025-06-01T00:00:00.Z", "2025-06-01T00:00:00,5Z", "2025-06-01T00:00:00 Z", "2025/06/01T00:00:00Z", "",
    ]

    /// Strings in the forms the pattern describes (fields of the lengths it names), near and far
    /// from valid, from a fixed seed.
    static func generated(count: Int) -> [String] {
        var random = SplitMix64(seed: 42)
        func pick<T>(_ options: [T]) -> T { options[Int(random.next() % UInt64(options.count))] }
        func digits(_ range: ClosedRange<Int>) -> String {
            let length = range.lowerBound + Int(random.next() % UInt64(range.count))
            return String((0..<length).map { _ in pick(Array("0123456789")) })
        }
        func chance(_ percent: UInt64) -> Bool { random.next() % 100 < percent }
        func separator(_ usual: String) -> String { chance(95) ? usual : pick(["", "/", " ", "x", ":", "-"]) }
        return (0..<count).map { _ in
            // Mostly a month and a day in range, written with one digit or two.
            func field(_ valid: ClosedRange<Int>) -> String {
                guard chance(85) else { return digits(1...2) }
                let value = valid.lowerBound + Int(random.next() % UInt64(valid.count))
                return value < 10 && chance(50) ? "0\(value)" : "\(value)"
            }
            var text = digits(1...5) + separator("-") + field(1...12) + separator("-") + field(1...31)
            text += (chance(95) ? "T" : pick(["t", " ", ""])) + digits(1...2) + separator(":") + digits(1...2)
            text += separator(":") + digits(1...2)
            if chance(40) { text += "." + digits(chance(90) ? 1...9 : 0...12) }
            let offset = {
                pick(["+", "-"]) + digits(1...2)
                    + (chance(70) ? pick([":", ""]) + digits(chance(90) ? 1...2 : 0...0) : "")
                    + (chance(30) ? pick([":", ""]) + digits(chance(90) ? 1...2 : 0...0) : "")
            }
            switch random.next() % 6 {
            case 0: text += pick(["Z", "z"])
            case 1: text += pick(["GMT", "UTC", "utc", "Gmt", "GM", "UT"]) + (chance(50) ? offset() : "")
            case 2: text += ""
            default: text += offset()
            }
            if chance(30) { text += pick(["x", ":", "0", "7", " ", "+", ":5", "Z", "\n", ".5"]) }
            return text
        }
    }
}
