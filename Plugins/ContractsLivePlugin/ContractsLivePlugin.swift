import PackagePlugin

/// `swift package contracts-live ARGUMENTS`: `swift package contracts`, allowed to reach the API's
/// servers and to write to the package directory, for the commands that ask the server:
/// `add --live`, `record` and `verify --live`. With no arguments it runs `verify --live`.
///
/// It declares `.allowNetworkConnections` and `.writeToPackageDirectory`, so SwiftPM asks before it
/// runs (or takes `--allow-network-connections all --allow-writing-to-package-directory`), instead
/// of the sandbox being turned off.
@main
struct ContractsLivePlugin: ToolVerb {
    static let defaultArguments = ["verify", "--live"]
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ContractsLivePlugin: XcodeCommandPlugin {}
#endif
