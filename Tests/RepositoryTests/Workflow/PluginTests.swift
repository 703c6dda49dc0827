import Foundation
import Testing

/// The command plugins in `Package.swift` and `Plugins/`: `contracts` asks for nothing, so `verify`
/// runs in SwiftPM's sandbox without a question; the commands that write or reach the server have
/// their own verbs, which declare exactly those permissions. `.ci/run` runs `swift package contracts`
/// itself, with and without arguments.
@Suite("SwiftPM command plugins")
struct PluginTests {
    static let root = WorkflowTests.root

    /// The text of `Package.swift` from a plugin's `name:` to the next `.plugin(` or target.
    static func declaration(of plugin: String) throws -> String {
        let manifest = try WorkflowTests.file("Package.swift")
        let start = try #require(
            manifest.range(of: ".plugin(\n            name: \"\(plugin)\""), "Package.swift declares \(plugin)")
        let rest = manifest[start.upperBound...]
        let end = rest.range(of: "\n        .")?.lowerBound ?? rest.endIndex
        return String(rest[..<end])
    }

    @Test(
        "each verb declares the permissions its commands need, and no more",
        arguments: [
            ("ContractsPlugin", "contracts", false, false),
            ("ContractsWritePlugin", "contracts-write", true, false),
            ("ContractsLivePlugin", "contracts-live", true, true),
        ])
    func permissions(plugin: String, verb: String, writes: Bool, network: Bool) throws {
        let declaration = try Self.declaration(of: plugin)
        #expect(declaration.contains("verb: \"\(verb)\""))
        #expect(declaration.contains(".writeToPackageDirectory(") == writes, "\(plugin) writes: \(writes)")
        #expect(declaration.contains(".allowNetworkConnections(") == network, "\(plugin) network: \(network)")
        #expect(declaration.contains("permissions:") == (writes || network))
        let products = try WorkflowTests.file("Package.swift")
        #expect(products.contains(".plugin(name: \"\(plugin)\", targets: [\"\(plugin)\"])"), "an app can run \(verb)")
    }

    @Test(
        "given no arguments, as Xcode's menu runs it, a plugin runs verify, from the command line and from Xcode",
        arguments: [
            ("ContractsPlugin", "[\"verify\"]"),
            ("ContractsWritePlugin", "[\"verify\"]"),
            ("ContractsLivePlugin", "[\"verify\", \"--live\"]"),
        ])
    func defaultsToVerify(plugin: String, command: String) throws {
        let source = try WorkflowTests.file("Plugins/\(plugin)/\(plugin).swift")
        #expect(source.contains("struct \(plugin): ToolVerb {\n    static let defaultArguments = \(command)\n}"))
        #expect(source.contains("extension \(plugin): XcodeCommandPlugin {}"), "Xcode's menu runs it too")
        // The one launcher every verb shares, linked into each plugin's folder.
        let shared = try WorkflowTests.file("Plugins/\(plugin)/ToolVerb.swift")
        #expect(shared == (try WorkflowTests.file("Plugins/Shared/ToolVerb.swift")))
        #expect(shared.contains("process.arguments = arguments.isEmpty ? defaultArguments : arguments"))
        #expect(shared.components(separatedBy: "try Self.run(").count - 1 == 2, "from SwiftPM and from Xcode")
    }

    @Test("no document sends anyone to --disable-sandbox any more")
    func noDisabledSandbox() throws {
        let documents =
            try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" } + ["README.md"]
        for document in documents {
            #expect(!(try WorkflowTests.file(document)).contains("--disable-sandbox"), "\(document)")
        }
    }
}
