import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The response a case describes.
struct ResponseSpec: Sendable {
    /// What reaches the client.
    enum Kind: Sendable {
        /// An HTTP response.
        case http(status: Int, headers: [String: String], body: Body)
        /// A transport error, by its URLError code name.
        case networkError(code: URLError.Code, name: String)
    }

    /// Where the body comes from.
    enum Body: Sendable {
        /// No body.
        case none
        /// A string in the contract.
        case inline(String)
        /// A file under the fixtures folder: as written, the file it resolved to (symlinks
        /// resolved), and where it was written.
        case fixture(path: String, file: String, position: SourcePosition)
        /// A body received from a server (`verify --live`), named in reports by its URL.
        case received(Data, source: String)
    }

    /// What reaches the client.
    let kind: Kind
    /// How long the stub waits before answering, in milliseconds.
    let delayMs: Int
    /// Where `response` starts.
    let position: SourcePosition

    /// The fixture's path as the contract writes it, for a response whose body is a fixture.
    var fixturePath: String? {
        if case .http(_, _, .fixture(let path, _, _)) = kind { path } else { nil }
    }
}
