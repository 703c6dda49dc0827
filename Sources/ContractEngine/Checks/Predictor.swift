import ContractCatalogue
import Foundation

/// Predicts a case's outcome from its response alone, by the `APIError` table.
enum Predictor {
    /// Predicts the outcome.
    /// - Parameters:
    ///   - response: The case's response.
    ///   - body: The response body.
    ///   - model: The model a 2xx body decodes into.
    ///   - tree: The body's tree when the caller has it (`mutate` builds each mutant from one), so
    ///     a failure is explained without parsing the body again.
    /// - Returns: The outcome a correct client reports.
    static func predict(_ response: ResponseSpec, body: Data, model: ModelDescriptor, tree: JSONNode? = nil)
        -> Outcome
    {
        switch response.kind {
        case .networkError:
            return .failed(.responseUnsuccessful, status: nil, problem: nil)
        case .http(let status, _, _) where !(200...299).contains(status):
            return .failed(.responseUnsuccessful, status: status, problem: nil)
        case .http:
            guard !body.isEmpty else { return .failed(.invalidData, status: nil, problem: nil) }
            switch FixtureDecoder.decode(body, as: model, tree: tree) {
            case .success(let value): return .decoded(value)
            case .failure(let problem): return .failed(.jsonConversionFailure, status: nil, problem: problem)
            }
        }
    }
}
