import ContractCatalogue
import Foundation

/// `add`'s front door: the command chooses one origin for the body (a file, the server, or an
/// archive and which of its entries), and the engine finds the contract's place, plans, writes
/// and runs the new cases in one call. The pieces it reaches stay in their rooms: a body file is
/// added here in `Editing/`, the server's answer by `Live/LiveAddition`, an archive's entries by
/// `Capture/CaptureImport`. It sits above `Suite/`, whose `SuiteLocation` knows where a contract lies.
extension CaseAddition {
    /// Where the new case's body comes from.
    package enum Origin: Sendable {
        /// A body file, as the user named it, from the current folder.
        case file(String)
        /// The server's answer to the request the endpoint's client sends, sent to these base URLs.
        case live(BaseURLChoice)
        /// The entries of an HTTP Archive (the file as the user named it) for the contract's
        /// request, those picked.
        case archive(String, Pick)
    }

    /// What an `add` did.
    package enum Done: Sendable {
        /// A case added for a body file or the server's answer, and how it ran.
        case added(Added)
        /// The cases taken from an archive (or that would be, for a dry run), and how they ran.
        case imported(Imported)
    }

    /// Adds a case, or an archive's cases, to a contract, and runs them.
    /// - Parameters:
    ///   - origin: Where the body comes from.
    ///   - request: The case asked for, and how its fixture is written.
    ///   - contract: The contract's path as the user gave it, from the suite's root.
    ///   - fixtures: The fixtures folder the user named, if any.
    ///   - location: Where the suite is.
    ///   - catalogue: The endpoints and models contracts may name.
    ///   - writer: The suite's one writer.
    ///   - timeout: How long the replayed client, and the server, may take (default: each its own).
    ///   - names: The reader's names for the settings messages mention.
    /// - Returns: What was added and how it ran, or why nothing was.
    package static func add(
        _ origin: Origin, request: Request, contract: String, fixtures: String?, in location: SuiteLocation,
        catalogue: Catalogue, writer: SuiteWriter, timeout: TimeInterval?, names: SettingNames = .plain
    ) async -> Account<Done> {
        let place: ContractPlace
        switch location.contractPlace(contract, fixtures: fixtures, catalogue: catalogue) {
        case .success(let found): place = found
        case .failure(.outsideContracts(let resolved, let meant)):
            return Account(.contractOutsideContracts(contract, resolved: resolved, meant: meant))
        case .failure(.notJSON): return Account(.contractNotJSON(contract))
        }
        let defaults = VerifyOptions()
        let replayTimeout = timeout ?? defaults.timeout
        let addition = CaseAddition(
            place: place, catalogue: catalogue, request: request, writer: writer, timeout: replayTimeout)
        switch origin {
        case .file(let file):
            return await addition.add(file: location.resolve(file), display: file).map(Done.added)
        case .live(let baseURLs):
            return await LiveAddition(
                addition, baseURLs: baseURLs, timeout: timeout ?? defaults.liveTimeout, names: names
            ).add().map(Done.added)
        case .archive(let archive, let pick):
            let capture = CaptureImport(
                place: place, catalogue: catalogue, writer: writer, timeout: replayTimeout, request: request, pick: pick
            )
            return await capture.add(archive: location.resolve(archive), display: archive).map(Done.imported)
        }
    }
}

extension CaseAddition.Account {
    /// The same account, with what was added told another way.
    fileprivate func map<Other>(_ transform: (Value) -> Other) -> CaseAddition.Account<Other> {
        CaseAddition.Account<Other>(warnings: warnings, result: result.map(transform))
    }
}
