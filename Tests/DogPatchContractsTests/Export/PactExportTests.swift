import ContractTestSupport
import DogPatchClients
import Foundation
import Testing

@testable import ContractTool

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// `export pact`: what the provider owes, as the app needs it.
@Suite("export pact")
struct PactExportTests {
    static func interactions(_ data: Data) throws -> [[String: Any]] {
        let pact = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect((pact["metadata"] as? [String: [String: String]])?["pactSpecification"]?["version"] == "3.0.0")
        return try #require(pact["interactions"] as? [[String: Any]])
    }

    @Test(
        "one file per API; cases left out by design counted in one note; bodies pruned to what the model requires; rules from the model"
    )
    func mapping() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/more.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "two dogs", "given": "two dogs for sale",
                "response": { "fixture": "dogs.json", "headers": { "Content-Type": "application/json" } },
                "expect": { "decodes": true, "count": 2 } } ] }
            """)
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts", "--consumer", "shop"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote pacts/shop-dogpatch.json: 3 interactions\n", "\(run.stdout)")
        // Issue 32, finding 16: by design is not a warning, and one line, not one per case.
        #expect(
            run.stderr
                == "note: 2 cases left out by design (1 client robustness, 1 network error); --verbose lists them\n",
            "\(run.stderr)")
        let interactions = try Self.interactions(try folder.read("pacts/shop-dogpatch.json"))
        let descriptions = interactions.compactMap { $0["description"] as? String }
        #expect(Set(descriptions).count == descriptions.count, "descriptions are unique: \(descriptions)")
        let states = interactions.compactMap { ($0["providerStates"] as? [[String: String]])?.first?["name"] }
        #expect(states.contains("two dogs for sale"))
        let page = try #require(
            interactions.first { ($0["providerStates"] as? [[String: String]])?.first?["name"] == "two dogs for sale" })
        let response = try #require(page["response"] as? [String: Any])
        let body = try #require(response["body"] as? [[String: Any]])
        #expect(body.count == 1, "an array cut to its first element")
        #expect(body[0]["gender"] == nil, "a key the model never reads is not asked for")
        #expect(
            Set(body[0].keys) == [
                "id", "sellerID", "about", "breed", "name", "birthday", "created", "breederRating", "cost", "imageURL",
            ])
        let rules = try #require(
            (response["matchingRules"] as? [String: Any])?["body"] as? [String: [String: [[String: Any]]]])
        #expect(rules["$"]?["matchers"]?.first?["min"] as? Int == 1)
        // Issue 29, finding 1: a type rule beside each regex (Pact ANDs them), so `null`, a number or
        // a boolean fails where the app needs a UUID or a URL string.
        for key in ["id", "sellerID", "imageURL"] {
            let kinds = rules["$[*].\(key)"]?["matchers"]?.compactMap { $0["match"] as? String }
            #expect(kinds == ["type", "regex"], "\(key): \(String(describing: kinds))")
        }
        // Finding 6: the media type in any case, as HTTP compares it.
        let headerRules = try #require(
            (response["matchingRules"] as? [String: Any])?["header"] as? [String: [String: [[String: Any]]]])
        let pattern = try #require(headerRules["Content-Type"]?["matchers"]?.first?["regex"] as? String)
        let expression = try NSRegularExpression(pattern: pattern)
        for value in ["application/json", "Application/JSON; charset=UTF-8", "application/json;charset=utf-8"] {
            #expect(
                expression.firstMatch(in: value, range: NSRange(value.startIndex..., in: value)) != nil,
                "\(pattern) refuses \(value)")
        }
        #expect(expression.firstMatch(in: "text/html", range: NSRange(location: 0, length: 9)) == nil)
        #expect(rules["$[*].cost"]?["matchers"]?.first?["match"] as? String == "number")
        #expect(!rules.values.contains { $0["matchers"]?.contains { $0["match"] as? String == "equality" } == true })
        let request = try #require(page["request"] as? [String: Any])
        #expect(request["method"] as? String == "GET" && request["path"] as? String == "/api/v1/dogs")
        let errors = interactions.filter { (($0["response"] as? [String: Any])?["status"] as? Int ?? 200) >= 400 }
        #expect(
            !errors.isEmpty && errors.allSatisfy { ($0["response"] as? [String: Any])?["body"] == nil },
            "no body for an error status")
    }

    @Test("--verbose lists each case left out by design, and the note still counts them, most first")
    func leftOutListed() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/more.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "timed out", "response": { "networkError": "timedOut" }, "expect": { "error": "responseUnsuccessful" } },
              { "name": "later", "skip": "the server has no such page yet", "response": { "status": 200, "body": "[]" },
                "expect": { "decodes": true } },
              { "name": "no content", "response": { "status": 204 }, "expect": { "error": "invalidData" } },
              { "name": "lost", "response": { "networkError": "networkConnectionLost" }, "expect": { "error": "responseUnsuccessful" } } ] }
            """)
        try folder.write(
            "contracts/detail.json",
            """
            { "model": "Dog", "cases": [
              { "name": "a list is not a dog", "response": { "fixture": "dogs.json" }, "expect": { "error": "jsonConversionFailure" } } ] }
            """)
        let quiet = await folder.runInProcess(["export", "pact", "--out", "pacts"])
        #expect(quiet.status == 0, "\(quiet.stderr)")
        #expect(
            quiet.stderr
                == "note: 7 cases left out by design (3 network errors, 2 client robustness, 1 in fixture contracts, 1 skipped); --verbose lists them\n",
            "\(quiet.stderr)")
        let listed = await folder.runInProcess(["export", "pact", "--out", "pacts", "--verbose"])
        #expect(listed.status == 0, "\(listed.stderr)")
        #expect(listed.stdout == quiet.stdout)
        #expect(
            listed.stderr == """
                note: contracts/detail.json › a list is not a dog: left out: a fixture contract: no endpoint, so no request
                note: contracts/good.json › missing id: left out: it tests the client's robustness (jsonConversionFailure at [1].id), not what the provider owes
                note: contracts/good.json › offline: left out: a network error: no HTTP exchange
                note: contracts/more.json › timed out: left out: a network error: no HTTP exchange
                note: contracts/more.json › later: left out: skipped: the server has no such page yet
                note: contracts/more.json › no content: left out: it tests the client's robustness (invalidData), not what the provider owes
                note: contracts/more.json › lost: left out: a network error: no HTTP exchange
                note: 7 cases left out by design (3 network errors, 2 client robustness, 1 in fixture contracts, 1 skipped)

                """,
            "\(listed.stderr)")
        #expect(!listed.stderr.contains("warning:"))
    }

    @Test("a case left out because verify fails it is a warning, with or without --verbose")
    func leftOutNotByDesign() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/c.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "html page", "response": { "body": "<html>" }, "expect": { "decodes": true } },
              { "name": "ok as an error", "response": { "status": 200, "body": "[]" }, "expect": { "error": "responseUnsuccessful" } },
              { "name": "gone", "response": { "status": 404 }, "expect": { "error": "responseUnsuccessful", "status": 404 } },
              { "name": "offline", "response": { "networkError": "notConnectedToInternet" }, "expect": { "error": "responseUnsuccessful" } } ] }
            """)
        let warnings = """
            warning: contracts/c.json › html page: left out: its body is not JSON, yet the case expects it to decode: verify fails it
            warning: contracts/c.json › ok as an error: left out: it expects responseUnsuccessful of status 200, a success: verify fails it

            """
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "wrote pacts/dogpatch-app-dogpatch.json: 1 interaction\n", "\(run.stdout)")
        #expect(
            run.stderr == warnings + "note: 1 case left out by design (1 network error); --verbose lists them\n",
            "\(run.stderr)")
        let listed = await folder.runInProcess(["export", "pact", "--out", "pacts", "--verbose"])
        #expect(listed.stderr.hasPrefix(warnings), "\(listed.stderr)")
        #expect(listed.stderr.contains("note: contracts/c.json › offline: left out: a network error: no HTTP exchange"))
    }

    /// `dogpatch.getDogs` as a client that sends a token and a cookie with its own header.
    static let sendsCredentials = Endpoint(
        name: Endpoint.dogPatchGetDogs.name, model: .dogs, baseURL: DogPatchAPI.baseURL
    ) {
        call in
        var request = URLRequest(url: DogPatchAPI.baseURL.appendingPathComponent("dogs"))
        request.setValue("Bearer s3cret-token", forHTTPHeaderField: "Authorization")
        request.setValue("session=s3cret-cookie", forHTTPHeaderField: "Cookie")
        request.setValue("ios-7.1", forHTTPHeaderField: "X-Client-Version")
        call.session.makeDataTask(with: request) { _, response, _ in
            let status = (response as? HTTPURLResponse)?.statusCode
            call.responseQueue.async { call.completion(.failure(.responseUnsuccessful(statusCode: status))) }
        }.resume()
    }

    @Test("the request's headers are in the pact, but for those that carry credentials or a session")
    func noCredentials() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/c.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "gone", "response": { "status": 404 }, "expect": { "error": "responseUnsuccessful", "status": 404 } } ] }
            """)
        let catalogue = Catalogue(endpoints: [Self.sendsCredentials], models: Catalogue.standard.models)
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"], catalogue: catalogue)
        #expect(run.code == .success, "\(run.stderr)")
        let text = String(decoding: try folder.read("pacts/dogpatch-app-dogpatch.json"), as: UTF8.self)
        #expect(text.contains("\"X-Client-Version\":\"ios-7.1\""), "\(text)")
        #expect(!text.contains("s3cret"), "\(text)")
        #expect(
            !text.localizedCaseInsensitiveContains("authorization") && !text.localizedCaseInsensitiveContains("cookie"))
        #expect(!run.stdout.contains("s3cret") && !run.stderr.contains("s3cret"))
    }

    @Test("the same bytes every run; a bad --out is refused and nothing is written")
    func deterministicAndRefusals() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        #expect(await folder.runInProcess(["export", "pact", "--out", "pacts"]).status == 0)
        let first = try folder.read("pacts/dogpatch-app-dogpatch.json")
        #expect(await folder.runInProcess(["export", "pact", "--out", "pacts"]).status == 0)
        #expect(try folder.read("pacts/dogpatch-app-dogpatch.json") == first)
        try folder.write("a-file", "x")
        let before = try SuiteSnapshot.files(folder)
        let onFile = await folder.runInProcess(["export", "pact", "--out", "a-file"])
        #expect(onFile.status == 2)
        #expect(onFile.stderr.contains("--out \"a-file\" is a file; pact writes a folder of files"))
        let escaping = await folder.runInProcess(["export", "pact", "--out", "pacts", "--consumer", "../escaped"])
        #expect(escaping.status == 2)
        #expect(escaping.stderr.contains("--consumer \"../escaped\" cannot name a file in --out"), "\(escaping.stderr)")
        #expect(
            !FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("escaped-dogpatch.json").path))
        let inside = await folder.runInProcess(["export", "pact", "--out", "contracts/pacts"])
        #expect(inside.status == 2)
        #expect(inside.stderr.contains("is inside the contracts folder"))
        let locked = folder.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        chmod(locked.path, 0o555)
        defer { chmod(locked.path, 0o755) }
        if access(locked.path, W_OK) != 0 {
            let readOnly = await folder.runInProcess(["export", "pact", "--out", "locked/pacts"])
            #expect(readOnly.status == 2)
            #expect(readOnly.stderr.contains("cannot write"), "\(readOnly.stderr)")
        }
        var after = try SuiteSnapshot.files(folder)
        after = after.filter { !$0.key.hasPrefix("locked") }
        #expect(after == before.filter { !$0.key.hasPrefix("locked") })
    }
}

