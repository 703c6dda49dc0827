import ContractTestSupport
import Foundation
import Testing

/// The dependency an app is told to write is one it can resolve: the `main` branch, since no
/// version tag reaches the repository (DESIGN 13), and the tool still says which version it is.
@Suite("release version")
struct VersionTests {
    @Test("docs/swift-testing.md's .package(url:) follows main and promises no tag; --version prints a version")
    func dependencyLine() throws {
        let document = try DocumentationTests.text("docs/swift-testing.md")
        let folder = try SuiteFolder()
        let printed = try folder.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try #require(printed.split(separator: " ").last.map(String.init))
        #expect(
            version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." }, "\(printed)")
        #expect(document.contains(".package(url: \"https://github.com/<owner>/dogpatch-contracts\", branch: \"main\")"))
        #expect(!document.contains("from: \""), "no version tag is promised")
        #expect(document.contains("--version"), "the page says how to see the version in use")
        #expect(document.contains(".product(name: \"ContractKit\", package: \"dogpatch-contracts\")"))
        // With a path dependency the identity is the folder's name, which the page must say.
        #expect(document.contains(".package(path: \"../contracts-tool\")"))
        #expect(document.contains(".product(name: \"ContractKit\", package: \"contracts-tool\")"))
    }
}
