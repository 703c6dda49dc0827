import Foundation

/// The repository this test target lives in: its root holds `Package.swift`, `Sources/`, `contracts/`,
/// `Fixtures/` and `docs/`, which tests read and run the built tool on.
enum Repository {
    /// The repository's root folder, found from this file's place in it (`Tests/ContractKitTests/Support/`).
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
}
