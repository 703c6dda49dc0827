import Foundation

/// The releases archived in a folder, read back in the order they were archived: those still
/// supported, whose profiles the matrix judges answers against, and those retired (by the date in
/// their manifest, or by `--since`).
package struct ReleaseShelf: Sendable {
    /// One archived release.
    struct Release: Sendable {
        let manifest: ReleaseManifest
        /// Its profiles, by model name.
        let profiles: [String: ModelProfile]
    }

    /// The supported releases, oldest first.
    let supported: [Release]
    /// The retired releases' versions, oldest first.
    let retired: [String]
    /// The answers a live run keeps for the matrix, once `watching` handed them to its options.
    private let answers = LiveAnswers()

    /// Options whose live run keeps each answer for this shelf's matrix.
    /// - Parameter options: The run's options.
    /// - Returns: The same options, keeping the answers.
    package func watching(_ options: VerifyOptions) -> VerifyOptions {
        var options = options
        options.liveAnswers = answers
        return options
    }

    /// The matrix of the answers kept by the run of the options `watching` returned.
    /// - Returns: Each answer judged against every supported release.
    package func matrix() -> Matrix {
        Matrix.judging(answers, against: self)
    }

    /// Why the folder cannot be read: a value the command line words with its flags.
    package enum Problem: Error, Sendable {
        /// The folder does not exist or holds no release.
        case empty(String)
        /// `since` names no archived release.
        case unknownSince(String, known: [String])
        /// A manifest or profile cannot be read.
        case unreadable([Diagnostic])
        /// Bodies given as files cannot be judged: they name no endpoint, or cannot be read.
        case bodies([Diagnostic])
    }

    /// Reads the releases of a folder.
    /// - Parameters:
    ///   - releases: The folder as the user typed it.
    ///   - since: The oldest release still supported, when given: every older one counts as retired.
    ///   - location: Where the suite is.
    /// - Throws: `Problem` when the folder holds no release, a file cannot be read, or `since` names
    ///   no release.
    package init(releases: String, since: String?, location: SuiteLocation) throws(Problem) {
        let folder = location.resolve(releases)
        let shown = releases.hasSuffix("/") ? releases : releases + "/"
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter {
            FileManager.default.fileExists(
                atPath: folder.appendingPathComponent($0).appendingPathComponent("manifest.json").path)
        }
        guard !names.isEmpty else { throw .empty(releases) }
        var read: [Release] = []
        var problems: [Diagnostic] = []
        for name in names {
            let release = folder.appendingPathComponent(name)
            let manifestFile = shown + name + "/manifest.json"
            guard let data = try? Data(contentsOf: release.appendingPathComponent("manifest.json")) else {
                problems.append(Diagnostic(.error, "cannot read the release manifest", file: manifestFile))
                continue
            }
            let manifest: ReleaseManifest
            switch ReleaseManifest.parse(data, file: manifestFile) {
            case .success(let parsed): manifest = parsed
            case .failure(let problem):
                problems.append(problem)
                continue
            }
            var profiles: [String: ModelProfile] = [:]
            let profileFolder = release.appendingPathComponent("profiles")
            for file in ((try? FileManager.default.contentsOfDirectory(atPath: profileFolder.path)) ?? []).sorted()
            where file.hasSuffix(".json") {
                let display = shown + name + "/profiles/" + file
                guard let data = try? Data(contentsOf: profileFolder.appendingPathComponent(file)) else {
                    problems.append(Diagnostic(.error, "cannot read the profile", file: display))
                    continue
                }
                switch ModelProfile.parse(data, file: display) {
                case .success(let parsed): profiles[parsed.0.model] = parsed.0
                case .failure(let problem): problems.append(problem)
                }
            }
            read.append(Release(manifest: manifest, profiles: profiles))
        }
        guard problems.isEmpty else { throw .unreadable(problems) }
        read.sort { ($0.manifest.date, $0.manifest.version) < ($1.manifest.date, $1.manifest.version) }
        var first = 0
        if let since {
            guard let index = read.firstIndex(where: { $0.manifest.version == since }) else {
                throw .unknownSince(since, known: read.map(\.manifest.version))
            }
            first = index
        }
        let kept = read.enumerated().map { ($0.offset >= first && $0.element.manifest.retired == nil, $0.element) }
        supported = kept.filter(\.0).map(\.1)
        retired = kept.filter { !$0.0 }.map(\.1.manifest.version)
    }
}
