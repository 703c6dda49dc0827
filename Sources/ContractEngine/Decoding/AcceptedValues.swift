/// What the app's decoder accepted while it read the suite's own bodies, where the model alone
/// cannot say it: the raw values of each enum (by type, so a `Visibility` that is not
/// `CaseIterable` is still an `enum` of the values the server sends), and the values a date
/// strategy the tool cannot read (`.custom`, and `.formatted` on Linux) took.
struct AcceptedValues: Sendable, Equatable {
    /// The most dates kept: enough to see every form the server writes.
    static let dateLimit = 64

    /// The raw values each type of `String` or `Int` raw values accepted, by the type's name
    /// (`String(reflecting:)`), in the order met, each once.
    private(set) var rawValues: [String: [JSONValue]] = [:]
    /// The values dates were read from under a strategy the tool cannot read, in the order met,
    /// each once (the first `dateLimit`).
    private(set) var dates: [JSONValue] = []

    /// Records a raw value a type accepted.
    /// - Parameters:
    ///   - value: The body's value, a string or a number.
    ///   - type: The type that read it.
    mutating func recordRaw(_ value: JSONValue, of type: Any.Type) {
        let name = String(reflecting: type)
        if rawValues[name]?.contains(value) != true { rawValues[name, default: []].append(value) }
    }

    /// Records a value a date was read from.
    mutating func recordDate(_ value: JSONValue) {
        if dates.count < Self.dateLimit, !dates.contains(value) { dates.append(value) }
    }

    /// The raw values a type accepted in the suite's bodies.
    func rawValues(of type: Any.Type) -> [JSONValue] {
        rawValues[String(reflecting: type)] ?? []
    }

    /// Both records in one: each value once, `self`'s first.
    mutating func merge(_ other: AcceptedValues) {
        for (name, values) in other.rawValues.sorted(by: { $0.key < $1.key }) {
            for value in values where rawValues[name]?.contains(value) != true {
                rawValues[name, default: []].append(value)
            }
        }
        for date in other.dates { recordDate(date) }
    }
}
