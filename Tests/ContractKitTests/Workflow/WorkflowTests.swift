import Foundation
import Testing

/// `.github/workflows/contracts.yml`: well-formed, and doing what its documentation says it does.
@Suite("GitHub Actions workflow")
struct WorkflowTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static func text() throws -> String {
        String(
            decoding: try Data(contentsOf: root.appendingPathComponent(".github/workflows/contracts.yml")),
            as: UTF8.self)
    }

    static func runCommands(of job: YAMLNode?) -> [String] {
        (job?["steps"]?.items ?? []).compactMap { $0["run"]?.string }
    }

    @Test("parses, and runs on push, on pull requests and nightly")
    func triggers() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        #expect(workflow["name"]?.string == "contracts")
        let triggers = try #require(workflow["on"])
        #expect(triggers.keys.contains("push") && triggers.keys.contains("pull_request"))
        let cron = try #require(triggers["schedule"]?.items.first?["cron"]?.string)
        #expect(cron.split(separator: " ").count == 5, "a cron line has five fields: \(cron)")
    }

    @Test("verifies in a matrix of shards that together cover the suite, with annotations and JUnit artifacts")
    func shards() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        let job = try #require(workflow["jobs"]?["verify"])
        let shards = try #require(job["strategy"]?["matrix"]?["shard"]).items.compactMap(\.string)
        #expect(shards.count >= 2)
        let commands = Self.runCommands(of: job)
        #expect(commands.first == "swift build", "the build comes first")
        let verify = try #require(commands.first { $0.contains("dogpatch-contracts verify") })
        // Shards 1...N of N, and N in the command is the size of the matrix.
        #expect(shards == (1...shards.count).map(String.init))
        #expect(verify.contains("--shard ${{ matrix.shard }}/\(shards.count) "))
        #expect(verify.contains("--format github"))
        #expect(verify.contains("--junit contracts-${{ matrix.shard }}.xml"))
        let upload = try #require(
            job["steps"]?.items.first { $0["uses"]?.string?.hasPrefix("actions/upload-artifact@") == true })
        #expect(upload["if"]?.string == "always()", "the JUnit file is kept when verify fails")
        #expect(upload["with"]?["path"]?.string == "contracts-${{ matrix.shard }}.xml")
        #expect(upload["with"]?["name"]?.string?.contains("${{ matrix.shard }}") == true, "one artifact a shard")
    }

    @Test("the shards keep their coverage reports, and a job requires coverage over all of them")
    func coverageAcrossShards() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        let verify = try #require(
            Self.runCommands(of: workflow["jobs"]?["verify"]).first { $0.contains("dogpatch-contracts verify") })
        #expect(verify.contains("--coverage --json coverage-${{ matrix.shard }}.json"))
        #expect(!verify.contains("--require-coverage"), "refused with --shard")
        let job = try #require(workflow["jobs"]?["coverage"])
        #expect(job["needs"]?.string == "verify")
        let download = try #require(
            job["steps"]?.items.first { $0["uses"]?.string?.hasPrefix("actions/download-artifact@") == true })
        #expect(download["with"]?["pattern"]?.string == "contracts-coverage-*")
        #expect(Self.runCommands(of: job).contains("swift run dogpatch-contracts coverage --require coverage-*.json"))
    }

    @Test("a macOS job builds with warnings as errors, tests and verifies, on every push")
    func macOS() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        let job = try #require(workflow["jobs"]?["macos"])
        #expect(job["runs-on"]?.string == "macos-latest")
        #expect(job["if"]?.string == "github.event_name != 'schedule'")
        #expect(job["container"] == nil, "macOS runs on the runner itself")
        let commands = Self.runCommands(of: job)
        #expect(commands.contains("swift build -Xswiftc -warnings-as-errors"))
        #expect(commands.contains("swift test"))
        #expect(commands.contains("swift run dogpatch-contracts verify --strict"))
    }

    @Test("every job that builds restores .build from a cache keyed on Package.swift and the sources, before it builds")
    func cache() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        for name in ["verify", "coverage", "macos", "live"] {
            let steps = try #require(workflow["jobs"]?[name]?["steps"]).items
            let cacheIndex = try #require(
                steps.firstIndex { $0["uses"]?.string?.hasPrefix("actions/cache@") == true },
                "\(name) has no cache step")
            let firstBuild = steps.firstIndex { ($0["run"]?.string ?? "").hasPrefix("swift ") } ?? steps.count
            #expect(cacheIndex < firstBuild, "\(name): the cache is restored before the first build")
            let cache = steps[cacheIndex]["with"]
            #expect(cache?["path"]?.string == ".build")
            let key = try #require(cache?["key"]?.string)
            #expect(key.contains("runner.os"), "one cache per platform: \(key)")
            for input in ["'Package.swift'", "'Sources/**'"] {
                #expect(key.contains("hashFiles(") && key.contains(input), "\(name): the key hashes \(input): \(key)")
            }
        }
    }

    @Test("a nightly job runs verify --live, and only on schedule or by hand")
    func nightly() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        let live = try #require(workflow["jobs"]?["live"])
        #expect(live["if"]?.string?.contains("github.event_name == 'schedule'") == true)
        #expect(workflow["jobs"]?["verify"]?["if"]?.string == "github.event_name != 'schedule'")
        #expect(Self.runCommands(of: live).contains { $0.contains("dogpatch-contracts verify --live") })
    }

    @Test("the CI document shows the workflow as it is")
    func readme() throws {
        let document = String(
            decoding: try Data(contentsOf: Self.root.appendingPathComponent("docs/ci-and-shards.md")), as: UTF8.self)
        #expect(document.contains("```yaml\n" + (try Self.text()) + "```\n"))
    }

    @Test(
        "the reader refuses what is not well-formed",
        arguments: [
            "jobs:\n\tverify: x\n",
            "jobs:\n  verify:\n    runs-on: a\n      steps: b\n",
            "on: [push\n",
            "name: \"unclosed\n",
            "jobs:\n  a: 1\n  a: 2\n",
        ])
    func malformed(_ text: String) {
        #expect(throws: YAMLError.self) { try BlockYAML.parse(text) }
    }
}