/// `"given"`, the provider state of a case: part of contract format version 1 wherever cases are read
/// or written.
@Suite("the given field")
struct GivenFieldTests {
    @Test("list shows it, add --given writes it, explain offers it, and an empty one is refused at its position")
    func everywhere() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        let added = await folder.runInProcess([
            "add", "Fixtures/dogs.json", "--contract", "contracts/new.json", "--endpoint", "dogpatch.getDogs",
            "--name", "two dogs", "--given", "two dogs are for sale",
        ])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(
            String(decoding: try folder.read("contracts/new.json"), as: UTF8.self).contains(
                "\"given\": \"two dogs are for sale\""))
        let list = await folder.runInProcess(["list", "--cases"])
        #expect(list.stdout.contains("  two dogs (given: two dogs are for sale)\n"), "\(list.stdout)")
        let explained = await folder.runInProcess(["explain", "Fixtures/dogs.json", "--endpoint", "dogpatch.getDogs"])
        #expect(explained.stdout.contains("add \"given\": \"STATE\""), "\(explained.stdout)")
        try folder.write(
            "contracts/empty.json",
            """
            { "endpoint": "dogpatch.getDogs", "cases": [
              { "name": "x", "given": " ", "response": { "fixture": "dogs.json" }, "expect": { "decodes": true } } ] }
            """)
        let verify = await folder.runInProcess(["verify"])
        #expect(verify.status == 2)
        #expect(
            verify.stderr.contains(
                "contracts/empty.json:2:27: error: \"given\" names the provider state the case needs; it must not be empty"
            ),
            "\(verify.stderr)")
    }

    /// Issue 29, finding 8: what verify calls invalid exports nothing, with verify's diagnostics.
    @Test(
        "a missing fixture or an invalid case makes both exports exit 2 and write nothing",
        arguments: ["pact", "openapi"])
    func invalidSelectionExportsNothing(format: String) async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        try FileManager.default.removeItem(at: folder.url.appendingPathComponent("Fixtures/dogs.json"))
        let out = format == "pact" ? "pacts" : "openapi.json"
        let missing = await folder.runInProcess(["export", format, "--out", out])
        #expect(missing.status == 2, "\(missing.stdout)\(missing.stderr)")
        #expect(missing.stderr.contains(#"error: fixture "Fixtures/dogs.json" does not exist"#), "\(missing.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(out).path))
        try SampleSuite.write(into: folder)
        try folder.write(
            "contracts/bad.json",
            #"{"endpoint": "dogpatch.getDogs", "cases": [{"name": "x", "response": {"status": 200, "fixture": "dogs.json"}, "expect": {"decodes": false}}]}"#
        )
        let invalid = await folder.runInProcess(["export", format, "--out", out])
        #expect(invalid.status == 2)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent(out).path))
    }

    /// Issue 29, finding 7: a case's state is its `given`, else its name, whatever else is exported.
    @Test("provider states do not change with the suite; a clash the provider cannot tell apart is exit 2")
    func stableStates() async throws {
        let folder = try SuiteFolder()
        try SampleSuite.write(into: folder)
        func states() async throws -> [String] {
            let run = await folder.runInProcess(["export", "pact", "--out", "pacts"])
            #expect(run.status == 0, "\(run.stderr)")
            return try PactExportTests.interactions(try folder.read("pacts/dogpatch-app-dogpatch.json")).compactMap {
                ($0["providerStates"] as? [[String: String]])?.first?["name"]
            }.sorted()
        }
        let before = try await states()
        #expect(before == ["not found", "two dogs"], "\(before)")
        // Another contract with a case of the same name and the same answer: nothing renamed.
        try folder.write("contracts/other.json", SampleSuite.dogsContract)
        #expect(try await states() == ["not found", "not found", "two dogs", "two dogs"])
        // The same request and state with another answer: the provider could not serve both.
        try folder.write(
            "contracts/other.json",
            #"{"endpoint": "dogpatch.getDogs", "cases": [{"name": "not found", "response": {"status": 410}, "expect": {"error": "responseUnsuccessful", "status": 410}}]}"#
        )
        let clash = await folder.runInProcess(["export", "pact", "--out", "pacts2"])
        #expect(clash.status == 2)
        #expect(
            clash.stderr.contains(
                #"provider state "not found" and expect different answers; give one of them a "given""#),
            "\(clash.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("pacts2").path))
    }

    /// Issue 29, finding 2: the path exactly as the client sends it, so `pact stub` answers the app
    /// and the verifier sends the provider the same request.
    @Test(
        "request paths keep the client's escapes",
        arguments: [
            ("united states", "/v3.1/name/united%20states"), ("AC/DC", "/v3.1/name/AC%2FDC"),
            ("a#b", "/v3.1/name/a%23b"),
        ])
    func escapedPaths(name: String, path: String) async throws {
        let folder = try SuiteFolder()
        let arguments = String(decoding: try JSONSerialization.data(withJSONObject: ["name": name]), as: UTF8.self)
        try folder.write(
            "contracts/c.json",
            #"{"endpoint": "countries.byName", "arguments": \#(arguments), "cases": [{"name": "gone", "response": {"status": 404}, "expect": {"error": "responseUnsuccessful", "status": 404}}]}"#
        )
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"])
        #expect(run.status == 0, "\(run.stderr)")
        let interactions = try PactExportTests.interactions(try folder.read("pacts/dogpatch-app-countries.json"))
        #expect((interactions.first?["request"] as? [String: Any])?["path"] as? String == path)
    }

    /// Issue 29, finding 3: `min: 1` only where the case needs an element.
    @Test("min 1 on the page a case needs an element of, never on a nested array the model accepts empty")
    func minimumOnlyOnThePage() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "Fixtures/two.json",
            #"[{"name": {"common": "Peru"}, "capital": ["Lima"]}, {"name": {"common": "Antarctica"}, "capital": []}]"#)
        try folder.write(
            "contracts/all.json",
            """
            {"endpoint": "countries.all", "cases": [
              {"name": "two", "response": {"fixture": "two.json"}, "expect": {"decodes": true, "values": {"[0].capital": ["Lima"]}}},
              {"name": "none", "given": "no country", "response": {"status": 200, "body": "[{}]"}, "expect": {"decodes": true}}]}
            """)
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"])
        #expect(run.status == 0, "\(run.stderr)")
        let interactions = try PactExportTests.interactions(try folder.read("pacts/dogpatch-app-countries.json"))
        func rules(_ state: String) throws -> [String: [String: [[String: Any]]]] {
            let interaction = try #require(
                interactions.first { ($0["providerStates"] as? [[String: String]])?.first?["name"] == state })
            let response = try #require(interaction["response"] as? [String: Any])
            return try #require(
                (response["matchingRules"] as? [String: Any])?["body"] as? [String: [String: [[String: Any]]]])
        }
        let two = try rules("two")
        #expect(two["$"]?["matchers"]?.first?["min"] as? Int == 1)
        #expect(two["$[*].capital"]?["matchers"]?.first?["match"] as? String == "type")
        #expect(two["$[*].capital"]?["matchers"]?.first?["min"] == nil, "\(String(describing: two["$[*].capital"]))")
        // A case that names no element asks for none: an empty page passes its pact.
        #expect(try rules("no country")["$"]?["matchers"]?.first?["min"] == nil)
    }
}

