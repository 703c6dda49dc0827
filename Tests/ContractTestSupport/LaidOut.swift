import ContractEngine
import Foundation

extension Data {
    /// A server's body as `add --live`, `record` and `add --har` write it without `--raw`: laid
    /// out for review, values as sent.
    package static func laidOut(_ text: String) -> Data { ReviewableJSON.laidOut(Data(text.utf8)) }
}
