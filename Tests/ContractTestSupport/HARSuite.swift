import Foundation

/// Suites holding a HAR archive, in the shapes browsers export it: for `add --har`'s tests and the
/// engine's capture import.
package enum HARSuite {
    /// A suite with a countries.byName contract for peru (one case already), and an archive in it.
    package static func suite(archive: String, named name: String = "capture.har") throws -> SuiteFolder {
        let folder = try SuiteFolder()
        try folder.write(
            "contracts/peru.json",
            """
            {
              "endpoint": "countries.byName",
              "arguments": { "name": "peru" },
              "cases": [
                { "name": "offline", "response": { "networkError": "timedOut" }, "expect": { "error": "responseUnsuccessful" } }
              ]
            }
            """)
        try folder.write(name, archive)
        return folder
    }

    /// An archive in the shape browsers export it: `_` fields, a base64 body, optional fields left out.
    package static func browserStyle(_ entries: [String]) -> String {
        """
        {"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [],
          "entries": [\(entries.joined(separator: ",\n"))]}}
        """
    }

    package static func entry(
        url: String, status: Int = 200, text: String, base64: Bool = false, contentType: String = "application/json"
    )
        throws -> String
    {
        let body = base64 ? Data(text.utf8).base64EncodedString() : text
        let quoted = String(decoding: try JSONSerialization.data(withJSONObject: [body]), as: UTF8.self).dropFirst()
            .dropLast()
        return entry(
            url: url, status: status, quotedText: String(quoted), size: text.utf8.count, base64: base64,
            contentType: contentType)
    }

    /// An entry whose `content.text` the caller gives as a JSON string literal, quotes included:
    /// for a body of tens of megabytes that needs no escaping, which `JSONSerialization` takes
    /// seconds to quote.
    package static func entry(
        url: String, status: Int = 200, quotedText: String, size: Int, base64: Bool = false,
        contentType: String = "application/json"
    ) -> String {
        """
        {"_initiator": {"type": "script"}, "_priority": "High", "_resourceType": "fetch", "cache": {},
         "startedDateTime": "2026-11-20T09:15:02.417Z",
         "request": {"method": "GET", "url": "\(url)", "headers": [{"name": "Cookie", "value": "session=s3cret"}]},
         "response": {"status": \(status), "headers": [{"name": "content-type", "value": "\(contentType)"}, {"name": "set-cookie", "value": "id=s3cret"}],
                      "content": {"size": \(size), "mimeType": "\(contentType)", "text": \(quotedText)\(base64 ? ", \"encoding\": \"base64\"" : "")}}}
        """
    }

    package static let peru = #"[{"name": {"common": "Peru"}, "cca3": "PER"}]"#
}
