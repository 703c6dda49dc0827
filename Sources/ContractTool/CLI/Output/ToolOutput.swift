import ContractEngine
import Foundation

/// Where the tool writes; writes are serialised so parallel work never interleaves.
protocol ToolOutput: Sendable {
    /// Writes text to standard output.
    /// - Parameter text: The text.
    func standardOutput(_ text: String)
    /// Writes text to standard error.
    /// - Parameter text: The text.
    func standardError(_ text: String)
}
