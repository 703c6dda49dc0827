import DogPatchClients

/// The model a command works with, named by `--model` or through `--endpoint`.
struct TargetChoice {
    var model: String?
    var endpoint: String?

    /// The endpoint, when one was named, and the model.
    func resolve(in catalogue: Catalogue, command: String) throws(CommandLineError) -> (endpoint: Endpoint?, model: ModelDescriptor) {
        func fail(_ message: String) -> CommandLineError { CommandLineError(message: message, command: command) }
        var endpoint: Endpoint?
        if let name = self.endpoint {
            guard let found = catalogue.endpoint(named: name) else {
                throw fail("unknown endpoint \"\(name)\"; known endpoints are \(catalogue.endpoints.map { "\"\($0.name)\"" }.joined(separator: ", "))")
            }
            endpoint = found
        }
        guard let name = model else {
            guard let endpoint else {
                throw fail("\(command) needs --model (\(catalogue.models.map { "\"\($0.name)\"" }.joined(separator: ", "))) or --endpoint")
            }
            return (endpoint, endpoint.model)
        }
        guard let model = catalogue.model(named: name) else {
            throw fail("unknown model \"\(name)\"; known models are \(catalogue.models.map { "\"\($0.name)\"" }.joined(separator: ", "))")
        }
        if let endpoint, endpoint.model.name != model.name {
            throw fail("model \"\(model.name)\" does not match endpoint \"\(endpoint.name)\", which decodes \"\(endpoint.model.name)\"")
        }
        return (endpoint, model)
    }
}
