import Foundation
import HTTPStub

/// A run's results, kept as they come in an unnamed temporary file rather than in memory, so a
/// run of 400,000 mutants holds what its reports need at the end (the counts, where each
/// contract's results are) and not the results themselves. The reports read them back in order.
///
/// A class: it is one file, appended to by the run and read by the reports. Where no temporary
/// file can be made, or the disk fills, what is not on disk stays in memory.
final class ResultSpool: Sendable {
    private struct State {
        /// The open file, already unlinked; `nil` when there is none.
        var descriptor: Int32?
        /// The bytes on disk: every result before them is in the file.
        var written: UInt64 = 0
        /// Encoded results not yet written (all of them without a file, or once a write failed).
        var pending: [UInt8] = []
        var writable = true
        var count = 0
        var withDiagnostics = 0
        var summary = Summary([])
        var contracts: Set<String> = []
        var segments: [Segment] = []
    }

    /// Consecutive results of one contract: where they start in the spool and how many.
    struct Segment {
        let contract: String
        let offset: UInt64
        var count: Int
    }

    private let state: Locked<State>

    /// An empty spool, in a temporary file when one can be made.
    init() {
        var template = Array((NSTemporaryDirectory() + "/dogpatch-results-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            let descriptor = mkstemp(base)
            // Gone from the folder at once: nothing is left behind, however the run ends.
            if descriptor >= 0 { unlink(base) }
            return descriptor
        }
        state = Locked(State(descriptor: descriptor >= 0 ? descriptor : nil, writable: descriptor >= 0))
    }

    deinit {
        state.withLock { state in
            if let descriptor = state.descriptor { close(descriptor) }
        }
    }

    /// Adds the next result.
    /// - Parameter result: The result, after every one added before it.
    func append(_ result: CaseResult) {
        state.withLock { state in
            let offset = state.written + UInt64(state.pending.count)
            state.count += 1
            if !result.diagnostics.isEmpty { state.withDiagnostics += 1 }
            state.summary.add(result, isNewContract: state.contracts.insert(result.contract).inserted)
            if state.segments.last?.contract == result.contract {
                state.segments[state.segments.count - 1].count += 1
            } else {
                state.segments.append(Segment(contract: result.contract, offset: offset, count: 1))
            }
            ResultCodec.encode(result, into: &state.pending)
            if state.pending.count >= 1 << 16 { Self.flush(&state) }
        }
    }

    /// Adds results in order.
    /// - Parameter results: The results.
    func append(contentsOf results: [CaseResult]) {
        for result in results { append(result) }
    }

    /// The number of results.
    var count: Int { state.withLock { $0.count } }

    /// Whether any result has a diagnostic.
    var hasDiagnostics: Bool { state.withLock { $0.withDiagnostics > 0 } }

    /// The counts by status, as `Summary(_:)` gives them.
    var summary: Summary { state.withLock { $0.summary } }

    /// The runs of consecutive results of one contract, in order.
    var segments: [Segment] { state.withLock { $0.segments } }

    /// Every result, in order, in memory: for a caller that needs them all at once.
    var all: [CaseResult] {
        var results: [CaseResult] = []
        readBack { results.append($0) }
        return results
    }

    /// Reads every result back, in order.
    /// - Parameter body: Called with each.
    func readBack(_ body: (CaseResult) -> Void) {
        read(from: 0, count: count, body)
    }

    /// Reads back one segment's results, in order.
    /// - Parameters:
    ///   - segment: The segment.
    ///   - body: Called with each.
    func read(_ segment: Segment, _ body: (CaseResult) -> Void) {
        read(from: segment.offset, count: segment.count, body)
    }

    private func read(from offset: UInt64, count: Int, _ body: (CaseResult) -> Void) {
        let (descriptor, written, pending) = state.withLock { state in
            Self.flush(&state)
            return (state.descriptor, state.written, state.pending)
        }
        var reader = ResultCodec.Reader(offset: offset) { start, wanted -> [UInt8] in
            if start >= written {
                let from = Int(start - written)
                return from < pending.count ? Array(pending[from..<min(pending.count, from + wanted)]) : []
            }
            guard let descriptor else { return [] }
            var chunk = [UInt8](repeating: 0, count: Int(min(UInt64(wanted), written - start)))
            let got = chunk.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
            return got > 0 ? Array(chunk[..<got]) : []
        }
        for _ in 0..<count {
            guard let result = reader.next() else { return }
            body(result)
        }
    }

    private static func flush(_ state: inout State) {
        guard state.writable, let descriptor = state.descriptor, !state.pending.isEmpty else { return }
        guard AtomicFile.writeAll(Data(state.pending), to: descriptor) == 0 else {
            // The disk is full: the file keeps what it had, and the rest stays in memory.
            state.writable = false
            return
        }
        state.written += UInt64(state.pending.count)
        state.pending.removeAll(keepingCapacity: true)
    }
}
