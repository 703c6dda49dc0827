/// What a `CompletionProbe` saw.
public struct CompletionObservation<Value: Sendable>: Sendable {
    /// Every value delivered, in order.
    public let values: [Value]
    /// The queue each call ran on, by name.
    public let queueNames: [String]
    /// Whether no completion arrived before the timeout.
    public let timedOut: Bool

    /// The first value delivered.
    public var first: Value? { values.first }
    /// How many times the completion ran.
    public var callCount: Int { values.count }
}
