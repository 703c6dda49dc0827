import ContractTestSupport
import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The built `dogpatch-contracts serve`: its startup lines read from a pipe, and SIGINT/SIGTERM.
@Suite("serve: the command")
struct ServeCommandTests {
    /// `serve` running in a folder, its stdout read line by line as it comes.
    final class Serving {
        let process = Process()
        private let out = Pipe()
        private let err = Pipe()
        private var buffered = Data()

        init(_ arguments: [String], in folder: URL) throws {
            process.executableURL = ToolRun.executable
            process.arguments = ["serve"] + arguments
            process.currentDirectoryURL = folder
            process.standardOutput = out
            process.standardError = err
            process.standardInput = FileHandle.nullDevice
            try process.run()
        }

        /// The next line on stdout, as soon as it is written; `nil` at the end.
        func line() -> String? {
            while true {
                if let newline = buffered.firstIndex(of: 10) {
                    let line = String(decoding: buffered[buffered.startIndex..<newline], as: UTF8.self)
                    buffered = Data(buffered[(newline + 1)...])
                    return line
                }
                let chunk = out.fileHandleForReading.availableData
                if chunk.isEmpty { return nil }
                buffered.append(chunk)
            }
        }

        private var errors = Data()

        /// Reads stderr until it holds a text; `false` when it ends first.
        func standardError(contains text: String) -> Bool {
            while !String(decoding: errors, as: UTF8.self).contains(text) {
                let chunk = err.fileHandleForReading.availableData
                if chunk.isEmpty { return false }
                errors.append(chunk)
            }
            return true
        }

        /// Waits for the process to end, for at most `deadline` seconds (then kills it).
        func end(deadline: TimeInterval = 10) -> (status: Int32, signalled: Bool, stderr: String) {
            let done = DispatchSemaphore(value: 0)
            let process = process
            DispatchQueue.global().async {
                process.waitUntilExit()
                done.signal()
            }
            if done.wait(timeout: .now() + deadline) == .timedOut {
                kill(process.processIdentifier, SIGKILL)
                done.wait()
            }
            let errors = self.errors + err.fileHandleForReading.readDataToEndOfFile()
            return (
                process.terminationStatus, process.terminationReason == .uncaughtSignal,
                String(decoding: errors, as: UTF8.self)
            )
        }
    }

    @Test(
        "startup lines from a pipe, then SIGTERM or SIGINT with an idle keep-alive connection open: exit 0",
        arguments: [SIGTERM, SIGINT])
    func signals(_ number: Int32) throws {
        let serving = try Serving([], in: Repository.root)
        let first = try #require(serving.line())
        #expect(first.hasPrefix("serving http://127.0.0.1:"))
        let port = try #require(Int(first.split(separator: ":").last ?? ""))
        #expect(serving.line() == "dogpatch http://127.0.0.1:\(port)/api/v1/")
        #expect(serving.line() == "countries http://127.0.0.1:\(port)/v3.1/")
        let idle = try RawConnection(port: port)
        #expect(try idle.get("/api/v1/dogs").status == 200)
        kill(serving.process.processIdentifier, number)
        let ended = serving.end()
        #expect(ended.status == 0 && !ended.signalled)
        #expect(ended.stderr.contains("GET /api/v1/dogs contracts/dogpatch/"))
    }

