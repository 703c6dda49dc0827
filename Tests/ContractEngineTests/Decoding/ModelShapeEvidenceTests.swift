import ContractCatalogue
import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// Issue 46: shapes learnt from what the decoder accepts, the suite's own bodies first and probing
/// second: enums that do not list their cases, dates under a closure, `null` where the model takes it.
@Suite("model shape from what the decoder accepts")
struct ModelShapeEvidenceTests {
    /// A code of three letters that checks its raw value: not an enum, so nothing lists its values.
    struct Code: RawRepresentable, Codable, Equatable, Sendable {
        let rawValue: String
        init?(rawValue: String) {
            guard ["EUR", "USD", "CHF"].contains(rawValue) else { return nil }
            self.rawValue = rawValue
        }
    }

    struct Price: Codable, Equatable, Sendable {
        let code: Code
    }

    /// A model whose `note` must be present and may be `null`.
    struct Remark: Codable, Equatable, Sendable {
        let note: String?
        enum CodingKeys: String, CodingKey { case note }
        init(from decoder: any Decoder) throws {
            note = try decoder.container(keyedBy: CodingKeys.self).decode(String?.self, forKey: .note)
        }
    }

    struct Stamped: Codable, Equatable, Sendable {
        let stamp: Date
    }

    /// A model of stamps read by a date strategy's closure.
    static func stamps(_ read: @escaping @Sendable (any Decoder) throws -> Date) -> ModelDescriptor {
        ModelDescriptor(
            [Stamped].self, name: "[Stamped]",
            makeDecoder: {
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .custom(read)
                return decoder
            }, makeEncoder: { JSONEncoder() })
    }

    static let price = ModelDescriptor(
        Price.self, name: "Price", makeDecoder: { JSONDecoder() }, makeEncoder: { JSONEncoder() })

