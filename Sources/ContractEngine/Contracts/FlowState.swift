/// The provider state of one exchange of a flow, as the exported pact names it and `serve` reads
/// it back: below both, so neither command names the other's types.
enum FlowState {
    /// The flow's state (its `given`, else its name) and the step.
    /// - Parameters:
    ///   - flow: The flow's provider state.
    ///   - step: The exchange, counted from 1.
    ///   - count: How many exchanges the flow has.
    /// - Returns: `token refreshed, exchange 2 of 3`.
    static func name(_ flow: String, step: Int, of count: Int) -> String {
        "\(flow), exchange \(step) of \(count)"
    }
}
