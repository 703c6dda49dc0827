import Foundation

extension MutationSession {
    /// Compares the profiles this run learnt with the files in `--profiles DIR`, and plans the
    /// writes of those that are new (or, with `update`, of every profile learnt).
    /// - Parameters:
    ///   - folder: The profiles' folder.
    ///   - display: The folder as the user typed it, for messages.
    ///   - update: Whether every profile learnt replaces its file.
    ///   - wholeSuite: Whether the run covered the whole suite.
    ///   - words: The reader's words for a problem that turns on a setting of the run.
    /// - Returns: A result row per model, and the files to write.
    func checkProfiles(
        in folder: URL, display: String, update: Bool, wholeSuite: Bool,
        words: @escaping (MutationSession.ProfileProblem) -> String = \.plain
    ) -> (results: [CaseResult], writes: FileChanges) {
        let check = ProfileCheck(folder: folder, display: display, update: update, wholeSuite: wholeSuite, words: words)
            .check(profiles, capped: cappedModels)
        return (check.results, check.writes)
    }

    /// The files `--mutants DIR` gets: each 2xx mutant's body the run made, and an `index.json`.
    /// - Parameters:
    ///   - folder: Where they go.
    ///   - display: The folder as the user typed it, for messages.
    /// - Returns: The files to write.
    func mutantFiles(in folder: URL, display: String) -> FileChanges {
        MutantFiles(mutantBodies).changes(in: folder, display: display)
    }
}
