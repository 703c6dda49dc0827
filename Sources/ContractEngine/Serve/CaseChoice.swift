import Foundation

/// A case choice: a case name, for every contract that has it, or for one contract.
struct CaseChoice: Sendable, Equatable {
    /// The contract's identity, when the choice names one.
    var contract: String?
    /// The case's name.
    var caseName: String

    /// The ways to read `NAME` or `CONTRACT › NAME`, most likely first: split at each ` › `, from
    /// the first, then the whole text as a case name. A case name may hold ` › ` (and so may a
    /// contract's path, a file name being free), so which split is meant only the suite can tell:
    /// the first reading that names a served case is the one.
    /// - Parameter text: The choice as given.
    /// - Returns: The readings, the whole text as a case name last.
    static func readings(of text: String) -> [CaseChoice] {
        var readings: [CaseChoice] = []
        var rest = text[...]
        while let separator = rest.range(of: " › ") {
            readings.append(
                CaseChoice(
                    contract: String(text[..<separator.lowerBound]), caseName: String(text[separator.upperBound...])))
            rest = text[separator.upperBound...]
        }
        return readings + [CaseChoice(contract: nil, caseName: text)]
    }
}
