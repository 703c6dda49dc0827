import ContractTestSupport
import Foundation
import Testing

/// The version an app is told to depend on is the one the tool says it is.
@Suite("release version")
struct VersionTests {
    @Test(
        "docs/swift-testing.md's .package(url:, from:) names the version --version prints, and a path dependency's identity"
    )
    func dependencyLine() throws {
        let document = try DocumentationTests.text("docs/swift-testing.md")
        let folder = try SuiteFolder()
        let printed = try folder.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try #require(printed.split(separator: " ").last.map(String.init))
        #expect(
            version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." }, "\(printed)")
        #expect(
            document.contains(".package(url: \"https://github.com/<owner>/dogpatch-contracts\", from: \"\(version)\")"))
        #expect(document.contains(".product(name: \"ContractKit\", package: \"dogpatch-contracts\")"))
        // With a path dependency the identity is the folder's name, which the page must say.
        #expect(document.contains(".package(path: \"../contracts-tool\")"))
        #expect(document.contains(".product(name: \"ContractKit\", package: \"contracts-tool\")"))
    }
}
