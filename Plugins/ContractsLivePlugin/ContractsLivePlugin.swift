import Foundation
import PackagePlugin

/// `swift package contracts-live ARGUMENTS`: `swift package contracts`, allowed to reach the API's
/// servers and to write to the package directory, for the commands that ask the server:
/// `add --live`, `record` and `verify --live`. With no arguments it runs `verify --live`.
///
/// It declares `.allowNetworkConnections` and `.writeToPackageDirectory`, so SwiftPM asks before it
/// runs (or takes `--allow-network-connections all --allow-writing-to-package-directory`), instead
/// of the sandbox being turned off.
@main
struct ContractsLivePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "dogpatch-contracts")
        let status = try run(
            tool.url, arguments.isEmpty ? ["verify", "--live"] : arguments, in: context.package.directoryURL)
        // The tool has said what went wrong; its status is passed on as it is.
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

    extension ContractsLivePlugin: XcodeCommandPlugin {
        /// From Xcode's menu: runs the tool in the project's folder, where `contracts/` is.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            let tool = try context.tool(named: "dogpatch-contracts")
            let status = try run(
                tool.url, arguments.isEmpty ? ["verify", "--live"] : arguments,
                in: context.xcodeProject.directoryURL)
            if status != 0 { exit(status) }
        }
    }
#endif
