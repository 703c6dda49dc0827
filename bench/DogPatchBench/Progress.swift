import Foundation

/// Progress on standard error, a line as each step of the benchmark starts and one as it ends, so a
/// run of minutes is never silent; the figures on standard output stay as they were.
enum Progress {
    /// Runs one step between its two lines: `bench: NAME ...`, then `bench: NAME done in 1.2 s`.
    /// - Parameters:
    ///   - name: What the step measures or writes.
    ///   - body: The step.
    /// - Returns: What the step returns.
    /// - Throws: What the step throws; the closing line is not written then.
    static func step<Result>(_ name: String, _ body: () throws -> Result) rethrows -> Result {
        say("bench: \(name) ...")
        let start = DispatchTime.now().uptimeNanoseconds
        let result = try body()
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        say(String(format: "bench: %@ done in %.1f s", name, seconds))
        return result
    }

    private static func say(_ line: String) {
        // The figures printed so far first: into a pipe (`bench/run.sh` reads it through `tee`)
        // standard output is buffered, and they would otherwise show only at the end.
        fflush(nil)
        FileHandle.standardError.write(Data((line + "\n").utf8))
    }
}
