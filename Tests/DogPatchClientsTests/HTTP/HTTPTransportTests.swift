import DogPatchClients
import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("HTTP transport")
struct HTTPTransportTests {
    private let url = URL(string: "https://example.com/x")!

    @Test("no response at all is invalid data, not a crash")
    func noResponse() {
        #expect(failure(HTTPTransport.classify(data: Data("[]".utf8), response: nil, error: nil)) == .invalidData)
    }

    @Test("a response that is not HTTP is invalid data")
    func nonHTTPResponse() {
        let response = URLResponse(
            url: url, mimeType: "application/json", expectedContentLength: 2, textEncodingName: nil)
        #expect(failure(HTTPTransport.classify(data: Data("[]".utf8), response: response, error: nil)) == .invalidData)
    }

    @Test("an error with an HTTP response keeps the status")
    func errorWithStatus() {
        let response = HTTPURLResponse(url: url, statusCode: 502, httpVersion: nil, headerFields: nil)
        let outcome = HTTPTransport.classify(data: nil, response: response, error: URLError(.networkConnectionLost))
        #expect(failure(outcome) == .responseUnsuccessful(statusCode: 502))
    }

    @Test("a 2xx with no data yields an empty body for the decoder to reject")
    func successWithoutData() throws {
        let response = HTTPURLResponse(url: url, statusCode: 200, httpVersion: nil, headerFields: nil)
        let (data, http) = try HTTPTransport.classify(data: nil, response: response, error: nil).get()
        #expect(data.isEmpty)
        #expect(http.statusCode == 200)
    }

    private func failure(_ result: Result<(Data, HTTPURLResponse), APIError>) -> APIError? {
        if case .failure(let error) = result { error } else { nil }
    }
}
