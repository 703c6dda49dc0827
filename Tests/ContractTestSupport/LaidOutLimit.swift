import Foundation

/// Bodies whose layout for review passes the fixture limit (issue 38, item 9).
package enum LaidOutLimit {
    /// A country list whose one country carries, under a key the model never reads, arrays
    /// nested `depth` deep around `elements` numbers: a small body that indentation multiplies.
    /// - Parameters:
    ///   - depth: How deep the numbers lie.
    ///   - elements: How many numbers.
    /// - Returns: The body, minified.
    package static func deepBody(depth: Int, elements: Int) -> String {
        #"[{"cca3": "PER", "x": "# + String(repeating: "[", count: depth)
            + Array(repeating: "1", count: elements).joined(separator: ",") + String(repeating: "]", count: depth)
            + "}]"
    }

    /// A body of about 140 KB that laid out would be about 70 MB, past the 64 MiB fixture limit.
    package static let overFixtureLimit = deepBody(depth: 500, elements: 70_000)
}
