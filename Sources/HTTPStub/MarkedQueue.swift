import Foundation

/// A dispatch queue tagged with `setSpecific`, so code can tell whether it is running on it.
///
/// `Thread.isMainThread` is false on the main queue under `dispatchMain`, async `main` and Swift
/// Testing on Linux; a queue-specific value is what identifies a queue reliably.
public struct MarkedQueue: Sendable {
    private static let key = DispatchSpecificKey<String>()

    /// The main queue, marked once.
    public static let main: MarkedQueue = {
        DispatchQueue.main.setSpecific(key: key, value: "main")
        return MarkedQueue(queue: .main, marker: "main", name: "the main queue")
    }()

    /// The queue.
    public let queue: DispatchQueue
    /// How messages name the queue: `the main queue` or `a private queue`.
    public let name: String
    private let marker: String

    private init(queue: DispatchQueue, marker: String, name: String) {
        self.queue = queue
        self.marker = marker
        self.name = name
    }

    /// Makes a new private serial queue with its own marker.
    /// - Parameter label: The queue's label.
    /// - Returns: The marked queue.
    public static func makePrivate(label: String = "dogpatch-contracts.response") -> MarkedQueue {
        let marker = UniqueTag.next("queue")
        let queue = DispatchQueue(label: label)
        queue.setSpecific(key: key, value: marker)
        return MarkedQueue(queue: queue, marker: marker, name: "a private queue")
    }

    /// Whether the calling code is running on this queue.
    public var isCurrent: Bool {
        DispatchQueue.getSpecific(key: Self.key) == marker
    }

    /// Names the queue the calling code is running on, as far as markers tell.
    public static var currentName: String {
        switch DispatchQueue.getSpecific(key: key) {
        case "main"?: "the main queue"
        case _?: "a private queue other than the one the client was given"
        case nil: "a queue of the client's own choosing (not the main queue, nor the one it was given)"
        }
    }
}
