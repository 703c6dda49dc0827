/// A `[String: T]`, whose keys `JSONDecoder` hands over as the body writes them whatever its key
/// strategy: it decodes such a dictionary itself, not through `Dictionary`'s `init(from:)`.
protocol StringKeyedDictionary {}

extension Dictionary: StringKeyedDictionary where Key == String, Value: Decodable {}
