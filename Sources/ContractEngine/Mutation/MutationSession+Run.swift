import Foundation

/// `mutate`'s front door: the selection's mutants run, the profiles checked, and every file the
/// run keeps (the profiles, the mutants) planned as one set of changes and written once, all or none.
extension MutationSession {
    /// What a `mutate` run found, and what it could not write.
    package struct Run: Sendable {
        /// A row per mutant (or per item that could not be mutated), then one per profile, kept
        /// in a temporary file as they came rather than in memory.
        var spool: ResultSpool
        /// The rows, read back: for a caller that needs them all at once.
        var results: [CaseResult] { spool.all }
        /// The cases whose mutants `max` capped, in order.
        package var capped: [Capped]
        /// How many cases were mutated, and how many mutants of them ran.
        package var counts = (cases: 0, mutants: 0)
        /// Why nothing was written, when the writes failed.
        package var unwritten: Unwritten?
    }

    /// Which of the run's files could not be written (so none was), and why.
    package enum Unwritten: Sendable {
        /// A profile.
        case profile(FileWriteError)
        /// A mutant's body or the mutants' index.
        case mutants(FileWriteError)
    }

    /// Runs every mutant of the selection, checks the profiles, and writes the run's files.
    /// - Parameters:
    ///   - selection: The run's selection; its options say how long a client may take and how
    ///     many mutants run at once.
    ///   - seed: What picks the mutants a case over `max` keeps.
    ///   - max: The most mutants run per case.
    ///   - profiles: The profiles' folder as the user typed it, from the current folder; `nil` for none.
    ///   - update: Whether every profile learnt replaces its file.
    ///   - mutants: The folder for the 2xx mutants' bodies as the user typed it; `nil` for none.
    ///   - writer: The suite's one writer.
    ///   - words: The reader's words for a problem that turns on a setting of the run (default:
    ///     plain words).
    ///   - progress: Called after each mutant with the mutants run and the mutants of the cases
    ///     reached so far.
    /// - Returns: The results, the capped cases, and why the files were not written, if they were not.
    package static func run(
        _ selection: SuiteSelection, seed: UInt64, max: Int, profiles: String?, update: Bool, mutants: String?,
        writer: SuiteWriter, words: @escaping (ProfileProblem) -> String = \.plain,
        progress: (@Sendable (Int, Int) -> Void)? = nil
    ) async -> Run {
        // A selection of nothing writes nothing (the command refuses it before it gets here).
        if selection.selectsNothing != nil { return Run(spool: ResultSpool(), capped: []) }
        var session = MutationSession(
            options: selection.options, fixtures: selection.fixtureLocator, seed: seed, max: max,
            keepsBodies: mutants != nil)
        session.progress = progress
        let spool = ResultSpool()
        for item in selection.items {
            spool.append(contentsOf: await session.mutate(item))
        }
        var profileChanges = FileChanges()
        if let profiles {
            let check = session.checkProfiles(
                in: selection.location.resolve(profiles), display: profiles, update: update,
                wholeSuite: selection.isWholeSuite, words: words)
            spool.append(contentsOf: check.results)
            profileChanges = check.writes
        }
        var changes = profileChanges
        if let mutants {
            changes.merge(session.mutantFiles(in: selection.location.resolve(mutants), display: mutants))
        }
        var run = Run(spool: spool, capped: session.capped)
        run.counts = session.counts
        guard profiles != nil || mutants != nil else { return run }
        do throws(FileWriteError) {
            _ = try writer.write(changes)
        } catch {
            let isMutant = mutants != nil && !profileChanges.files.contains(error.path)
            run.unwritten = isMutant ? .mutants(error) : .profile(error)
        }
        return run
    }
}
