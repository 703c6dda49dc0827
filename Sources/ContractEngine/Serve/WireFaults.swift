import Foundation
import HTTPWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Which fault on the wire stands for a case's network error: the one after which the client
/// sees that error, or the nearest a server can cause for errors only a device produces.
enum WireFaults {
    /// The fault for a network error, and whether the client then sees exactly that error.
    /// - Parameter code: The case's `URLError` code.
    /// - Returns: The fault, and `false` when it is only the nearest one.
    static func fault(for code: URLError.Code) -> (WireFault, exact: Bool) {
        switch code {
        case .timedOut: (.silence, true)
        case .networkConnectionLost: (.reset, true)
        case .badServerResponse, .zeroByteResource: (.closed, true)
        default: (.reset, false)
        }
    }
}
