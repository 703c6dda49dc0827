/// The known name a mistyped one most likely meant, for "did you mean": the one place the
/// package measures how near two names are (a contract's key, an endpoint, a command, an option).
package enum NearestName {
    /// The closest known name within a number of edits, ignoring case; the first of equals.
    /// - Parameters:
    ///   - name: The name as typed.
    ///   - known: The names it may have meant.
    ///   - edits: The most insertions, deletions, substitutions and swaps of neighbours allowed.
    /// - Returns: The nearest known name, or `nil` when none is that near.
    package static func nearest(to name: String, among known: [String], within edits: Int = 2) -> String? {
        let typed = Array(name.lowercased())
        return
            known
            .map { ($0, distance(typed, Array($0.lowercased()))) }
            .filter { $0.1 <= edits }
            .min { $0.1 < $1.1 }?.0
    }

    /// The end of a message about an unknown name that lists the known ones: `; did you mean "X"?`
    /// for the nearest, or nothing when none is near, or when it is the only known name (the list
    /// already names it, and the hint would only repeat it).
    /// - Parameters:
    ///   - name: The name as typed.
    ///   - known: The names the message lists.
    /// - Returns: The hint, or an empty string.
    package static func didYouMean(_ name: String, amongListed known: [String]) -> String {
        guard known.count > 1, let nearest = nearest(to: name, among: known) else { return "" }
        return "; did you mean \"\(nearest)\"?"
    }

    /// Optimal string alignment distance: insertions, deletions, substitutions and swaps of neighbours.
    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}
