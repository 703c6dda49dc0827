/// Why a live request gave no response to check: the URL and the reason in words.
struct LiveFailure: Error, Sendable, Equatable {
    /// The URL asked for.
    let url: String
    /// Why, such as `could not connect: connection refused`.
    let reason: String
    /// Whether the server did not answer in time, so that the message can name the setting that
    /// gives it longer.
    var ranOutOfTime = false

    /// `GET URL: reason`.
    var message: String { "GET \(url): \(reason)" }

    /// The message, naming the setting that gives a server longer when it ran out of time.
    /// - Parameter names: The reader's names for the settings.
    /// - Returns: `GET URL: no complete answer within 10 s (--timeout)`, or the message.
    func message(naming names: SettingNames) -> String {
        ranOutOfTime ? "\(message) (\(names.timeout))" : message
    }
}
