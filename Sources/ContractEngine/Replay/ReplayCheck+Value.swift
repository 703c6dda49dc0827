import ContractCatalogue

extension ReplayCheck {
    /// A client that decoded a value other than the one the response holds, where the contract's
    /// own `count` and `values` did not catch it: the first path at which the two differ, read
    /// from their encoded JSON (so a model that is not `Equatable` is held to it too), or from
    /// their reflection where the model is only `Decodable` (a property's name is then spelt as
    /// the body writes its key); `nil` when they agree.
    /// - Parameters:
    ///   - returned: What the client returned.
    ///   - prediction: What the response holds, decoded by the tool.
    /// - Returns: The diagnostic, at the case's `expect`.
    func otherValue(_ returned: Outcome, prediction: Outcome?) -> Diagnostic? {
        guard case .decoded(let mine) = returned, case .decoded(let theirs)? = prediction else { return nil }
        let difference: (path: String, found: JSONValue?, held: JSONValue?)?
        if let client = try? JSONParser.parse(mine.encoded()) {
            guard let response = try? JSONParser.parse(theirs.encoded()) else { return nil }
            difference = Self.firstDifference(client.value, response.value, at: "")
        } else {
            // Swift's names of the properties, spelt as the body writes their keys.
            difference = Self.firstDifference(JSONValue(mine.reflected()), JSONValue(theirs.reflected()), at: "").map {
                let path = JSONPath(parsing: $0.0).map {
                    KeySpellings(model: contract.model, body: try? JSONParser.parse(BodyEncoding.utf8(body)))
                        .find($0, in: nil).wirePath.description
                }
                return (path ?? $0.0, $0.1, $0.2)
            }
        }
        guard let (path, found, held) = difference else { return nil }
        let place = path.isEmpty ? "the value" : path
        return error(
            "client decoded another \(contract.model.name) than this response holds: \(place) is \(Self.shown(found)), the response's \(Self.shown(held))",
            at: contractCase.expect.position)
    }

    /// The first path, in the response's order, where two JSON values differ, with each side's value there.
    private static func firstDifference(_ found: JSONValue, _ held: JSONValue, at path: String) -> (
        String, JSONValue?, JSONValue?
    )? {
        switch (found, held) {
        case (.object(let mine), .object(let theirs)):
            for member in theirs {
                let child = path.isEmpty ? member.key : "\(path).\(member.key)"
                guard let other = mine.first(where: { $0.key == member.key }) else {
                    return (child, nil, member.value.value)
                }
                if let difference = firstDifference(other.value.value, member.value.value, at: child) {
                    return difference
                }
            }
            let extra = mine.first { member in !theirs.contains { $0.key == member.key } }
            return extra.map { (path.isEmpty ? $0.key : "\(path).\($0.key)", $0.value.value, nil) }
        case (.array(let mine), .array(let theirs)) where mine.count == theirs.count:
            for (index, pair) in zip(mine, theirs).enumerated() {
                if let difference = firstDifference(pair.0.value, pair.1.value, at: "\(path)[\(index)]") {
                    return difference
                }
            }
            return nil
        default:
            return found.isEquivalent(to: held) ? nil : (path, found, held)
        }
    }

    /// A value as a message shows it: its JSON, cut at 60 characters; `absent` for none.
    private static func shown(_ value: JSONValue?) -> String {
        guard let text = value?.jsonText else { return "absent" }
        return text.count <= 60 ? text : String(text.prefix(57)) + "..."
    }
}
