import ContractKit
import DogPatchClients
import Testing

/// The repository's own `contracts/`, one Swift Testing case a contract case: a broken fixture
/// or a count changed by hand fails `swift test` naming the contract file and the case.
@Suite("the repository's contracts")
struct RepositoryContractsTests {
    @Test(
        arguments: try ContractSuite(contracts: "contracts", fixtures: "Fixtures", catalogue: .standard, strict: true)
            .cases)
    func contract(_ c: ContractCase) async throws {
        try await c.verify()
    }
}
