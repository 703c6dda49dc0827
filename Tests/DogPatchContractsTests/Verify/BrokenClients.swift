import DogPatchClients
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Catalogue entries standing in for `dogpatch.getDogs` with a client bug each, to prove every
/// replay check can fail.
enum BrokenClients {
    private static func endpoint(_ invoke: @escaping @Sendable (Endpoint.Invocation) -> Void) -> Endpoint {
        Endpoint(name: Endpoint.dogPatchGetDogs.name, model: .dogs, baseURL: DogPatchAPI.baseURL, invoke: invoke)
    }

    private static func wrap(_ dogs: [Dog]) -> DecodedValue {
        DecodedValue(dogs, makeEncoder: DogPatchAPI.makeEncoder)
    }

    /// Decodes any body it gets, whatever the status, as the original tutorial's client did.
    static let ignoresStatus = endpoint { call in
        let request = URLRequest(url: DogPatchAPI.baseURL.appendingPathComponent("dogs"))
        call.session.makeDataTask(with: request) { data, _, error in
            let result: Result<DecodedValue, APIError>
            if let data, let dogs = try? DogPatchAPI.makeDecoder().decode([Dog].self, from: data) {
                result = .success(wrap(dogs))
            } else {
                result = .failure(error == nil ? .invalidData : .responseUnsuccessful(statusCode: nil))
            }
            call.responseQueue.async { call.completion(result) }
        }.resume()
    }

    /// Delivers on a global queue instead of its response queue.
    static let wrongQueue = endpoint { call in
        DogPatchClient(baseURL: DogPatchAPI.baseURL, session: call.session, responseQueue: .global()).getDogs {
            result in
            call.completion(result.map(wrap))
        }
    }

    /// Delivers every result twice.
    static let completesTwice = endpoint { call in
        DogPatchClient(baseURL: DogPatchAPI.baseURL, session: call.session, responseQueue: call.responseQueue).getDogs {
            result in
            call.completion(result.map(wrap))
            call.completion(result.map(wrap))
        }
    }

    /// Sends its request and never calls its completion.
    static let neverCompletes = endpoint { call in
        DogPatchClient(baseURL: DogPatchAPI.baseURL, session: call.session, responseQueue: call.responseQueue).getDogs {
            _ in
        }
    }

    /// Requests `/api/v2/dogs`.
    static let wrongPath = endpoint { call in
        let baseURL = URL(string: "https://dogpatchserver.herokuapp.com/api/v2/")!
        DogPatchClient(baseURL: baseURL, session: call.session, responseQueue: call.responseQueue).getDogs { result in
            call.completion(result.map(wrap))
        }
    }

    /// Sends the request twice and reports the first answer.
    static let sendsTwice = endpoint { call in
        let client = DogPatchClient(
            baseURL: DogPatchAPI.baseURL, session: call.session, responseQueue: call.responseQueue)
        client.getDogs { result in call.completion(result.map(wrap)) }
        client.getDogs { _ in }
    }

    static func catalogue(_ endpoint: Endpoint) -> Catalogue {
        Catalogue(endpoints: [endpoint], models: Catalogue.standard.models)
    }
}
