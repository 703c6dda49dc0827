import Foundation

/// Where live requests go and how long they may take: what `verify --live`, `record` and
/// `add --live` add to a run.
struct LiveSettings: Sendable {
    /// Where each API's requests go.
    var baseURLs = BaseURLChoice()
    /// How long a live request may take, in seconds.
    var timeout = LiveSettings.defaultTimeout
    /// Whether bodies are written exactly as received, not laid out for review.
    var raw = false
    /// The reader's names for the settings messages mention.
    var names = SettingNames.plain
    /// Whether requests that change data (anything but GET and HEAD) are sent.
    var allowWrites = false
    /// Where each answer is kept for the release matrix, when one is asked for.
    var answers: LiveAnswers?
}
