import Foundation

/// A value shared between threads, reached only under its lock: the one lock box of the package,
/// which the stub, the engine and the executable share.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// - Parameter value: The value to start with.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs a body with the value, holding the lock.
    /// - Parameter body: Reads or changes the value.
    /// - Returns: What the body returns.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
