import Foundation
import HTTPStub

extension SuiteWriter {
    /// The temporary files a run has made and not yet renamed into place, so that a run stopped by
    /// a signal (SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE) leaves none behind: `.x.json.<uuid>.tmp`
    /// beside a fixture is exactly what `git add .` would commit. The writer's own list, as cleaning
    /// them is the writer's promise; the executable empties it from its signal handler, and the
    /// library only keeps the list.
    package final class TemporaryFiles: Sendable {
        private let state = Locked((paths: Set<String>(), closed: false))
        /// Held while staged files are renamed into place: a signal's cleanup waits for the renames
        /// to end rather than remove the files not yet renamed, which would leave half a change.
        private let renaming = Locked(())

        /// An empty list.
        package init() {}

        /// Adds a path about to be created; `false` once the run is being stopped, and then it must
        /// not be created.
        func register(_ path: String) -> Bool {
            state.withLock { state in
                guard !state.closed else { return false }
                state.paths.insert(path)
                return true
            }
        }

        /// Takes a path off the list: it was renamed into place or removed.
        func forget(_ path: String) {
            _ = state.withLock { $0.paths.remove(path) }
        }

        /// Removes every listed file and refuses new ones: what a signal handler calls before the
        /// process ends.
        package func removeAll() {
            renaming.withLock { _ in
                let paths = state.withLock { state in
                    state.closed = true
                    defer { state.paths.removeAll() }
                    return state.paths
                }
                for path in paths { unlink(path) }
            }
        }

        /// Runs the renames of a change, which `removeAll` waits for: all of them land or none.
        /// - Parameter body: The renames.
        /// - Returns: What the body returns.
        func whileRenaming<Result>(_ body: () -> Result) -> Result {
            renaming.withLock { _ in body() }
        }

        /// The files listed now, for tests.
        var paths: Set<String> { state.withLock { $0.paths } }
    }
}
