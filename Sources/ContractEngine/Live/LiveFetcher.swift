import ContractCatalogue
import Foundation
import HTTPStub

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one request to a real server with a session of its own: a plain configuration with no
/// stub, no cookies kept or sent, no cache. The body is refused while it streams once it passes
/// the size limit; a redirect to another scheme, host or port is refused and never followed;
/// the run's own timer cancels a request the server does not finish in time.
enum LiveFetcher {
    /// Sends a request: a GET or a HEAD, or any method when writes are allowed.
    /// - Parameters:
    ///   - request: The request the client builds, sent as it is.
    ///   - allowWrites: Whether a request that changes data (anything but GET and HEAD) is sent.
    ///   - timeout: How long the whole exchange may take, in seconds.
    ///   - maxBytes: The largest body accepted.
    ///   - definedQuery: The names of the query items the endpoint defines: the only ones shown.
    /// - Returns: The response, or why there is none.
    static func fetch(
        _ request: URLRequest, timeout: TimeInterval, maxBytes: Int = FixtureStore.maxFixtureBytes,
        definedQuery: Set<String> = [], allowWrites: Bool = false
    ) async -> Result<LiveResponse, LiveFailure> {
        let display = request.url.map { Redaction.url($0, definedQuery: definedQuery) } ?? "(no URL)"
        guard let url = request.url else {
            return .failure(LiveFailure(url: display, reason: "the client's request has no URL"))
        }
        let method = (request.httpMethod ?? "GET").uppercased()
        guard allowWrites || method == "GET" || method == "HEAD" else {
            return .failure(
                LiveFailure(
                    url: display, reason: "only GET and HEAD requests are sent to a server unless writes are allowed",
                    unsentWrite: method))
        }
        var outgoing = request
        outgoing.timeoutInterval = timeout * 2 + 1
        outgoing.cachePolicy = .reloadIgnoringLocalCacheData
        outgoing.httpShouldHandleCookies = false
        let exchange = LiveExchange(url: url, maxBytes: maxBytes, definedQuery: definedQuery)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpCookieStorage = nil
        configuration.httpShouldSetCookies = false
        configuration.httpCookieAcceptPolicy = .never
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        // Foundation's own timers are set past the run's, which always fires first and says so.
        configuration.timeoutIntervalForRequest = timeout * 2 + 1
        configuration.timeoutIntervalForResource = timeout * 2 + 1
        let session = URLSession(configuration: configuration, delegate: exchange, delegateQueue: nil)
        defer { session.finishTasksAndInvalidate() }
        // A failure names the method sent: a write that reached the server may have been applied.
        return await exchange.run(session.dataTask(with: outgoing), in: session, timeout: timeout).mapError {
            var failure = $0
            failure.method = method
            return failure
        }
    }
}

/// One live request's state, as its session's delegate sees it.
private final class LiveExchange: NSObject, URLSessionDataDelegate, Sendable {
    private let url: URL
    private let maxBytes: Int
    private let definedQuery: Set<String>

    /// What the delegate's callbacks learn, on whatever thread they come.
    private struct State {
        var timeout: TimeInterval = 0
        var response: HTTPURLResponse?
        var body = Data()
        var redirects: [URL] = []
        /// Why the tool itself stopped the exchange, when it did, and whether for want of time.
        var refusal: (reason: String, ranOutOfTime: Bool)?
        var continuation: CheckedContinuation<Result<LiveResponse, LiveFailure>, Never>?
        var finished = false
    }

    private let state = Locked(State())

    init(url: URL, maxBytes: Int, definedQuery: Set<String>) {
        self.url = url
        self.maxBytes = maxBytes
        self.definedQuery = definedQuery
    }

    private func shown(_ url: URL) -> String { Redaction.url(url, definedQuery: definedQuery) }

    func run(_ task: URLSessionDataTask, in session: URLSession, timeout: TimeInterval) async -> Result<
        LiveResponse, LiveFailure
    > {
        await withCheckedContinuation { continuation in
            state.withLock { state in
                state.continuation = continuation
                state.timeout = timeout
            }
            // Foundation's own timeouts are not relied on alone: this one always fires. It runs on
            // the session's delegate queue, between callbacks, never while one of them is waiting
            // to answer Foundation (which traps on a task cancelled in that state).
            let delegateQueue = session.delegateQueue
            DispatchQueue.global().asyncAfter(deadline: .now() + timeout) { [self] in
                delegateQueue.addOperation { [self] in stop(task, because: Self.timedOut(timeout), ranOutOfTime: true) }
            }
            task.resume()
        }
    }

