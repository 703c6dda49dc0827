import ContractCatalogue
import Foundation

/// Loads contract files strictly: every unknown key, wrong type, duplicate, unknown name and
/// escaping path is an error at the contract's `file:line:col`.
struct ContractLoader: Sendable {
    /// The newest contract format this tool reads.
    static let currentVersion = 1
    /// The largest contract file read, in bytes.
    static let maxContractBytes = 16 << 20

    let catalogue: Catalogue
    let fixtures: FixtureLocator

    /// Reads and loads a contract file.
    /// - Parameters:
    ///   - url: The file.
    ///   - file: How reports name it.
    /// - Returns: The contract, or its problems.
    func load(contentsOf url: URL, file: String) -> LoadedContract {
        read(contentsOf: url, file: file).loaded
    }

    /// Reads and loads a contract file, keeping its bytes and tree for an editor.
    /// - Parameters:
    ///   - url: The file.
    ///   - file: How reports name it.
    /// - Returns: The file's bytes and tree, when it could be read and parsed, and what they load into.
    func read(contentsOf url: URL, file: String) -> Source {
        let data: Data
        switch RegularFile.read(url.path, limit: Self.maxContractBytes) {
        case .success(let bytes):
            data = bytes
        case .failure(let failure):
            let problem =
                switch failure {
                case .cannotStat(let code):
                    Diagnostic(.error, "cannot read the contract: \(FileProblem.describe(errno: code))", file: file)
                case .folder, .notRegular:
                    Diagnostic(.error, "cannot read the contract: \(RegularFile.notRegularReason)", file: file)
                case .tooLarge(let size):
                    Diagnostic(
                        .error, "contract is \(size) bytes, over the limit of \(Self.maxContractBytes)", file: file,
                        position: .start)
                case .cannotRead(let reason): Diagnostic(.error, "cannot read the contract: \(reason)", file: file)
                }
            return Source(loaded: .invalid(file: file, endpoint: nil, diagnostics: [problem]), data: nil, root: nil)
        }
        var source = read(data, file: file)
        if case .loaded(var contract) = source.loaded {
            contract.url = url
            source.loaded = .loaded(contract)
        }
        return source
    }

    /// Loads a contract from its bytes.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: How reports name it.
    /// - Returns: The contract, or its problems.
    func load(_ data: Data, file: String) -> LoadedContract {
        read(data, file: file).loaded
    }

    /// Parses and loads a contract's bytes, keeping the tree.
    func read(_ data: Data, file: String) -> Source {
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            let diagnostic = Diagnostic(
                .error, "invalid JSON: \(error.message)", file: file, position: error.position)
            return Source(loaded: .invalid(file: file, endpoint: nil, diagnostics: [diagnostic]), data: data, root: nil)
        }
        var reader = ContractReader(file: file)
        guard let header = readHeader(root, reader: &reader), reader.diagnostics.isEmpty, let model = header.model
        else {
            let loaded = LoadedContract.invalid(
                file: file, endpoint: reader.endpointName, diagnostics: reader.diagnostics)
            return Source(loaded: loaded, data: data, root: root)
        }
        var contract = Contract(
            file: file, endpoint: header.endpoint, model: model, arguments: header.arguments,
            request: header.request,
            responseQueue: header.responseQueue, ignoredKeys: header.ignoredKeys,
            cases: readCases(header.caseNodes, model: model, endpoint: header.endpoint, file: file)
        )
        contract.sequence = header.sequence.map(\.value)
        contract.ignoredKeyEntries = header.ignoredKeyEntries
        return Source(loaded: .loaded(contract), data: data, root: root)
    }
}
