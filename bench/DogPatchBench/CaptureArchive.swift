import Foundation

/// A long browser session's HTTP Archive, about `megabytes` large: entries of about 90 KB of JSON
/// for other hosts, in the shape browsers export them, and one answer for peru among them.
struct CaptureArchive {
    let root: URL
    let megabytes: Int

    /// Writes the archive and a suite whose contract asks for peru.
    /// - Returns: The archive's size in bytes.
    func write() throws -> Int {
        try? FileManager.default.removeItem(at: root)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("contracts"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Fixtures"), withIntermediateDirectories: true)
        try Data(
            """
            { "endpoint": "countries.byName", "arguments": { "name": "peru" },
              "cases": [ { "name": "offline", "response": { "networkError": "timedOut" }, "expect": { "error": "responseUnsuccessful" } } ] }
            """.utf8
        ).write(to: root.appendingPathComponent("contracts/peru.json"))
        let filler =
            "["
            + (0..<400).map { "{\\\"id\\\": \($0), \\\"text\\\": \\\"" + String(repeating: "x", count: 200) + "\\\"}" }
            .joined(separator: ", ") + "]"
        let peru = #"[{\"name\": {\"common\": \"Peru\"}, \"cca3\": \"PER\"}]"#
        var entries: [String] = []
        var size = 0
        var index = 0
        while size < megabytes << 20 {
            let (url, text) =
                index == 500
                ? ("https://restcountries.com/v3.1/name/peru", peru)
                : ("https://cdn.example/assets/\(index).json", filler)
            entries.append(
                """
                {"_priority": "High", "_resourceType": "fetch", "startedDateTime": "2026-11-20T09:15:02.417Z", "time": 12.5,
                 "request": {"method": "GET", "url": "\(url)", "httpVersion": "h2", "headers": [{"name": "accept", "value": "*/*"}],
                             "queryString": [], "cookies": [], "headersSize": -1, "bodySize": 0},
                 "response": {"status": 200, "statusText": "", "httpVersion": "h2", "headers": [{"name": "content-type", "value": "application/json"}],
                              "cookies": [], "content": {"size": \(text.utf8.count), "mimeType": "application/json", "text": "\(text)"},
                              "redirectURL": "", "headersSize": -1, "bodySize": -1},
                 "cache": {}, "timings": {"blocked": 1, "dns": -1, "ssl": -1, "connect": -1, "send": 0, "wait": 10, "receive": 1}}
                """)
            size += text.utf8.count + 600
            index += 1
        }
        let archive = Data(
            (#"{"log": {"version": "1.2", "creator": {"name": "WebInspector", "version": "537.36"}, "pages": [], "entries": ["#
                + entries.joined(separator: ",\n") + "]}}").utf8)
        try archive.write(to: root.appendingPathComponent("session.har"))
        return archive.count
    }
}
