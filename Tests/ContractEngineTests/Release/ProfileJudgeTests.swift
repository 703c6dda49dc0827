import Foundation
import Testing

@testable import ContractEngine

/// A body judged against a release's profile: required keys, kinds, `null`, arrays and dictionaries.
@Suite("profile judge")
struct ProfileJudgeTests {
    static let profile = """
        {
          "model": "[Country]",
          "paths": {
            "[*].area": { "null": true, "required": false, "types": ["number"] },
            "[*].cca2": { "null": false, "required": true, "types": ["string"] },
            "[*].currencies": { "null": true, "required": false, "types": ["object"] },
            "[*].currencies.*": { "null": false, "required": false, "types": ["object"] },
            "[*].currencies.*.name": { "null": false, "required": true, "types": ["string"] },
            "[*].name": { "null": false, "required": true, "types": ["object"] },
            "[*].name.common": { "null": false, "required": true, "types": ["string"] }
          }
        }
        """

    static func breaks(_ body: String) throws -> [String] {
        let (profile, _) = try ModelProfile.parse(Data(Self.profile.utf8), file: "p.json").get()
        let value = try JSONParser.parse(Data(body.utf8)).value
        return ProfileJudge(profile).breaks(in: value).map { "\($0.path): \($0.change)" }
    }

    @Test("a body the release accepts has no break: optional keys absent or null, other keys free")
    func accepted() throws {
        #expect(try Self.breaks(#"[{"cca2": "PE", "name": {"common": "Peru"}, "area": null, "extra": 1}]"#) == [])
        #expect(try Self.breaks("[]") == [])
    }

    @Test("a required key missing in any element, a kind the release does not read, and null where it is not accepted")
    func breaks() throws {
        let found = try Self.breaks(
            #"[{"cca2": "PE", "name": {"common": "Peru"}}, {"name": {"common": null}, "area": "big"}, {"cca2": 7, "name": {"common": "Chile"}}]"#
        )
        #expect(
            found == [
                "[*].area: string, where this release accepts number or null",
                "[*].cca2: missing, and this release requires it",
                "[*].cca2: number, where this release accepts string",
                "[*].name.common: null, which this release does not accept",
            ])
    }

    @Test("a dictionary's entries are judged as one, whatever their keys")
    func dictionaries() throws {
        let body = #"[{"cca2": "PE", "name": {"common": "Peru"}, "currencies": {"PEN": {"name": "Sol"}, "USD": {}}}]"#
        #expect(try Self.breaks(body) == ["[*].currencies.*.name: missing, and this release requires it"])
    }

    @Test("collapsed paths read back the way CodingPath writes them, quoted keys too")
    func split() {
        #expect(ProfileJudge.split("[*].name.common")?.parent == "[*].name")
        #expect(ProfileJudge.split("cca2")?.parent == "")
        #expect(ProfileJudge.split("[*].currencies.*")?.parent == "[*].currencies")
        #expect(ProfileJudge.split(#"[*]["a.b"]"#)?.parent == "[*]")
        #expect(ProfileJudge.split("[*]") == nil)
    }
}
