import Foundation

/// The bytes a `ResultSpool` keeps a result in: every field, in a fixed order, strings as their
/// UTF-8 length and bytes, so a result read back is equal to the one written.
enum ResultCodec {
    static func encode(_ result: CaseResult, into bytes: inout [UInt8]) {
        var writer = Writer(bytes: bytes)
        bytes = []
        writer.string(result.contract)
        writer.optional(result.endpoint)
        writer.string(result.caseName)
        writer.string(result.status.rawValue)
        writer.integer(result.diagnostics.count)
        for diagnostic in result.diagnostics {
            writer.string(diagnostic.severity.rawValue)
            writer.string(diagnostic.message)
            writer.optional(diagnostic.file)
            writer.flag(diagnostic.position != nil)
            if let position = diagnostic.position {
                writer.integer(position.line)
                writer.integer(position.column)
            }
            writer.optional(diagnostic.path)
            writer.optional(diagnostic.code?.rawValue)
        }
        writer.optional(result.skipReason)
        writer.optional(result.url)
        writer.flag(result.replayed != nil)
        if let replayed = result.replayed {
            writer.optional(replayed.outcome?.rawValue)
            writer.string(replayed.queue.rawValue)
            writer.integer(replayed.steps.count)
            for step in replayed.steps { writer.string(step.rawValue) }
        }
        let (seconds, attoseconds) = result.duration.components
        writer.integer(Int(seconds))
        writer.integer(Int(attoseconds))
        bytes = writer.bytes
    }

    private struct Writer {
        var bytes: [UInt8]

        mutating func integer(_ value: Int) {
            withUnsafeBytes(of: Int64(value).littleEndian) { bytes.append(contentsOf: $0) }
        }

        mutating func flag(_ value: Bool) { bytes.append(value ? 1 : 0) }

        mutating func string(_ text: String) {
            integer(text.utf8.count)
            bytes.append(contentsOf: text.utf8)
        }

        mutating func optional(_ text: String?) {
            flag(text != nil)
            if let text { string(text) }
        }
    }

    /// Reads results back, fetching the spool's bytes a block at a time.
    struct Reader {
        /// Bytes of the spool from `offset`, at most the count asked for; empty at the end.
        let fetch: (UInt64, Int) -> [UInt8]
        private var buffer: [UInt8] = []
        private var position = 0
        /// Where `buffer` ends in the spool.
        private var offset: UInt64

        init(offset: UInt64, fetch: @escaping (UInt64, Int) -> [UInt8]) {
            self.offset = offset
            self.fetch = fetch
        }

        /// The next result; `nil` at the end of the spool.
        mutating func next() -> CaseResult? {
            guard let contract = string() else { return nil }
            let endpoint = optional()
            guard let caseName = string(), let status = string().flatMap(CaseResult.Status.init(rawValue:)),
                let count = integer()
            else { return nil }
            var diagnostics: [Diagnostic] = []
            for _ in 0..<max(0, count) {
                guard let diagnostic = diagnostic() else { return nil }
                diagnostics.append(diagnostic)
            }
            let skipReason = optional()
            var result = CaseResult(
                contract: contract, endpoint: endpoint ?? nil, caseName: caseName, status: status,
                diagnostics: diagnostics, skipReason: skipReason ?? nil)
            result.url = optional() ?? nil
            if flag() == true {
                let outcome = optional() ?? nil
                guard let queue = string().flatMap(ResponseQueue.init(rawValue:)), let count = integer(),
                    (0...1024).contains(count)
                else {
                    return nil
                }
                var steps: [CoverageOutcome] = []
                for _ in 0..<count {
                    guard let step = string().flatMap(CoverageOutcome.init(rawValue:)) else { return nil }
                    steps.append(step)
                }
                result.replayed = ReplayedOutcome(
                    outcome: outcome.flatMap(CoverageOutcome.init(rawValue:)), queue: queue, steps: steps)
            }
            guard let seconds = integer(), let attoseconds = integer() else { return nil }
            result.duration = Duration(secondsComponent: Int64(seconds), attosecondsComponent: Int64(attoseconds))
            return result
        }

        private mutating func diagnostic() -> Diagnostic? {
            guard let severity = string().flatMap(Diagnostic.Severity.init(rawValue:)), let message = string()
            else { return nil }
            let file = optional() ?? nil
            var position: SourcePosition?
            if flag() == true {
                guard let line = integer(), let column = integer() else { return nil }
                position = SourcePosition(line: line, column: column)
            }
            let path = optional() ?? nil
            let code = (optional() ?? nil).flatMap(Diagnostic.Code.init(rawValue:))
            return Diagnostic(severity, message, file: file, position: position, path: path, code: code)
        }

        private mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
            if buffer.count - position < count {
                buffer.removeFirst(position)
                position = 0
                while buffer.count < count {
                    let more = fetch(offset, max(1 << 16, count - buffer.count))
                    guard !more.isEmpty else { return nil }
                    offset += UInt64(more.count)
                    buffer += more
                }
            }
            defer { position += count }
            return buffer[position..<(position + count)]
        }

        private mutating func integer() -> Int? {
            guard let bytes = take(8) else { return nil }
            let value = bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            return Int(Int64(bitPattern: value))
        }

        private mutating func flag() -> Bool? {
            take(1).map { $0.first == 1 }
        }

        private mutating func string() -> String? {
            guard let length = integer(), length >= 0, let bytes = take(length) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// `.some(nil)` for an absent string, `nil` at the end of the spool.
        private mutating func optional() -> String?? {
            guard let present = flag() else { return nil }
            guard present else { return .some(nil) }
            return string().map { .some($0) }
        }
    }
}
