import ContractTestSupport
import Foundation
import Testing

/// docs/your-own-endpoint.md as an app team follows it: the page's files, taken from the page, make
/// a package that depends on this repository by path; it builds, its contracts pass in `swift test`
/// through `ContractSuite` and the page's own catalogue, and a broken fixture fails the case that
/// reads it. A page that drifts from the API fails here.
@Suite("your own endpoint: the page's package")
struct OwnEndpointTests {
    static let page = "docs/your-own-endpoint.md"
    static let swift = ScratchRun.onPath("swift")
    /// The variable that runs the scratch package's build, which `.ci/run` sets in a step of its own.
    static let gate = "DOGPATCH_SCRATCH_PACKAGE"
    /// The dependency the page's `Package.swift` names, which the scratch package replaces with
    /// this repository's folder.
    static var dependency: Regex<Substring> {
        #/\.package\(url: "https://github\.com/<owner>/dogpatch-contracts", branch: "main"\)/#
    }

    static func package() throws -> ScratchPackage {
        try ScratchPackage(reading: try DocumentationTests.text(page), name: page)
    }

    /// The page's contracts, as JSON objects, by path.
    static func contracts(_ package: ScratchPackage) throws -> [(path: String, json: [String: Any])] {
        try package.files.keys.filter { $0.hasPrefix("contracts/") }.sorted().map { path in
            let json = try JSONSerialization.jsonObject(with: Data(package.files[path, default: ""].utf8))
            return (path, try #require(json as? [String: Any], "\(path) is an object"))
        }
    }

    /// Every case's identity, `contracts/x.json › name`, as Swift Testing and the tool name it.
    static func caseIDs(_ package: ScratchPackage) throws -> [String] {
        try contracts(package).flatMap { path, json in
            ((json["cases"] as? [[String: Any]]) ?? []).compactMap { $0["name"] as? String }.map { "\(path) › \($0)" }
        }
    }

    @Test(
        "every Swift and JSON block of the page is a file of its package, which depends on the release docs/swift-testing.md names"
    )
    func pageIsAPackage() throws {
        let package = try Self.package()
        let unclaimed = package.unclaimed.filter { ["swift", "json"].contains($0.tag) }
        #expect(unclaimed.isEmpty, "blocks no test builds: \(unclaimed.map { "\(Self.page):\($0.line)" })")
        let paths = package.files.keys.sorted()
        for folder in ["Sources/", "Tests/", "contracts/", "Fixtures/"] {
            #expect(paths.contains { $0.hasPrefix(folder) }, "the page shows a file under \(folder): \(paths)")
        }
        let manifest = try #require(package.files["Package.swift"], "the page shows Package.swift")
        let shown = try #require(manifest.firstMatch(of: Self.dependency), "Package.swift depends on the release")
        let released = try #require(
            try DocumentationTests.text("docs/swift-testing.md").firstMatch(of: Self.dependency),
            "docs/swift-testing.md names the release")
        #expect(shown.output == released.output)
        let tests = package.files.filter { $0.key.hasPrefix("Tests/") }.values.joined()
        #expect(tests.contains("ContractSuite(") && tests.contains("catalogue: "), "the test passes its own catalogue")
        #expect(try Self.caseIDs(package).count >= 2)
    }

    @Test(
        "the page's package builds once against this repository without fetching; its contracts pass in swift test, the command line refuses them, and a broken fixture fails its case",
        .enabled(
            if: ProcessInfo.processInfo.environment[Self.gate] == "1",
            "a scratch package's build takes a minute or more: .ci/run runs this test as a step of its own, with \(Self.gate)=1"
        ),
        .enabled(if: swift != nil, "swift is not on PATH, so the page's package cannot be built")
    )
    func scratchPackage() async throws {
        let swift = try #require(Self.swift)
        let package = try Self.package()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("own-endpoint-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // A path dependency's identity is its folder's name: a link named as the URL's last part,
        // so the page's `package: "dogpatch-contracts"` resolves to this checkout.
        let link = folder.appendingPathComponent("dogpatch-contracts")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: DocumentationTests.root)
        defer {
            unlink(link.path)
            try? FileManager.default.removeItem(at: folder)
            // SwiftPM's lock files for the scratch build, named after its folder.
            let temporary = FileManager.default.temporaryDirectory
            for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
            where name.contains(folder.lastPathComponent) {
                try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
            }
        }
        let app = folder.appendingPathComponent("app")
        var scratch = package
        let manifest = try #require(scratch.files["Package.swift"])
        scratch.files["Package.swift"] = manifest.replacing(
            Self.dependency, with: ".package(path: \"../dogpatch-contracts\")")
        #expect(scratch.files["Package.swift"] != manifest, "the dependency was replaced")
        try scratch.write(to: app)

        func run(_ arguments: [String], timeout: TimeInterval) async throws -> ScratchRun {
            let log = folder.appendingPathComponent("\(arguments.joined(separator: "-")).log")
            return try await ScratchRun.run(swift, arguments, in: app, log: log, timeout: timeout)
        }

        // One build; both test runs below reuse it.
        let build = try await run(["build", "--build-tests"], timeout: 900)
        try #require(!build.timedOut && build.status == 0, "swift build --build-tests:\n\(build.output)")
        let fetched = build.output.split(separator: "\n").filter { $0.hasPrefix("Fetching") || $0.hasPrefix("Cloning") }
        #expect(fetched.isEmpty, "SwiftPM fetched: \(fetched)")
        let checkouts = app.appendingPathComponent(".build/checkouts").path
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: checkouts)) ?? []).isEmpty)

        let cases = try Self.caseIDs(package)
        let passing = try await run(["test", "--skip-build"], timeout: 300)
        #expect(!passing.timedOut && passing.status == 0, "swift test:\n\(passing.output)")
        #expect(passing.output.contains("with \(cases.count) test cases passed"), "\(passing.output)")
        for id in cases {
            #expect(passing.output.contains(id), "swift test ran \(id)")
        }

        // The command line knows only its built-in catalogue, as the page says.
        let cli = try ToolRun.execute(["verify"], in: app)
        #expect(cli.status == 2)
        let page = try DocumentationTests.text(Self.page)
        for endpoint in Set(try Self.contracts(package).compactMap { $0.json["endpoint"] as? String }) {
            let refusal = "unknown endpoint \"\(endpoint)\""
            #expect(cli.stderr.contains(refusal) && page.contains(refusal), "\(cli.stderr)")
        }

        // The page's broken fixture: the case that reads it fails, named, with the page's line.
        let (intact, broken) = ("\"high\": 24.5", "\"high\": \"warm\"")
        #expect(page.contains("`\(intact)`") && page.contains("`\(broken)`"), "the page says how to break the fixture")
        let fixture = try #require(
            package.files.keys.first { $0.hasPrefix("Fixtures/") && package.files[$0, default: ""].contains(intact) })
        let text = try #require(package.files[fixture])
        try Data(text.replacingOccurrences(of: intact, with: broken).utf8).write(
            to: app.appendingPathComponent(fixture))
        let failing = try await run(["test", "--skip-build"], timeout: 300)
        #expect(!failing.timedOut && failing.status != 0, "swift test with \(fixture) broken:\n\(failing.output)")
        let shown = try #require(package.outputs["swift test with the fixture broken"], "the page shows the failure")
        #expect(!shown.isEmpty)
        for line in shown {
            // Swift Testing's symbols differ by platform: the line is compared after its first one.
            let text = line.first?.isASCII == false ? String(line.drop { $0 != " " }.dropFirst()) : line
            #expect(failing.output.contains(text), "swift test printed \(text)\n\(failing.output)")
        }
    }
}
