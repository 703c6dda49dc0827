import Foundation

/// A case choice: a case name, for every contract that has it, or for one contract.
struct CaseChoice: Sendable, Equatable {
    /// The contract's identity, when the choice names one.
    var contract: String?
    /// The case's name.
    var caseName: String

    /// Reads `NAME` or `CONTRACT › NAME`.
    init(parsing text: String) {
        if let separator = text.range(of: " › ") {
            contract = String(text[..<separator.lowerBound])
            caseName = String(text[separator.upperBound...])
        } else {
            contract = nil
            caseName = text
        }
    }
}
