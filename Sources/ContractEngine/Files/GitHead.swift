import Foundation

/// The commit and branch a suite's repository has checked out, read with `git` itself: what a
/// published pact and an archived release are stamped with.
struct GitHead: Sendable, Equatable {
    /// The full hash of the commit checked out.
    let commit: String
    /// The branch checked out; `nil` when `HEAD` is detached, as in a pull request's CI checkout.
    let branch: String?

    /// Why the repository could not be read.
    struct Problem: Error, Sendable, Equatable {
        /// Such as `git found no repository at "/tmp/app"`.
        let message: String
    }

    /// Reads the commit and branch of the repository holding a folder.
    /// - Parameter folder: A folder of the repository (the suite's root).
    /// - Returns: The commit and branch, or why they cannot be read.
    static func read(at folder: URL) -> Result<GitHead, Problem> {
        let commit: String
        switch git(["rev-parse", "HEAD"], in: folder) {
        case .success(let hash): commit = hash
        case .failure(let problem): return .failure(problem)
        }
        // `refs/heads/main`, or a failure when HEAD is detached.
        let reference = try? git(["symbolic-ref", "-q", "HEAD"], in: folder).get()
        let branch = reference.flatMap { $0.hasPrefix("refs/heads/") ? String($0.dropFirst(11)) : nil }
        return .success(GitHead(commit: commit, branch: branch.flatMap { $0.isEmpty ? nil : $0 }))
    }

    /// Runs `git` with arguments in a folder and returns its first line of output.
    private static func git(_ arguments: [String], in folder: URL) -> Result<String, Problem> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-C", folder.path] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Problem(message: "cannot run git: \(FileProblem.describe(error))"))
        }
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else {
            let reason =
                process.terminationStatus == 127
                ? "git is not installed" : "git found no commit checked out in \(JSONValue.quote(folder.path))"
            return .failure(Problem(message: reason))
        }
        let text = String(decoding: data, as: UTF8.self)
        return .success(String(text.split(whereSeparator: \.isNewline).first ?? ""))
    }
}