/// Issue 29, findings 4 and 5: dictionaries and whole numbers as the model reads them.
extension PactExportTests {
    /// The body rules of the interaction in a provider state.
    static func bodyRules(_ interactions: [[String: Any]], state: String) throws -> (
        body: Any?, rules: [String: [String: [[String: Any]]]]
    ) {
        let interaction = try #require(
            interactions.first { ($0["providerStates"] as? [[String: String]])?.first?["name"] == state })
        let response = try #require(interaction["response"] as? [String: Any])
        let rules = try #require(
            (response["matchingRules"] as? [String: Any])?["body"] as? [String: [String: [[String: Any]]]])
        return (response["body"], rules)
    }

    /// Issue 29, finding 4: a named entry anywhere in a map is required and typed; no other entry
    /// is kept (the verifier would hold every entry to it), nothing is compared by equality.
    @Test("a dictionary keeps the entries a case names, wherever they sit, and leaves the others free")
    func dictionaries() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "Fixtures/peru.json",
            #"[{"translations": {"ara": {"official": "بيرو"}, "deu": {"common": "Peru", "official": "Republik Peru"}}, "languages": {"aym": "Aymara", "que": "Quechua"}}]"#
        )
        try folder.write(
            "contracts/peru.json",
            """
            {"endpoint": "countries.byName", "arguments": {"name": "peru"}, "cases": [
              {"name": "peru", "response": {"fixture": "peru.json"},
               "expect": {"decodes": true, "values": {"[0].translations.deu.common": "Peru", "[0].languages.que": "Quechua"}}}]}
            """)
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"])
        #expect(run.status == 0, "\(run.stderr)")
        let interactions = try PactExportTests.interactions(try folder.read("pacts/dogpatch-app-countries.json"))
        let (body, rules) = try PactExportTests.bodyRules(interactions, state: "peru")
        let country = try #require((body as? [[String: Any]])?.first)
        let translations = try #require(country["translations"] as? [String: [String: Any]])
        #expect(Array(translations.keys) == ["deu"], "only the named entry, though ara comes first: \(translations)")
        #expect(Array(translations["deu"]?.keys ?? [:].keys) == ["common"], "only its named leaf")
        #expect((country["languages"] as? [String: String]) == ["que": "Quechua"])
        #expect(rules["$[*].translations.deu.common"]?["matchers"]?.first?["match"] as? String == "type")
        #expect(rules["$[*].languages.que"]?["matchers"]?.first?["match"] as? String == "type")
        for path in ["$[*].translations", "$[*].languages"] {
            #expect(rules[path]?["matchers"]?.map { $0["match"] as? String } == ["type"], "\(path): \(rules)")
        }
        #expect(!rules.keys.contains { $0.contains(".*") }, "no rule holds every entry to one: \(rules.keys.sorted())")
    }

    /// Issue 29, finding 5: `Int` decodes `34350244.0` and `3.4350244e7`; the rule must too.
    @Test("a whole number passes in every form Int decodes and fails where Int does")
    func wholeNumbers() async throws {
        let folder = try SuiteFolder()
        try folder.write("Fixtures/peru.json", #"[{"population": 34350244}]"#)
        try folder.write(
            "contracts/peru.json",
            """
            {"endpoint": "countries.byName", "arguments": {"name": "peru"}, "cases": [
              {"name": "peru", "response": {"fixture": "peru.json"},
               "expect": {"decodes": true, "values": {"[0].population": 34350244}}}]}
            """)
        let run = await folder.runInProcess(["export", "pact", "--out", "pacts"])
        #expect(run.status == 0, "\(run.stderr)")
        let interactions = try PactExportTests.interactions(try folder.read("pacts/dogpatch-app-countries.json"))
        let matchers = try #require(
            try PactExportTests.bodyRules(interactions, state: "peru").rules["$[*].population"]?["matchers"])
        #expect(matchers.map { $0["match"] as? String } == ["number", "regex"], "\(matchers)")
        let pattern = try #require(matchers.last?["regex"] as? String)
        let regex = try NSRegularExpression(pattern: pattern)
        // The number's text as the verifier prints it (a float keeps `.0`, from 10^15 an exponent).
        func matches(_ text: String) -> Bool {
            regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
        }
        for text in ["34350244", "34350244.0", "-7", "1e+15", "1.5e+17", "9.2e+18"] {
            #expect(matches(text), "\(text) decodes as Int")
            #expect(try JSONDecoder().decode(Int.self, from: Data(text.utf8)) != 0)
        }
        for text in ["34350244.5", "1e-7", "9.3e+18", "1e+19", "\"34350244\""] {
            #expect(!matches(text), "\(text) does not decode as Int")
            #expect((try? JSONDecoder().decode(Int.self, from: Data(text.utf8))) == nil, "\(text)")
        }
    }
}

