import Foundation
import PackagePlugin

/// `swift package contracts-write ARGUMENTS`: `swift package contracts`, allowed to write to the
/// package directory, for the commands that write there: `add` (from a file or `--har`),
/// `mutate --update`, `export`, and `--junit` or `--json` report files. With no arguments it runs
/// `verify`.
///
/// It declares `.writeToPackageDirectory`, so SwiftPM asks before it runs (or takes
/// `--allow-writing-to-package-directory`), instead of the sandbox being turned off.
@main
struct ContractsWritePlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let tool = try context.tool(named: "dogpatch-contracts")
        let status = try run(tool.url, arguments.isEmpty ? ["verify"] : arguments, in: context.package.directoryURL)
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

    extension ContractsWritePlugin: XcodeCommandPlugin {
        /// From Xcode's menu: runs the tool in the project's folder, where `contracts/` is.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            let tool = try context.tool(named: "dogpatch-contracts")
            let status = try run(
                tool.url, arguments.isEmpty ? ["verify"] : arguments, in: context.xcodeProject.directoryURL)
            if status != 0 { exit(status) }
        }
    }
#endif
