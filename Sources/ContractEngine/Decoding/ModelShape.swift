import ContractCatalogue
import Foundation
import HTTPStub

/// What a model accepts, learnt from the model itself: the keys it requires and those it reads
/// when present, the JSON type at each, arrays and dictionaries, and strings the decoder is
/// stricter about than JSON (a UUID, a URL). Learnt by decoding the model from a probe that
/// answers every question it asks and writes the question down, so optional branches that no
/// fixture holds are learnt too. The probe follows the API decoder's strategies, as the decoder
/// would read a body: keys as the body writes them (`due_at`), dates, data and non-conforming
/// floats in their wire form.
indirect enum ModelShape: Sendable, Equatable {
    /// An object with its fields by key, in the order the model reads them.
    case object([Field])
    /// An array of one shape.
    case array(ModelShape)
    /// An object read as a dictionary: any keys, one shape of value.
    case map(ModelShape)
    case string(StringFormat)
    /// A whole number, in the range of the Swift type that reads it.
    case integer(NumericType)
    /// A number, in the range of the Swift type that reads it.
    case number(NumericType)
    /// A number, or one of the strings a `convertFromString` strategy names (`"NaN"`).
    case numberOrNamed([String])
    case boolean
    /// An enum of raw values (`String` or `Int`): exactly the values the model's type accepts,
    /// learnt from its cases (`CaseIterable`). A type whose `init(from:)` falls back to a case for
    /// any value it does not know is its raw type instead, as it accepts any.
    case enumeration([JSONValue])
    /// Something the probe could not learn (a type that refuses every value it is offered): any JSON.
    case unknown
    /// A type that contains itself (`parent: Repository?`), named so that the places inside it
    /// that hold it again can refer to it: its shape once, where it first appears.
    case named(String, ModelShape)
    /// A value of a type that contains itself, inside that type: the shape of the `named` one
    /// of this name above it.
    case reference(String)

    /// One key an object reads.
    struct Field: Sendable, Equatable {
        /// The key as a body writes it, after the decoder's key strategy.
        let key: String
        let shape: ModelShape
        /// Whether a response without the key fails to decode.
        let required: Bool
        /// Whether `null` decodes (as `nil`).
        let acceptsNull: Bool
    }

    /// A UUID as `UUID(uuidString:)` reads it: 8-4-4-4-12 hexadecimal digits, either case, and
    /// nothing after them but what follows a NUL (it reads the text as a C string), in the Pact
    /// verifier's dialect, where `$` is the end of the text.
    static let uuidPattern = "^" + uuidDigits + "(\\u0000[\\s\\S]*)?$"

    /// The same in JSON Schema's dialect as Python's `jsonschema` runs it, whose `$` also matches
    /// before a final newline (which UUID(uuidString:) refuses): the end is "no character next".
    static let uuidSchemaPattern = "^" + uuidDigits + "(\\u0000[\\s\\S]*)?(?![\\s\\S])"

    private static let uuidDigits = "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"

    /// The Swift type a model reads a number into: JSONDecoder refuses a number beyond its range
    /// ("not valid JSON", at no path), so every rendering of the model carries that range.
    enum NumericType: Sendable, Equatable {
        /// `Int` and `Int64`.
        case int64
        case int32
        case int16
        case int8
        /// `UInt` and `UInt64`.
        case uint64
        case uint32
        case uint16
        case uint8
        /// `Double`, and `Date` under JSONDecoder's default strategy (seconds as a `Double`).
        case double
        case float
        /// `Decimal`: JSONDecoder reads it with an exponent of at most 127 as written (`1e128`
        /// fails, `1.5e128` is 15 × 10^127), and at least -128.
        case decimal
    }

    /// What a string must be beyond being a string.
    enum StringFormat: Sendable, Equatable {
        case plain
        /// `UUID(uuidString:)`: 8-4-4-4-12 hexadecimal digits, either case.
        case uuid
        /// `URL(string:)`: not empty; the rest differs between platforms.
        case url
        /// A `Date` under the `iso8601` strategy.
        case iso8601Date
        /// `Data` under the `base64` strategy.
        case base64
        /// A `Date` under a strategy whose closure the tool cannot read (`.formatted`, `.custom`),
        /// in the forms the suite's bodies show: `pattern` is a regex of them, digit for digit
        /// (`^[0-9]{4}-[0-9]{2}-[0-9]{2}$`, the end of the text at `$`), and `format` the
        /// formatter's pattern (`yyyy-MM-dd`) where the tool can tell it.
        case formattedDate(pattern: String, format: String?)
    }

    /// Learns a model's shape.
    /// - Parameter model: The model, as the catalogue describes it.
    /// - Returns: Its shape, `.unknown` where it cannot be learnt.
    static func learn(_ model: ModelDescriptor) -> ModelShape {
        (try? learning(model).get()) ?? .unknown
    }

    /// Learns a model's shape, or says why it cannot be learnt: an export must never describe a
    /// model it could not learn as one that accepts anything.
    /// - Parameter model: The model, as the catalogue describes it.
    /// - Returns: Its shape, or the reason, such as `its init(from:) asks for a nested container at "name"`.
    /// Keys are named as `spellings` says where the suite's bodies spell them (`iso_3166_1` for
    /// `iso31661`, which `convertFromSnakeCase` also reads from `iso31661`), else in the first
    /// spelling the decoder's key strategy turns into the model's key.
    /// - Parameters:
    ///   - model: The model, as the catalogue describes it.
    ///   - spellings: The body's key for each key of the model, as the suite's bodies write it
    ///     (`WireSpellings`).
    /// - Returns: Its shape, or the reason, such as `its init(from:) asks for a nested container at "name"`.
    static func learning(_ model: ModelDescriptor, spellings: [String: String] = [:]) -> Result<
        ModelShape, Unlearnable
    > {
        learnt(model, spellings: spellings).shape
    }

    /// Learns a model's shape as `learning` does, the suite's bodies first: the raw values an enum
    /// that lists no cases accepted there, the forms of dates under a strategy the tool cannot
    /// read; and the places whose shape could not be learnt, which accept anything but stay
    /// required.
    /// - Parameters:
    ///   - model: The model, as the catalogue describes it.
    ///   - spellings: The body's key for each key of the model, as the suite's bodies write it.
    ///   - accepted: What the model's decoder accepted in the suite's bodies (`SuiteBodies`).
    /// - Returns: The shape or why it cannot be learnt, and a warning for each place guessed.
    static func learnt(
        _ model: ModelDescriptor, spellings: [String: String] = [:], accepted: AcceptedValues = AcceptedValues()
    ) -> (shape: Result<ModelShape, Unlearnable>, warnings: [String]) {
        let context = ProbeContext(options: NodeDecodingOptions(model.makeDecoder()))
        context.spellings = spellings
        context.accepted = accepted
        let probe = ShapeProbe(context: context, codingPath: [], minimal: false)
        let name = model.name.trimmingCharacters(in: CharacterSet(charactersIn: "[]"))
        do {
            try model.decode(from: probe)
        } catch let error as ProbeError {
            return (.failure(Unlearnable(model: name, reason: error.reason)), [])
        } catch {
            return (
                .failure(
                    Unlearnable(model: name, reason: "its init(from:) refuses the probe's plain values (\(error))")),
                []
            )
        }
        let warnings = context.guesses.map { guess in
            "the model \(JSONValue.quote(name)) reads \(guess.what) at \(JSONValue.quote(guess.path)) whose form cannot be learnt (\(guess.reason)): both exports accept any value there and still require the key"
        }
        return (.success(probe.node.shape.namingItself()), warnings)
    }

    /// The model's own type met inside it: the probe decodes the model before any question, so its
    /// first copy inside it is the one named. When the model is that copy with the copy a
    /// reference (`TodoList` whose `parent` is a `TodoList`), the model is the named one.
    private func namingItself() -> ModelShape {
        for definition in definitions where replacing(definition.name) == definition.shape {
            return .named(definition.name, definition.shape)
        }
        return self
    }

    /// The shape with each `named` one of a name turned into a reference to it.
    private func replacing(_ name: String) -> ModelShape {
        switch self {
        case .named(name, _): .reference(name)
        case .named(let other, let inner): .named(other, inner.replacing(name))
        case .object(let fields):
            .object(
                fields.map {
                    Field(
                        key: $0.key, shape: $0.shape.replacing(name), required: $0.required, acceptsNull: $0.acceptsNull
                    )
                })
        case .array(let element): .array(element.replacing(name))
        case .map(let value): .map(value.replacing(name))
        default: self
        }
    }

    /// A model whose shape cannot be learnt, and why.
    struct Unlearnable: Error, Sendable, Equatable {
        let model: String
        let reason: String

        /// The sentence an export reports.
        var message: String {
            "the shape of the model \(JSONValue.quote(model)) cannot be learnt: \(reason); an export would accept anything there"
        }
    }
}

