import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `FixtureStore` on its own: a file its folder's listing called regular is read without a `stat`
/// of its own, and whatever stands at its path by the time it is read is still checked.
@Suite("fixture store")
struct FixtureStoreTests {
    @Test(
        "a listed file that is now a FIFO, a folder or gone is refused as such, never waited on",
        arguments: [true, false])
    func changedSinceListing(listed: Bool) throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/dogs.json", "[]")
        let fixtures = folder.url.appendingPathComponent("Fixtures")
        let fifo = fixtures.appendingPathComponent("pipe.json").path
        #expect(mkfifo(fifo, 0o600) == 0)
        try FileManager.default.createDirectory(
            at: fixtures.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        func load(_ name: String) -> Result<Data, Diagnostic> {
            FixtureStore.load(
                path: fixtures.appendingPathComponent(name).path, display: "Fixtures/\(name)", listedRegular: listed)
        }
        #expect(try load("dogs.json").get() == Data("[]".utf8))
        #expect(
            load("pipe.json").failure?.message
                == #"fixture "Fixtures/pipe.json" is not a regular file (a pipe, FIFO or device); save the body to a file"#
        )
        #expect(load("folder.json").failure?.message == #"fixture "Fixtures/folder.json" is a folder, not a file"#)
        #expect(load("gone.json").failure?.message == #"fixture "Fixtures/gone.json" does not exist"#)
    }
}

extension Result {
    fileprivate var failure: Failure? {
        if case .failure(let failure) = self { return failure }
        return nil
    }
}
