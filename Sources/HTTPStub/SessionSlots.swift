import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Stub-first `URLSession`s for an app's own transport, one a slot, each routing every request
/// made through it to the token that holds the slot.
///
/// An app's adapter sends through the `URLSession` it is handed, with no token header of the
/// tool's (and Linux's `URLProtocol` never sees a configuration's `httpAdditionalHeaders`). So each
/// slot's session has a protocol class of its own first in `protocolClasses`: a specialisation of
/// `SlotStubProtocol` that knows its slot, which the table maps to the token of the replay using
/// it. Slots are reused, so a run makes as many sessions as it runs such replays at once.
final class SessionSlots: Sendable {
    /// The slots every stub session shares. A constant reference; its state is behind a lock.
    static let shared = SessionSlots()

    private struct State {
        var sessions: [URLSession] = []
        var free: [Int] = []
        var tokens: [Int: String] = [:]
    }

    private let state = Locked(State())

    /// Takes a free slot for a token: its index and its session.
    func take(for token: String) -> (slot: Int, session: URLSession) {
        state.withLock { state in
            let slot: Int
            if let free = state.free.popLast() {
                slot = free
            } else {
                slot = state.sessions.count
                let configuration = URLSessionConfiguration.ephemeral
                configuration.protocolClasses =
                    [Self.protocolClass(forSlot: slot)] + (configuration.protocolClasses ?? [])
                configuration.urlCache = nil
                state.sessions.append(URLSession(configuration: configuration))
            }
            state.tokens[slot] = token
            return (slot, state.sessions[slot])
        }
    }

    /// Gives a slot back; requests still made through its session find no route.
    func give(back slot: Int) {
        state.withLock { state in
            state.tokens[slot] = nil
            state.free.append(slot)
        }
    }

    /// The token that holds a slot now.
    func token(forSlot slot: Int) -> String? {
        state.withLock { $0.tokens[slot] }
    }

    /// The protocol class of a slot: `SlotStubProtocol` specialised `slot` levels deep, a class of its own.
    static func protocolClass(forSlot slot: Int) -> AnyClass {
        func build<Depth: SlotDepth>(_ depth: Depth.Type, _ remaining: Int) -> AnyClass {
            remaining == 0 ? SlotStubProtocol<Depth>.self : build(SlotNext<Depth>.self, remaining - 1)
        }
        return build(SlotZero.self, slot)
    }
}

/// A slot's number, as a type: `SlotNext<SlotNext<SlotZero>>` is slot 2.
protocol SlotDepth {
    static var depth: Int { get }
}

enum SlotZero: SlotDepth {
    static var depth: Int { 0 }
}

enum SlotNext<Previous: SlotDepth>: SlotDepth {
    static var depth: Int { Previous.depth + 1 }
}

/// The stub, routing a request that carries no token to the replay that holds its slot.
final class SlotStubProtocol<Depth: SlotDepth>: StubURLProtocol {
    override class var slotToken: String? { SessionSlots.shared.token(forSlot: Depth.depth) }
}
