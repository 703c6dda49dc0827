import Foundation

/// Names unique within this process, for routing tokens and queue markers: a replay needs two,
/// and a counter is far cheaper than a random UUID each.
enum UniqueTag {
    private static let counter = Counter()

    /// A new name.
    /// - Parameter prefix: What the name starts with, for whoever reads it in a request.
    /// - Returns: Such as `replay-42`.
    static func next(_ prefix: String) -> String {
        "\(prefix)-\(counter.next())"
    }

    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0

        func next() -> Int {
            lock.withLock {
                value += 1
                return value
            }
        }
    }
}
