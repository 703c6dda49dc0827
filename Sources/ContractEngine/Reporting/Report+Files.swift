import Foundation

// The report files a run asks for, written through the engine's files rather than by the command
// line with the engine's primitives.
extension Report {
    /// Writes the report, without colour, to a file: all of it or none.
    /// - Parameters:
    ///   - format: The format.
    ///   - url: The file.
    ///   - temporaries: Where the file's temporary copy is registered until it is in place.
    /// - Throws: `FileWriteError` when the file cannot be written.
    package func write(_ format: Format, to url: URL, temporaries: SuiteWriter.TemporaryFiles)
        throws(FileWriteError)
    {
        // Written as the results are read back, a block at a time: never the whole report in memory.
        try AtomicFile.write(to: url, temporaries: temporaries) { descriptor -> Int32 in
            var block = ""
            var failure: Int32 = 0
            func flush() {
                if failure == 0 { failure = AtomicFile.writeAll(Data(block.utf8), to: descriptor) }
                block = ""
            }
            write(format, palette: Palette(enabled: false)) { piece in
                block += piece
                if block.utf8.count >= 1 << 16 { flush() }
            }
            flush()
            return failure
        }
    }

    /// Appends the run's summary in GitHub's step-summary Markdown to a file.
    /// - Parameter url: The file (GitHub's `GITHUB_STEP_SUMMARY`).
    /// - Throws: `FileWriteError` when the file cannot be opened or written.
    package func appendStepSummary(to url: URL) throws(FileWriteError) {
        try AppendedFile.append(StepSummary(results: results, summary: summary, tool: tool).render(), to: url)
    }
}
