import ContractCatalogue
import ContractTestSupport
import Foundation
import HTTPStub

@testable import ContractEngine

extension SuiteServer {
    /// A server of the suite in a folder, for a test: the request lines it logs go to `log`.
    /// - Parameters:
    ///   - root: The suite's folder.
    ///   - catalogue: The endpoints its contracts name.
    ///   - settings: How it serves.
    ///   - log: Where its request lines go, if anywhere.
    /// - Returns: The running server; the test stops it.
    /// - Throws: What stopped it from starting.
    static func serving(
        _ root: URL, catalogue: Catalogue = .standard, settings: Settings = Settings(), log: Locked<[String]>? = nil
    ) async throws -> SuiteServer {
        let started = await start(
            catalogue: catalogue, options: VerifyOptions(), location: SuiteLocation(currentDirectory: root),
            settings: settings,
            events: { event in
                if case .request(let line) = event { log?.withLock { $0.append(line) } }
            })
        return try started.get()
    }
}
