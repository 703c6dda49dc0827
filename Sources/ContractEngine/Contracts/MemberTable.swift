/// An object's members by key, in the order they are written.
///
/// A contract's objects hold a few known keys each, and a list searched in order finds one faster
/// than a dictionary hashes it: with thousands of cases, hashing was most of reading them. It
/// also goes through its members in the file's order, so problems are reported in that order.
struct MemberTable: Sequence {
    private var list: [JSONMember] = []

    /// The member with a key, if there is one.
    subscript(key: String) -> JSONMember? {
        list.first { $0.key == key }
    }

    /// Adds a member whose key the table does not hold yet.
    mutating func add(_ member: JSONMember) {
        list.append(member)
    }

    func makeIterator() -> LazyMapSequence<[JSONMember], (key: String, value: JSONMember)>.Iterator {
        list.lazy.map { (key: $0.key, value: $0) }.makeIterator()
    }
}
