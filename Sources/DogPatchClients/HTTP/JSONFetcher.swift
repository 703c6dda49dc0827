import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Fetches a JSON body and decodes it into a model, delivering exactly once on a response queue.
///
/// Both clients go through this, so a status, an empty body and a decoding failure mean the same
/// thing for every endpoint.
struct JSONFetcher: Sendable {
    let transport: HTTPTransport
    let responseQueue: DispatchQueue
    let makeDecoder: @Sendable () -> JSONDecoder

    @discardableResult
    func fetch<Model: Decodable & Sendable>(
        _ request: URLRequest,
        as model: Model.Type,
        completion: @escaping @Sendable (Result<Model, APIError>) -> Void
    ) -> any ContractDataTask {
        let queue = responseQueue
        let makeDecoder = makeDecoder
        return transport.send(request) { outcome in
            let result = outcome.flatMap { data, _ in Self.decode(Model.self, from: data, with: makeDecoder()) }
            queue.async { completion(result) }
        }
    }

    /// Delivers an error that happened before any request was made, on the response queue.
    func fail<Model>(_ error: APIError, completion: @escaping @Sendable (Result<Model, APIError>) -> Void) {
        responseQueue.async { completion(.failure(error)) }
    }

    static func decode<Model: Decodable>(
        _ model: Model.Type, from data: Data, with decoder: JSONDecoder
    ) -> Result<Model, APIError> {
        guard !data.isEmpty else { return .failure(.invalidData) }
        do {
            return .success(try decoder.decode(Model.self, from: data))
        } catch {
            return .failure(.jsonConversionFailure(DecodingFailure(error)))
        }
    }
}
