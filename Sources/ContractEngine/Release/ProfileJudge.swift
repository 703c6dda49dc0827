import ContractCatalogue
import Foundation

/// A body judged against a release's profile of its model: every key the release requires is
/// there, and every key it reads holds a kind of value it accepts (`null` only where it accepts
/// `null`). The profile's collapsed paths (`[*].name`, `[*].currencies.*.name`) are walked over
/// the body's values, so one break names its path once, however many elements share it.
struct ProfileJudge {
    /// What a release would not accept in a body.
    struct Break: Sendable, Equatable, Comparable {
        /// The collapsed path, such as `[*].population`.
        let path: String
        /// What changed, such as `the server no longer sends this key, which the release requires`.
        let change: String

        static func < (lhs: Break, rhs: Break) -> Bool { (lhs.path, lhs.change) < (rhs.path, rhs.change) }
    }

    let profile: ModelProfile
    /// The keys each object path must hold, and the object paths read as dictionaries.
    private let required: [String: [(key: String, path: String)]]
    private let dictionaries: Set<String>

    /// A judge for one profile.
    /// - Parameter profile: The release's profile of a model.
    init(_ profile: ModelProfile) {
        self.profile = profile
        var required: [String: [(key: String, path: String)]] = [:]
        var dictionaries: Set<String> = []
        for (path, entry) in profile.entries {
            guard let (parent, step) = Self.split(path) else { continue }
            switch step {
            case .anyKey: dictionaries.insert(parent)
            case .key(let key) where entry.required: required[parent, default: []].append((key, path))
            default: break
            }
        }
        self.required = required
        self.dictionaries = dictionaries
    }

    /// Every break in a body, sorted by path; none when the release accepts it.
    /// - Parameter body: The body, parsed.
    /// - Returns: The breaks, one per path and kind of change.
    func breaks(in body: JSONValue) -> [Break] {
        var found: Set<String> = []
        var breaks: [Break] = []
        func report(_ path: String, _ change: String) {
            if found.insert(path + "\u{0}" + change).inserted { breaks.append(Break(path: path, change: change)) }
        }
        func visit(_ value: JSONValue, at path: String) {
            if let entry = profile.entries[path] {
                let kind = JSONKind(value)
                if kind == .null, !entry.acceptsNull {
                    report(path, "null, which this release does not accept")
                } else if kind != .null, !entry.types.contains(kind) {
                    let accepted = JSONKind.describe(entry.types.union(entry.acceptsNull ? [.null] : []))
                    report(path, "\(kind.rawValue), where this release accepts \(accepted)")
                }
            }
            walk(value, at: path)
        }
        func walk(_ value: JSONValue, at path: String) {
            switch value {
            case .array(let elements):
                for element in elements { visit(element.value, at: CodingPath.appending(.anyElement, to: path)) }
            case .object(let members):
                if dictionaries.contains(path) {
                    let entries = CodingPath.appending(.anyKey, to: path)
                    for member in members { visit(member.value.value, at: entries) }
                    return
                }
                let keys = Set(members.map(\.key))
                for needed in required[path] ?? [] where !keys.contains(needed.key) {
                    report(needed.path, "missing, and this release requires it")
                }
                for member in members {
                    visit(member.value.value, at: CodingPath.appending(.key(member.key), to: path))
                }
            default:
                break
            }
        }
        visit(body, at: "")
        return breaks.sorted()
    }

    /// A collapsed path's parent and last step, read back the way `CodingPath` writes it; `nil`
    /// for the root or an element step.
    static func split(_ path: String) -> (parent: String, step: CodingPath.Step)? {
        if path == "*" { return ("", .anyKey) }
        if path.hasSuffix(".*") { return (String(path.dropLast(2)), .anyKey) }
        if path.hasSuffix("\"]"), let open = path.range(of: "[\"", options: .backwards) {
            let parent = String(path[..<open.lowerBound])
            let quoted = String(path[path.index(after: open.lowerBound)..<path.index(before: path.endIndex)])
            guard case .string(let key)? = try? JSONParser.parse(Data(quoted.utf8)).value else { return nil }
            return CodingPath.appending(.key(key), to: parent) == path ? (parent, .key(key)) : nil
        }
        if path.hasSuffix("]") { return nil }
        let cut = path.lastIndex(of: ".")
        let parent = cut.map { String(path[..<$0]) } ?? ""
        let key = cut.map { String(path[path.index(after: $0)...]) } ?? path
        return CodingPath.appending(.key(key), to: parent) == path ? (parent, .key(key)) : nil
    }
}
