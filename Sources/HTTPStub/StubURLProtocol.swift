import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A `URLProtocol` that answers every request from `StubRegistry.shared` and lets none reach the network.
///
/// Put it first in a session's `protocolClasses` (`StubSession` does); it claims every request,
/// routes it by the token in `tokenHeader`, and fails any request it cannot route with
/// `URLError(.unsupportedURL)` whose description starts `no route for`.
public class StubURLProtocol: URLProtocol {
    /// The header that carries a request's routing token.
    public static let tokenHeader = "X-DogPatch-Contracts-Stub"

    /// The prefix of the description an unroutable request fails with.
    public static let noRoutePrefix = "no route for"

    private let state = LoadingState()

    /// The token of a request that carries none: the one a slot's session routes to (see
    /// `SessionSlots`); `nil` for the stub itself.
    class var slotToken: String? { nil }

    override public class func canInit(with request: URLRequest) -> Bool { true }

    override public class func canonicalRequest(for request: URLRequest) -> URLRequest { request }

    override public func startLoading() {
        guard let token = request.value(forHTTPHeaderField: Self.tokenHeader) ?? Self.slotToken,
            let handler = StubRegistry.shared.handler(for: token)
        else {
            let description =
                "\(Self.noRoutePrefix) \(request.httpMethod ?? "GET") \(request.url?.absoluteString ?? "(no URL)")"
            client?.urlProtocol(
                self, didFailWithError: URLError(.unsupportedURL, userInfo: [NSLocalizedDescriptionKey: description]))
            return
        }
        var routed = request
        routed.setValue(nil, forHTTPHeaderField: Self.tokenHeader)
        // Darwin hands a URLProtocol the body as a stream, which can be read once: the handler
        // gets it read in full, as `httpBody`, on every platform.
        if routed.httpBody == nil, let stream = routed.httpBodyStream {
            routed.httpBody = Self.readAll(stream)
        }
        let reply = handler(routed)
        if reply.delay > 0 {
            // URLProtocol is not Sendable; the loading state makes the late answer safe against a cancel.
            let loading = UncheckedSendable(self)
            DispatchQueue.global().asyncAfter(deadline: .now() + reply.delay) { loading.value.answer(reply) }
        } else {
            answer(reply)
        }
    }

    /// A request body's stream read to its end, or as far as it can be read.
    static func readAll(_ stream: InputStream) -> Data {
        var data = Data()
        stream.open()
        defer { stream.close() }
        var buffer = [UInt8](repeating: 0, count: 16 << 10)
        while true {
            let count = buffer.withUnsafeMutableBufferPointer { bytes in
                bytes.baseAddress.map { stream.read($0, maxLength: bytes.count) } ?? 0
            }
            guard count > 0 else { break }
            data.append(contentsOf: buffer[..<count])
        }
        return data
    }

    override public func stopLoading() {
        state.stop()
    }

    private func answer(_ reply: StubReply) {
        guard state.beginAnswer() else { return }
        switch reply {
        case .never:
            break
        case .failure(let code, _):
            client?.urlProtocol(self, didFailWithError: URLError(code))
        case .response(let status, let headers, let body, _):
            guard let url = request.url,
                let response = HTTPURLResponse(
                    url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers)
            else {
                client?.urlProtocol(self, didFailWithError: URLError(.badServerResponse))
                return
            }
            client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
            // One call with the whole body: Linux keeps only the last chunk it is given.
            if !body.isEmpty {
                client?.urlProtocol(self, didLoad: body)
            }
            client?.urlProtocolDidFinishLoading(self)
        }
    }
}

/// Whether a loading has been stopped or answered, so a delayed answer never follows a cancel.
private final class LoadingState: Sendable {
    private let finished = Locked(false)

    func stop() {
        finished.withLock { $0 = true }
    }

    /// Marks the loading answered; `false` when it was stopped or answered already.
    func beginAnswer() -> Bool {
        finished.withLock { finished in
            defer { finished = true }
            return !finished
        }
    }
}

/// Carries a value Swift cannot prove Sendable across a dispatch, where the code guards it itself.
private struct UncheckedSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
