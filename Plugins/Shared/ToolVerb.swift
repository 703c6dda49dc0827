import Foundation
import PackagePlugin

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin
#endif

/// One `swift package` verb of the tool: runs `dogpatch-contracts ARGUMENTS` in the package's (or
/// Xcode project's) folder, with its output as it is, and ends with its exit status (1: a case
/// failed, 2: the suite is invalid or the arguments are wrong). Given no arguments, as Xcode's menu
/// runs it, it runs `defaultArguments`. The verbs differ only in their permissions (Package.swift)
/// and that default; this file is linked into each plugin's folder, since plugins share no code.
protocol ToolVerb: CommandPlugin {
    /// What the verb runs when it is given no arguments.
    static var defaultArguments: [String] { get }
}

extension ToolVerb {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        try Self.run(context.tool(named: "dogpatch-contracts").url, arguments, in: context.package.directoryURL)
    }

    /// Runs the tool and passes its status on: the tool has already said what went wrong.
    static func run(_ executable: URL, _ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments.isEmpty ? defaultArguments : arguments
        process.currentDirectoryURL = folder
        try process.run()
        process.waitUntilExit()
        if process.terminationStatus != 0 { exit(process.terminationStatus) }
    }
}

#if canImport(XcodeProjectPlugin)
    extension ToolVerb {
        /// From Xcode's menu: runs the tool in the project's folder, where `contracts/` is.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            try Self.run(
                context.tool(named: "dogpatch-contracts").url, arguments, in: context.xcodeProject.directoryURL)
        }
    }
#endif
