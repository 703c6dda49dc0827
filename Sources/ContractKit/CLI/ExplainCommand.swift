import Foundation
import DogPatchClients

/// `dogpatch-contracts explain FIXTURE (--model M | --endpoint E) [--status N] [--fixtures DIR]`.
struct ExplainCommand {
    var file: String?
    var target = TargetChoice()
    var status = 200
    var fixturesFolder: String?
    var help = false

    static func parse(_ arguments: [String]) throws(CommandLineError) -> ExplainCommand {
        var command = ExplainCommand()
        var reader = ArgumentReader(arguments, command: "explain")
        while let argument = reader.next() {
            switch argument.name {
            case "--help", "-h": command.help = true
            case "--model": command.target.model = try reader.value(of: argument)
            case "--endpoint": command.target.endpoint = try reader.value(of: argument)
            case "--status": command.status = try TargetChoice.status(reader.value(of: argument), reader: reader)
            case "--fixtures": command.fixturesFolder = try reader.value(of: argument)
            case _ where argument.isOption: throw reader.fail("unknown option \"\(argument.name)\"")
            default:
                guard command.file == nil else { throw reader.fail("explain takes one fixture; unexpected \"\(argument.name)\"") }
                command.file = argument.name
            }
        }
        guard command.help || command.file != nil else { throw reader.fail("explain needs the fixture file to explain") }
        return command
    }

    func run(environment: ToolEnvironment, output: any ToolOutput, catalogue: Catalogue) -> ExitCode {
        guard let file else { return .invalid }
        let model: ModelDescriptor
        do {
            model = try target.resolve(in: catalogue, command: "explain").model
        } catch {
            output.standardError("error: \(error.message)\nusage: see 'dogpatch-contracts explain --help'\n")
            return .invalid
        }
        let body: BodyFile
        switch BodyFile.read(file, environment: environment, fixtures: environment.location.fixtures(fixturesFolder)) {
        case .success(let read): body = read
        case .failure(let diagnostic):
            output.standardError(diagnostic.rendered + "\n")
            return .invalid
        }
        switch Explanation.explain(body.data, file: file, model: model, status: status) {
        case .success(let explanation):
            output.standardOutput(explanation.text(fixturePath: body.fixturePath))
            return .success
        case .failure(let diagnostic):
            output.standardError(diagnostic.rendered + "\n")
            return .invalid
        }
    }
}

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

    /// Parses `--status`.
    static func status(_ text: String, reader: ArgumentReader) throws(CommandLineError) -> Int {
        guard let status = Int(text), (100...599).contains(status) else {
            throw reader.fail("--status takes an HTTP status from 100 to 599, not \"\(text)\"")
        }
        return status
    }
}

/// A body file given on the command line, read with the fixture size limit.
struct BodyFile {
    /// The file's bytes.
    let data: Data
    /// The file, resolved against the current folder, symlinks resolved.
    let url: URL
    /// Its path relative to the fixtures folder, or `nil` when it lies outside.
    let fixturePath: String?
    /// Whether it was read from a pipe, FIFO or device (`/dev/stdin`, `<(curl ...)`) rather than a file.
    let isStream: Bool

    static func read(_ path: String, environment: ToolEnvironment, fixtures: FixtureLocator) -> Result<BodyFile, Diagnostic> {
        let given = environment.location.resolve(path)
        var info = stat()
        // A stream's links lead to names like `pipe:[123]`, so it is read where the user named it.
        if stat(given.path, &info) == 0, (info.st_mode & S_IFMT) != S_IFREG, (info.st_mode & S_IFMT) != S_IFDIR {
            return FixtureStore.load(given, display: path, readingStreams: true).map { data in
                BodyFile(data: data, url: given, fixturePath: nil, isStream: true)
            }
        }
        let url = given.standardizedFileURL.resolvingSymlinksInPath()
        return FixtureStore.load(url, display: path).map { data in
            BodyFile(data: data, url: url, fixturePath: fixtures.relativePath(of: url), isStream: false)
        }
    }
}
