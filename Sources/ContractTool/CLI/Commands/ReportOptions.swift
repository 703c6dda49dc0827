import ContractEngine

/// How a command that reports cases prints them, and the report files it also writes:
/// `--format`, `--quiet`, `--junit`, `--json` and `--color`, spelt the same by `verify` and `mutate`.
struct ReportOptions: Sendable {
    var format = Report.Format.text
    var files = ReportFiles()
    var color = ColorChoice.auto
    /// Whether the text report leaves out the passed and skipped cases with nothing to report.
    var quiet = false
}

/// The report options, written once for every command that has them.
extension OptionSpec where Parsed: ReportingCommand {
    static func format(_ command: String) -> OptionSpec {
        .value("--format", "FORMAT", "text, json, junit or github (default: text)") {
            $0.reporting.format = try ArgumentValues.format($1, command: command)
        }
    }

    static var quiet: OptionSpec {
        .flag(
            "--quiet",
            "print only FAIL and ERROR lines, cases with a warning or note, and\nthe summary; text only (json, junit and github output is unchanged)"
        ) { $0.reporting.quiet = true }
    }

    static var junit: OptionSpec {
        .value("--junit", "FILE", "also write a JUnit XML report to FILE") { $0.reporting.files.junit = $1 }
    }

    static var json: OptionSpec {
        .value("--json", "FILE", "also write a JSON report to FILE") { $0.reporting.files.json = $1 }
    }

    static func color(_ command: String) -> OptionSpec {
        .value("--color", "WHEN", "auto, always or never (default: auto; NO_COLOR turns it off)", aliases: ["--colour"])
        {
            $0.reporting.color = try ArgumentValues.color($1, command: command)
        }
    }
}