extension ModelShape {
    /// The string format the model reads at a path into its JSON, or `nil` where it reads no string.
    /// - Parameter path: A path such as `[0].imageURL` (`.key` through a map reads its values).
    /// - Returns: The format, such as `.uuid`.
    func stringFormat(at path: JSONPath) -> StringFormat? {
        var definitions: [String: ModelShape] = [:]
        var shape = self.resolved(&definitions)
        for segment in path.segments {
            switch (shape, segment) {
            case (.array(let element), .index): shape = element
            case (.map(let value), .key): shape = value
            case (.object(let fields), .key(let key)):
                guard let field = fields.first(where: { $0.key == key }) else { return nil }
                shape = field.shape
            default: return nil
            }
            shape = shape.resolved(&definitions)
        }
        if case .string(let format) = shape { return format }
        return nil
    }

    /// The shape a walk from the root meets here: a `named` one's shape, written down for the
    /// references below it, or the shape a `reference` names. Definitions always lie above their
    /// references, so a walk that passes every shape it meets through this resolves them all.
    /// - Parameter definitions: The named shapes met on the way down.
    /// - Returns: The shape, never `named` or a known `reference`.
    func resolved(_ definitions: inout [String: ModelShape]) -> ModelShape {
        switch self {
        case .named(let name, let shape):
            definitions[name] = shape
            return shape.resolved(&definitions)
        case .reference(let name): return definitions[name] ?? .unknown
        default: return self
        }
    }

