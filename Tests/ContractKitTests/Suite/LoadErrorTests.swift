import Testing

@testable import ContractEngine

/// `ContractSuite.LoadError`'s words for the problems a test target's suite cannot cause
/// through `ContractSuite` (it names no path and runs nothing live), so they are pinned here:
/// plain words, never a raw enum or a command-line flag.
@Suite("contract suite load error wording")
struct LoadErrorTests {
    @Test(
        "each problem is worded for a test target",
        arguments: [
            (
                SuiteSelection.UsageError.pathMissing("contracts/gone.json", nearest: nil),
                #"the path "contracts/gone.json" does not exist"#
            ),
            (
                .pathMissing("contracts/dgos.json", nearest: "contracts/dogs.json"),
                #"the path "contracts/dgos.json" does not exist; did you mean "contracts/dogs.json"?"#
            ),
            (
                .baseURL(.unknownAPI("cats", known: ["countries", "dogpatch"])),
                #"a base URL names the API "cats", which the catalogue does not have; known APIs are "countries", "dogpatch""#
            ),
            (
                .baseURL(.bareForSeveral(used: ["countries", "dogpatch"])),
                #"a base URL without an API name is for a suite whose contracts use one API, and these use "countries", "dogpatch"; name the API of each base URL"#
            ),
            (
                .nothingRecorded,
                "no selected case is recorded, so a live run would check nothing against a server; record a case first"
            ),
        ])
    func wording(problem: SuiteSelection.UsageError, message: String) {
        let error = ContractSuite.LoadError(problem)
        #expect(error.message == message)
        #expect(!error.message.contains("--"))
    }
}
