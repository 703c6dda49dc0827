import Foundation

extension SuiteLocation {
    /// The name of the Swift package at the suite's root, as its `Package.swift` declares it
    /// (`Package(name: "TodoApp", ...)`), or `nil` when there is none or it names itself otherwise.
    package var packageName: String? {
        let manifest = root.appendingPathComponent("Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8),
            let call = text.range(of: "Package(")
        else { return nil }
        // The first argument of `Package(`: `name: "..."`, with any spacing.
        let rest = text[call.upperBound...].drop { $0.isWhitespace }
        guard rest.hasPrefix("name") else { return nil }
        let afterLabel = rest.dropFirst(4).drop { $0.isWhitespace }
        guard afterLabel.first == ":" else { return nil }
        let value = afterLabel.dropFirst().drop { $0.isWhitespace }
        guard value.first == "\"" else { return nil }
        let name = value.dropFirst().prefix { $0 != "\"" && $0 != "\n" }
        return name.isEmpty ? nil : String(name)
    }
}
