import Foundation

extension ContractLoader {
    /// A contract file as an editor reads it: its bytes and JSON tree, and what they load into, so
    /// the file is parsed once to be both checked and changed where the loader found things.
    struct Source: Sendable {
        /// What the file loads into.
        var loaded: LoadedContract
        /// The file's bytes; `nil` when it could not be read.
        let data: Data?
        /// The file's JSON tree; `nil` when it could not be read or is not JSON.
        let root: JSONNode?
    }

    /// Reads cases written into a loaded contract's text as loading the whole new text would read
    /// them: each in the contract's context, its positions those of the new text. The cases'
    /// names must be new to the contract and to each other (the callers choose or refuse them so),
    /// as a duplicate is the only thing a case's neighbours change about it.
    /// - Parameters:
    ///   - cases: Each case's JSON text, and where it starts in the new text.
    ///   - contract: The contract as it loaded before they were written.
    /// - Returns: The contract with the cases after its own, each ready or invalid.
    func readAppended(_ cases: [(text: Data, start: SourcePosition)], to contract: Contract) -> Contract {
        let added = cases.enumerated().map { offset, added in
            let index = contract.cases.count + offset
            do throws(JSONSyntaxError) {
                let node = try JSONParser.parse(added.text, at: added.start)
                return readCase(
                    node, index: index, model: contract.model, endpoint: contract.endpoint, file: contract.file
                )
            } catch {
                let diagnostic = Diagnostic(
                    .error, "invalid JSON: \(error.message)", file: contract.file, position: error.position)
                return CaseEntry.invalid(name: "#\(index + 1)", diagnostics: [diagnostic])
            }
        }
        var appended = Contract(
            file: contract.file, endpoint: contract.endpoint, model: contract.model, arguments: contract.arguments,
            request: contract.request, responseQueue: contract.responseQueue, ignoredKeys: contract.ignoredKeys,
            cases: contract.cases + added)
        appended.url = contract.url
        appended.sequence = contract.sequence
        return appended
    }
}
