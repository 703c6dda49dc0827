import ContractTestSupport
import Foundation
import Testing

/// The dependency an app is told to add is one it can resolve: a submission carries main's commits,
/// never a tag, so the page names the branch and promises no release.
@Suite("release version")
struct VersionTests {
    @Test(
        "docs/swift-testing.md's .package(url:) follows the main branch and names no tag, and a path dependency's identity"
    )
    func dependencyLine() throws {
        let document = try DocumentationTests.text("docs/swift-testing.md")
        let folder = try SuiteFolder()
        let printed = try folder.run(["--version"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let version = try #require(printed.split(separator: " ").last.map(String.init))
        #expect(
            version.split(separator: ".").count == 3 && version.allSatisfy { $0.isNumber || $0 == "." }, "\(printed)")
        #expect(document.contains(".package(url: \"https://github.com/<owner>/dogpatch-contracts\", branch: \"main\")"))
        #expect(!document.contains("from: \""), "a tag no clone can resolve")
        #expect(document.contains(".product(name: \"ContractKit\", package: \"dogpatch-contracts\")"))
        // With a path dependency the identity is the folder's name, which the page must say.
        #expect(document.contains(".package(path: \"../contracts-tool\")"))
        #expect(document.contains(".product(name: \"ContractKit\", package: \"contracts-tool\")"))
    }
}
