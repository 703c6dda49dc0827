/// A message for a user of `serve`.
struct ServeMessage: Error, Sendable {
    let text: String
    init(_ text: String) { self.text = text }
}
