import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// `record` checks a new answer against every case of the suite that reads the fixture, and does it
/// again under the lock on the suite as it is then, reading again only what changed.
@Suite("the fixture readers record checks a new answer against")
struct FixtureReadersTests {
    /// A contract whose cases each read `Fixtures/dogs.json`.
    static func contract(_ names: [String]) -> String {
        let cases = names.map {
            #"{ "name": "\#($0)", "response": { "status": 200, "fixture": "dogs.json" }, "expect": { "decodes": true } }"#
        }
        return #"{ "endpoint": "dogpatch.getDogs", "cases": [ \#(cases.joined(separator: ", ")) ] }"#
    }

    /// The names of the cases that read `Fixtures/dogs.json`, sorted.
    static func names(_ readers: [String: [CaseRecorder.Case]]?) -> [String]? {
        readers.map { $0.values.flatMap { $0.map(\.spec.name) }.sorted() }
    }

    static func suite() throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", "[]")
        try folder.write("contracts/a.json", Self.contract(["a"]))
        try folder.write("contracts/b.json", Self.contract(["b"]))
        return folder
    }

    static func readers(_ folder: borrowing SuiteFolder, paths: [String] = []) throws -> FixtureReaders {
        var options = VerifyOptions()
        options.paths = paths
        let selection = try SuiteSelection(
            catalogue: .standard, options: options, location: SuiteLocation(currentDirectory: folder.url))
        return try FixtureReaders(of: selection, catalogue: .standard)
    }

    @Test("the readers are the whole suite's, whatever the PATHs select")
    func wholeSuite() throws {
        let folder = try Self.suite()
        #expect(Self.names(try Self.readers(folder, paths: ["contracts/a.json"]).initial) == ["a", "b"])
        #expect(Self.names(try Self.readers(folder).initial) == ["a", "b"])
    }

    @Test("read again, the readers are the suite as it is now: a contract edited, added or removed meanwhile")
    func readAgain() throws {
        let folder = try Self.suite()
        for paths in [[], ["contracts/a.json"]] {
            try folder.write("contracts/b.json", Self.contract(["b"]))
            try? FileManager.default.removeItem(at: folder.url.appendingPathComponent("contracts/c.json"))
            let readers = try Self.readers(folder, paths: paths)
            #expect(Self.names(readers.current()) == ["a", "b"])
            try folder.write("contracts/b.json", Self.contract(["b", "b2"]))
            #expect(Self.names(readers.current()) == ["a", "b", "b2"])
            try folder.write("contracts/c.json", Self.contract(["c"]))
            #expect(Self.names(readers.current()) == ["a", "b", "b2", "c"])
            try FileManager.default.removeItem(at: folder.url.appendingPathComponent("contracts/b.json"))
            #expect(Self.names(readers.current()) == ["a", "c"])
            try folder.write("contracts/c.json", "{")
            #expect(Self.names(readers.current()) == ["a"])
            try folder.write("contracts/c.json", Self.contract(["c"]))
            #expect(Self.names(readers.current()) == ["a", "c"])
        }
    }

    @Test("a suite that can no longer be read gives no readers")
    func unreadable() throws {
        let folder = try Self.suite()
        let readers = try Self.readers(folder)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("contracts"))
        #expect(readers.current() == nil)
    }
}
