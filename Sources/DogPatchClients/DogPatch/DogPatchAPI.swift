import Foundation

/// The DogPatch API's coding configuration, shared by the client and the contract tool.
public enum DogPatchAPI {
    /// The production base URL.
    public static let baseURL = URL(string: "https://dogpatchserver.herokuapp.com/api/v1/")!

    /// Makes the decoder for DogPatch bodies: Foundation's defaults, so dates are seconds since 2001-01-01.
    /// - Returns: A new decoder.
    @Sendable public static func makeDecoder() -> JSONDecoder { JSONDecoder() }

    /// Makes the encoder that writes values back in the wire form the decoder reads.
    /// - Returns: A new encoder.
    @Sendable public static func makeEncoder() -> JSONEncoder { JSONEncoder() }
}