    @Test("an address that is not loopback is warned about; a bad one, a bad port, an unknown case: exit 2")
    func arguments() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/dogs.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "empty", "response": { "body": "[]" }, "expect": { "decodes": true } } ] }
            """)
        let serving = try Serving(["--host", "0.0.0.0"], in: folder.url)
        #expect(serving.line()?.hasPrefix("serving http://0.0.0.0:") == true)
        kill(serving.process.processIdentifier, SIGTERM)
        let ended = serving.end()
        #expect(ended.status == 0)
        #expect(ended.stderr.contains("warning: serving on 0.0.0.0, which is not a loopback address"))
        for arguments in [["--host", "nowhere"], ["--port", "70000"], ["--case", "no such case"]] {
            let run = try folder.run(["serve"] + arguments)
            #expect(run.status == 2, "\(arguments)")
            #expect(run.stdout.isEmpty)
        }
        let fixturesOnly = try SuiteFolder()
        try fixturesOnly.write(
            "contracts/dog.json",
            """
            { "model": "[Dog]", "cases": [
              { "name": "empty", "response": { "body": "[]" }, "expect": { "decodes": true } } ] }
            """)
        let nothing = try fixturesOnly.run(["serve"])
        #expect(nothing.status == 2)
        #expect(
            nothing.stderr.contains(
                "no selected contract names an endpoint (fixture contracts have no request); nothing was served"))
        let invalid = try SuiteFolder()
        try invalid.write(
            "contracts/dogs.json", "{ \"endpoint\": \"dogpatch.getDogs\", \"cases\": [ { \"nme\": 1 } ] }")
        let refused = try invalid.run(["serve"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("contracts/dogs.json:1:"))
    }

    @Test("--cors takes a hybrid app's origin (capacitor://localhost); a text that is no origin is exit 2")
    func corsOrigins() throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/dogs.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "empty", "response": { "body": "[]" }, "expect": { "decodes": true } } ] }
            """)
        let serving = try Serving(["--cors", "capacitor://localhost", "--cors", "ionic://localhost"], in: folder.url)
        #expect(serving.line()?.hasPrefix("serving http://127.0.0.1:") == true)
        kill(serving.process.processIdentifier, SIGTERM)
        #expect(serving.end().status == 0)
        for origin in ["localhost:3000", "file:///tmp/page.html", "http://localhost:3000/app"] {
            let run = try folder.run(["serve", "--cors", origin])
            #expect(run.status == 2, "\(origin)")
        }
    }

    @Test("serve is in the tool's help with its synopsis")
    func help() throws {
        let folder = try SuiteFolder()
        let run = try folder.run(["--help"])
        #expect(run.stdout.contains("dogpatch-contracts serve [PATH ...] [options]"))
        let own = try folder.run(["serve", "--help"])
        #expect(own.status == 0)
        #expect(own.stdout.contains("serve [PATH ...] [--filter TEXT] [--host ADDR] [--port N]"))
        #expect(own.stdout.contains("[--case NAME ...] [--cors ORIGIN ...]"))
        #expect(own.stdout.contains("X-Contract-Case"))
    }

    @Test("reload from the command: the change announced, an invalid one reported as verify would, the last suite kept")
    func reload() throws {
        let folder = try SuiteFolder()
        let contract = """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "page", "response": { "fixture": "page.json" }, "expect": { "decodes": true } } ] }
            """
        try folder.write("contracts/dogs.json", contract)
        try folder.write("Fixtures/page.json", "[]")
        let serving = try Serving([], in: folder.url)
        let port = try #require(Int(serving.line()?.split(separator: ":").last ?? ""))
        try folder.write("Fixtures/page.json", "[ ]")
        #expect(serving.standardError(contains: "reloaded the suite: 1 contracts, 1 cases"))
        #expect(try RawConnection(port: port).get("/api/v1/dogs").text == "[ ]")
        try folder.write("contracts/dogs.json", contract.replacingOccurrences(of: "\"name\"", with: "\"nme\""))
        #expect(serving.standardError(contains: "still serving the last valid suite"))
        #expect(try RawConnection(port: port).get("/api/v1/dogs").text == "[ ]")
        kill(serving.process.processIdentifier, SIGTERM)
        let ended = serving.end()
        #expect(ended.status == 0)
        #expect(ended.stderr.contains("contracts/dogs.json:2:"))
        #expect(ended.stderr.contains("error: a contract is invalid; still serving the last valid suite"))
    }
}
