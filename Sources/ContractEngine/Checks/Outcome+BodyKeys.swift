import ContractCatalogue
import Foundation

extension Outcome {
    /// The outcome with its failure's path in the body's keys, as the prediction names it
    /// (`BodyKeyPath`): a client's `JSONDecoder` names the model's keys.
    /// - Parameters:
    ///   - body: The body the client was served.
    ///   - tree: The body's tree when the caller has it, so it is not parsed again.
    ///   - model: The model it decodes into.
    /// - Returns: The outcome, its path renamed where the model's decoder converts keys.
    func namingBodyKeys(of body: Data, tree: JSONNode? = nil, model: ModelDescriptor) -> Outcome {
        guard case .failed(let name, let status, var problem?) = self, name.isDecodingFailure else { return self }
        problem.failure.path = BodyKeyPath.naming(problem.path, in: body, tree: tree, model: model)
        return .failed(name, status: status, problem: problem)
    }
}
