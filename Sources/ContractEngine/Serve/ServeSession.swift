import Foundation

/// What one UI test's clone sees of the server: its selections and the journal of the requests it
/// sent, apart from every other session's. A request names its session with `X-Contract-Session`;
/// without it, it is the default session's.
struct ServeSession: Sendable {
    /// Control-path selections: contract identity -> case name, with the order they were made in.
    var selections: [String: (caseName: String, order: Int)] = [:]
    var nextOrder = 0
    /// The requests answered, oldest first; the oldest are dropped past `journalLimit` (and a tenth).
    var journal: [JournalEntry] = []
    /// Sequences set through the control path, by contract identity: they take the place of the
    /// contract's own.
    var sequences: [String: [String]] = [:]
    /// How far each contract's sequence has gone, by contract identity.
    var positions: [String: Int] = [:]
    /// When a request last named the session, in seconds of a monotonic clock.
    var lastUsed: TimeInterval = 0
    /// The flow under way in this session: its contract, its case, its steps and the next one.
    var flow: (contract: String, caseName: String, steps: [ServedStep], next: Int)?

    /// The next case of a sequence for a contract, the last repeating, and the step taken.
    /// - Parameters:
    ///   - contract: The contract's identity.
    ///   - own: The contract's own sequence, used when the session set none.
    /// - Returns: The case's name, or `nil` when the contract has no sequence.
    mutating func nextInSequence(of contract: String, own: [String]) -> String? {
        let sequence = sequences[contract] ?? own
        guard !sequence.isEmpty else { return nil }
        let position = positions[contract, default: 0]
        positions[contract] = position + 1
        return sequence[min(position, sequence.count - 1)]
    }

    /// Clears the selections and the sequences set, and starts every sequence over.
    mutating func reset() {
        selections.removeAll()
        sequences.removeAll()
        positions.removeAll()
        flow = nil
    }

    /// The most requests a journal keeps, so a long run's memory stays bounded.
    static let journalLimit = 10_000

    /// Selects a case for its contract, after every earlier selection.
    mutating func select(_ caseName: String, of contract: String) {
        selections[contract] = (caseName, nextOrder)
        nextOrder += 1
    }

    /// Adds an answered request to the journal; past the limit and a tenth, the oldest go in one
    /// step, so a request costs the same however long the run.
    mutating func record(_ entry: JournalEntry) {
        if journal.count >= Self.journalLimit + Self.journalLimit / 10 {
            journal.removeFirst(journal.count - Self.journalLimit)
        }
        journal.append(entry)
    }
}

/// One request in a session's journal: what the app asked for and what answered it.
struct JournalEntry: Sendable {
    let method: String
    /// The path as sent, percent-encoded.
    let path: String
    /// The query as sent, without its `?`; read into items only when the journal is listed.
    let query: String?
    /// The contract and case that answered; `nil` for a request no contract matches.
    let contract: String?
    let caseName: String?
    /// The status sent, or the fault served instead.
    let status: Int?
    let fault: String?
    /// When the request was answered.
    let time: Date

    /// The entry as `GET /_contracts/requests` lists it: the query as sent, but the items whose
    /// names mark them secrets (`api_key`, `access_token`, `password`, `sig`, `sessionid`, ...),
    /// even those the endpoint defines.
    /// - Parameter defined: The names of the query items the answering contract's endpoint defines.
    /// - Returns: The JSON object.
    func json(defined: Set<String>) -> JSONValue {
        let items = CaseRouter.queryItems(self.query.map { Substring($0) }).filter { item in
            !Redaction.looksSecret(item.name)
        }
        let query = items.map { CaseRouter.object([("name", .string($0.name)), ("value", .string($0.value))]) }
        return CaseRouter.object([
            ("method", .string(method)), ("path", .string(path)), ("query", CaseRouter.array(query)),
            ("contract", CaseRouter.text(contract)), ("case", CaseRouter.text(caseName)),
            ("status", CaseRouter.integer(status)), ("fault", CaseRouter.text(fault)),
            ("time", .string(Self.format(time))),
        ])
    }

    /// An RFC 3339 time in UTC with milliseconds, from the calendar arithmetic alone: a formatter
    /// made per entry cost a 10,000-entry journal seconds (issue 49, finding 1).
    static func format(_ date: Date) -> String {
        let milliseconds = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let (days, inDay) = milliseconds.quotientAndRemainder(dividingBy: 86_400_000)
        let (day, ms) = inDay < 0 ? (days - 1, inDay + 86_400_000) : (days, inDay)
        // Howard Hinnant's days-to-civil: the proleptic Gregorian date of a day count from 1970.
        let shifted = day + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let dayOfMonth = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func padded(_ value: Int64, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        let time =
            "\(padded(ms / 3_600_000, 2)):\(padded(ms / 60000 % 60, 2)):\(padded(ms / 1000 % 60, 2)).\(padded(ms % 1000, 3))"
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(dayOfMonth, 2))T\(time)Z"
    }
}
