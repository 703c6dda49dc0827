import Foundation

/// The repository the tests live in: its root holds `Package.swift`, `Sources/`, `contracts/`,
/// `Fixtures/` and `docs/`, which tests read and run the built tool on.
package enum Repository {
    /// The repository's root folder, found from this file's place in it (`Tests/ContractTestSupport/`).
    package static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
}
