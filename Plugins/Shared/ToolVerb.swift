import Foundation
import PackagePlugin

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin
#endif

/// One `swift package` verb of the tool: runs the package's contract tool with ARGUMENTS in the
/// package's (or Xcode project's) folder, with its output as it is, and ends with its exit status
/// (1: a case failed, 2: the suite is invalid or the arguments are wrong). Given no arguments, as
/// Xcode's menu runs it, it runs `defaultArguments`. The verbs differ only in their permissions
/// (Package.swift) and that default; this file is linked into each plugin's folder, since plugins
/// share no code.
///
/// The tool is the package's own where it has one: an executable target that depends on the
/// `ContractTool` product (directly or through a target of the package), which the verb builds and
/// runs; `--tool NAME` before the tool's arguments picks one where there are several. A package
/// without one runs the built-in `dogpatch-contracts`.
protocol ToolVerb: CommandPlugin {
    /// What the verb runs when it is given no arguments.
    static var defaultArguments: [String] { get }
}

/// The product an app's tool target depends on, and the built-in tool.
private let library = "ContractTool"
private let builtIn = "dogpatch-contracts"

extension ToolVerb {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        var arguments = arguments
        let picked = Self.takeToolOption(from: &arguments)
        let tools = context.package.targets.compactMap { $0 as? SwiftSourceModuleTarget }
            .filter { $0.kind == .executable && Self.dependsOnLibrary($0) }.map(\.name).sorted()
        let executable: URL
        switch Self.choose(picked, among: tools) {
        case .builtIn:
            executable = try context.tool(named: builtIn).url
            Self.say("running \(builtIn), the built-in tool: the package has no executable target on \(library)")
        case .appTool(let name):
            executable = try Self.build(name, with: packageManager)
            // SwiftPM's own last line names the product it built; this one says which tool runs.
            Self.say("running \(name), the package's own tool")
        case .refused(let message):
            Diagnostics.error(message)
            exit(2)
        }
        try Self.run(executable, arguments, in: context.package.directoryURL)
    }

    /// A line on standard error before the tool's own output, so a reader knows which tool ran.
    static func say(_ line: String) {
        FileHandle.standardError.write(Data("\(line)\n".utf8))
    }

    /// Takes `--tool NAME` (or `--tool=NAME`) from the front of the arguments, where it stands
    /// before the tool's own; `nil` when absent, `""` when NAME is missing.
    static func takeToolOption(from arguments: inout [String]) -> String? {
        guard let first = arguments.first else { return nil }
        if first == "--tool" {
            let name = arguments.count > 1 ? arguments[1] : ""
            arguments.removeFirst(min(2, arguments.count))
            return name
        }
        if first.hasPrefix("--tool=") {
            arguments.removeFirst()
            return String(first.dropFirst("--tool=".count))
        }
        return nil
    }

    /// Whether a target depends on the `ContractTool` product, directly or through the package's own targets.
    static func dependsOnLibrary(_ target: any Target) -> Bool {
        target.dependencies.contains { dependency in
            switch dependency {
            case .product(let product): product.name == library
            case .target(let target): dependsOnLibrary(target)
            @unknown default: false
            }
        }
    }

    /// Which tool runs: the one picked, the package's only one, or the built-in one where it has none.
    static func choose(_ picked: String?, among tools: [String]) -> ToolChoice {
        let listed = tools.map { "'\($0)'" }.joined(separator: ", ")
        switch picked {
        case "":
            return .refused("--tool needs the name of an executable target that depends on \(library)")
        case builtIn?:
            return tools.contains(builtIn) ? .appTool(builtIn) : .builtIn
        case let name? where tools.contains(name):
            return .appTool(name)
        case let name?:
            let known =
                tools.isEmpty ? "the package has none, so the verb runs \(builtIn)" : "the package has \(listed)"
            return .refused("no executable target '\(name)' depends on \(library): \(known)")
        case nil:
            if tools.isEmpty { return .builtIn }
            if tools.count == 1 { return .appTool(tools[0]) }
            return .refused("the package has several tools on \(library) (\(listed)): pick one with --tool NAME")
        }
    }

    /// Builds the app's tool and gives its executable.
    static func build(_ name: String, with packageManager: PackageManager) throws -> URL {
        let result = try packageManager.build(
            .product(name), parameters: .init(configuration: .debug, logging: .concise))
        guard result.succeeded, let built = result.builtArtifacts.first(where: { $0.kind == .executable }) else {
            FileHandle.standardError.write(Data(result.logText.utf8))
            Diagnostics.error("could not build the package's tool '\(name)'")
            exit(1)
        }
        return built.url
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

/// Which tool a verb runs.
enum ToolChoice {
    /// The built-in `dogpatch-contracts`.
    case builtIn
    /// The package's own tool target, by name.
    case appTool(String)
    /// Neither: the arguments name no tool, or several could run; the message says which.
    case refused(String)
}

#if canImport(XcodeProjectPlugin)
    extension ToolVerb {
        /// From Xcode's menu: runs the built-in tool in the project's folder, where `contracts/` is.
        func performCommand(context: XcodePluginContext, arguments: [String]) throws {
            try Self.run(context.tool(named: builtIn).url, arguments, in: context.xcodeProject.directoryURL)
        }
    }
#endif
