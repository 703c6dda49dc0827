import ContractCatalogue
import Foundation

/// What `add --live` checks before its request is sent: every refusal that does not depend on the
/// server's answer. A write the server applied is not taken back, so a case name in use, a
/// destination outside the fixtures folder, an error the endpoint does not have or an empty
/// provider state refuses the case with nothing sent.
extension CaseAddition {
    /// Refuses the case, before any request is sent, for whatever the answer cannot change: the
    /// contract (valid, the name free, the endpoint and arguments its own), the fixture's place,
    /// and the case's name, expectation and provider state as the loader reads them.
    /// - Parameters:
    ///   - source: The contract file as read, or `nil` when it is new.
    ///   - destination: Where under the fixtures folder the body would go.
    ///   - endpoint: The endpoint whose client sends the request.
    ///   - memo: What was worked out already.
    /// - Throws: Why the case would be refused.
    func preflight(
        source: ContractLoader.Source?, destination: String, endpoint: Endpoint, memo: inout Memo
    ) throws(Problem) {
        _ = try existingContract(source, memo: &memo)
        let stand = BodyFile(
            data: Data(), url: place.fixtures.root.appendingPathComponent(destination), fixturePath: nil,
            isStream: false)
        let path = try fixturePath(for: stand, at: destination)
        if case .failure(let problem) = place.fixtures.resolve(path) { throw .fixturePath(problem.message) }
        let expect: CaseTemplate.Expect =
            switch request.expect {
            case .observed, .decodes: .decodes(count: nil, values: [])
            case .error(let name):
                .error(name, status: ErrorName(name, in: endpoint.errors).carriesStatus ? 500 : nil, path: nil)
            }
        var template = CaseTemplate(
            name: request.name, status: 200, fixture: "x.json", expect: expect)
        template.given = request.given
        let arguments = try argumentsJSON()
        let text = ContractEditor.newContract(
            endpoint: endpoint.name, model: nil, arguments: arguments, case: template, schema: nil)
        let loader = ContractLoader(
            catalogue: catalogue, fixtures: FixtureLocator(root: URL(fileURLWithPath: "/"), displayRoot: ""))
        switch loader.load(Data(text.utf8), file: place.path) {
        case .invalid(_, _, let diagnostics): throw .refused(diagnostics, "the case was not added; nothing was sent")
        case .loaded(let contract):
            if case .invalid(_, let diagnostics)? = contract.cases.first(where: { $0.name == request.name }) {
                throw .refused(diagnostics, "the case was not added; nothing was sent")
            }
        }
    }
}
