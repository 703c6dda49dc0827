import ContractCatalogue
import Foundation
import Testing

@testable import ContractEngine

/// What `add` and `explain` write as a new case's `values`: a record's first fields, but never one
/// under a secret name (DESIGN 18), such as the token a sign-in answers with.
@Suite("observed body: a new case's values")
struct ObservedBodyTests {
    struct SignIn: Codable, Equatable, Sendable {
        var accessToken: String
        var scope: String
    }

    @Test("a token the server answers with is no record's value; the next field is")
    func secretsAreNoValues() throws {
        let model = ModelDescriptor(
            SignIn.self, name: "SignIn",
            makeDecoder: {
                let decoder = JSONDecoder()
                decoder.keyDecodingStrategy = .convertFromSnakeCase
                return decoder
            },
            makeEncoder: {
                let encoder = JSONEncoder()
                encoder.keyEncodingStrategy = .convertToSnakeCase
                return encoder
            })
        let body = Data(#"{"access_token": "AT-the-servers-7c1e", "scope": "read write"}"#.utf8)
        let observed = try ObservedBody.observe(body, file: "sign-in.json", model: model, status: 200).get()
        guard case .decodes(_, let values) = observed.expectation else {
            Issue.record("expected a decoded body, got \(observed.expectation)")
            return
        }
        #expect(values.map(\.path) == ["scope"])
        #expect(!values.contains { $0.json.contains("AT-the-servers-7c1e") })
    }
}
