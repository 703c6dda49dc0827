/// A command that reports cases: `verify`, `mutate`. Its metatype is sendable, so the report
/// option entries can be built for either.
protocol ReportingCommand: SendableMetatype {
    var reporting: ReportOptions { get set }
}