    /// Every named shape a shape holds, the outermost first, each name once.
    var definitions: [(name: String, shape: ModelShape)] {
        var found: [(name: String, shape: ModelShape)] = []
        func visit(_ shape: ModelShape) {
            switch shape {
            case .named(let name, let inner):
                if !found.contains(where: { $0.name == name }) { found.append((name, inner)) }
                visit(inner)
            case .object(let fields):
                for field in fields { visit(field.shape) }
            case .array(let element), .map(let element): visit(element)
            default: break
            }
        }
        visit(self)
        return found
    }

    /// Shapes already learnt, by model name: learning one decodes the model from a probe.
    private static let learnt = Locked<[String: ModelShape]>([:])

    /// A model's shape, learnt once per process.
    /// - Parameter model: The model.
    /// - Returns: Its shape.
    static func cached(_ model: ModelDescriptor) -> ModelShape {
        if let shape = learnt.withLock({ $0[model.name] }) { return shape }
        let shape = learn(model)
        learnt.withLock { $0[model.name] = shape }
        return shape
    }
}

/// What one learning shares across its probes: the decoder's strategies, and the types being
/// decoded from the root down to the question asked, to see a type that contains itself.
private final class ProbeContext {
    let options: NodeDecodingOptions
    /// The types being decoded, outermost first.
    var inProgress: [ObjectIdentifier] = []
    /// The types met again inside themselves.
    var recursive: Set<ObjectIdentifier> = []
    /// The value the next string or whole number asked for is answered with, to see which raw
    /// values an enum accepts.
    var offer: JSONValue?
    /// The body's key for a key of the model, as the suite's bodies spell it.
    var spellings: [String: String] = [:]
    /// What the model's decoder accepted in the suite's bodies.
    var accepted = AcceptedValues()
    /// The places whose shape the probe could not learn, each once.
    var guesses: [Guess] = []
    /// Whether the value just answered also takes `null` (an `Optional` asked for with `decode`).
    var answeredNull = false

    /// A place whose shape could not be learnt.
    struct Guess: Equatable {
        /// The body's path to it, `[*].created_at`.
        let path: String
        /// What the model reads there, `a date`.
        let what: String
        let reason: String
    }

    init(options: NodeDecodingOptions) {
        self.options = options
    }
}

