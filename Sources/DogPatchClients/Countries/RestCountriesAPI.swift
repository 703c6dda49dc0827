import Foundation

/// The restcountries API's coding configuration, shared by the client and the contract tool.
public enum RestCountriesAPI {
    /// The production base URL.
    public static let baseURL = URL(string: "https://restcountries.com/v3.1/")!

    /// Makes the decoder for restcountries bodies.
    /// - Returns: A new decoder.
    @Sendable public static func makeDecoder() -> JSONDecoder { JSONDecoder() }

    /// Makes the encoder that writes values back in the wire form the decoder reads.
    /// - Returns: A new encoder.
    @Sendable public static func makeEncoder() -> JSONEncoder { JSONEncoder() }
}
