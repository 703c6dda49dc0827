import Foundation
import PackagePlugin

/// `swift package contracts ARGUMENTS`: runs `dogpatch-contracts ARGUMENTS` in the package's folder,
/// with its output as it is, and ends with its exit status; with no arguments (as Xcode's menu runs
/// it) it runs `verify`.
///
/// It asks for no permission, so in SwiftPM's sandbox (macOS) the tool reads the package and writes
/// nowhere in it: `verify`, `list`, `explain`, `coverage` and `mutate`. The commands that write run
/// through `contracts-write`, the ones that reach the server through `contracts-live`.
@main
struct ContractsPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "dogpatch-contracts")
        let status = try run(tool.url, arguments.isEmpty ? ["verify"] : arguments, in: context.package.directoryURL)
        // The tool has said what went wrong; its status is passed on as it is (1: a case failed,
        // 2: the suite is invalid or the arguments are wrong).
        if status != 0 { exit(status) }
    }

    private func run(_ executable: URL, _ arguments: [String], in folder: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        return process.terminationStatus
    }
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ContractsPlugin: XcodeCommandPlugin {
        /// From Xcode's menu: runs the tool in the project's folder, where `contracts/` is.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            let tool = try context.tool(named: "dogpatch-contracts")
            let status = try run(
                tool.url, arguments.isEmpty ? ["verify"] : arguments, in: context.xcodeProject.directoryURL)
            if status != 0 { exit(status) }
        }
    }
#endif
