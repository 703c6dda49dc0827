import PackagePlugin

/// `swift package contracts ARGUMENTS`: runs `dogpatch-contracts ARGUMENTS` in the package's folder,
/// with its output as it is, and ends with its exit status; with no arguments (as Xcode's menu runs
/// it) it runs `verify`.
///
/// It asks for no permission, so in SwiftPM's sandbox (macOS) the tool reads the package and writes
/// nowhere in it: `verify`, `list`, `explain`, `coverage` and `mutate`. The commands that write run
/// through `contracts-write`, the ones that reach the server through `contracts-live`.
@main
struct ContractsPlugin: ToolVerb {
    static let defaultArguments = ["verify"]
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ContractsPlugin: XcodeCommandPlugin {}
#endif
