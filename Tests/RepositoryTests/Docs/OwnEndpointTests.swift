import Foundation
import Testing

/// docs/your-own-endpoint.md as an app team follows it: the page's files make an app's package
/// (its model and async client, a catalogue target on `ContractCatalogue` alone, a tool target of
/// three lines, a test target), which the doc runner (`scripts/run-docs.py`, in `.ci/run`) writes
/// from this page, builds once against the clone and runs every command on. These tests check,
/// without a build, what the run relies on: every file is on the page, the package resolves as a
/// user's would, nothing of the demo clients is named, and the broken fixture the page shows is
/// the page's own.
@Suite("your own endpoint: the page's package")
struct OwnEndpointTests {
    static let page = "docs/your-own-endpoint.md"
    /// The dependency the page's `Package.swift` names (the doc runner replaces it with the clone's
    /// folder): the `main` branch, since no version tag reaches the repository (DESIGN 13).
    static var dependency: Regex<Substring> {
        #/\.package\(url: "https://github\.com/<owner>/dogpatch-contracts", branch: "main"\)/#
    }

    static func package() throws -> ScratchPackage {
        try ScratchPackage(reading: try DocumentationTests.text(page), name: page)
    }

    /// The page's contracts, as JSON objects, by path.
    static func contracts(_ package: ScratchPackage) throws -> [(path: String, json: [String: Any])] {
        try package.files.keys.filter { $0.hasPrefix("contracts/") }.sorted().map { path in
            let json = try JSONSerialization.jsonObject(with: Data(package.files[path, default: ""].utf8))
            return (path, try #require(json as? [String: Any], "\(path) is an object"))
        }
    }

    /// The text of `Package.swift` from a target's `name:` to the next target.
    static func target(_ name: String, in manifest: String) throws -> String {
        let start = try #require(manifest.range(of: "name: \"\(name)\""), "Package.swift declares \(name)")
        let rest = manifest[start.upperBound...]
        return String(rest[..<(rest.range(of: "\n        .")?.lowerBound ?? rest.endIndex)])
    }

    @Test(
        "every Swift and JSON block of the page is a file of its package, which depends on the main branch docs/swift-testing.md names"
    )
    func pageIsAPackage() throws {
        let package = try Self.package()
        let unclaimed = package.unclaimed.filter { ["swift", "json"].contains($0.tag) }
        #expect(unclaimed.isEmpty, "blocks no package holds: \(unclaimed.map { "\(Self.page):\($0.line)" })")
        let paths = package.files.keys.sorted()
        for folder in ["Sources/", "Tests/", "contracts/", "Fixtures/"] {
            #expect(paths.contains { $0.hasPrefix(folder) }, "the page shows a file under \(folder): \(paths)")
        }
        let manifest = try #require(package.files["Package.swift"], "the page shows Package.swift")
        let shown = try #require(manifest.firstMatch(of: Self.dependency), "Package.swift depends on main")
        let documented = try #require(
            try DocumentationTests.text("docs/swift-testing.md").firstMatch(of: Self.dependency),
            "docs/swift-testing.md names the same dependency")
        #expect(shown.output == documented.output)
        let tests = package.files.filter { $0.key.hasPrefix("Tests/") }.values.joined()
        #expect(tests.contains("ContractSuite(") && tests.contains("catalogue: "), "the test passes its own catalogue")
        #expect(try Self.contracts(package).count >= 2)
    }

    @Test("the app's tool is three statements over its catalogue, and nothing of the demo clients is named")
    func toolAndCatalogue() throws {
        let package = try Self.package()
        let manifest = try #require(package.files["Package.swift"])
        #expect(!package.files.values.joined().contains("DogPatchClients"), "the app never names the demo clients")
        let tools = package.files.filter { $0.key.hasSuffix("/main.swift") }
        let main = try #require(tools.first, "the page shows a tool target's main.swift")
        #expect(tools.count == 1)
        let statements = main.value.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
        #expect(statements.count == 3, "\(main.value)")
        #expect(statements.first == "import ContractTool")
        #expect(statements.last?.hasPrefix("await ContractTool.main(catalogue: ") == true)
        let toolName = try #require(main.key.split(separator: "/").dropFirst().first.map(String.init))
        let toolTarget = try Self.target(toolName, in: manifest)
        #expect(manifest.contains(".executableTarget(\n            name: \"\(toolName)\""))
        #expect(toolTarget.contains(".product(name: \"ContractTool\""))
        // The catalogue lives in a library target that the tool and the tests share, on ContractCatalogue only.
        let catalogueFile = try #require(package.files.first { $0.value.contains("static let todos = Catalogue(") })
        let catalogueName = try #require(catalogueFile.key.split(separator: "/").dropFirst().first.map(String.init))
        let catalogueTarget = try Self.target(catalogueName, in: manifest)
        let products = catalogueTarget.matches(of: #/\.product\(name: "(\w+)"/#).map { String($0.output.1) }
        #expect(products == ["ContractCatalogue"], "\(catalogueTarget)")
        #expect(toolTarget.contains("\"\(catalogueName)\""))
        let testTarget = try Self.target("TodoTests", in: manifest)
        #expect(testTarget.contains("\"\(catalogueName)\"") && testTarget.contains(".product(name: \"ContractKit\""))
        #expect(catalogueFile.value.contains("import ContractCatalogue"))
    }

    @Test(
        "the page breaks a fixture of its own, and the doc runner expects the case that reads it to fail at the line shown"
    )
    func brokenFixture() throws {
        let package = try Self.package()
        let page = try DocumentationTests.text(Self.page)
        let edit = try #require(
            page.firstMatch(of: #/sed -i\.bak 's/(.+?)/(.+?)/' (Fixtures/\S+)/#), "the page breaks a fixture with sed")
        let (intact, broken, fixture) = (String(edit.output.1), String(edit.output.2), String(edit.output.3))
        let text = try #require(package.files[fixture], "\(fixture) is a file of the page")
        let line = try #require(
            text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(intact) },
            "\(fixture) holds \(intact)")
        // The diagnostic swift test prints, which the runner looks for in its output, names the
        // fixture at the line the edit changes, and the same line is what verify shows.
        let prints = try #require(
            page.firstMatch(
                of: #/<!-- doc: prints ↳ (contracts/\S+) › (.+?): (Fixtures/\S+?):(\d+):(\d+): error: (.+) -->/#),
            "the page expects swift test to print the broken case")
        #expect(String(prints.output.3) == fixture)
        #expect(Int(prints.output.4) == line + 1)
        let column = try #require(Int(prints.output.5))
        let brokenLine = String(text.split(separator: "\n", omittingEmptySubsequences: false)[line])
            .replacingOccurrences(of: intact, with: broken)
        #expect(brokenLine.utf8.count >= column, "the column is within the broken line")
        let diagnostic = "\(fixture):\(prints.output.4):\(prints.output.5): error: \(prints.output.6)"
        #expect(
            page.components(separatedBy: "\n\(diagnostic)\n").count == 2, "verify's output on the page shows it too")
        let contracts = try Self.contracts(package).map(\.path)
        #expect(contracts.contains(String(prints.output.1)))
    }
}
