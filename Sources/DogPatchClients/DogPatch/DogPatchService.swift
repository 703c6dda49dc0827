import Foundation

/// What the DogPatch app needs from the DogPatch server.
public protocol DogPatchService: Sendable {
    /// Fetches the dogs for sale.
    /// - Parameter completion: Called exactly once, on the service's response queue.
    /// - Returns: The resumed task.
    @discardableResult
    func getDogs(completion: @escaping @Sendable (Result<[Dog], APIError>) -> Void) -> any ContractDataTask
}
