#if compiler(>=6.2)
    /// A command that reports cases: `verify`, `mutate`.
    protocol ReportingCommand: SendableMetatype {
        var reporting: ReportOptions { get set }
    }
#else
    /// A command that reports cases: `verify`, `mutate`.
    protocol ReportingCommand {
        var reporting: ReportOptions { get set }
    }
#endif
