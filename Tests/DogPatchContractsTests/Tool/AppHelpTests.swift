import ContractTestSupport
import ContractTool
import Foundation
import Synchronization
import Testing

/// Issue 42, item 6: an app's tool speaks of the app's catalogue in every help text, never of
/// the built-in clients.
@Suite("an app's tool's help")
struct AppHelpTests {
    static let commands = ["verify", "list", "explain", "add", "record", "mutate", "coverage", "export", "serve"]

    /// What the built-in catalogue, and only it, has: its names and its examples' values.
    static let builtInWords = [
        "dogpatch", "DogPatch", "countries", "Countr", "Dog", "restcountries", "peru", "france", "fullText",
    ]

    static func help(_ arguments: [String]) async -> (status: Int32, text: String) {
        let text = Mutex("")
        let status = await ContractTool.run(
            arguments: arguments, catalogue: TodoApp.MainQueue.catalogue, name: "todo-contracts",
            standardOutput: { out in text.withLock { $0 += out } },
            standardError: { err in text.withLock { $0 += err } })
        return (status, text.withLock { $0 })
    }

    @Test("no help names a built-in endpoint, model or example", arguments: [[]] + commands.map { [$0] })
    func helpSpeaksOfTheApp(_ command: [String]) async {
        let (status, text) = await Self.help(command + ["--help"])
        #expect(status == 0)
        #expect(text.contains("todo-contracts"), "\(text)")
        for word in Self.builtInWords {
            #expect(!text.contains(word), "\(command) --help says \"\(word)\":\n\(text)")
        }
    }
}
