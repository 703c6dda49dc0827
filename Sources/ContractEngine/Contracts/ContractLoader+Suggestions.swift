extension ContractLoader {
    /// `; did you mean "X"?` for a name within two edits of a known one, or nothing.
    static func didYouMean(_ name: String, among known: [String]) -> String {
        ContractReader.suggestion(for: name, among: known).map { "; did you mean \(JSONValue.quote($0))?" } ?? ""
    }
}