/// DESIGN 17: a case whose model's shape cannot be learnt is left out of both exports alike with a
/// note naming its file, line and case, never a schema that accepts anything or a pact without
/// rules; the other cases are written, and `--strict` makes the note an error that writes nothing.
@Suite("a model the exports cannot learn")
struct UnlearnableModelTests {
    static let endpoint = Endpoint(name: "places.here", model: UnlearnableModel.place, baseURL: DogPatchAPI.baseURL) {
        call in
        call.session.makeDataTask(with: URLRequest(url: DogPatchAPI.baseURL.appendingPathComponent("here"))) {
            data, response, _ in
            let status = (response as? HTTPURLResponse)?.statusCode ?? 0
            call.responseQueue.async {
                call.completion(
                    (200...299).contains(status)
                        ? .failure(.invalidData) : .failure(.responseUnsuccessful(statusCode: status)))
            }
        }.resume()
    }

    static let contract = #"""
        {"endpoint": "places.here", "cases": [
          {"name": "here", "response": {"status": 200, "body": "{\"location\": {\"latitude\": 1.5}}"}, "expect": {"decodes": true}},
          {"name": "gone", "response": {"status": 410}, "expect": {"error": "responseUnsuccessful", "status": 410}}]}
        """#

    @Test(
        "both exports leave the case out with a note at its line, and write the others", arguments: ["pact", "openapi"])
    func leftOut(format: String) async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/here.json", Self.contract)
        let catalogue = Catalogue(endpoints: [Self.endpoint], models: [])
        let run = await folder.runInProcess(["export", format, "--out", "out"], catalogue: catalogue)
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        #expect(
            run.stderr.contains(
                #"contracts/here.json:2:3: note: the case "here" is left out of the export: the shape of the model "Place" cannot be learnt: its init(from:) asks for a nested container at "location""#
            ),
            "\(run.stderr)")
        #expect(!run.stderr.contains(#"the case "gone""#), "\(run.stderr)")
        let written = format == "pact" ? "out/dogpatch-app-places.json" : "out"
        let text = String(decoding: try folder.read(written), as: UTF8.self)
        #expect(text.contains("410") && !text.contains("latitude"), "\(text)")
    }

    @Test("an endpoint whose every case is left out is no operation: OpenAPI has none without a response")
    func wholeEndpointLeftOut() async throws {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/here.json",
            #"""
            {"endpoint": "places.here", "cases": [
              {"name": "here", "response": {"status": 200, "body": "{\"location\": {\"latitude\": 1.5}}"}, "expect": {"decodes": true}}]}
            """#)
        let catalogue = Catalogue(endpoints: [Self.endpoint], models: [])
        let run = await folder.runInProcess(["export", "openapi", "--out", "out"], catalogue: catalogue)
        #expect(run.code == .success, "\(run.stdout)\(run.stderr)")
        #expect(run.stdout.contains("0 operations"), "\(run.stdout)")
        let text = String(decoding: try folder.read("out"), as: UTF8.self)
        #expect(!text.contains("/here") && !text.contains(#""responses""#), "\(text)")
    }

    @Test("with --strict the note is an error and nothing is written", arguments: ["pact", "openapi"])
    func strict(format: String) async throws {
        let folder = try SuiteFolder()
        try folder.write("contracts/here.json", Self.contract)
        let catalogue = Catalogue(endpoints: [Self.endpoint], models: [])
        let run = await folder.runInProcess(["export", format, "--out", "out", "--strict"], catalogue: catalogue)
        #expect(run.code == .invalid, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(#"contracts/here.json:2:3: error: the case "here" is left out"#), "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("out").path))
    }
}