/// A decoder that answers what a model asks with a plausible value and records the question.
///
/// A type asked for inside itself (`parent: Repository?`) is answered by a minimal probe, which
/// answers every optional key with `nil` and every array and dictionary with none, so that the
/// value ends; its shape is a reference to the outer one.
private final class ShapeProbe: Decoder {
    /// What one level of the probe has learnt.
    final class Node {
        var fields: [ModelShape.Field] = []
        var element: ModelShape?
        var single: ModelShape?
        var isMap = false
        /// Whether the value asked whether it is `null` and reads on when it is not: an `Optional`.
        var takesNull = false
        /// The key whose `null` was just asked about: the standard library's `decodeIfPresent` for
        /// a primitive asks that, then calls `decode`, so that key is optional.
        var nilChecked: String?

        var shape: ModelShape {
            if let single { return single }
            if let element { return isMap ? .map(element) : .array(element) }
            return .object(fields)
        }
    }

    let node = Node()
    let context: ProbeContext
    /// The model's keys down to this value, as a custom key strategy is given them.
    let codingPath: [any CodingKey]
    /// Whether this probe only ends a value of a type inside itself: no optional key, no element.
    let minimal: Bool
    /// The API decoder's strategies, which decide the key a body writes and the wire form of a
    /// date, data or a non-conforming float.
    var options: NodeDecodingOptions { context.options }
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    init(context: ProbeContext, codingPath: [any CodingKey], minimal: Bool) {
        self.context = context
        self.codingPath = codingPath
        self.minimal = minimal
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(KeyedProbe<Key>(probe: self))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        UnkeyedProbe(probe: self)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleProbe(probe: self)
    }

    /// A value of a type and its shape: primitives and the types the decoder treats specially
    /// answered directly, any other decoded from a probe of its own.
    func answer<T: Decodable>(_ type: T.Type, at codingPath: [any CodingKey]) throws -> (T, ModelShape) {
        func value<V>(_ candidate: V, _ shape: ModelShape) throws -> (T, ModelShape) {
            guard let value = candidate as? T else { throw ProbeError.refused }
            return (value, shape)
        }
        if let offered = context.offer {
            context.offer = nil
            switch (offered, type) {
            case (.string(let text), is String.Type): return try value(text, .string(.plain))
            case (.number(let text), is Int.Type): return try value(Int(text) ?? 0, .integer(.int64))
            default: break
            }
        }
        if let enumeration = try answerEnumeration(type) { return enumeration }
        if let enumeration = try answerRawValues(type, at: codingPath) { return enumeration }
        switch type {
        case is String.Type: return try value("", .string(.plain))
        case is Bool.Type: return try value(false, .boolean)
        case is Int.Type: return try value(0, .integer(.int64))
        case is Int64.Type: return try value(Int64(0), .integer(.int64))
        case is Int32.Type: return try value(Int32(0), .integer(.int32))
        case is UInt.Type: return try value(UInt(0), .integer(.uint64))
        case is UInt64.Type: return try value(UInt64(0), .integer(.uint64))
        case is Double.Type: return try value(0.0, .floatingPoint(options, .double))
        case is Float.Type: return try value(Float(0), .floatingPoint(options, .float))
        case is Decimal.Type: return try value(Decimal(0), .number(.decimal))
        // Under `deferredToDate` (the default) a date is its own `init(from:)`, a `Double` read
        // above; under `deferredToData` data is bytes, whole numbers read below.
        case is Date.Type where options.readsDates:
            return try value(Date(timeIntervalSinceReferenceDate: 0), date(at: codingPath))
        case is Data.Type where options.readsData: return try value(Data(), .data(options))
        case is UUID.Type: return try value(UUID(), .string(.uuid))
        case is URL.Type: return try value(URL(fileURLWithPath: "/"), .string(.url))
        case is Int8.Type: return try value(Int8(0), .integer(.int8))
        case is Int16.Type: return try value(Int16(0), .integer(.int16))
        case is UInt8.Type: return try value(UInt8(0), .integer(.uint8))
        case is UInt16.Type: return try value(UInt16(0), .integer(.uint16))
        case is UInt32.Type: return try value(UInt32(0), .integer(.uint32))
        default:
            return try answerComposite(type, at: codingPath)
        }
    }

