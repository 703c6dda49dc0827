import Foundation
import Testing

@testable import ContractEngine

/// `add --har --flow`'s pieces in the engine: where a later request's header takes an earlier
/// answer's value from, and the stand-ins a fixture holds for an answer's secrets.
@Suite("capture import of a flow")
struct CaptureImportFlowTests {
    static func step(_ body: String) throws -> CaptureImport.FlowStep {
        let entry = try #require(
            try HARArchive.read(
                Data(
                    #"{"log": {"version": "1.2", "entries": [{"request": {"method": "GET", "url": "https://a.example/x"}, "response": {"status": 200, "content": {"text": "{}"}}}]}}"#
                        .utf8), file: "capture.har"
            ).get().entries.first)
        return CaptureImport.FlowStep(entry: entry, captured: Data(body.utf8), stored: Data(), headers: [])
    }

    @Test("a header holding an earlier answer's token names that exchange and the path")
    func echoes() throws {
        let steps = [
            try Self.step(#"{"session": {"access_token": "0ld-t0ken-aaaa"}}"#),
            try Self.step(#"{"data": [{"token": "fr3sh-t0ken-bbbb", "kind": "bearer"}]}"#),
        ]
        let fresh = try #require(CaptureImport.echo(of: "Bearer fr3sh-t0ken-bbbb", in: steps[...]))
        #expect(fresh.exchange == 2 && fresh.path == "data[0].token")
        let old = try #require(CaptureImport.echo(of: "Bearer 0ld-t0ken-aaaa", in: steps[...]))
        #expect(old.exchange == 1 && old.path == "session.access_token")
        // A value no answer handed out, or one too short to tell from chance, is stated by presence.
        #expect(CaptureImport.echo(of: "Bearer from-the-keychain", in: steps[...]) == nil)
        #expect(CaptureImport.echo(of: "bearer", in: steps[...]) == nil)
    }

    @Test("an answer's secret members hold stand-ins, at any depth; other values are kept as sent")
    func standIns() throws {
        let root = try JSONParser.parse(
            Data(#"{"access_token": "s3cret", "expires_in": 3600, "user": {"refresh_token": 42, "name": "ada"}}"#.utf8))
        let stood = CaptureImport.standingIn(root.value)
        #expect(
            stood.contractText
                == #"{ "access_token": "stand-in-access_token", "expires_in": 3600, "user": { "refresh_token": "stand-in-refresh_token", "name": "ada" } }"#
        )
    }
}
