import Foundation

/// A `Decoder` over a parsed `JSONNode`, used to explain why a body failed to decode.
///
/// It follows the strategies of the API's `JSONDecoder` (`NodeDecodingOptions`: keys, dates,
/// data, non-conforming floats; by default dates as seconds since 2001, `Decimal` and `URL` read
/// from their JSON forms) but knows where every value is, so a failure gets its exact coding path
/// even where Linux's `JSONDecoder` reports none (a number that does not fit its type).
/// Its errors are `DecodingError`s whose debug descriptions are this tool's own wording.
struct NodeDecoder: Decoder {
    let node: JSONNode
    let codingPath: [any CodingKey]
    /// Records the keys the model reads, when set.
    var readLog: KeyReadLog?
    /// The API decoder's strategies.
    let options: NodeDecodingOptions
    /// Whether this node's keys reach the model as the JSON writes them whatever the key strategy:
    /// `JSONDecoder` converts no key of a `[String: T]`.
    var keepsKeys = false
    var userInfo: [CodingUserInfoKey: Any] { options.userInfo }

    init(node: JSONNode, codingPath: [any CodingKey], readLog: KeyReadLog? = nil, options: NodeDecodingOptions) {
        self.node = node
        self.codingPath = codingPath
        self.readLog = readLog
        self.options = options
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let members) = node.value else {
            throw NodeDecoder.mismatch([String: Int].self, "an object", node, codingPath)
        }
        if options.convertsKeys && !keepsKeys {
            return KeyedDecodingContainer(
                KeyedNodeContainer<Key>(converting: members, codingPath: codingPath, readLog: readLog, options: options)
            )
        }
        var byKey: [String: JSONNode] = [:]
        // The first of repeated keys wins, as in JSONDecoder.
        for member in members where byKey[member.key] == nil { byKey[member.key] = member.value }
        return KeyedDecodingContainer(
            KeyedNodeContainer<Key>(
                members: byKey, keys: members.map(\.key), codingPath: codingPath, readLog: readLog, options: options))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = node.value else {
            throw NodeDecoder.mismatch([Int].self, "an array", node, codingPath)
        }
        return UnkeyedNodeContainer(elements: elements, codingPath: codingPath, readLog: readLog, options: options)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleNodeContainer(decoder: self)
    }

    /// Decodes a value of any type from a node, handling the types `JSONDecoder` special-cases.
    static func unbox<T: Decodable>(
        _ type: T.Type, from node: JSONNode, at path: [any CodingKey], readLog: KeyReadLog?,
        options: NodeDecodingOptions
    ) throws -> T {
        if case .null = node.value {
            throw DecodingError.valueNotFound(
                T.self,
                .init(codingPath: path, debugDescription: "expected \(expectation(for: T.self, options)), found null"))
        }
        let value: Any
        switch T.self {
        case is String.Type:
            guard case .string(let string) = node.value else { throw mismatch(T.self, "a string", node, path) }
            value = string
        case is Bool.Type:
            guard case .bool(let bool) = node.value else { throw mismatch(T.self, "a boolean", node, path) }
            value = bool
        case is Double.Type: value = try floatingPoint(Double.self, node, path, options)
        case is Float.Type: value = try floatingPoint(Float.self, node, path, options)
        case is Date.Type where options.readsDates:
            value = try date(node, path, readLog, options)
            if let readLog, !options.readsDatesItself { readLog.accepted.recordDate(node.value) }
        case is Data.Type where options.readsData: value = try data(node, path, readLog, options)
        case is Decimal.Type:
            guard case .number(let literal) = node.value else { throw mismatch(T.self, "a number", node, path) }
            guard Self.decimalExponentFits(literal),
                let decimal = Decimal(string: literal, locale: Locale(identifier: "en_US_POSIX")), !decimal.isNaN
            else {
                throw corrupted("number \(literal) does not fit in a Decimal", path)
            }
            value = decimal
        case is URL.Type:
            guard case .string(let string) = node.value else { throw mismatch(T.self, "a URL string", node, path) }
            guard let url = URL(string: string) else {
                throw corrupted("\(node.value.foundDescription) is not a valid URL", path)
            }
            value = url
        case is UUID.Type:
            guard case .string(let string) = node.value else { throw mismatch(T.self, "a UUID string", node, path) }
            guard let uuid = UUID(uuidString: string) else {
                throw corrupted("\(node.value.foundDescription) is not a UUID", path)
            }
            value = uuid
        case is Int.Type: value = try integer(Int.self, node, path)
        case is Int8.Type: value = try integer(Int8.self, node, path)
        case is Int16.Type: value = try integer(Int16.self, node, path)
        case is Int32.Type: value = try integer(Int32.self, node, path)
        case is Int64.Type: value = try integer(Int64.self, node, path)
        case is UInt.Type: value = try integer(UInt.self, node, path)
        case is UInt8.Type: value = try integer(UInt8.self, node, path)
        case is UInt16.Type: value = try integer(UInt16.self, node, path)
        case is UInt32.Type: value = try integer(UInt32.self, node, path)
        case is UInt64.Type: value = try integer(UInt64.self, node, path)
        default: return try composite(T.self, from: node, at: path, readLog: readLog, options: options)
        }
        guard let typed = value as? T else { throw mismatch(T.self, "a value", node, path) }
        return typed
    }

    /// A value of a type with an `init(from:)` of its own, and the raw value an enum accepted,
    /// which an export states where the type lists no cases.
    private static func composite<T: Decodable>(
        _ type: T.Type, from node: JSONNode, at path: [any CodingKey], readLog: KeyReadLog?,
        options: NodeDecodingOptions
    ) throws -> T {
        var decoder = NodeDecoder(node: node, codingPath: path, readLog: readLog, options: options)
        decoder.keepsKeys = options.convertsKeys && T.self is any StringKeyedDictionary.Type
        let decoded = try T(from: decoder)
        if let readLog, T.self is any RawRepresentable.Type {
            switch node.value {
            case .string, .number: readLog.accepted.recordRaw(node.value, of: T.self)
            default: break
            }
        }
        return decoded
    }

    private static func integer<I: FixedWidthInteger>(_ type: I.Type, _ node: JSONNode, _ path: [any CodingKey]) throws
        -> I
    {
        guard case .number(let literal) = node.value else { throw mismatch(I.self, "a whole number", node, path) }
        if let exact = I(literal) { return exact }
        // JSONDecoder reads a literal with a fraction or an exponent as a Double, and one of bare
        // digits exactly: -9223372036854775809 does not fit an Int, though as a Double it is Int.min.
        let isWholeLiteral = !literal.contains { $0 == "." || $0 == "e" || $0 == "E" }
        if !isWholeLiteral, let double = Double(literal), double.isFinite, double.rounded() == double,
            let exact = I(exactly: double)
        {
            return exact
        }
        let reason =
            literal.contains(where: { $0 == "." || $0 == "e" || $0 == "E" })
                && Double(literal).map { $0.rounded() != $0 } ?? false
            ? "expected a whole number, found \(literal)"
            : "number \(literal) does not fit in \(I.self)"
        throw corrupted(reason, path)
    }

    /// Whether JSONDecoder reads a literal as a `Decimal`: its digits fill a 128-bit mantissa
    /// (those past it dropped, one up in the exponent for each before the point), each digit kept
    /// after the point takes one from the exponent as written, and the exponent must then lie in
    /// -128...127 (`1e128` does not fit, `10e127` does).
    static func decimalExponentFits(_ literal: String) -> Bool {
        let parts = literal.lowercased().split(separator: "e", maxSplits: 1)
        guard let mantissa = parts.first, var exponent = parts.count == 2 ? Int(parts[1]) : 0 else { return false }
        let largest = Array("340282366920938463463374607431768211455")
        var kept: [Character] = []
        var afterPoint = false
        for character in mantissa {
            if character == "." {
                afterPoint = true
                continue
            }
            guard character.isASCII, character.isNumber else { continue }
            if kept.isEmpty, character == "0" {
                // A leading zero: no digit of the mantissa, but a place after the point.
                if afterPoint { exponent -= 1 }
                continue
            }
            let candidate = kept + [character]
            // Digit strings of one length compare as their numbers do.
            if candidate.count < largest.count
                || (candidate.count == largest.count && !largest.lexicographicallyPrecedes(candidate))
            {
                kept = candidate
                if afterPoint { exponent -= 1 }
            } else if !afterPoint {
                exponent += 1
            }
        }
        return (-128...127).contains(exponent)
    }

    static func floatingPoint<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ type: F.Type, _ node: JSONNode, _ path: [any CodingKey], _ options: NodeDecodingOptions
    ) throws -> F {
        if case .string(let string) = node.value, let value = nonConforming(F.self, string, options) { return value }
        guard case .number(let literal) = node.value else { throw mismatch(F.self, "a number", node, path) }
        // A literal too small for the type reads as zero; JSONDecoder refuses it, so the tool does too.
        guard let value = F(literal), value.isFinite, value != 0 || ExactNumber(literal)?.digits.isEmpty ?? true else {
            throw corrupted("number \(literal) does not fit in \(F.self)", path)
        }
        return value
    }

    static func mismatch(_ type: Any.Type, _ expected: String, _ node: JSONNode, _ path: [any CodingKey])
        -> DecodingError
    {
        DecodingError.typeMismatch(
            type,
            .init(codingPath: path, debugDescription: "expected \(expected), found \(node.value.foundDescription)"))
    }

    static func corrupted(_ reason: String, _ path: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(.init(codingPath: path, debugDescription: reason))
    }

    private static func expectation(for type: Any.Type, _ options: NodeDecodingOptions) -> String {
        switch type {
        case is Date.Type where options.readsDates: dateExpectation(options)
        case is Data.Type where options.readsData: dataExpectation(options)
        case is String.Type: "a string"
        case is Bool.Type: "a boolean"
        case is URL.Type: "a URL string"
        case is UUID.Type: "a UUID string"
        case is Int.Type, is Int64.Type, is Int32.Type, is UInt.Type: "a whole number"
        case is Double.Type, is Float.Type, is Decimal.Type, is Date.Type: "a number"
        default: "a value"
        }
    }
}

