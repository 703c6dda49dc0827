import Foundation

extension CaseSpec {
    /// The case with the server's answer in place of its declared response.
    func answered(by live: LiveResponse) -> CaseSpec {
        var headers: [String: String] = [:]
        if let contentType = live.header("Content-Type") { headers["Content-Type"] = contentType }
        let response = ResponseSpec(
            kind: .http(status: live.status, headers: headers, body: .received(live.body, source: live.displayURL)),
            delayMs: 0, position: self.response.position
        )
        return CaseSpec(
            name: name, position: position, response: response, expect: expect, skip: skip, replay: replay,
            recorded: recorded)
    }
}
