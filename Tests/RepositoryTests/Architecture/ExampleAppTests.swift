import ContractTestSupport
import Foundation
import Testing

/// One example app in the tests: every endpoint the tests declare is declared by one name once
/// (the to-do app's in `Tests/ContractTestSupport/`), and a variant of it (async, broken, signed
/// in, read by another decoder) takes its name from that declaration.
@Suite("one example app in the tests")
struct ExampleAppTests {
    /// The names declared in some Swift text, each once per declaration: `Endpoint(`, then
    /// `name: "x.y"`.
    static func names(in text: String) -> [String] {
        text.matches(of: #/Endpoint\(\s*name:\s*"([^"]+)"/#).map { String($0.output.1) }
    }

    /// Every Swift file under `Tests/`, by its path from the root.
    static func testSources() throws -> [(path: String, text: String)] {
        let tests = Repository.root.appendingPathComponent("Tests")
        guard let walk = FileManager.default.enumerator(at: tests, includingPropertiesForKeys: nil) else { return [] }
        var sources: [(String, String)] = []
        for case let url as URL in walk where url.pathExtension == "swift" {
            let path = String(url.path.dropFirst(Repository.root.path.count + 1))
            sources.append((path, try String(contentsOf: url, encoding: .utf8)))
        }
        return sources.sorted { $0.0 < $1.0 }
    }

    @Test("no endpoint name is declared twice in the tests; todos.list and todos.create once each")
    func onceEach() throws {
        var places: [String: [String]] = [:]
        for source in try Self.testSources() {
            for name in Self.names(in: source.text) { places[name, default: []].append(source.path) }
        }
        let twice = places.filter { $0.value.count > 1 }.sorted { $0.key < $1.key }
        #expect(
            twice.isEmpty,
            "declared more than once:\n\(twice.map { "\($0.key): \($0.value.joined(separator: ", "))" }.joined(separator: "\n"))"
        )
        #expect(places["todos.list"] == ["Tests/ContractTestSupport/TodoApp.swift"])
        #expect(places["todos.create"] == ["Tests/ContractTestSupport/TodoApp.swift"])
    }

    @Test("every endpoint of the docs' to-do app is one the tests' to-do app declares, by the same name")
    func sameNamesAsThePage() throws {
        let page = try String(
            contentsOf: Repository.root.appendingPathComponent("docs/your-own-endpoint.md"), encoding: .utf8)
        let pageNames = Set(Self.names(in: page))
        #expect(
            pageNames.isSuperset(of: ["todos.list", "todos.search", "todos.create", "todos.delete"]), "\(pageNames)")
        let app = try Self.testSources().filter { $0.path.hasPrefix("Tests/ContractTestSupport/TodoApp") }
        // A name declared once as a constant, for the variants of one endpoint, counts as declared.
        let constants = app.flatMap {
            $0.text.matches(of: #/static let \w+Name = "([^"]+)"/#).map { String($0.output.1) }
        }
        let declared = Set(app.flatMap { Self.names(in: $0.text) } + constants)
        #expect(pageNames.isSubset(of: declared), "the page declares \(pageNames.subtracting(declared).sorted())")
    }

    @Test("the reader finds a declaration over lines, and not a name given by a constant")
    func reader() {
        // Spelt in pieces, so that this file declares nothing itself.
        let opening = "Endpoint("
        let text = """
            let a = \(opening)name: "todos.list", model: todos) { _ in }
            let b = \(opening)
                name: "todos.list", model: todos)
            let c = \(opening)name: TodoApp.list.name, model: todos)
            """
        #expect(Self.names(in: text) == ["todos.list", "todos.list"])
    }
}
