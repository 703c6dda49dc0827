import DogPatchClients
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `dogpatch.getDogs` clients that are wrong on purpose, each in a way only an answer nobody
/// wrote down reveals.
enum MutationClients {
    /// Sends the request and hands the status and body to `handle`, on the response queue.
    private static func endpoint(
        _ handle: @escaping @Sendable (Int?, Data, Endpoint.Invocation) -> Void
    ) -> Endpoint {
        Endpoint(name: Endpoint.dogPatchGetDogs.name, model: .dogs, baseURL: DogPatchAPI.baseURL) { call in
            let request = URLRequest(url: DogPatchAPI.baseURL.appendingPathComponent("dogs"))
            call.session.makeDataTask(with: request) { data, response, _ in
                let status = (response as? HTTPURLResponse)?.statusCode
                call.responseQueue.async { handle(status, data ?? Data(), call) }
            }.resume()
        }
    }

    private static func wrap(_ dogs: [Dog]) -> DecodedValue {
        DecodedValue(dogs, makeEncoder: DogPatchAPI.makeEncoder)
    }

    /// Correct, but for the decoding of a 2xx body, whose errors it hides behind an empty list.
    static let swallowsDecodeErrors = endpoint { status, data, call in
        guard let status, (200...299).contains(status) else {
            call.completion(.failure(.responseUnsuccessful(statusCode: status)))
            return
        }
        guard !data.isEmpty else { return call.completion(.failure(.invalidData)) }
        let dogs = (try? DogPatchAPI.makeDecoder().decode([Dog].self, from: data)) ?? []
        call.completion(.success(wrap(dogs)))
    }

    /// Correct, but for a 5xx, which it reports as a decoding failure.
    static let serverErrorAsDecodeFailure = endpoint { status, data, call in
        guard let status else { return call.completion(.failure(.responseUnsuccessful(statusCode: nil))) }
        if (500...599).contains(status) {
            return call.completion(.failure(.jsonConversionFailure(DecodingFailure(path: "", reason: "server error"))))
        }
        guard (200...299).contains(status) else {
            return call.completion(.failure(.responseUnsuccessful(statusCode: status)))
        }
        call.completion(decode(data))
    }

    /// Correct, but it turns every `null` into an empty string before decoding, so a missing value
    /// quietly becomes a default instead of an error.
    static let nullAsDefault = endpoint { status, data, call in
        guard let status, (200...299).contains(status) else {
            return call.completion(.failure(.responseUnsuccessful(statusCode: status)))
        }
        let softened = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "null", with: "\"\"")
        call.completion(decode(Data(softened.utf8)))
    }

    /// Correct, but on a 429 it delivers its result twice.
    static let completesTwiceOn429 = endpoint { status, data, call in
        guard let status, (200...299).contains(status) else {
            call.completion(.failure(.responseUnsuccessful(statusCode: status)))
            if status == 429 { call.completion(.failure(.responseUnsuccessful(statusCode: status))) }
            return
        }
        call.completion(decode(data))
    }

    private static func decode(_ data: Data) -> Result<DecodedValue, APIError> {
        guard !data.isEmpty else { return .failure(.invalidData) }
        do {
            return .success(wrap(try DogPatchAPI.makeDecoder().decode([Dog].self, from: data)))
        } catch {
            return .failure(.jsonConversionFailure(DecodingFailure(error)))
        }
    }

    static func catalogue(_ endpoint: Endpoint) -> Catalogue {
        Catalogue(endpoints: [endpoint], models: Catalogue.standard.models)
    }
}
