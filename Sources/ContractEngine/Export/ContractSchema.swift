import ContractCatalogue
import Foundation

/// The JSON Schema of contract files with a catalogue's names in it, for editors: the generic
/// schema (any catalogue's contract validates against it) plus an `enum` of the catalogue's
/// endpoints and of its models, and for each endpoint the arguments it takes and the model it
/// decodes, so an editor completes and checks them as the loader does.
enum ContractSchema: GeneratedJSON {
    /// The schema naming a catalogue's endpoints and models, as the file's text.
    /// - Parameter catalogue: The endpoints and models contracts may name.
    /// - Returns: The schema, two spaces an indent, the generic schema's key order, with a final newline.
    static func document(for catalogue: Catalogue) -> String {
        guard case .some(let root) = try? JSONParser.parse(Data(generic.utf8)), case .object(var top) = root.value
        else { return generic + "\n" }
        // A schema of one app's names is not the repository's generic one, so it claims no `$id`.
        top.removeAll { $0.key == "$id" }
        if let title = top.firstIndex(where: { $0.key == "title" }) {
            let name = catalogue.name.map { " of the \($0) catalogue" } ?? ""
            top[title].value = node(.string("contract file\(name), version 1"))
        }
        if let description = top.firstIndex(where: { $0.key == "description" }) {
            top[description].value = node(
                .string(
                    "One endpoint contract (or a fixture contract, decoding only) and its cases, naming the catalogue's endpoints and models. The tool's loader is the judge; this schema says what an editor can check as you type."
                ))
        }
        if let properties = top.firstIndex(where: { $0.key == "properties" }),
            case .object(var members) = top[properties].value.value
        {
            named("endpoint", catalogue.endpoints.map(\.name), in: &members)
            named("model", catalogue.models.map(\.name), in: &members)
            top[properties].value = node(.object(members))
        }
        if let allOf = top.firstIndex(where: { $0.key == "allOf" }), case .array(let generic) = top[allOf].value.value {
            let singles = catalogue.models.filter { !$0.isArray }.map(\.name)
            top[allOf].value = node(
                .array(
                    catalogue.endpoints.map { node(rules(of: $0)) } + generic
                        + (singles.isEmpty ? [] : [node(noCount(whenModelIn: singles))])))
        }
        return text(.object(top), depth: 0) + "\n"
    }

    /// The property of a name (`endpoint`, `model`) as an `enum` of the catalogue's names, its
    /// description kept; `false` when the catalogue has none.
    private static func named(_ key: String, _ names: [String], in members: inout [JSONMember]) {
        guard let index = members.firstIndex(where: { $0.key == key }) else { return }
        guard !names.isEmpty else {
            members[index].value = node(.bool(false))
            return
        }
        var property: [(String, JSONValue)] = [("enum", .array(names.map { node(.string($0)) }))]
        if let description = members[index].value.member("description") {
            property.append(("description", description.value.value))
        }
        members[index].value = node(object(property))
    }

    /// What an endpoint's contract must hold: the arguments it takes (none when it takes none)
    /// and the model it decodes, with no `count` for a model that is not an array.
    private static func rules(of endpoint: Endpoint) -> JSONValue {
        let arguments: JSONValue =
            endpoint.parameters.isEmpty
            ? .bool(false)
            : object([
                ("additionalProperties", .bool(false)),
                ("properties", object(endpoint.parameters.map { ($0.name, argument($0.kind)) })),
            ])
        var then: [(String, JSONValue)] = [
            ("arguments", arguments), ("model", object([("const", .string(endpoint.model.name))])),
        ]
        let errors = errorRules(of: endpoint)
        then.append(
            (
                "cases",
                endpoint.model.isArray ? errors : object([("allOf", .array([node(countRefused), node(errors)]))])
            ))
        return object([
            (
                "if",
                object([
                    ("required", .array([node(.string("endpoint"))])),
                    ("properties", object([("endpoint", object([("const", .string(endpoint.name))]))])),
                ])
            ),
            ("then", object([("properties", object(then))])),
        ])
    }

