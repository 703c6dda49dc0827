import Foundation

/// The one writer of a suite's files (`add`, `record`, `mutate --update`): every command plans
/// its writes, and this writes all of them or none, under the suite's lock.
///
/// A plan is made twice. Once before the lock, and its files are staged (a large fixture is
/// written while another process may hold the lock); then again under the lock, from the files
/// as they are now. When both plans agree the staged files are renamed into place; otherwise the
/// second plan is staged and written. So ten `add`s to one contract at once each append to what
/// the others wrote, and a case that can no longer be added (its name taken meanwhile) is refused.
package struct SuiteWriter: Sendable {
    /// The suite's root, whose folder is locked.
    let root: URL
    /// Where temporary files are listed for a signal to remove.
    let temporaries: TemporaryFiles
    /// Says, once, that another process holds the lock and this one waits.
    let waiting: @Sendable () -> Void

    /// Why nothing was written.
    package enum Failure<Refusal: Error>: Error {
        /// The plan refused, before or under the lock.
        case refused(Refusal)
        /// A file could not be written.
        case cannotWrite(FileWriteError)
    }

    /// Writes changes fixed before the call (an export, a profile, the mutants), all or none, under
    /// the suite's lock.
    /// - Parameter changes: The writes.
    /// - Returns: The files that changed.
    /// - Throws: `FileWriteError`, with every file as it was.
    package func write(_ changes: FileChanges) throws(FileWriteError) -> [String] {
        do {
            return try write { () throws(Never) in (changes, ()) }.changed
        } catch {
            switch error {
            case .cannotWrite(let error): throw error
            case .refused(let never): switch never {}
            }
        }
    }

    /// Plans, stages, locks, plans again and writes.
    /// - Parameter plan: The writes and what the command reports of them, from the files as they
    ///   are when it is called.
    /// - Returns: The plan that was written and the files that changed.
    /// - Throws: `Failure`, with every file as it was.
    func write<Plan, Refusal: Error>(
        _ plan: () throws(Refusal) -> (changes: FileChanges, plan: Plan)
    ) throws(Failure<Refusal>) -> (plan: Plan, changed: [String]) {
        let first = try accepted(Result(catching: plan))
        var held = try hold(first.changes, Refusal.self)
        defer { withExtendedLifetime(held.lock) {} }
        let second = try accepted(Result(catching: plan), discarding: held.staged)
        return (second.plan, try commit(second.changes, over: first.changes, staged: &held.staged, Refusal.self))
    }

    /// Plans, stages, locks, plans again and writes, for a plan whose checks must wait (a case
    /// replayed on a new body): every check that decides the write runs again under the lock, on
    /// the files as they are then.
    /// - Parameter plan: The writes and what the command reports of them.
    /// - Returns: The plan that was written and the files that changed.
    /// - Throws: `Failure`, with every file as it was.
    func writeRechecking<Plan, Refusal: Error>(
        _ plan: () async throws(Refusal) -> (changes: FileChanges, plan: Plan)
    ) async throws(Failure<Refusal>) -> (plan: Plan, changed: [String]) {
        let first = try accepted(await Self.outcome(of: plan))
        var held = try hold(first.changes, Refusal.self)
        defer { withExtendedLifetime(held.lock) {} }
        let second = try accepted(await Self.outcome(of: plan), discarding: held.staged)
        return (second.plan, try commit(second.changes, over: first.changes, staged: &held.staged, Refusal.self))
    }

    /// The first plan's files staged and the suite locked: what the second plan is made under.
    private struct Held {
        var staged: FileChanges.Staged
        let lock: SuiteLock
    }

    /// An async plan's outcome as a value, as `Result(catching:)` gives a synchronous one's.
    private static func outcome<Value, Refusal>(of plan: () async throws(Refusal) -> Value) async -> Result<
        Value, Refusal
    > {
        do throws(Refusal) { return .success(try await plan()) } catch { return .failure(error) }
    }

    /// A plan's writes, or its refusal, the files staged for it discarded.
    private func accepted<Value, Refusal>(
        _ outcome: Result<Value, Refusal>, discarding staged: FileChanges.Staged? = nil
    ) throws(Failure<Refusal>) -> Value {
        switch outcome {
        case .success(let value): return value
        case .failure(let refusal):
            if let staged { FileChanges.discard(staged, temporaries: temporaries) }
            throw .refused(refusal)
        }
    }

    /// Stages the changes, then takes the suite's lock; nothing stays staged when the lock fails.
    private func hold<Refusal>(_ changes: FileChanges, _: Refusal.Type) throws(Failure<Refusal>) -> Held {
        let staged: FileChanges.Staged
        do throws(FileWriteError) { staged = try changes.stage(temporaries: temporaries) } catch {
            throw .cannotWrite(error)
        }
        do throws(FileWriteError) {
            return Held(staged: staged, lock: try SuiteLock(root: root, waiting: waiting))
        } catch {
            FileChanges.discard(staged, temporaries: temporaries)
            throw .cannotWrite(error)
        }
    }

    /// Renames the staged files into place, staging the second plan first when it differs.
    private func commit<Refusal>(
        _ second: FileChanges, over first: FileChanges, staged: inout FileChanges.Staged, _: Refusal.Type
    ) throws(Failure<Refusal>) -> [String] {
        do throws(FileWriteError) {
            // Staged before the lock: still right when the plan is the same and every file left
            // out as unchanged is still as planned (another writer may have changed it meanwhile).
            if second != first || !second.isCurrent(besides: staged) {
                FileChanges.discard(staged, temporaries: temporaries)
                staged = try second.stage(temporaries: temporaries)
            }
            try FileChanges.commit(staged, temporaries: temporaries)
        } catch {
            FileChanges.discard(staged, temporaries: temporaries)
            throw .cannotWrite(error)
        }
        return staged.changed
    }

    /// Creates one with every property given.
    package init(root: URL, temporaries: TemporaryFiles, waiting: @escaping @Sendable () -> Void) {
        self.root = root
        self.temporaries = temporaries
        self.waiting = waiting
    }
}
