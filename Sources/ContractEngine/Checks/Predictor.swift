import ContractCatalogue
import Foundation

/// Predicts a case's outcome from its response alone, by the endpoint's outcome rules.
enum Predictor {
    /// Predicts the outcome.
    /// - Parameters:
    ///   - response: The case's response.
    ///   - body: The response body.
    ///   - model: The model a 2xx body decodes into.
    ///   - tree: The body's tree when the caller has it (`mutate` builds each mutant from one), so
    ///     a failure is explained without parsing the body again.
    ///   - rules: The endpoint's outcome rules (default: the standard ones).
    ///   - errors: The endpoint's error vocabulary, which says what each error carries.
    /// - Returns: The outcome a correct client reports.
    static func predict(
        _ response: ResponseSpec, body: Data, model: ModelDescriptor, tree: JSONNode? = nil,
        rules: OutcomeRules = .standard, errors: ErrorVocabulary = .apiError
    ) -> Outcome {
        func failed(_ name: String, status: Int? = nil) -> Outcome {
            let error = ErrorName(name, in: errors)
            return .failed(error, status: error.carriesStatus ? status : nil, problem: nil)
        }
        switch response.kind {
        case .networkError:
            return failed(rules.networkError)
        case .http(let status, let headers, _):
            var ending = rules.ending(forStatus: status)
            // A call that returns nothing reads no body: its success is the status's alone.
            if ending == .decodes, !model.readsBody { return .decoded(.nothing) }
            if ending == .decodes, body.isEmpty { ending = rules.emptyBody }
            switch ending {
            case .error(let name):
                return failed(name, status: status)
            case .value(let json):
                return decode(Data(json.utf8), model: model, tree: nil, rules: rules, errors: errors)
            case .decodes:
                if let unaccepted = rules.unacceptedContentType,
                    !rules.accepts(
                        contentType: headers.first { $0.key.caseInsensitiveCompare("Content-Type") == .orderedSame }?
                            .value)
                {
                    return failed(unaccepted, status: status)
                }
                return decode(body, model: model, tree: tree, rules: rules, errors: errors)
            }
        }
    }

    private static func decode(
        _ body: Data, model: ModelDescriptor, tree: JSONNode?, rules: OutcomeRules, errors: ErrorVocabulary
    ) -> Outcome {
        switch FixtureDecoder.decode(body, as: model, tree: tree) {
        case .success(let value): .decoded(value)
        case .failure(let problem): .failed(ErrorName(rules.undecodable, in: errors), status: nil, problem: problem)
        }
    }
}
