import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// `FixtureLocator` on its own: a fixture path resolves inside the fixtures folder, through any
/// symlink that stays inside, and is refused when it or a link on it leads out.
@Suite("fixture locator")
struct FixtureLocatorTests {
    /// A fixtures folder with a file, a folder, links that stay inside and links that lead out.
    static func locator(in folder: borrowing SuiteFolder) throws -> FixtureLocator {
        try folder.write("Fixtures/dogs/page.json", "[]")
        try folder.write("contracts/outside.json", "[]")
        let fixtures = folder.url.appendingPathComponent("Fixtures")
        let manager = FileManager.default
        try manager.createSymbolicLink(
            atPath: fixtures.appendingPathComponent("inside.json").path, withDestinationPath: "dogs/page.json")
        try manager.createSymbolicLink(
            atPath: fixtures.appendingPathComponent("alias").path, withDestinationPath: "dogs")
        try manager.createSymbolicLink(
            atPath: fixtures.appendingPathComponent("out.json").path, withDestinationPath: "../contracts/outside.json")
        try manager.createSymbolicLink(
            atPath: fixtures.appendingPathComponent("escape").path, withDestinationPath: "../contracts")
        try manager.createSymbolicLink(
            atPath: fixtures.appendingPathComponent("dangling.json").path, withDestinationPath: "gone.json")
        return FixtureLocator(root: fixtures, displayRoot: "Fixtures")
    }

    @Test(
        "paths inside the folder resolve to the file they name, through links that stay inside",
        arguments: [
            ("dogs/page.json", "dogs/page.json"),
            ("./dogs//page.json", "dogs/page.json"),
            ("dogs/../dogs/./page.json", "dogs/page.json"),
            ("inside.json", "dogs/page.json"),
            ("alias/page.json", "dogs/page.json"),
            ("missing/none.json", "missing/none.json"),
            ("dangling.json", "dangling.json"),
        ])
    func resolvesInside(_ path: String, _ expected: String) throws {
        let folder = try SuiteFolder()
        let locator = try Self.locator(in: folder)
        let resolved = try locator.resolve(path).get()
        #expect(locator.relativePath(of: resolved) == expected)
    }

    @Test(
        "a path or a link that leads out of the folder is refused",
        arguments: [
            "../contracts/outside.json", "dogs/../../contracts/outside.json", "out.json", "escape/outside.json",
            "alias/../../contracts/outside.json",
        ])
    func refusesOutside(_ path: String) throws {
        let folder = try SuiteFolder()
        let locator = try Self.locator(in: folder)
        switch locator.resolve(path) {
        case .success(let url): Issue.record("\"\(path)\" resolved to \(url.path)")
        case .failure(let problem):
            #expect(problem.message == "fixture path \"\(path)\" leaves the fixtures folder \"Fixtures\"")
        }
    }

    @Test("the same path resolves the same way every time it is asked, folders cached or not")
    func resolvesAgain() throws {
        let folder = try SuiteFolder()
        let locator = try Self.locator(in: folder)
        let first = try locator.resolve("alias/page.json").get()
        let second = try locator.resolve("alias/page.json").get()
        #expect(first == second)
        #expect(locator.relativePath(of: second) == "dogs/page.json")
    }
}