    /// `cases` whose expectations name the endpoint's errors: one of its vocabulary, a `status`
    /// only with an error that carries one, a `path` only with a decoding failure, and no error
    /// that only replay can check (`invalidRequest`) in a case with `"replay": false`.
    private static func errorRules(of endpoint: Endpoint) -> JSONValue {
        let errors = endpoint.errors.cases
        func names(_ cases: [ErrorVocabulary.Case]) -> JSONValue {
            cases.isEmpty ? .bool(false) : object([("enum", .array(cases.map { node(.string($0.name)) }))])
        }
        func onlyWith(_ key: String, _ payload: ErrorVocabulary.Case.Payload) -> JSONValue {
            object([
                ("if", object([("required", .array([node(.string("error")), node(.string(key))]))])),
                ("then", object([("properties", object([("error", names(errors.filter { $0.payload == payload }))]))])),
            ])
        }
        let expect = object([
            ("properties", object([("error", names(errors))])),
            ("allOf", .array([node(onlyWith("status", .status)), node(onlyWith("path", .decodingFailure))])),
        ])
        var item: [(String, JSONValue)] = [("properties", object([("expect", expect)]))]
        let replayOnly = errors.filter { !endpoint.rules.errorNames.contains($0.name) }
        if !replayOnly.isEmpty {
            let notReplayed = object([
                ("required", .array([node(.string("replay"))])),
                ("properties", object([("replay", object([("const", .bool(false))]))])),
            ])
            let refused = object([
                (
                    "properties",
                    object([
                        ("expect", object([("properties", object([("error", object([("not", names(replayOnly))]))]))]))
                    ])
                )
            ])
            item.append(("allOf", .array([node(object([("if", notReplayed), ("then", refused)]))])))
        }
        return object([("items", object(item))])
    }

    /// The JSON Schema of an argument of a kind.
    private static func argument(_ kind: Endpoint.Parameter.Kind) -> JSONValue {
        switch kind {
        case .string: object([("type", .string("string"))])
        case .bool: object([("type", .string("boolean"))])
        case .strings: object([("type", .string("array")), ("items", object([("type", .string("string"))]))])
        case .int: object([("type", .string("integer"))])
        case .json: object([])
        }
    }

    /// No case of a contract whose model is one of these (not arrays) states a `count`.
    private static func noCount(whenModelIn names: [String]) -> JSONValue {
        object([
            (
                "if",
                object([
                    ("required", .array([node(.string("model"))])),
                    ("properties", object([("model", object([("enum", .array(names.map { node(.string($0)) }))]))])),
                ])
            ),
            ("then", object([("properties", object([("cases", countRefused)]))])),
        ])
    }

    /// `cases` whose expectations state no `count`.
    private static var countRefused: JSONValue {
        object([
            (
                "items",
                object([
                    (
                        "properties",
                        object([("expect", object([("properties", object([("count", .bool(false))]))]))])
                    )
                ])
            )
        ])
    }

    /// A value as the schema file lays it out: two spaces an indent, a member or element a line,
    /// `{}` and `[]` when empty, keys in the order given.
    private static func text(_ value: JSONValue, depth: Int) -> String {
        let indent = String(repeating: "  ", count: depth + 1)
        let closing = String(repeating: "  ", count: depth)
        switch value {
        case .array(let elements) where !elements.isEmpty:
            return "[\n"
                + elements.map { indent + text($0.value, depth: depth + 1) }.joined(separator: ",\n")
                + "\n\(closing)]"
        case .object(let members) where !members.isEmpty:
            return "{\n"
                + members.map { indent + JSONValue.quote($0.key) + ": " + text($0.value.value, depth: depth + 1) }
                .joined(separator: ",\n") + "\n\(closing)}"
        case .array: return "[]"
        case .object: return "{}"
        default: return value.jsonText
        }
    }
}
