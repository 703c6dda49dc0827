import Foundation
import Testing

/// The executable enters the engine through a few front doors, one per capability, and never reaches
/// for its primitives (DESIGN section 11); the engine keeps `package` for what another target uses.
/// Both are pinned, so a new door or a wider engine is a deliberate edit here.
///
/// This test reads the names the executable's code spells out; `scripts/front-door.sh --check`
/// (a step of `.ci/run`) checks the same list against what the compiler sees, which also counts the
/// types a door hands back and the code uses without naming them (`CoverageMatrix`).
@Suite("front door")
struct FrontDoorTests {
    /// The engine types the executable uses, sorted: the doors and the values they hand back.
    static let doors = [
        "BaseURLChoice", "CaseAddition", "CaseRecorder", "CaseResult", "CoverageMatrix", "Diagnostic", "Explanation",
        "FileWriteError", "MutationSession", "ReleaseShelf", "Report", "SettingNames", "ShardCoverage", "SuiteExport",
        "SuiteListing", "SuiteLocation", "SuiteSelection", "SuiteServer", "SuiteWriter", "Verifier", "VerifyOptions",
    ]

    /// The most engine types the executable may use (issue 31: at most 20; 21 with issue 51's
    /// `ReleaseShelf`, the one door of `release` and of `verify --live --releases`, whose archive,
    /// retirement and matrix are nested in it rather than three doors).
    static let maxDoors = 21

    /// The most `package` declarations the engine may hold (194: `SuiteLocation.packageName`, the
    /// default consumer of an app's pacts; 195 with issue 42's `CoverageMatrix.Column`, the
    /// outcomes a team requires, and `SuiteExport.schema`, `export schema`'s way in, less the
    /// matrix's gaps that only the engine reads now; 199 with issue 41's `Report.write(_:to:)`,
    /// `Report.covering`, `Report.isEmpty` and `Report.isAllSkipped`: a report written a piece at
    /// a time as its results are read back, which the command line asks rather than holding them;
    /// 200 with issue 38's `SuiteSelection.selectsNothing`, which mutate, export and record read;
    /// 201 with `Report.tool`, the name an app's tool gives its JUnit, notices and step summary;
    /// 202 with `SuiteServer.Settings.cors`, the origins `serve --cors` lets in;
    /// 203 with `MutationSession.Run.counts`, the cases and mutants mutate's summary line counts;
    /// 204 with `ErrorName`, an error as the endpoint's vocabulary names it, which `Expectation` holds;
    /// 206 with issue 40's `VerifyOptions.allowWrites` and `CaseAddition.Request.allowWrites`, which
    /// the command line's `--allow-writes` sets for `verify --live`, `record` and `add --live`;
    /// 225 with issue 51's `ReleaseShelf` (its reading, `watching` and `matrix`, `archive` and
    /// `retire` with their outcome and refusal, and the matrix's judging of files and its text,
    /// JSON, annotations, step summary and file) and `SuiteExport.Pacts`' version and branch;
    /// 226 with issue 46's `SuiteExport.Pacts.notes`, the cases an export leaves out with a note).
    static let maxPackageDeclarations = 228

    /// The top-level types of the engine, read from its sources.
    static func engineTypes() throws -> Set<String> {
        Set(try LayerTests.sources().flatMap { LayerTests.declarations(in: $0.code) })
    }

    /// The engine types named by the executable's code (comments and string literals aside).
    static func namedByExecutable() throws -> [String] {
        let engine = try engineTypes()
        let named = try CommandLineLayerTests.sources().reduce(into: Set<String>()) {
            $0.formUnion(LayerTests.names(in: $1.code))
        }
        return named.intersection(engine).sorted()
    }

    @Test("the executable names the engine's front doors and nothing else, and there are few of them")
    func executableNamesDoors() throws {
        let named = try Self.namedByExecutable()
        #expect(
            Set(named).isSubset(of: Self.doors),
            "named but not a door: \(Set(named).subtracting(Self.doors).sorted())")
        #expect(Self.doors.count <= Self.maxDoors)
        #expect(Self.doors == Self.doors.sorted())
    }

    @Test("the engine's package declarations stay within their count")
    func packageDeclarationsBounded() throws {
        let count = try LayerTests.sources().reduce(0) { total, source in
            total
                + source.code.split(separator: "\n").filter { line in
                    let words = line.split(separator: " ")
                    return words.first { !$0.hasPrefix("@") } == "package"
                }.count
        }
        #expect(
            count <= Self.maxPackageDeclarations,
            "\(count) package declarations; the most allowed is \(Self.maxPackageDeclarations)")
    }
}
