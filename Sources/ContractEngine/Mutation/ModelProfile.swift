import Foundation

/// What a model accepts, learnt from mutants: per collapsed key path, whether a response without
/// the key still decodes, whether `null` does, and which kinds of value do. Kept in
/// `profiles/<Model>.json`, it is the breaking-change check for models: an edit that makes the
/// app reject data it used to accept shows up as a change.
struct ModelProfile: Sendable, Equatable {
    struct Entry: Sendable, Equatable {
        /// Whether a response without the key fails to decode.
        var required: Bool
        /// Whether `null` decodes.
        var acceptsNull: Bool
        /// The kinds of value that decode, `null` aside.
        var types: Set<JSONKind>
    }

    /// The model's name, such as `[Country]`.
    let model: String
    private(set) var paths: [String: Entry] = [:]

    init(model: String) {
        self.model = model
    }

    /// How many paths it has.
    var pathCount: Int { paths.count }

    /// What it holds at each collapsed path.
    var entries: [String: Entry] { paths }

    /// Learns from one case's mutants. A path whose mutants did not all run (`--max`) is left out.
    /// - Parameters:
    ///   - keyPaths: The case's key paths with the kinds its body has there.
    ///   - findings: What each mutant showed.
    mutating func learn(keyPaths: [(path: String, kinds: Set<JSONKind>)], findings: [MutantRunner.Finding]) {
        var decodes: [Mutation: Bool] = [:]
        for finding in findings { decodes[finding.mutation] = finding.decodes }
        for (path, kinds) in keyPaths {
            let others = [JSONKind.null, .string, .number, .boolean, .object, .array].filter { !kinds.contains($0) }
            guard let removed = decodes[.key(path: path, change: .removed)],
                others.allSatisfy({ decodes[.key(path: path, change: .set($0))] != nil })
            else { continue }
            let accepted = Set(others.filter { decodes[.key(path: path, change: .set($0))] == true }).union(kinds)
            let learnt = Entry(
                required: !removed, acceptsNull: accepted.contains(.null), types: accepted.subtracting([.null]))
            if let known = paths[path] {
                // Several cases of one model: optional if any says so, accepted if any accepts it.
                paths[path] = Entry(
                    required: known.required && learnt.required, acceptsNull: known.acceptsNull || learnt.acceptsNull,
                    types: known.types.union(learnt.types)
                )
            } else {
                paths[path] = learnt
            }
        }
    }

    /// The profile file: readable, keys sorted, one path a line, the same bytes for the same profile.
    var text: String {
        let lines = paths.keys.sorted().map { path -> String in
            guard let entry = paths[path] else { return "" }
            let types = entry.types.map(\.rawValue).sorted().map(JSONValue.quote).joined(separator: ", ")
            return
                "    \(JSONValue.quote(path)): { \"null\": \(entry.acceptsNull), \"required\": \(entry.required), \"types\": [\(types)] }"
        }
        return "{\n  \"model\": \(JSONValue.quote(model)),\n  \"paths\": {\n" + lines.joined(separator: ",\n")
            + (lines.isEmpty ? "" : "\n") + "  }\n}\n"
    }

    /// Reads a profile file.
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - file: How messages name it.
    /// - Returns: The profile and where each path is written, or what is wrong with the file.
    static func parse(
        _ data: Data, file: String, words: (MutationSession.ProfileProblem) -> String = \.plain
    ) -> Result<
        (ModelProfile, positions: [String: SourcePosition]), Diagnostic
    > {
        func invalid(_ message: String, at position: SourcePosition) -> Diagnostic {
            Diagnostic(.error, words(.notAProfile(message)), file: file, position: position)
        }
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            return .failure(invalid(error.message, at: error.position))
        }
        guard case .string(let model)? = root.member("model")?.value.value else {
            return .failure(invalid("no \"model\"", at: root.position))
        }
        guard let members = root.member("paths"), case .object(let entries) = members.value.value else {
            return .failure(invalid("no \"paths\" object", at: root.position))
        }
        var profile = ModelProfile(model: model)
        var positions: [String: SourcePosition] = [:]
        for entry in entries {
            guard case .bool(let acceptsNull)? = entry.value.member("null")?.value.value,
                case .bool(let required)? = entry.value.member("required")?.value.value,
                case .array(let types)? = entry.value.member("types")?.value.value
            else {
                return .failure(
                    invalid("\(entry.key) needs \"null\", \"required\" and \"types\"", at: entry.keyPosition))
            }
            let kinds = types.compactMap { node -> JSONKind? in
                if case .string(let name) = node.value { JSONKind(rawValue: name) } else { nil }
            }
            profile.paths[entry.key] = Entry(required: required, acceptsNull: acceptsNull, types: Set(kinds))
            positions[entry.key] = entry.keyPosition
        }
        return .success((profile, positions))
    }

    /// The paths of an earlier profile this one has not learnt: what a run on part of the suite
    /// (or with mutants left out by `--max`) cannot judge.
    func unlearnt(in old: ModelProfile) -> [String] {
        old.paths.keys.filter { paths[$0] == nil }.sorted()
    }

    /// An earlier profile with what this one learnt put in: the update a partial run may make,
    /// keeping every path it did not learn as it was.
    func merged(into old: ModelProfile) -> ModelProfile {
        var merged = old
        for (path, entry) in paths { merged.paths[path] = entry }
        return merged
    }

    /// Every way this profile differs from an earlier one, worded for the person whose model edit
    /// caused it: `[Country] [*].area: was optional, now required: a response without it no longer decodes`.
    /// - Parameters:
    ///   - old: The earlier profile.
    ///   - complete: Whether this profile was learnt from the whole suite with every mutant run;
    ///     when not, a path it did not learn is not judged (the run never looked at it).
    func changes(since old: ModelProfile, complete: Bool = true) -> [(path: String, message: String)] {
        var changes: [(String, String)] = []
        let judged = complete ? Set(paths.keys).union(old.paths.keys) : Set(paths.keys)
        for path in judged.sorted() {
            let label = "\(model) \(path)"
            switch (old.paths[path], paths[path]) {
            case (nil, _?):
                changes.append((path, "\(label): new in the profile: a fixture now has this key"))
            case (_?, nil):
                changes.append(
                    (
                        path,
                        "\(label): no longer in the profile: no fixture has this key, or the model no longer reads it"
                    ))
            case (let before?, let after?):
                if !before.required, after.required {
                    changes.append(
                        (path, "\(label): was optional, now required: a response without it no longer decodes"))
                } else if before.required, !after.required {
                    changes.append((path, "\(label): was required, now optional: a response without it now decodes"))
                }
                if before.acceptsNull, !after.acceptsNull {
                    changes.append(
                        (path, "\(label): accepted null, now refuses it: a response with null here no longer decodes"))
                } else if !before.acceptsNull, after.acceptsNull {
                    changes.append(
                        (path, "\(label): refused null, now accepts it: a response with null here now decodes"))
                }
                for lost in before.types.subtracting(after.types).sorted() {
                    changes.append(
                        (
                            path,
                            "\(label): accepted \(lost.rawValue), no longer does: a response with \(lost.rawValue == "array" || lost.rawValue == "object" ? "an" : "a") \(lost.rawValue) here no longer decodes"
                        ))
                }
                for gained in after.types.subtracting(before.types).sorted() {
                    changes.append((path, "\(label): now accepts \(gained.rawValue) as well"))
                }
            case (nil, nil):
                break
            }
        }
        return changes
    }
}