private struct KeyedNodeContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The members by the key the model asks for.
    let members: [String: JSONNode]
    /// The keys the model sees, in the body's order.
    let keys: [String]
    let codingPath: [any CodingKey]
    let readLog: KeyReadLog?
    let options: NodeDecodingOptions
    /// Under a key strategy, the body's key for each key the model asks for; `nil` without one.
    let jsonKeys: [String: String]?

    init(
        members: [String: JSONNode], keys: [String], codingPath: [any CodingKey], readLog: KeyReadLog?,
        options: NodeDecodingOptions
    ) {
        self.members = members
        self.keys = keys
        self.codingPath = codingPath
        self.readLog = readLog
        self.options = options
        jsonKeys = nil
    }

    /// A container whose keys are converted by the key strategy, once for the object.
    init(
        converting object: [JSONMember], codingPath: [any CodingKey], readLog: KeyReadLog?, options: NodeDecodingOptions
    ) {
        var members: [String: JSONNode] = [:]
        var jsonKeys: [String: String] = [:]
        var keys: [String] = []
        keys.reserveCapacity(object.count)
        for member in object {
            let key = options.modelKey(for: member.key, in: codingPath)
            keys.append(key)
            // The first of the keys that convert alike wins, as in JSONDecoder.
            guard members[key] == nil else { continue }
            members[key] = member.value
            jsonKeys[key] = member.key
        }
        self.members = members
        self.keys = keys
        self.codingPath = codingPath
        self.readLog = readLog
        self.options = options
        self.jsonKeys = jsonKeys
    }

    /// The body's key for a key of the model.
    private func jsonKey(_ key: Key) -> String {
        jsonKeys?[key.stringValue] ?? key.stringValue
    }

    /// The coding path of a member: the model's key, carrying the body's where they differ.
    private func path(to key: Key) -> [any CodingKey] {
        guard let json = jsonKeys?[key.stringValue], json != key.stringValue else { return codingPath + [key] }
        return codingPath + [ConvertedCodingKey(key, jsonKey: json)]
    }

    var allKeys: [Key] {
        // Listing the keys is how a dictionary reads an object: all of them count as read.
        readLog?.recordDictionary(codingPath)
        return keys.compactMap(Key.init(stringValue:))
    }

    func contains(_ key: Key) -> Bool { members[key.stringValue] != nil }

    /// The value for a key; asking for it is what counts as reading the key.
    private func node(for key: Key) throws -> JSONNode {
        if let readLog { readLog.record(codingPath, jsonKey(key)) }
        guard let node = members[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "required key is missing"))
        }
        if let readLog, let json = jsonKeys?[key.stringValue], json != key.stringValue {
            readLog.recordSpelling(key.stringValue, json)
        }
        return node
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        if case .null = try node(for: key).value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try NodeDecoder.unbox(T.self, from: node(for: key), at: path(to: key), readLog: readLog, options: options)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try decode(type, key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try decode(type, key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try decode(type, key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try decode(type, key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try decode(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try decode(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try decode(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try decode(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try decode(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try decode(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try decode(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try decode(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try decode(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try decode(type, key) }

    private func decode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try NodeDecoder.unbox(T.self, from: node(for: key), at: path(to: key), readLog: readLog, options: options)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try NodeDecoder(node: node(for: key), codingPath: path(to: key), readLog: readLog, options: options)
            .container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try NodeDecoder(node: node(for: key), codingPath: path(to: key), readLog: readLog, options: options)
            .unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder {
        let key = NodeCodingKey(stringValue: "super")
        let json = jsonKeys?["super"] ?? "super"
        readLog?.record(codingPath, json)
        let path = json == "super" ? codingPath + [key] : codingPath + [ConvertedCodingKey(key, jsonKey: json)]
        return NodeDecoder(
            node: members["super"] ?? JSONNode(.null, at: .start), codingPath: path, readLog: readLog, options: options)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        readLog?.record(codingPath, jsonKey(key))
        return NodeDecoder(
            node: members[key.stringValue] ?? JSONNode(.null, at: .start), codingPath: path(to: key),
            readLog: readLog, options: options)
    }
}

private struct UnkeyedNodeContainer: UnkeyedDecodingContainer {
    let elements: [JSONNode]
    let codingPath: [any CodingKey]
    let readLog: KeyReadLog?
    let options: NodeDecodingOptions
    var currentIndex = 0

    init(elements: [JSONNode], codingPath: [any CodingKey], readLog: KeyReadLog?, options: NodeDecodingOptions) {
        self.elements = elements
        self.codingPath = codingPath
        self.readLog = readLog
        self.options = options
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentPath: [any CodingKey] { codingPath + [NodeCodingKey(intValue: currentIndex)] }

    private func current<T>(_ type: T.Type) throws -> JSONNode {
        guard !isAtEnd else {
            throw DecodingError.valueNotFound(
                T.self,
                .init(codingPath: currentPath, debugDescription: "expected another element, found the end of the array")
            )
        }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        if case .null = try current(Never?.self).value {
            currentIndex += 1
            return true
        }
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try NodeDecoder.unbox(
            T.self, from: current(T.self), at: currentPath, readLog: readLog, options: options)
        currentIndex += 1
        return value
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let container = try NodeDecoder(
            node: current([String: Int].self), codingPath: currentPath, readLog: readLog, options: options
        ).container(keyedBy: type)
        currentIndex += 1
        return container
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let container = try NodeDecoder(
            node: current([Int].self), codingPath: currentPath, readLog: readLog, options: options
        ).unkeyedContainer()
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let decoder = NodeDecoder(
            node: try current(Never?.self), codingPath: currentPath, readLog: readLog, options: options)
        currentIndex += 1
        return decoder
    }
}

private struct SingleNodeContainer: SingleValueDecodingContainer {
    let decoder: NodeDecoder
    var codingPath: [any CodingKey] { decoder.codingPath }

    func decodeNil() -> Bool {
        if case .null = decoder.node.value { return true }
        return false
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try NodeDecoder.unbox(
            T.self, from: decoder.node, at: codingPath, readLog: decoder.readLog, options: decoder.options)
    }
}
