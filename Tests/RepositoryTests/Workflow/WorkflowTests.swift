import ContractTestSupport
import Foundation
import Testing

/// `.github/workflows/contracts.yml`: well-formed, and doing what its documentation says it does.
@Suite("GitHub Actions workflow")
struct WorkflowTests {
    static let root = Repository.root

    static func text() throws -> String {
        String(
            decoding: try Data(contentsOf: root.appendingPathComponent(".github/workflows/contracts.yml")),
            as: UTF8.self)
    }

    static func runCommands(of job: YAMLNode?) -> [String] {
        (job?["steps"]?.items ?? []).compactMap { $0["run"]?.string }
    }

    static func file(_ path: String) throws -> String {
        String(decoding: try Data(contentsOf: root.appendingPathComponent(path)), as: UTF8.self)
    }

    @Test(
        "parses, and runs on pull requests, on pushes to main only (no second run of a pull request's commits) and nightly"
    )
    func triggers() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        #expect(workflow["name"]?.string == "contracts")
        let triggers = try #require(workflow["on"])
        #expect(triggers.keys.contains("push") && triggers.keys.contains("pull_request"))
        #expect(
            triggers["push"]?["branches"]?.items == [.scalar("main")], "a push to a pull request's branch runs once")
        let cron = try #require(triggers["schedule"]?.items.first?["cron"]?.string)
        #expect(cron.split(separator: " ").count == 5, "a cron line has five fields: \(cron)")
    }

    @Test("least privilege: the workflow reads the repository, and only the alert job may write, to issues alone")
    func permissions() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        #expect(workflow["permissions"] == .mapping([(key: "contents", value: .scalar("read"))]))
        let jobs = try #require(workflow["jobs"])
        for name in jobs.keys where name != "alert" {
            #expect(jobs[name]?["permissions"] == nil, "\(name) keeps the workflow's read-only token")
        }
        #expect(jobs["alert"]?["permissions"] == .mapping([(key: "issues", value: .scalar("write"))]))
    }

    @Test("a new push cancels the run it supersedes, per ref, and a push never cancels the nightly run")
    func concurrency() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        let concurrency = try #require(workflow["concurrency"])
        let group = try #require(concurrency["group"]?.string)
        #expect(group.contains("${{ github.ref }}") && group.contains("${{ github.event_name }}"), "\(group)")
        #expect(concurrency["cancel-in-progress"]?.string == "true")
    }

    @Test("every job has a timeout, so a hung run stops long before GitHub's six hours")
    func timeouts() throws {
        let jobs = try #require(try BlockYAML.parse(try Self.text())["jobs"])
        #expect(!jobs.keys.isEmpty)
        for name in jobs.keys {
            let minutes = jobs[name]?["timeout-minutes"]?.string.flatMap { Int($0) }
            #expect(
                minutes.map { (1...60).contains($0) } == true,
                "\(name): timeout-minutes is \(String(describing: minutes))")
        }
    }

    @Test("a Linux job runs bash .ci/run, so CI means the checks the README lists, tests included")
    func linux() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        let job = try #require(workflow["jobs"]?["linux"])
        #expect(job["runs-on"]?.string == "ubuntu-latest")
        #expect(job["container"]?.string?.hasPrefix("swift:") == true)
        #expect(job["if"]?.string == "github.event_name != 'schedule'")
        #expect(Self.runCommands(of: job).last == "bash .ci/run")
        // .ci/run's schema, Pact and YAML checks need Python, which the Swift image does not have.
        let install = try #require(Self.runCommands(of: job).first { $0.hasPrefix("apt-get update") })
        for package in ["python3", "python3-venv", "python3-yaml"] {
            #expect(install.split(separator: " ").contains(Substring(package)), "\(install)")
        }
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

    @Test("a macOS job builds with warnings as errors, tests, verifies and builds ContractKit for the iOS simulator")
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
        #expect(
            commands.contains("xcodebuild -scheme ContractKit -destination 'generic/platform=iOS Simulator' build"))
        // The scheme is a library product, and the package declares the platform it is built for.
        let manifest = try Self.file("Package.swift")
        #expect(manifest.contains(".library(name: \"ContractKit\""))
        #expect(manifest.contains(".iOS(.v"), "Package.swift's platforms name iOS")
    }

    @Test("every job that builds restores .build from a cache keyed on Package.swift and the sources, before it builds")
    func cache() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        for name in ["linux", "verify", "coverage", "macos", "live", "pact-broker"] {
            let steps = try #require(workflow["jobs"]?[name]?["steps"]).items
            let cacheIndex = try #require(
                steps.firstIndex { $0["uses"]?.string?.hasPrefix("actions/cache@") == true },
                "\(name) has no cache step")
            let firstBuild =
                steps.firstIndex { step in
                    let run = step["run"]?.string ?? ""
                    return run.hasPrefix("swift ") || run.hasPrefix("bash ")
                } ?? steps.count
            #expect(cacheIndex < firstBuild, "\(name): the cache is restored before the first build")
            let cache = steps[cacheIndex]["with"]
            #expect(cache?["path"]?.string == ".build")
            let key = try #require(cache?["key"]?.string)
            #expect(key.contains("runner.os") && key.contains("github.job"), "one cache per platform and job: \(key)")
            for input in ["'Package.swift'", "'Sources/**'"] {
                #expect(key.contains("hashFiles(") && key.contains(input), "\(name): the key hashes \(input): \(key)")
            }
        }
    }

    @Test(
        "the Pact Broker loop: main builds publish under the commit and branch, the provider verifies what the mainBranch and deployedOrReleased selectors pick, can-i-deploy gates a release tag before record-release, a manual run ends a release's support"
    )
    func pactBroker() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        let triggers = try #require(workflow["on"])
        #expect(triggers["push"]?["tags"]?.items == [.scalar("v*")], "a release tag runs the workflow")
        #expect(triggers["workflow_dispatch"]?["inputs"]?["support_ended"] != nil)
        let job = try #require(workflow["jobs"]?["pact-broker"])
        #expect(job["needs"]?.string == "linux", "only a build whose checks pass publishes")
        #expect(job["permissions"] == nil)
        #expect(job["env"]?["PACT_DO_NOT_TRACK"]?.string == "true")
        #expect(job["env"]?["PACT_BROKER_TOKEN"]?.string == "${{ secrets.PACT_BROKER_TOKEN }}")
        #expect(job["env"]?["PACT_BROKER_BASE_URL"]?.string == "${{ vars.PACT_BROKER_BASE_URL }}")
        let steps = try #require(job["steps"]).items
        func step(_ text: String) throws -> (index: Int, step: YAMLNode) {
            let index = try #require(
                steps.firstIndex { ($0["run"]?.string ?? "").contains(text) }, "no step runs \(text)")
            return (index, steps[index])
        }
        let onMain = "github.ref == 'refs/heads/main'"
        let onTag = "startsWith(github.ref, 'refs/tags/v')"
        let export = try step("dogpatch-contracts export pact")
        #expect(export.step["run"]?.string?.contains("--consumer-version \"$GITHUB_SHA\" --branch main") == true)
        let publish = try step("pact broker publish build/pacts")
        #expect(publish.step["if"]?.string == onMain && export.step["if"]?.string == onMain)
        #expect(publish.step["run"]?.string?.contains("--consumer-app-version \"$GITHUB_SHA\" --branch main") == true)
        #expect(export.index < publish.index)
        let verify = try step("pact verifier --broker-url")
        for selector in [#"'{"mainBranch": true}'"#, #"'{"deployedOrReleased": true}'"#] {
            #expect(verify.step["run"]?.string?.contains("--consumer-version-selectors \(selector)") == true)
        }
        let gate = try step("pact broker can-i-deploy")
        let release = try step("pact broker record-release")
        #expect(gate.index < release.index, "can-i-deploy gates the release")
        #expect(gate.step["if"]?.string == onTag && release.step["if"]?.string == onTag)
        #expect(gate.step["run"]?.string?.contains("--to-environment production") == true)
        #expect(release.step["run"]?.string?.contains("--environment production") == true)
        let ended = try step("pact broker record-support-ended")
        #expect(ended.step["if"]?.string == "github.event_name == 'workflow_dispatch' && inputs.support_ended != ''")
        #expect(ended.step["run"]?.string?.contains("--environment production") == true)
    }

    @Test("a nightly job runs verify --live, and only on schedule or by hand")
    func nightly() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        let live = try #require(workflow["jobs"]?["live"])
        #expect(live["if"]?.string?.contains("github.event_name == 'schedule'") == true)
        #expect(workflow["jobs"]?["verify"]?["if"]?.string == "github.event_name != 'schedule'")
        #expect(Self.runCommands(of: live).contains { $0.contains("dogpatch-contracts verify --live") })
    }

    @Test("a failed nightly run opens an issue, or comments on the one still open, so someone hears of it")
    func nightlyAlert() throws {
        let workflow = try BlockYAML.parse(try Self.text())
        let alert = try #require(workflow["jobs"]?["alert"])
        #expect(alert["needs"]?.string == "live")
        #expect(alert["if"]?.string == "failure() && github.event_name == 'schedule'")
        #expect(alert["container"] == nil, "gh is on the runner, not in the Swift image")
        #expect(alert["env"]?["GH_TOKEN"]?.string == "${{ github.token }}")
        let script = try #require(Self.runCommands(of: alert).first)
        for command in ["gh issue list --state open", "gh issue comment", "gh issue create --title"] {
            #expect(script.contains(command), "the alert runs \(command)")
        }
        #expect(script.contains("$RUN_URL"), "the issue links the failed run")
    }

    /// What the README's CI paragraph must say for a line of `.ci/run` that runs a step: the script
    /// or the command as written, or for a few steps the words that name them; nil for a line that is
    /// not a step.
    static func readmePhrase(forStep line: String) -> String? {
        // A step may set variables first: `NAME=value swift test ...` is the step `swift test ...`.
        let command = (line.components(separatedBy: " >").first ?? line).trimmingCharacters(in: .whitespaces)
            .replacing(#/^([A-Z_][A-Z0-9_]*=\S*\s+)+/#, with: "")
        guard ["swift ", "bash ", "python3 "].contains(where: command.hasPrefix), command != "swift --version" else {
            return nil
        }
        if command.hasPrefix("bash ") { return String(command.dropFirst("bash ".count)) }
        let tool = "swift run dogpatch-contracts "
        if command.hasPrefix(tool) { return String(command.dropFirst(tool.count)) }
        if command.hasPrefix("swift format lint --strict ") { return "swift format lint --strict" }
        if command == "swift build -Xswiftc -warnings-as-errors" { return "a build with warnings as errors" }
        if command.hasPrefix("python3 ") && command.contains("yaml.safe_load") { return "YAML check of the workflow" }
        if command.hasSuffix("--filter OwnEndpointTests") { return "the package docs/your-own-endpoint.md shows" }
        return command
    }

    @Test("the README's CI paragraph names every step of .ci/run")
    func readmeListsEveryStep() throws {
        let readme = try Self.file("README.md")
        let start = try #require(readme.range(of: "CI runs `bash .ci/run`"), "the README says what CI runs")
        let paragraph =
            String(readme[start.lowerBound...])
            .components(separatedBy: "\n\n").first?
            .split(whereSeparator: \.isWhitespace).joined(separator: " ") ?? ""
        let steps = try Self.file(".ci/run").split(separator: "\n").compactMap {
            Self.readmePhrase(forStep: String($0))
        }
        #expect(steps.count >= 10, "\(steps)")
        for phrase in steps {
            #expect(paragraph.contains(phrase), "the README's CI paragraph does not name .ci/run's step \"\(phrase)\"")
        }
        // The plugin with no arguments, as Xcode's menu runs it.
        #expect(paragraph.contains("no arguments"))
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
