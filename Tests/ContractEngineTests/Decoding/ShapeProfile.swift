@testable import ContractEngine

/// What a model's shape (the one description the OpenAPI schema and the pact rules come from too)
/// says of every key path, as a `ModelProfile` records it: what a profile learnt from mutants must
/// agree with. Only the tests compare the two, so it lives with them.
struct ShapeProfile {
    /// The shape's entry for each collapsed key path.
    private(set) var paths: [String: ModelProfile.Entry] = [:]

    /// - Parameter shape: The model's shape, as `ModelShape.learn` finds it.
    init(shape: ModelShape) {
        walk(shape, at: "")
    }

    /// The paths where a learnt profile and the shape disagree, with both entries, sorted; paths
    /// only one of them has are not compared.
    func disagreements(with profile: ModelProfile) -> [String] {
        profile.paths.keys.sorted().compactMap { path in
            guard let learnt = profile.paths[path], let described = paths[path], learnt != described else {
                return nil
            }
            return "\(path): \(learnt) against \(described)"
        }
    }

    private mutating func walk(_ shape: ModelShape, at path: String) {
        switch shape {
        case .object(let fields):
            for field in fields {
                let child = CollapsedPath.appending(.key(field.key), to: path)
                paths[child] = ModelProfile.Entry(
                    required: field.required, acceptsNull: field.acceptsNull, types: Self.kinds(field.shape))
                walk(field.shape, at: child)
            }
        case .array(let element): walk(element, at: CollapsedPath.appending(.anyElement, to: path))
        case .map(let value):
            let child = CollapsedPath.appending(.anyKey, to: path)
            paths[child] = ModelProfile.Entry(required: false, acceptsNull: false, types: Self.kinds(value))
            walk(value, at: child)
        case .named(_, let inner): walk(inner, at: path)
        case .string, .integer, .number, .numberOrNamed, .boolean, .unknown, .reference, .enumeration: break
        }
    }

    private static func kinds(_ shape: ModelShape) -> Set<JSONKind> {
        switch shape {
        case .object, .map, .reference: [.object]
        case .named(_, let inner): kinds(inner)
        case .array: [.array]
        case .string: [.string]
        case .integer, .number: [.number]
        case .numberOrNamed: [.number, .string]
        case .enumeration(let values): Set(values.map { JSONKind($0) })
        case .boolean: [.boolean]
        case .unknown: [.object, .array, .string, .number, .boolean]
        }
    }
}
