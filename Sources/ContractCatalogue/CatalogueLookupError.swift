/// Why a name does not resolve in a catalogue, worded once for every place that looks names up:
/// contracts, `explain`, `add`.
public struct CatalogueLookupError: Error, Equatable, Sendable {
    /// Which name is wrong.
    public enum Subject: Sendable {
        /// The endpoint's.
        case endpoint
        /// The model's.
        case model
    }

    /// Which name is wrong.
    public let subject: Subject
    /// What is wrong, such as `unknown endpoint "x"; the built-in catalogue has "dogpatch.getDogs",
    /// ...; an app's own endpoints go in its own catalogue (docs/your-own-endpoint.md)`.
    public let message: String
}
