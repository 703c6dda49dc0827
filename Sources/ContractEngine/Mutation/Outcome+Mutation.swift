import ContractCatalogue

extension Outcome {
    /// Whether two outcomes are the same problem, a failure in any entry of a dictionary counting
    /// as the same: a mutant changes every entry, and which one a decoder reaches first depends
    /// on the order it walks the dictionary in.
    func isSame(as other: Outcome, dictionaries: Set<String>) -> Bool {
        if isSame(as: other) { return true }
        guard let mine = decodingProblem, let theirs = other.decodingProblem,
            let left = JSONPath(parsing: mine.path), let right = JSONPath(parsing: theirs.path)
        else { return false }
        return Self.collapsed(left, dictionaries: dictionaries) == Self.collapsed(right, dictionaries: dictionaries)
    }

    /// A path with its indices as `[*]` and the keys of dictionaries as `*`.
    private static func collapsed(_ path: JSONPath, dictionaries: Set<String>) -> String {
        path.segments.reduce("") { collapsed, segment in
            switch segment {
            case .index: CollapsedPath.appending(.anyElement, to: collapsed)
            case .key(let key):
                CollapsedPath.appending(dictionaries.contains(collapsed) ? .anyKey : .key(key), to: collapsed)
            case .anyKey: CollapsedPath.appending(.anyKey, to: collapsed)
            }
        }
    }

    /// How a mutant's expectation is named: the outcome without a decoding failure's wording,
    /// which differs between the tool and Foundation: `jsonConversionFailure at [0].area`.
    func brief(model: ModelDescriptor) -> String {
        if case .failed(let name, _, let problem?) = self, name.isDecodingFailure {
            return problem.path.isEmpty ? name.name : "\(name.name) at \(problem.path)"
        }
        return summary(model: model)
    }
}