    /// A value of an enum of `String` or `Int` raw values that lists its cases, and its shape: the
    /// raw values its `init(from:)` accepts, or the raw type where it also accepts one no case
    /// has (an unknown-case fallback); `nil` for any other type.
    private func answerEnumeration<T: Decodable>(_ type: T.Type) throws -> (T, ModelShape)? {
        guard let cases = T.self as? any CaseIterable.Type, T.self is any RawRepresentable.Type else { return nil }
        let raws = Self.rawValues(of: cases)
        let offers: [JSONValue] = raws.compactMap { raw in
            if let text = raw as? String { return .string(text) }
            if let number = raw as? Int { return .number(String(number)) }
            return nil
        }
        guard let first = offers.first, offers.count == raws.count else { return nil }
        func decoded(_ offer: JSONValue) -> T? {
            context.offer = offer
            defer { context.offer = nil }
            return try? T(from: ShapeProbe(context: context, codingPath: codingPath, minimal: minimal))
        }
        guard let value = decoded(first) else { return nil }
        let isText: Bool
        if case .string = first { isText = true } else { isText = false }
        // A value no case has: decoded, it is a fallback, and the type reads any raw value.
        let stranger: JSONValue = isText ? .string("\u{1}dogpatch-contracts") : .number(String(Int.min + 7))
        if decoded(stranger) != nil { return (value, isText ? .string(.plain) : .integer(.int64)) }
        return (value, .enumeration(offers.filter { decoded($0) != nil }))
    }

    /// A value of an enum of `String` or `Int` raw values that does not list its cases, and its
    /// shape: the raw values it accepts among its cases (read from its layout, where its cases
    /// carry no values) and those the suite's bodies show, or the raw type where it also accepts a
    /// value no case has (an unknown-case fallback); `nil` for any other type.
    private func answerRawValues<T: Decodable>(_ type: T.Type, at path: [any CodingKey]) throws -> (T, ModelShape)? {
        guard !(T.self is any CaseIterable.Type), let raw = T.self as? any RawRepresentable.Type else { return nil }
        let isText: Bool
        switch Self.rawType(of: raw) {
        case is String.Type: isText = true
        case is Int.Type: isText = false
        default: return nil
        }
        // Decoded from one value, read as one value: a type that reads keys is no enum.
        func decoded(_ offer: JSONValue) -> T? {
            context.offer = offer
            defer { context.offer = nil }
            let probe = ShapeProbe(context: context, codingPath: codingPath, minimal: minimal)
            guard let value = try? T(from: probe), probe.node.single != nil else { return nil }
            return value
        }
        let stranger: JSONValue = isText ? .string("\u{1}dogpatch-contracts") : .number(String(Int.min + 7))
        if let value = decoded(stranger) { return (value, isText ? .string(.plain) : .integer(.int64)) }
        var candidates: [JSONValue] = Self.layoutCases(of: T.self).compactMap { raw in
            if let text = raw as? String { return isText ? .string(text) : nil }
            if let number = raw as? Int { return isText ? nil : .number(String(number)) }
            return nil
        }
        for value in context.accepted.rawValues(of: T.self) where !candidates.contains(value) {
            candidates.append(value)
        }
        let accepted = candidates.filter { decoded($0) != nil }
        guard let first = accepted.first, let value = decoded(first) else {
            throw ProbeError(
                reason:
                    "the enum \(JSONValue.quote(String(describing: T.self))) at \(JSONValue.quote(bodyPath(path))) does not list its cases (CaseIterable), the tool cannot read them from its layout, and no body of the suite holds one"
            )
        }
        return (value, .enumeration(accepted))
    }

    /// The type of a type's raw values.
    private static func rawType<R: RawRepresentable>(of type: R.Type) -> Any.Type { R.RawValue.self }

    /// The raw values of an enum's cases read from its layout, in the order they are declared,
    /// where its cases carry no values: such an enum is one byte (none for one case), its cases
    /// numbered from zero and `nil` the first number past them. Any other type: none.
    private static func layoutCases<T>(of type: T.Type) -> [Any] {
        guard MemoryLayout<T?>.size == 1, MemoryLayout<T>.size <= 1 else { return [] }
        var cases: [T] = []
        for tag in UInt8.min...UInt8.max {
            var byte = tag
            guard let value = withUnsafeBytes(of: &byte, { $0.load(as: T?.self) }) else { break }
            cases.append(value)
        }
        guard cases.allSatisfy({ Mirror(reflecting: $0).displayStyle == .enum }) else { return [] }
        return cases.compactMap { ($0 as? any RawRepresentable).map { Self.raw(of: $0) } }
    }

