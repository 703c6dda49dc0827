import Foundation

/// How far `serve` keeps sessions, so a UI-test server left running for a day stays bounded: a
/// session idle past `idle` starts over, past `count` sessions the least recently used go, and an
/// id longer than `idLength` is refused. The default session (no header) is never dropped.
struct SessionLimits: Sendable {
    /// The most sessions kept besides the default one.
    var count = 256
    /// Seconds a session may go unused before it is dropped.
    var idle: TimeInterval = 3600
    /// The longest `X-Contract-Session` id, in bytes.
    var idLength = 128
}

extension CaseRouter.State {
    /// Marks a session used now, making it when it is new (or was idle past the limit), and drops
    /// the idle sessions and, past the count, the least recently used, oldest first.
    /// - Parameters:
    ///   - id: The session's id; `""` is the default session.
    ///   - now: The time, in seconds of a monotonic clock.
    ///   - limits: The limits.
    mutating func touch(_ id: String, now: TimeInterval, limits: SessionLimits) {
        if let used = sessions[id]?.lastUsed, id.isEmpty || now - used <= limits.idle {
            sessions[id]?.lastUsed = now
            return
        }
        var fresh = ServeSession()
        fresh.lastUsed = now
        sessions[id] = fresh
        // Only a new session can pass the count, so the sweep is paid once per session, not per request.
        sessions = sessions.filter { $0.key.isEmpty || now - $0.value.lastUsed <= limits.idle }
        while sessions.count - (sessions[""] == nil ? 0 : 1) > limits.count,
            let oldest = sessions.filter({ !$0.key.isEmpty && $0.key != id }).min(by: {
                $0.value.lastUsed < $1.value.lastUsed
            })
        {
            sessions.removeValue(forKey: oldest.key)
        }
    }
}