    @Test(
        "a type of raw values that lists none is an enum of the values the suite's bodies show, and unlearnable with none"
    )
    func rawValuesFromBodies() throws {
        var accepted = AcceptedValues()
        accepted.recordRaw(.string("USD"), of: Code.self)
        accepted.recordRaw(.string("EUR"), of: Code.self)
        let learnt = ModelShape.learnt(Self.price, accepted: accepted)
        #expect(
            try learnt.shape.get()
                == .object([
                    .init(
                        key: "code", shape: .enumeration([.string("USD"), .string("EUR")]), required: true,
                        acceptsNull: false)
                ]))
        guard case .failure(let failure) = ModelShape.learnt(Self.price).shape else {
            Issue.record("learnt with no body")
            return
        }
        // A list of them is named as its component, `Price`: never `[Price]`.
        let prices = ModelDescriptor(
            [Price].self, name: "[Price]", makeDecoder: { JSONDecoder() }, makeEncoder: { JSONEncoder() })
        guard case .failure(let listFailure) = ModelShape.learnt(prices).shape else {
            Issue.record("learnt with no body")
            return
        }
        #expect(
            listFailure.message.hasPrefix(
                #"the shape of the model "Price" cannot be learnt: the enum "Code" at "[*].code""#))
        #expect(
            failure.message.contains(
                #"the enum "Code" at "code" does not list its cases (CaseIterable), the tool cannot read them from its layout, and no body of the suite holds one"#
            ), "\(failure.message)")
    }

    /// A type of raw values read from an object (`{"code": "EUR"}`): no enum to the probe.
    struct Wrapped: RawRepresentable, Codable, Equatable, Sendable {
        let rawValue: String
        init?(rawValue: String) { self.rawValue = rawValue }
        enum CodingKeys: String, CodingKey { case code }
        init(from decoder: any Decoder) throws {
            rawValue = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .code)
        }
    }

    struct Holder: Codable, Equatable, Sendable {
        let price: Wrapped
    }

    @Test("a type of raw values that reads an object is learnt as the object it reads")
    func rawValuesReadAsObject() throws {
        let model = ModelDescriptor(
            Holder.self, name: "Holder", makeDecoder: { JSONDecoder() }, makeEncoder: { JSONEncoder() })
        let code = ModelShape.Field(key: "code", shape: .string(.plain), required: true, acceptsNull: false)
        #expect(
            try ModelShape.learnt(model).shape.get()
                == .object([.init(key: "price", shape: .object([code]), required: true, acceptsNull: false)]))
    }

    @Test("the raw values a decode of the suite's bodies accepts are recorded by type")
    func recordedWhileDecoding() throws {
        let log = KeyReadLog()
        let root = try JSONParser.parse(Data(#"{"code": "CHF"}"#.utf8))
        _ = try Self.price.decode(from: NodeDecoder(node: root, codingPath: [], readLog: log, options: .init()))
        #expect(log.accepted.rawValues(of: Code.self) == [.string("CHF")])
    }

    @Test("an enum that is not CaseIterable is an enum of all its cases, read from its layout")
    func casesFromLayout() throws {
        guard case .named(_, .object(let fields)) = ModelShape.learn(TodoApp.todoList) else {
            Issue.record("TodoList is not named")
            return
        }
        #expect(
            fields.first { $0.key == "visibility" }?.shape
                == .enumeration([.string("private"), .string("shared"), .string("public")]))
    }

    @Test("a key decoded as an Optional with decode, not decodeIfPresent, is required and takes null")
    func requiredNull() throws {
        let model = ModelDescriptor(
            Remark.self, name: "Remark", makeDecoder: { JSONDecoder() }, makeEncoder: { JSONEncoder() })
        #expect(
            try ModelShape.learnt(model).shape.get()
                == .object([.init(key: "note", shape: .string(.plain), required: true, acceptsNull: true)]))
    }

    @Test("a formatted date is a string in the forms the bodies show, with the formatter's pattern")
    func formattedDate() throws {
        guard case .named(_, .object(let fields)) = ModelShape.learn(TodoApp.todoList) else {
            Issue.record("TodoList is not named")
            return
        }
        // No body: the closure is seen to take the usual `yyyy-MM-dd`.
        // The white space ICU skips around a date, and the separators it reads in place of `-`
        // (`2026/12/24`), as the closure is seen to.
        let day = ModelShape.leadingSpace + #"[0-9]{4}[\-/. ,][0-9]{2}[\-/. ,][0-9]{2}"# + ModelShape.trailingSpace
        #expect(
            fields.first { $0.key == "due_on" }?.shape == .string(.formattedDate(pattern: day, format: "yyyy-MM-dd")))
        var accepted = AcceptedValues()
        accepted.recordDate(.string("2026-12-24"))
        let learnt = ModelShape.learnt(TodoApp.todoList, accepted: accepted)
        guard case .success(.named(_, .object(let fromBodies))) = learnt.shape else {
            Issue.record("TodoList is not named")
            return
        }
        #expect(fromBodies.first { $0.key == "due_on" } == fields.first { $0.key == "due_on" })
        #expect(learnt.warnings.isEmpty)
    }

    @Test("a formatted date's time zone is each form the formatter reads; the pattern and the formatter agree")
    func zones() throws {
        let model = ModelDescriptor(
            [Stamped].self, name: "[Stamped]",
            makeDecoder: {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US_POSIX")
                formatter.dateFormat = "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ"
                let decoder = JSONDecoder()
                decoder.dateDecodingStrategy = .formatted(formatter)
                return decoder
            }, makeEncoder: { JSONEncoder() })
        var accepted = AcceptedValues()
        accepted.recordDate(.string("2017-04-06T16:55:02.132Z"))
        guard case .success(.array(.object(let fields))) = ModelShape.learnt(model, accepted: accepted).shape,
            case .string(.formattedDate(let pattern, let format)) = fields.first?.shape
        else {
            Issue.record("no formatted date")
            return
        }
        #expect(format == "yyyy-MM-dd'T'HH:mm:ss.SSSZZZZZ")
        let regex = try NSRegularExpression(pattern: "^" + pattern + "$")
        for text in [
            "2017-04-06T16:55:02.132Z", "2017-04-06T16:55:02.132+02:00", "2017-04-06T16:55:02.132-0500",
            "2017-04-06T16:55:02.132", "2017-04-06T16:55:02Z", "2017-04-06", "12345", "2017-04-06T16:55:02.132Z ",
        ] {
            let decodes =
                (try? model.makeDecoder().decode([Stamped].self, from: Data(#"[{"stamp": "\#(text)"}]"#.utf8))) != nil
            let matches = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
            #expect(decodes == matches, "\(text): decodes \(decodes), matches \(matches)")
        }
    }

    @Test("a custom date is the kind the bodies show; with no body and no usual form it is a warning, still required")
    func customDate() throws {
        let seconds = Self.stamps { Date(timeIntervalSince1970: try $0.singleValueContainer().decode(Double.self)) }
        var numbers = AcceptedValues()
        numbers.recordDate(.number("1700000000"))
        #expect(
            try ModelShape.learnt(seconds, accepted: numbers).shape.get()
                == .array(.object([.init(key: "stamp", shape: .number(.double), required: true, acceptsNull: false)])))
        // No body: the closure is seen to read a number.
        #expect(try ModelShape.learnt(seconds).shape.get() == ModelShape.learnt(seconds, accepted: numbers).shape.get())
        let refusing = Self.stamps { decoder in
            let text = try decoder.singleValueContainer().decode(String.self)
            guard text.hasPrefix("@") else {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "no @"))
            }
            return Date(timeIntervalSince1970: 0)
        }
        let learnt = ModelShape.learnt(refusing)
        #expect(
            try learnt.shape.get()
                == .array(.object([.init(key: "stamp", shape: .unknown, required: true, acceptsNull: false)])))
        #expect(
            learnt.warnings == [
                #"the model "Stamped" reads a date at "[*].stamp" whose form cannot be learnt (no body of the suite holds one, and its date strategy is a closure that takes none of the usual forms the tool tries): both exports accept any value there, and require the key where the model does"#
            ])
        var strings = AcceptedValues()
        strings.recordDate(.string("@1700000000"))
        #expect(
            try ModelShape.learnt(refusing, accepted: strings).shape.get()
                == .array(
                    .object([
                        .init(
                            key: "stamp",
                            shape: .string(
                                .formattedDate(pattern: "@[0-9]{10}" + ModelShape.trailingSpace, format: nil)),
                            required: true, acceptsNull: false)
                    ])))
    }
}
