import Foundation
import HTTPStub

/// Bytes kept in an unnamed temporary file rather than in memory, each piece read back when it is
/// written out: `mutate --mutants` keeps every 2xx mutant's body here until the run writes them,
/// so a run holds one body at a time, not hundreds.
///
/// A class: it is one file, appended to by the run's workers and read by the writer. Where no
/// temporary file can be made, or a write fails, a piece stays in memory.
final class ByteSpool: Sendable {
    /// One piece of the spool, read back with `bytes`.
    struct Slice: Sendable, Equatable {
        fileprivate let spool: ByteSpool
        fileprivate let offset: UInt64
        /// How many bytes it has.
        let count: Int
        /// The bytes themselves, where the spool could not keep them on disk.
        fileprivate let held: Data?

        /// The piece's bytes.
        /// - Returns: The bytes, or `nil` when the temporary file cannot be read back.
        func bytes() -> Data? {
            held ?? spool.read(offset: offset, count: count)
        }

        static func == (left: Slice, right: Slice) -> Bool {
            left.spool === right.spool && left.offset == right.offset && left.count == right.count
                && left.held == right.held
        }
    }

    private struct State {
        /// The open file, already unlinked; `nil` when there is none.
        var descriptor: Int32?
        /// Where the next piece goes.
        var end: UInt64 = 0
    }

    private let state: Locked<State>

    /// An empty spool, in a temporary file when one can be made.
    init() {
        var template = Array((NSTemporaryDirectory() + "/dogpatch-bodies-XXXXXX").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            let descriptor = mkstemp(base)
            // Gone from the folder at once: nothing is left behind, however the run ends.
            if descriptor >= 0 { unlink(base) }
            return descriptor
        }
        state = Locked(State(descriptor: descriptor >= 0 ? descriptor : nil))
    }

    deinit {
        state.withLock { state in
            if let descriptor = state.descriptor { close(descriptor) }
        }
    }

    /// Keeps a piece.
    /// - Parameter data: The bytes.
    /// - Returns: The piece, to read back later.
    func append(_ data: Data) -> Slice {
        let offset: UInt64? = state.withLock { state in
            guard let descriptor = state.descriptor, Self.write(data, to: descriptor, at: state.end) else { return nil }
            defer { state.end += UInt64(data.count) }
            return state.end
        }
        guard let offset else { return Slice(spool: self, offset: 0, count: data.count, held: data) }
        return Slice(spool: self, offset: offset, count: data.count, held: nil)
    }

    private func read(offset: UInt64, count: Int) -> Data? {
        guard let descriptor = state.withLock({ $0.descriptor }) else { return nil }
        var data = Data(count: count)
        let complete = data.withUnsafeMutableBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return count == 0 }
            var done = 0
            while done < count {
                let read = pread(descriptor, base + done, count - done, off_t(offset) + off_t(done))
                if read < 0 && errno == EINTR { continue }
                guard read > 0 else { return false }
                done += read
            }
            return true
        }
        return complete ? data : nil
    }

    private static func write(_ data: Data, to descriptor: Int32, at offset: UInt64) -> Bool {
        data.withUnsafeBytes { buffer -> Bool in
            guard let base = buffer.baseAddress else { return true }
            var done = 0
            while done < buffer.count {
                let written = pwrite(descriptor, base + done, buffer.count - done, off_t(offset) + off_t(done))
                if written < 0 && errno == EINTR { continue }
                guard written > 0 else { return false }
                done += written
            }
            return true
        }
    }
}