    /// Ends the exchange: what the task delivers from now on is replaced by the reason.
    private func stop(_ task: URLSessionTask, because reason: String, ranOutOfTime: Bool = false) {
        if refuse(because: reason, ranOutOfTime: ranOutOfTime) { task.cancel() }
    }

    /// Records why the exchange gives no response and answers at once, without waiting for the
    /// task to wind down (a cancelled download can have much still queued); `false` when it has
    /// ended or been refused already.
    @discardableResult
    private func refuse(because reason: String, ranOutOfTime: Bool = false) -> Bool {
        let waiting: CheckedContinuation<Result<LiveResponse, LiveFailure>, Never>?? = state.withLock { state in
            guard !state.finished, state.refusal == nil else { return nil }
            state.refusal = (reason, ranOutOfTime)
            defer { state.continuation = nil }
            return .some(state.continuation)
        }
        guard let waiting else { return false }
        waiting?.resume(
            returning: .failure(LiveFailure(url: shown(url), reason: reason, ranOutOfTime: ranOutOfTime)))
        return true
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        state.withLock { $0.response = response as? HTTPURLResponse }
        if response.expectedContentLength > Int64(maxBytes) {
            // Answered before the refusal lets the caller tear the session down.
            completionHandler(.cancel)
            refuse(
                because:
                    "the server announces \(response.expectedContentLength) bytes, over the limit of \(maxBytes) bytes (\(maxBytes >> 20) MiB)"
            )
            return
        }
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        let over: Bool = state.withLock { state in
            // Once refused, what is still in flight is dropped: the body never grows past the limit.
            guard state.refusal == nil, !state.finished else { return false }
            guard state.body.count + data.count <= maxBytes else { return true }
            state.body.append(data)
            return false
        }
        if over { stop(dataTask, because: Self.overLimit(maxBytes)) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        guard let target = request.url else {
            completionHandler(nil)
            return
        }
        let from = state.withLock { $0.redirects.last ?? url }
        guard Self.origin(of: target) == Self.origin(of: from) else {
            // Declined, and answered before the refusal lets the caller tear the session down:
            // Foundation on Linux traps when a task is cancelled while it waits for this answer.
            completionHandler(nil)
            refuse(
                because: "the server redirects to \(shown(target)), another host; the redirect was not followed"
            )
            return
        }
        state.withLock { $0.redirects.append(target) }
        completionHandler(request)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        let url = url
        let definedQuery = definedQuery
        let (continuation, result):
            (CheckedContinuation<Result<LiveResponse, LiveFailure>, Never>?, Result<LiveResponse, LiveFailure>) =
                state.withLock {
                    state in
                    state.finished = true
                    let continuation = state.continuation
                    state.continuation = nil
                    let display = Redaction.url(url, definedQuery: definedQuery)
                    if let refusal = state.refusal {
                        return (
                            continuation,
                            .failure(
                                LiveFailure(url: display, reason: refusal.reason, ranOutOfTime: refusal.ranOutOfTime))
                        )
                    }
                    if let error {
                        let ranOutOfTime = (error as? URLError)?.code == .timedOut
                        let reason = ranOutOfTime ? Self.timedOut(state.timeout) : Self.describe(error)
                        var failure = LiveFailure(url: display, reason: reason, ranOutOfTime: ranOutOfTime)
                        failure.neverSent = Self.neverSent(error)
                        return (continuation, .failure(failure))
                    }
                    guard let response = state.response else {
                        return (
                            continuation,
                            .failure(LiveFailure(url: display, reason: "the answer is not an HTTP response"))
                        )
                    }
                    var headers: [String: String] = [:]
                    for (name, value) in response.allHeaderFields {
                        if let name = name as? String, let value = value as? String { headers[name] = value }
                    }
                    var answer = LiveResponse(
                        url: url, definedQuery: definedQuery, status: response.statusCode, headers: headers,
                        body: state.body, redirects: state.redirects)
                    answer.method = (task.originalRequest?.httpMethod ?? "GET").uppercased()
                    return (continuation, .success(answer))
                }
        continuation?.resume(returning: result)
    }

    /// Scheme, host and port: what a redirect may not change.
    private static func origin(of url: URL) -> String {
        let scheme = url.scheme?.lowercased() ?? ""
        let port = url.port ?? (scheme == "https" ? 443 : 80)
        return "\(scheme)://\(url.host?.lowercased() ?? ""):\(port)"
    }

    private static func overLimit(_ maxBytes: Int) -> String {
        "the body passed the limit of \(maxBytes) bytes (\(maxBytes >> 20) MiB) and was refused"
    }

    private static func timedOut(_ timeout: TimeInterval) -> String {
        "no complete answer within \(ReplayCheck.seconds(timeout))"
    }

    /// Whether an error came before any byte of the request could reach a server: no name, no
    /// connection. A write that failed otherwise may have been applied.
    static func neverSent(_ error: any Error) -> Bool {
        guard let code = (error as? URLError)?.code else { return false }
        return [.cannotFindHost, .dnsLookupFailed, .cannotConnectToHost, .notConnectedToInternet].contains(code)
    }

    /// A transport error in words that read the same on every platform (a timeout is worded by
    /// `timedOut`, with the seconds).
    static func describe(_ error: any Error) -> String {
        guard let urlError = error as? URLError else { return "the request failed" }
        switch urlError.code {
        case .cannotConnectToHost: return "could not connect: the connection was refused"
        case .cannotFindHost, .dnsLookupFailed: return "the host name could not be resolved (DNS)"
        case .notConnectedToInternet: return "not connected to the internet"
        case .networkConnectionLost: return "the connection was lost"
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
            .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot, .clientCertificateRejected:
            return
                "the TLS connection failed (\(urlError.code == .secureConnectionFailed ? "handshake" : "certificate"))"
        case .badServerResponse, .cannotParseResponse: return "the server's answer is not valid HTTP"
        case .httpTooManyRedirects: return "too many redirects"
        case .cancelled: return "the request was cancelled"
        default: return "the request failed (URLError \(urlError.code.rawValue))"
        }
    }
}

extension LiveFetcher {
    /// Sends a contract's request to the server: the request the endpoint's client builds for the
    /// contract's arguments on the base URL, learnt on the stub, then sent as it is.
    /// - Parameters:
    ///   - endpoint: The endpoint.
    ///   - arguments: The contract's arguments.
    ///   - baseURL: Where the API answers.
    ///   - timeout: How long the server may take.
    ///   - allowWrites: Whether a request that changes data (anything but GET and HEAD) is sent;
    ///     otherwise it is not, and the failure says why.
    /// - Returns: The server's response, or why there is none.
    static func fetch(
        _ endpoint: Endpoint, arguments: [String: Endpoint.Argument], baseURL: URL, timeout: TimeInterval,
        allowWrites: Bool = false
    ) async -> Result<LiveResponse, LiveFailure> {
        switch await ClientRequest.learn(endpoint, arguments: arguments, baseURL: baseURL, timeout: timeout) {
        case .failure(let failure): return .failure(LiveFailure(url: failure.url, reason: failure.reason))
        case .success(let learnt):
            let request = learnt.request
            guard allowWrites || learnt.onlyReads else {
                return .failure(
                    LiveFailure(
                        url: Redaction.url(request.url ?? baseURL, definedQuery: Set(endpoint.parameters.map(\.name))),
                        reason: "not sent", unsentWrite: learnt.method))
            }
            let sent = request.url.map { Set(Redaction.hiddenQueryNames($0)) } ?? []
            let unsent = Redaction.hiddenQueryNames(baseURL).filter { !sent.contains($0) }
            return await fetch(
                request, timeout: timeout, definedQuery: Set(endpoint.parameters.map(\.name)), allowWrites: allowWrites
            ).flatMap {
                var answer = $0
                answer.unsentBaseQuery = unsent
                return ClientView.seen(answer)
            }
        }
    }
}
