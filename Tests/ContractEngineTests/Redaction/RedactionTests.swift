import Foundation
import Testing

@testable import ContractEngine

/// `Redaction` on its own: no credential given to the tool reaches a file or a report.
@Suite("redaction")
struct RedactionTests {
    @Test("a URL loses its user-info, fragment and undefined query items, and keeps the defined ones in order")
    func urlStripped() throws {
        let url = try #require(
            URL(string: "https://user:secret@api.example.com/v1/dogs?limit=5&api_key=k3y&breed=pug&token=t#frag"))
        let shown = Redaction.url(url, definedQuery: ["limit", "breed"])
        #expect(shown == "https://api.example.com/v1/dogs?limit=5&breed=pug")
        #expect(!shown.contains("secret") && !shown.contains("k3y") && !shown.contains("frag"))
        #expect(Redaction.hiddenQueryNames(url, definedQuery: ["limit", "breed"]) == ["api_key", "token"])
    }

    @Test("with no query defined, every query item goes; a URL with nothing to hide is shown as it is")
    func noDefinedQuery() throws {
        let url = try #require(URL(string: "https://api.example.com/dogs?api_key=k3y"))
        #expect(Redaction.url(url) == "https://api.example.com/dogs")
        let plain = try #require(URL(string: "https://api.example.com/dogs/1"))
        #expect(Redaction.url(plain) == "https://api.example.com/dogs/1")
        #expect(Redaction.hiddenQueryNames(url) == ["api_key"])
    }

    @Test("a captured URL keeps only the query items its endpoint defines")
    func capturedURL() {
        #expect(
            Redaction.capturedURL("https://u:p@h.example/dogs?page=2&session=abc#x", definedQuery: ["page"])
                == "https://h.example/dogs?page=2")
    }

    @Test("a typed URL that does not parse still loses its user-info, query and fragment")
    func typedURL() {
        #expect(Redaction.url(text: "https://user:p#ss@host.example/v1?key=1") == "https://\u{2026}@host.example/v1")
        #expect(Redaction.url(text: "https://host.example/v1?key=1#f") == "https://host.example/v1")
    }

    @Test(
        "a header carrying credentials or a session is never kept, in any case",
        arguments: [
            "Set-Cookie", "set-cookie", "SET-COOKIE2", "Cookie", "cOoKiE", "Authorization", "AUTHORIZATION",
            "Proxy-Authorization", "proxy-authorization",
        ])
    func secretHeaders(name: String) {
        #expect(!Redaction.mayKeep(header: name))
        let kept = Redaction.keptHeaders(asked: [name, "X-Request-ID"]) { _ in "value" }
        #expect(kept.map(\.name) == ["Content-Type", "X-Request-ID"])
    }

    @Test("kept headers are Content-Type then those asked for, in order, once each, with the server's values")
    func keptHeadersOrder() {
        let sent = ["content-type": "application/json", "x-b": "2", "x-a": "1"]
        let kept = Redaction.keptHeaders(asked: ["X-B", "x-a", "x-b", "CONTENT-TYPE", "X-Missing", "Cookie"]) {
            sent[$0.lowercased()]
        }
        #expect(kept.map(\.name) == ["Content-Type", "X-B", "x-a"])
        #expect(kept.map(\.value) == ["application/json", "2", "1"])
    }

    @Test("Content-Type is left out when the server sent none")
    func noContentType() {
        let kept = Redaction.keptHeaders(asked: ["ETag"]) { $0 == "ETag" ? "\"v1\"" : nil }
        #expect(kept.map(\.name) == ["ETag"])
    }

    @Test(
        "one rule: credential headers and names whose words are secret are secret; ordinary words are not",
        arguments: [
            "Authorization", "Cookie", "X-Api-Key", "api_key", "apiKey", "apikey", "access_token", "refresh_token",
            "accessToken", "X-Auth-Token", "client_secret", "password", "newPassword", "pwd", "pass", "sig",
            "X-Amz-Signature", "X-Session-Id", "sessionid", "jwt", "credentials", "PHPSESSID",
        ])
    func secretNames(name: String) {
        #expect(Redaction.looksSecret(name), "\(name)")
    }

    @Test(
        "ordinary names stay ordinary",
        arguments: ["keyboard", "passage", "design", "title", "q", "author", "monkeys", "page", "X-Client-Version"])
    func ordinaryNames(name: String) {
        #expect(!Redaction.looksSecret(name), "\(name)")
    }

    @Test("a body shown holds true in place of every secret member, at any depth")
    func redactedBody() throws {
        let body = try JSONParser.parse(
            Data(#"{"user": {"password": "hunter2", "name": "ada"}, "items": [{"api_key": "k"}], "title": "x"}"#.utf8))
        let shown = Redaction.redacted(body.value).jsonText
        #expect(shown == #"{"items":[{"api_key":true}],"title":"x","user":{"name":"ada","password":true}}"#)
    }
}
