import ContractCatalogue
import Foundation

/// Renders a path with every array index collapsed to `[*]`, so a key that appears in each element
/// of an array is one path: `[*].gender`. The keys of an object the model reads as a dictionary
/// collapse to `*` too: `[*].currencies.*.name`.
enum CollapsedPath {
    /// One step of a collapsed path.
    enum Step: Hashable {
        /// An object member.
        case key(String)
        /// Any element of an array.
        case anyElement
        /// Any key of an object read as a dictionary.
        case anyKey
    }

    /// A path one step longer, written the way `JSONPath` writes its segments.
    static func appending(_ step: Step, to path: String) -> String {
        switch step {
        case .anyElement: CodingPath.appending(.anyElement, to: path)
        case .key(let key): CodingPath.appending(.key(key), to: path)
        case .anyKey: CodingPath.appending(.anyKey, to: path)
        }
    }
}