    /// The shape of a date at a path: the strategy's, or under a closure the tool cannot read
    /// (`.custom`, `.formatted` on Linux) the forms the suite's bodies show, else what the
    /// closure is seen to accept; a place it cannot learn is written down and accepts anything.
    private func date(at codingPath: [any CodingKey]) -> ModelShape {
        let shape = ModelShape.date(options)
        guard shape == .unknown else { return shape }
        switch ModelShape.closureDate(options, accepted: context.accepted.dates) {
        case .success(let learnt): return learnt
        case .failure(let failure):
            let guess = ProbeContext.Guess(path: bodyPath(codingPath), what: "a date", reason: failure.reason)
            if !minimal, !context.guesses.contains(guess) { context.guesses.append(guess) }
            return .unknown
        }
    }

    /// The body's path to a place, as an export's paths are written: `[*].created_at`.
    func bodyPath(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        var above: [any CodingKey] = []
        for key in codingPath {
            if let element = key as? NodeCodingKey, element.intValue != nil {
                path = CollapsedPath.appending(.anyElement, to: path)
            } else if key.stringValue == "*" {
                path = CollapsedPath.appending(.anyKey, to: path)
            } else {
                let wire =
                    context.spellings[key.stringValue] ?? options.wireKey(for: key.stringValue, in: above)
                    ?? key.stringValue
                path = CollapsedPath.appending(.key(wire), to: path)
            }
            above.append(key)
        }
        return path.isEmpty ? "$" : path
    }

    /// The raw values of a type's cases.
    private static func rawValues<C: CaseIterable>(of type: C.Type) -> [Any] {
        type.allCases.compactMap { ($0 as? any RawRepresentable).map { Self.raw(of: $0) } }
    }

    private static func raw<R: RawRepresentable>(of value: R) -> Any { value.rawValue }

    /// A value of a type the decoder hands its own `init(from:)`, decoded from a probe of its
    /// own; inside itself, from a minimal probe, and its shape a reference.
    private func answerComposite<T: Decodable>(_ type: T.Type, at codingPath: [any CodingKey]) throws -> (
        T, ModelShape
    ) {
        let identifier = ObjectIdentifier(T.self)
        let name = String(describing: T.self)
        if context.inProgress.contains(identifier) {
            // Once more inside a value that is itself only ending: nothing ends it.
            if minimal { throw ProbeError.endless(name) }
            context.recursive.insert(identifier)
            let probe = ShapeProbe(context: context, codingPath: codingPath, minimal: true)
            return (try T(from: probe), .reference(name))
        }
        context.inProgress.append(identifier)
        defer { context.inProgress.removeLast() }
        let probe = ShapeProbe(context: context, codingPath: codingPath, minimal: minimal)
        let decoded = try T(from: probe)
        let shape = probe.node.shape
        context.answeredNull = probe.node.takesNull
        return (decoded, !minimal && context.recursive.contains(identifier) ? .named(name, shape) : shape)
    }
}

/// Why the probe stopped: a question it cannot answer as JSONDecoder would.
private struct ProbeError: Error {
    let reason: String

    /// A value the probe offers that the type refused.
    static let refused = ProbeError(reason: "it refuses every value the probe offers")
    static func nested(_ key: String?) -> ProbeError {
        ProbeError(
            reason: "its init(from:) asks for a nested container"
                + (key.map { " at \(JSONValue.quote($0))" } ?? " in an array"))
    }
    static let superDecoder = ProbeError(reason: "its init(from:) asks for a super decoder")
    /// A type that requires a value of its own type, so that no finite body decodes.
    static func endless(_ type: String) -> ProbeError {
        ProbeError(
            reason: "\(JSONValue.quote(type)) requires a value of its own type inside itself, so no finite body decodes"
        )
    }
    /// A key the decoder's key strategy reaches from no key of a body the probe can find.
    static func unreachable(_ key: String, required: Bool, _ options: NodeDecodingOptions) -> ProbeError {
        if case .convertFromSnakeCase = options.keys {
            return ProbeError(
                reason:
                    "it requires the key \(JSONValue.quote(key)), which no key of a body reaches under the decoder's convertFromSnakeCase, so it decodes nothing"
            )
        }
        return ProbeError(
            reason:
                "its decoder's custom key strategy turns none of the spellings the tool tries into \(JSONValue.quote(key)) (\(required ? "required" : "optional")), so the key a body writes for it is unknown"
        )
    }
}

