import Foundation

/// A case choice: a case name, for every contract that has it, or for one contract.
struct CaseChoice: Sendable, Equatable {
    /// The contract's identity, when the choice names one.
    package var contract: String?
    /// The case's name.
    package var caseName: String

    /// Reads `NAME` or `CONTRACT › NAME`.
    package init(parsing text: String) {
        if let separator = text.range(of: " › ") {
            contract = String(text[..<separator.lowerBound])
            caseName = String(text[separator.upperBound...])
        } else {
            contract = nil
            caseName = text
        }
    }
}
