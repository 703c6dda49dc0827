import ContractCatalogue

extension ReplayCheck {
    /// Where a client's value and the response's first differ: the path, and each side there as a
    /// message shows it.
    private struct Difference {
        let path: String
        let found: String
        let held: String
        /// How the path is said to hold `found`: `is`, or `has` for a count of elements.
        var verb = "is"
    }

    /// A client that decoded a value other than the one the response holds, where the contract's
    /// own `count` and `values` did not catch it: the first path at which the two differ, read
    /// from their encoded JSON (so a model that is not `Equatable` is held to it too), or, where
    /// the model is only `Decodable`, from what reflection shows of them, named by the model's
    /// properties (reflection sees no coding keys); `nil` when they agree.
    /// - Parameters:
    ///   - returned: What the client returned.
    ///   - prediction: What the response holds, decoded by the tool.
    /// - Returns: The diagnostic, at the case's `expect`.
    func otherValue(_ returned: Outcome, prediction: Outcome?) -> Diagnostic? {
        guard case .decoded(let mine) = returned, case .decoded(let theirs)? = prediction else { return nil }
        let difference: Difference?
        let properties: Bool
        if let client = try? JSONParser.parse(mine.encoded()) {
            guard let response = try? JSONParser.parse(theirs.encoded()) else { return nil }
            difference = Self.firstDifference(client.value, response.value, at: "")
            properties = false
        } else {
            difference = Self.firstDifference(JSONValue(mine.reflected()), JSONValue(theirs.reflected()), at: "")
            properties = true
        }
        guard let difference else { return nil }
        let place = difference.path.isEmpty ? "the value" : difference.path
        let named = properties ? " (by the model's properties, as it is only Decodable)" : ""
        return error(
            "client decoded another \(contract.model.name) than this response holds\(named): \(place) \(difference.verb) \(difference.found), the response's \(difference.held)",
            at: contractCase.expect.position)
    }

    /// The first path, in the response's order, where two JSON values differ, with each side's value there.
    private static func firstDifference(_ found: JSONValue, _ held: JSONValue, at path: String) -> Difference? {
        switch (found, held) {
        case (.object(let mine), .object(let theirs)):
            for member in theirs {
                let child = path.isEmpty ? member.key : "\(path).\(member.key)"
                guard let other = mine.first(where: { $0.key == member.key }) else {
                    return Difference(path: child, found: "absent", held: shown(member.value.value))
                }
                if let difference = firstDifference(other.value.value, member.value.value, at: child) {
                    return difference
                }
            }
            let extra = mine.first { member in !theirs.contains { $0.key == member.key } }
            return extra.map {
                Difference(
                    path: path.isEmpty ? $0.key : "\(path).\($0.key)", found: shown($0.value.value), held: "absent")
            }
        case (.array(let mine), .array(let theirs)):
            for (index, pair) in zip(mine, theirs).enumerated() {
                if let difference = firstDifference(pair.0.value, pair.1.value, at: "\(path)[\(index)]") {
                    return difference
                }
            }
            guard mine.count != theirs.count else { return nil }
            // One is the other with elements added or left out at the end: the count says it.
            return Difference(path: path, found: elements(mine.count), held: "\(theirs.count)", verb: "has")
        default:
            return found.isEquivalent(to: held) ? nil : Difference(path: path, found: shown(found), held: shown(held))
        }
    }

    private static func elements(_ count: Int) -> String {
        "\(count) \(count == 1 ? "element" : "elements")"
    }

    /// A value as a message shows it: its JSON, cut at 60 characters.
    private static func shown(_ value: JSONValue) -> String {
        let text = value.jsonText
        return text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }
}