private struct KeyedProbe<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let probe: ShapeProbe
    var node: ShapeProbe.Node { probe.node }
    var options: NodeDecodingOptions { probe.options }
    var codingPath: [any CodingKey] { probe.codingPath }

    /// A dictionary asks for its keys: it is given one, and read as a map (none, to end a value).
    var allKeys: [Key] {
        node.isMap = true
        if probe.minimal { return [] }
        return Key(stringValue: "*").map { [$0] } ?? []
    }

    func contains(_ key: Key) -> Bool { !probe.minimal }

    func decodeNil(forKey key: Key) throws -> Bool {
        node.nilChecked = key.stringValue
        return probe.minimal
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        probe.context.answeredNull = false
        let (value, shape) = try probe.answer(type, at: codingPath + [key])
        // `decode(String?.self, forKey:)`: the key is required, and `null` decodes.
        let takesNull = probe.context.answeredNull
        let optional = node.nilChecked == key.stringValue
        node.nilChecked = nil
        try record(key, shape, required: !optional, takesNull: takesNull)
        return value
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        if probe.minimal { return nil }
        let (value, shape) = try probe.answer(type, at: codingPath + [key])
        try record(key, shape, required: false)
        return value
    }

    /// Writes a key down under the name a body gives it. A dictionary's keys are not converted
    /// (`JSONDecoder` hands them over as written), so a map records only its value's shape.
    private func record(_ key: Key, _ shape: ModelShape, required: Bool, takesNull: Bool = false) throws {
        if node.isMap {
            node.element = shape
            return
        }
        let spelt = probe.context.spellings[key.stringValue].flatMap {
            options.modelKey(for: $0, in: codingPath) == key.stringValue ? $0 : nil
        }
        guard let wire = spelt ?? options.wireKey(for: key.stringValue, in: codingPath) else {
            // Under `convertFromSnakeCase` an optional key no body reaches is always `nil`: the
            // model reads nothing there. Any other strategy could reach it from a spelling not tried.
            if case .convertFromSnakeCase = options.keys, !required { return }
            throw ProbeError.unreachable(key.stringValue, required: required, options)
        }
        node.fields.append(
            ModelShape.Field(key: wire, shape: shape, required: required, acceptsNull: !required || takesNull))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw ProbeError.nested(key.stringValue)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw ProbeError.nested(key.stringValue)
    }
    func superDecoder() throws -> any Decoder { throw ProbeError.superDecoder }
    func superDecoder(forKey key: Key) throws -> any Decoder { throw ProbeError.superDecoder }
}

private struct UnkeyedProbe: UnkeyedDecodingContainer {
    let probe: ShapeProbe
    var node: ShapeProbe.Node { probe.node }
    var codingPath: [any CodingKey] { probe.codingPath }
    /// One element, or none to end a value.
    var count: Int? { probe.minimal ? 0 : 1 }
    var currentIndex = 0
    var isAtEnd: Bool { currentIndex >= (count ?? 0) }

    init(probe: ShapeProbe) {
        self.probe = probe
    }

    mutating func decodeNil() throws -> Bool { false }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, shape) = try probe.answer(type, at: codingPath + [NodeCodingKey(intValue: currentIndex)])
        node.element = shape
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        throw ProbeError.nested(nil)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer { throw ProbeError.nested(nil) }
    mutating func superDecoder() throws -> any Decoder { throw ProbeError.superDecoder }
}

private struct SingleProbe: SingleValueDecodingContainer {
    let probe: ShapeProbe
    var node: ShapeProbe.Node { probe.node }
    var codingPath: [any CodingKey] { probe.codingPath }

    func decodeNil() -> Bool {
        if !probe.minimal { node.takesNull = true }
        return probe.minimal
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, shape) = try probe.answer(type, at: codingPath)
        node.single = shape
        return value
    }
}
