import Foundation
import Testing

@testable import ContractEngine

/// Issue 31, item 3: the engine reads a `[API=]URL` text and says what is wrong with it as a typed
/// problem, its URL already without secrets; the command line only words it with its flag.
@Suite("base URLs read from text")
struct BaseURLChoiceTests {
    @Test("API=URL names the API; a bare URL, or one whose '=' is in its query, names none")
    func namesTheAPI() throws {
        var choice = BaseURLChoice()
        try choice.add("countries=http://127.0.0.1:8080/v3.1")
        try choice.add("http://127.0.0.1:9/base?key=a=b")
        #expect(choice.byAPI["countries"]?.absoluteString == "http://127.0.0.1:8080/v3.1/")
        #expect(choice.bare?.host == "127.0.0.1")
        #expect(choice != BaseURLChoice())
    }

    @Test(
        "a text that cannot be a base URL is a typed problem whose URL shows no password or query",
        arguments: [
            ("ftp://example.test/", BaseURLChoice.Problem.notAURL("ftp://example.test/")),
            ("=https://user:secret@example.test/v1?key=k", .emptyAPIName("https://example.test/v1")),
        ])
    func problems(text: String, expected: BaseURLChoice.Problem) {
        var choice = BaseURLChoice()
        #expect(throws: expected) { try choice.add(text) }
        #expect(choice == BaseURLChoice())
    }

    @Test("an API, or the unnamed one, given twice is a typed problem")
    func twice() throws {
        var choice = BaseURLChoice()
        try choice.add("countries=http://a.test/")
        try choice.add("http://b.test/")
        #expect(throws: BaseURLChoice.Problem.apiTwice("countries")) { try choice.add("countries=http://c.test/") }
        #expect(throws: BaseURLChoice.Problem.bareTwice) { try choice.add("http://d.test/") }
    }
}
