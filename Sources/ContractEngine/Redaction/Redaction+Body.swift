extension Redaction {
    /// A JSON body with the value of each member whose name looks secret (`looksSecret`) given
    /// another, at any depth: the one walk the writers of bodies that may hold a secret share.
    /// - Parameters:
    ///   - value: The body.
    ///   - replacement: The value to write for a secret member, given its name and value; `nil`
    ///     to keep the member and look inside it.
    /// - Returns: The body, every secret member replaced.
    static func replacingSecretMembers(
        of value: JSONValue, with replacement: (_ name: String, _ value: JSONValue) -> JSONValue?
    ) -> JSONValue {
        switch value {
        case .object(let members):
            return .object(
                members.map { member in
                    var member = member
                    member.value.value =
                        (looksSecret(member.key) ? replacement(member.key, member.value.value) : nil)
                        ?? replacingSecretMembers(of: member.value.value, with: replacement)
                    return member
                })
        case .array(let elements):
            return .array(
                elements.map { element in
                    var element = element
                    element.value = replacingSecretMembers(of: element.value, with: replacement)
                    return element
                })
        default:
            return value
        }
    }
}
