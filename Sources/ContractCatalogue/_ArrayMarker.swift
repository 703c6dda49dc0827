/// Lets the descriptor tell arrays apart without knowing their element type.
protocol _ArrayMarker {
    var elementCount: Int { get }
}

extension Array: _ArrayMarker {
    var elementCount: Int { count }
}
