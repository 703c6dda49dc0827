/// A JSON syntax error, with where it is and the path of the value being read.
struct JSONSyntaxError: Error, Equatable, Sendable {
    /// What is wrong, such as `expected ',' or ']' after an array element`.
    var message: String
    /// Where the problem is.
    var position: SourcePosition
    /// The path of the value being read, such as `[3].name`.
    var path: String
}
