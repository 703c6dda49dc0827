import ContractCatalogue
import Foundation

/// Who the tool is in its help and messages: its name, what it checks, and the catalogue whose
/// endpoints and models its help lists.
struct ToolIdentity: Sendable {
    /// The tool's name, as a user types it: `dogpatch-contracts`, `todo-contracts`.
    let name: String
    /// What the tool checks, the first line of its help after its name.
    let about: String
    /// The consumer `export pact` names when `--consumer` is not given; `nil` for the package's name.
    let consumer: String?
    /// The endpoints and models contracts may name.
    let catalogue: Catalogue

    /// Creates an identity.
    /// - Parameters:
    ///   - name: The tool's name.
    ///   - about: What it checks; by default the catalogue's APIs.
    ///   - consumer: The default consumer of `export pact`; `nil` for the package's name.
    ///   - catalogue: The endpoints and models contracts may name.
    init(name: String, about: String? = nil, consumer: String? = nil, catalogue: Catalogue) {
        self.name = name
        self.about =
            about
            ?? "contract tests for the \(Self.list(catalogue.apis, and: "and")) API\(catalogue.apis.count == 1 ? "" : "s")"
        self.consumer = consumer
        self.catalogue = catalogue
    }

    /// A text of the tool's with its terms filled in: `{TOOL}` its name, `{ENDPOINTS}` and
    /// `{MODELS}` the catalogue's (`a, b or c`), `{API}` the catalogue's first API, `{CONSUMER}`
    /// the default consumer of `export pact`, `{ARGUMENTS}` an example of `--arguments` for one of
    /// the catalogue's endpoints.
    /// - Parameter text: The text, from an option's help or a message.
    /// - Returns: The text as this tool says it.
    func words(_ text: String) -> String {
        guard text.contains("{") else { return text }
        return text.replacingOccurrences(of: "{TOOL}", with: name)
            .replacingOccurrences(of: "{ENDPOINTS}", with: Self.list(catalogue.endpoints.map(\.name), and: "or"))
            .replacingOccurrences(of: "{MODELS}", with: Self.list(catalogue.models.map(\.name), and: "or"))
            .replacingOccurrences(of: "{API}", with: catalogue.apis.first ?? "api")
            .replacingOccurrences(of: "{CONSUMER}", with: consumer ?? "the package's name, from Package.swift")
            .replacingOccurrences(of: "{ARGUMENTS}", with: argumentsExample)
    }

    /// `--arguments` as a user writes it for the catalogue's first endpoint that needs an argument
    /// (else takes one): `'{"name": "..."}'`; `'{}'` when no endpoint takes any.
    private var argumentsExample: String {
        let endpoint =
            catalogue.endpoints.first { $0.parameters.contains(where: \.isRequired) }
            ?? catalogue.endpoints.first { !$0.parameters.isEmpty }
        guard let parameter = endpoint?.parameters.first(where: \.isRequired) ?? endpoint?.parameters.first else {
            return "'{}'"
        }
        let value =
            switch parameter.kind {
            case .string: "\"...\""
            case .bool: "true"
            case .strings: "[\"...\"]"
            case .int: "1"
            case .json: "{}"
            }
        return "'{\"\(parameter.name)\": \(value)}'"
    }

    /// Names as a sentence lists them: `a`, `a or b`, `a, b or c`.
    private static func list(_ names: [String], and conjunction: String) -> String {
        guard let last = names.last else { return "no" }
        let rest = names.dropLast()
        return rest.isEmpty ? last : rest.joined(separator: ", ") + " \(conjunction) " + last
    }
}
