import Foundation

extension LiveSettings {
    /// How long a live request may take, in seconds, when a run does not say: the one default
    /// that `verify --live`, `record` and `add --live` share.
    static let defaultTimeout: TimeInterval = 10
}
