import Foundation

/// Names unique within this process, for routing tokens and queue markers: a replay needs two,
/// and a counter is far cheaper than a random UUID each.
enum UniqueTag {
    private static let counter = Locked(0)

    /// A new name.
    /// - Parameter prefix: What the name starts with, for whoever reads it in a request.
    /// - Returns: Such as `replay-42`.
    static func next(_ prefix: String) -> String {
        let number = counter.withLock { value in
            value += 1
            return value
        }
        return "\(prefix)-\(number)"
    }
}
