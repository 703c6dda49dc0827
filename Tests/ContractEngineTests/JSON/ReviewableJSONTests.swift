import ContractTestSupport
import Foundation
import Testing

@testable import ContractEngine

/// Issue 32, finding 9: bodies from a server are written laid out for review, values as sent.
@Suite("fixtures laid out for review")
struct ReviewableJSONTests {
    static func laidOut(_ text: String) -> String {
        String(decoding: ReviewableJSON.laidOut(Data(text.utf8)), as: UTF8.self)
    }

    @Test("two spaces, the server's key order, every number and string exactly as sent, empty containers kept")
    func layout() {
        #expect(
            Self.laidOut(#"[{"z":1.50,"a":"caf\u00e9 \"x\", [y]","n":null,"e":3.4350244e7,"t":true,"o":{},"l":[]}]"#)
                == """
                [
                  {
                    "z": 1.50,
                    "a": "caf\\u00e9 \\"x\\", [y]",
                    "n": null,
                    "e": 3.4350244e7,
                    "t": true,
                    "o": {},
                    "l": []
                  }
                ]

                """)
        #expect(Self.laidOut(" [ ] ") == "[]\n")
        #expect(
            Self.laidOut(#"{"a": [1, [2, { }]]}"#)
                == "{\n  \"a\": [\n    1,\n    [\n      2,\n      {}\n    ]\n  ]\n}\n")
    }

    @Test("a body that is not JSON, names a key twice or is not UTF-8 is kept as received")
    func keptAsReceived() {
        for text in ["<h1>oops</h1>", #"{"a": 1, "a": 2}"#, #"[{"x": {"k": 1, "k": 1}}]"#, "[1,", ""] {
            #expect(Self.laidOut(text) == text, "\(text)")
        }
        let latin1 = Data([0x5B, 0x22, 0x50, 0x65, 0x72, 0xFA, 0x22, 0x5D])
        #expect(ReviewableJSON.laidOut(latin1) == latin1)
        let withMark = Data([0xEF, 0xBB, 0xBF]) + Data("[1]".utf8)
        #expect(ReviewableJSON.laidOut(withMark) == withMark)
    }

    @Test("the app decodes the same value from the body laid out as from the body as sent")
    func sameValue() throws {
        let root = Repository.root
        let sent = try Data(contentsOf: root.appendingPathComponent("Fixtures/countries/restcountries-v3.1.json"))
        let minified = try JSONSerialization.data(withJSONObject: try JSONSerialization.jsonObject(with: sent))
        let laidOut = ReviewableJSON.laidOut(minified)
        #expect(laidOut != minified)
        #expect(
            try JSONSerialization.jsonObject(with: laidOut) as? NSArray
                == JSONSerialization.jsonObject(with: minified) as? NSArray)
        #expect(ReviewableJSON.laidOut(laidOut) == laidOut, "laying out twice changes nothing")
    }

    /// Issue 38, item 9: indentation can grow a deeply nested body past the fixture limit.
    @Test("a body whose layout would pass the limit is kept as received, and said to be")
    func layoutOverTheLimit() {
        let deep = Data(LaidOutLimit.deepBody(depth: 50, elements: 1000).utf8)
        let within = ReviewableJSON.laidOut(deep, limit: 1 << 20)
        #expect(!within.passesLimit)
        #expect(within.body == ReviewableJSON.laidOut(deep))
        #expect(within.body.count > 100_000)
        let over = ReviewableJSON.laidOut(deep, limit: 100_000)
        #expect(over.passesLimit)
        #expect(over.body == deep)
        #expect(
            ReviewableJSON.keptNote(limit: 64 << 20)
                == "kept as received: laid out for review it would pass the fixture limit of 67108864 bytes (64 MiB)")
    }
}
