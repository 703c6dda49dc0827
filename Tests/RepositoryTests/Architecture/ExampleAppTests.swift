import ContractTestSupport
import Foundation
import Testing

/// One example app in the tests, and it is the docs' own: the to-do app of
/// docs/your-own-endpoint.md (its model, client and catalogue, as the page's Swift blocks show
/// them) is declared once in `Tests/ContractTestSupport/YourOwnEndpoint/`, every endpoint name the
/// tests declare is declared once, and a variant of the app (async, broken, signed in, read by
/// another decoder) takes its name from that declaration.
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

    /// Where the test support declares the page's app.
    static let support = "Tests/ContractTestSupport/YourOwnEndpoint"

    /// The page's text.
    static func page() throws -> String {
        try String(contentsOf: Repository.root.appendingPathComponent("docs/your-own-endpoint.md"), encoding: .utf8)
    }

    /// The Swift files a page shows under `<!-- scratch-package: PATH -->`, the blocks of one path
    /// joined in order, as the doc runner writes them.
    static func shownFiles(in page: String) -> [String: String] {
        var files: [String: String] = [:]
        var claim: String?
        var block: [Substring]?
        for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
            if var open = block {
                if line.hasPrefix("```") {
                    if let path = claim { files[path, default: ""] += open.joined(separator: "\n") + "\n" }
                    block = nil
                    claim = nil
                } else {
                    open.append(line)
                    block = open
                }
            } else if let marker = line.firstMatch(of: #/^<!-- scratch-package: (.+) -->$/#) {
                claim = String(marker.output.1)
            } else if line.hasPrefix("```") {
                block = []
                if !line.hasPrefix("```swift") { claim = nil }
            }
        }
        return files
    }

    /// The page's app files (its own module and its catalogue's, not the tool's `main.swift`), each
    /// by the test support file that declares it.
    static func appFiles(in page: String) -> [String: String] {
        var files: [String: String] = [:]
        for (path, text) in shownFiles(in: page)
        where path.hasPrefix("Sources/Todo/") || path.hasPrefix("Sources/TodoCatalogue/") {
            files["\(support)/\(path.split(separator: "/").last ?? "")"] = text
        }
        return files
    }

    /// Swift text with what must differ between the page and the test support taken out: comment
    /// lines, imports (the page's app is two modules, the support one) and the
    /// `FoundationNetworking` guard, `public` (which is `package` in the support), white space and
    /// line breaks outside string literals (swift-format lays the support out), and trailing commas.
    static func normalised(_ text: String) -> String {
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter {
            !$0.hasPrefix("//") && !$0.hasPrefix("import ") && !$0.hasPrefix("#if canImport") && $0 != "#endif"
        }
        let words = lines.joined(separator: " ").replacing(#/\bpublic\b/#, with: "package")
        var kept = ""
        var inString = false
        var escaped = false
        for character in words {
            if inString {
                kept.append(character)
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if !character.isWhitespace {
                kept.append(character)
                inString = character == "\""
            }
        }
        return kept.replacing(",)", with: ")").replacing(",]", with: "]")
    }

    /// Where two texts first differ, with some of each around it; nil when they are the same.
    static func difference(_ page: String, _ support: String) -> String? {
        guard page != support else { return nil }
        let common = zip(page, support).prefix { $0 == $1 }.count
        func around(_ text: String) -> String {
            String(text.dropFirst(max(0, common - 40)).prefix(100))
        }
        return "the page has …\(around(page))…\nthe tests have …\(around(support))…"
    }

    @Test("the test support declares the page's to-do app as the page shows it: models, client, catalogue")
    func thePagesApp() throws {
        let files = Self.appFiles(in: try Self.page())
        #expect(
            files.keys.sorted() == [
                "\(Self.support)/Todo.swift", "\(Self.support)/TodoCatalogue.swift", "\(Self.support)/TodoClient.swift",
            ])
        let declared = try Self.testSources().filter { $0.path.hasPrefix(Self.support + "/") }
        #expect(declared.map(\.path) == files.keys.sorted(), "the support declares the page's files and no other")
        for (path, shown) in files.sorted(by: { $0.key < $1.key }) {
            let text = try #require(declared.first { $0.path == path }?.text, "\(path) is missing")
            let difference = Self.difference(Self.normalised(shown), Self.normalised(text))
            #expect(difference == nil, "\(path) differs from the page's:\n\(difference ?? "")")
        }
    }

    @Test("the comparison sees a field or a path changed, and not what only the layout or the module changes")
    func comparison() throws {
        let shown = try #require(Self.appFiles(in: try Self.page())["\(Self.support)/TodoClient.swift"])
        let page = Self.normalised(shown)
        // Laid out anew (a break after each comma of the code, comments kept), `public` made `package`.
        let relaidOut = shown.split(separator: "\n").map { line in
            line.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                ? String(line) : String(line.replacing("public ", with: "package ").replacing(", ", with: ",\n    "))
        }.joined(separator: "\n")
        #expect(Self.normalised("import Foundation\n// a note\n" + relaidOut) == page)
        for (from, to) in [
            ("lists/\\(list)/todos\")", "lists/\\(list)/items\")"), ("case noQuery", "case noText"),
            ("\"Bearer \\(token)\"", "\"Bearer  \\(token)\""),
        ] {
            #expect(shown.contains(from))
            #expect(Self.difference(page, Self.normalised(shown.replacing(from, with: to))) != nil, "\(to)")
        }
        let model = try #require(Self.appFiles(in: try Self.page())["\(Self.support)/Todo.swift"])
        #expect(model.contains("public var done: Bool"))
        let changed = Self.normalised(model.replacing("public var done: Bool", with: "public var done: Bool?"))
        #expect(Self.difference(Self.normalised(model), changed) != nil)
    }

    /// The stored properties of the first `struct NAME` or `class NAME` a Swift text declares, by
    /// name: the `let` and `var` one level inside its braces.
    static func fields(of name: String, in text: String) -> [String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let openings = ["struct \(name):", "struct \(name) {", "class \(name):", "class \(name) {"]
        guard let start = lines.firstIndex(where: { line in openings.contains { line.contains($0) } }) else {
            return nil
        }
        let indent = lines[start].prefix { $0 == " " }.count
        var fields: [String] = []
        for line in lines[(start + 1)...] {
            let depth = line.prefix { $0 == " " }.count
            if depth <= indent, line.trimmingCharacters(in: .whitespaces).hasPrefix("}") { break }
            if depth == indent + 4, let field = line.firstMatch(of: /^\s*(?:package |public )?(?:let|var) (\w+):/) {
                fields.append(String(field.output.1))
            }
        }
        return fields
    }

    @Test("a variant's to-do model is the page's grown: it declares every field of the page's model")
    func variantModels() throws {
        let sources = try Self.testSources()
        let page = try #require(sources.first { $0.path == "\(Self.support)/Todo.swift" }?.text)
        let todo = try #require(Self.fields(of: "Todo", in: page))
        let newTodo = try #require(Self.fields(of: "NewTodo", in: page))
        #expect(todo == ["id", "title", "done", "dueAt", "notes"])
        #expect(newTodo == ["title", "dueAt", "notes"])
        let facets = sources.filter {
            $0.path.hasPrefix("Tests/ContractTestSupport/TodoApp") || $0.path.hasSuffix("/TodoWrites.swift")
        }
        var seen: [String] = []
        for facet in facets {
            for (name, pageFields) in [("Todo", todo), ("Item", todo), ("NewTodo", newTodo)] {
                guard let fields = Self.fields(of: name, in: facet.text) else { continue }
                seen.append("\(facet.path.split(separator: "/").last ?? "") \(name)")
                let missing = pageFields.filter { !fields.contains($0) }
                #expect(missing.isEmpty, "\(facet.path): \(name) lacks the page's \(missing)")
            }
        }
        #expect(
            seen.sorted() == [
                "TodoApp+Classes.swift Item", "TodoApp+MainQueue.swift Todo", "TodoApp+Shared.swift Todo",
                "TodoWrites.swift NewTodo",
            ], "\(seen)")
    }

    @Test("no endpoint name is declared twice in the tests; the page's are declared in the page's catalogue")
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
        let pageNames = Set(Self.names(in: try Self.page()))
        #expect(
            pageNames == ["todos.list", "todos.search", "todos.create", "todos.delete", "todos.mine", "todos.all"],
            "\(pageNames)")
        for name in pageNames.sorted() {
            #expect(places[name] == ["\(Self.support)/TodoCatalogue.swift"], "\(name): \(places[name] ?? [])")
        }
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
