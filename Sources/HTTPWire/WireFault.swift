/// A network failure the server can cause on a connection, instead of answering.
package enum WireFault: String, Sendable, CaseIterable {
    /// The connection is closed (a FIN) before any byte of an answer.
    case closed = "connection closed before an answer"
    /// The connection is reset (an RST) before any byte of an answer.
    case reset = "connection reset"
    /// No answer at all: the connection stays open until the client gives up.
    case silence = "no answer until the client's timeout"
}
