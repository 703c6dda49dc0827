import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// What a model accepts, learnt from the model: the one description the profiles, pact rules and the
/// OpenAPI schema render.
@Suite("model shape")
struct ModelShapeTests {
    @Test(
        "a model's shape is learnt from the model: required keys, optional ones that accept null, arrays, maps, UUIDs and URLs"
    )
    func shapes() throws {
        let dog = ModelShape.learn(try #require(Catalogue.standard.model(named: "Dog")))
        guard case .object(let fields) = dog else {
            Issue.record("Dog is not an object: \(dog)")
            return
        }
        #expect(
            fields.map(\.key) == [
                "id", "sellerID", "about", "breed", "name", "birthday", "created", "breederRating", "cost", "imageURL",
            ])
        #expect(fields.allSatisfy { $0.required && !$0.acceptsNull })
        #expect(fields.first { $0.key == "id" }?.shape == .string(.uuid))
        #expect(fields.first { $0.key == "imageURL" }?.shape == .string(.url))
        #expect(fields.first { $0.key == "cost" }?.shape == .number(.decimal))
        guard
            case .array(.object(let country)) = ModelShape.learn(
                try #require(Catalogue.standard.model(named: "[Country]")))
        else {
            Issue.record("[Country] is not an array of objects")
            return
        }
        #expect(country.allSatisfy { !$0.required && $0.acceptsNull })
        #expect(country.first { $0.key == "population" }?.shape == .integer(.int64))
        #expect(country.first { $0.key == "area" }?.shape == .number(.double))
        guard case .map(.object(let currency))? = country.first(where: { $0.key == "currencies" })?.shape else {
            Issue.record("currencies is not a map of objects")
            return
        }
        #expect(currency.map(\.key) == ["name", "symbol"])
        #expect(country.first { $0.key == "capital" }?.shape == .array(.string(.plain)))
    }

    @Test("a model whose init(from:) asks for a nested container cannot be learnt, and says where")
    func unlearnable() {
        #expect(
            ModelShape.learning(UnlearnableModel.place)
                == .failure(
                    ModelShape.Unlearnable(
                        model: "Place", reason: #"its init(from:) asks for a nested container at "location""#)))
    }

    @Test("what mutate learns of each model (the repository's profiles, which CI keeps current) is what its shape says")
    func profilesAgreeWithShapes() throws {
        let root = Repository.root
        for name in ["[Dog]", "[Country]"] {
            let file = root.appendingPathComponent("profiles/\(name).json")
            guard case .success(let learnt) = ModelProfile.parse(try Data(contentsOf: file), file: file.path) else {
                Issue.record("profiles/\(name).json does not parse")
                continue
            }
            let shape = ModelShape.learn(try #require(Catalogue.standard.model(named: name)))
            let described = ShapeProfile(shape: shape)
            #expect(learnt.0.pathCount > 0)
            #expect(described.disagreements(with: learnt.0) == [], "\(name)")
            #expect(
                described.paths.count >= learnt.0.pathCount, "the shape names every path a fixture holds, and more")
        }
    }
}

/// Issue 46: a model that contains itself is learnt, its inner copy a reference to the outer one.
@Suite("model shape of a model that contains itself")
struct SelfContainingShapeTests {
    @Test("a model that contains itself is named once, and its inner copy refers to it")
    func selfContaining() throws {
        guard case .named("TodoList", .object(let fields)) = ModelShape.learn(TodoApp.todoList) else {
            Issue.record("TodoList is not named: \(ModelShape.learn(TodoApp.todoList))")
            return
        }
        let parent = try #require(fields.first { $0.key == "parent" })
        #expect(parent.shape == .reference("TodoList") && !parent.required && parent.acceptsNull)
        var definitions: [String: ModelShape] = [:]
        #expect(ModelShape.learn(TodoApp.todoList).resolved(&definitions) == .object(fields))
        #expect(parent.shape.resolved(&definitions) == .object(fields))
    }
}

/// Issue 46: an enum of raw values is learnt as the values its decoder accepts.
@Suite("model shape of an enum")
struct EnumShapeTests {
    /// An enum that reads any value it does not know as `.other`: the documented fallback rule.
    enum Kind: String, Codable, CaseIterable, Sendable {
        case task, other

        init(from decoder: any Decoder) throws {
            self = Kind(rawValue: try decoder.singleValueContainer().decode(String.self)) ?? .other
        }
    }

    struct Holder: Codable, Equatable, Sendable {
        let kind: Kind
    }

    @Test("an enum with an unknown-case fallback is a plain string; one without is an enum of its raw values")
    func fallback() throws {
        let model = ModelDescriptor(
            Holder.self, name: "Holder", makeDecoder: { JSONDecoder() }, makeEncoder: { JSONEncoder() })
        #expect(
            ModelShape.learn(model)
                == .object([.init(key: "kind", shape: .string(.plain), required: true, acceptsNull: false)]))
        guard case .named(_, .object(let fields)) = ModelShape.learn(TodoApp.todoList) else {
            Issue.record("TodoList is not named")
            return
        }
        #expect(
            fields.first { $0.key == "visibility" }?.shape
                == .enumeration([.string("private"), .string("shared"), .string("public")]))
        #expect(
            fields.first { $0.key == "urgency" }?.shape == .enumeration([.number("1"), .number("2"), .number("3")]))
    }
}
