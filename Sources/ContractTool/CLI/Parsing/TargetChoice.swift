import ContractCatalogue
import ContractEngine

/// The model a command works with, named by `--model` or through `--endpoint`.
struct TargetChoice {
    var model: String?
    var endpoint: String?

    /// The endpoint, when one was named, and the model.
    func resolve(in catalogue: Catalogue, command: String) throws(CommandLineError) -> (
        endpoint: Endpoint?, model: ModelDescriptor
    ) {
        switch catalogue.resolve(endpoint: endpoint, model: model) {
        case .failure(let error):
            throw CommandLineError(message: error.message, command: command)
        case .success((let endpoint, let model?)):
            return (endpoint, model)
        case .success((_, nil)):
            throw CommandLineError(message: Self.missing(in: catalogue, command: command), command: command)
        }
    }

    /// What a command that needs a model says when given neither `--model` nor `--endpoint`.
    static func missing(in catalogue: Catalogue, command: String) -> String {
        "\(command) needs --model (\(catalogue.knownModels)) or --endpoint"
    }
}
