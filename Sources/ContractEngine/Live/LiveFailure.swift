/// Why a live request gave no response to check: the URL and the reason in words.
struct LiveFailure: Error, Sendable, Equatable {
    /// The URL asked for.
    let url: String
    /// Why, such as `could not connect: connection refused`.
    let reason: String
    /// Whether the server did not answer in time, so that the message can name the setting that
    /// gives it longer.
    var ranOutOfTime = false
    /// The method of a request that would change data, left unsent because writes were not
    /// allowed; `nil` for a request that was sent.
    var unsentWrite: String?

    /// The method of the request that was sent.
    var method = "GET"
    /// Whether the request never reached a server (no name, no connection).
    var neverSent = false

    /// What a write that was sent and failed leaves: it may have reached the server, which may
    /// have made the change; empty for a read, and for a request that never left.
    private var appliedNote: String {
        unsentWrite == nil && !neverSent && method != "GET" && method != "HEAD"
            ? "; the server may have applied it" : ""
    }

    /// `GET URL: reason`, or `POST URL: reason; the server may have applied it`.
    var message: String { "\(unsentWrite ?? method) \(url): \(reason)\(appliedNote)" }

    /// The message, naming the setting that gives a server longer when it ran out of time, or
    /// the one that lets a write be sent.
    /// - Parameter names: The reader's names for the settings.
    /// - Returns: `GET URL: no complete answer within 10 s (--timeout)`, or the message.
    func message(naming names: SettingNames) -> String {
        if let method = unsentWrite { return Self.writeReason(method, names: names) }
        guard ranOutOfTime else { return message }
        return "\(method) \(url): \(reason) (\(names.timeout))\(appliedNote)"
    }

    /// Why a request that changes data was not sent: `the client sends POST, which changes data
    /// on the server; live requests are GET and HEAD only, unless --allow-writes`.
    static func writeReason(_ method: String, names: SettingNames) -> String {
        "the client sends \(method), which changes data on the server; live requests are GET and HEAD only, unless \(names.allowWrites)"
    }
}
