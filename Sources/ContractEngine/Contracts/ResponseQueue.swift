/// The queue a client is built with for replay.
enum ResponseQueue: String, Sendable {
    /// The main queue.
    case main
    /// A private serial queue.
    case `private`
}
