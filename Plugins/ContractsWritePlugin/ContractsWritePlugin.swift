import PackagePlugin

/// `swift package contracts-write ARGUMENTS`: `swift package contracts`, allowed to write to the
/// package directory, for the commands that write there: `add` (from a file or `--har`),
/// `mutate --update`, `export`, and `--junit` or `--json` report files. With no arguments it runs
/// `verify`.
///
/// It declares `.writeToPackageDirectory`, so SwiftPM asks before it runs (or takes
/// `--allow-writing-to-package-directory`), instead of the sandbox being turned off.
@main
struct ContractsWritePlugin: ToolVerb {
    static let defaultArguments = ["verify"]
}

#if canImport(XcodeProjectPlugin)
    import XcodeProjectPlugin

    extension ContractsWritePlugin: XcodeCommandPlugin {}
#endif
