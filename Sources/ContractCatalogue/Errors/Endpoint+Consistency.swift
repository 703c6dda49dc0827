import Foundation

extension Endpoint {
    /// What is wrong with how the endpoint declares its errors and outcome rules, in words: a rule
    /// naming an error its vocabulary does not have, an accepted `Content-Type` list without the
    /// error for the others, a value that is not JSON. The loader reports each at every contract
    /// that names the endpoint; empty for a consistent endpoint.
    public var declarationProblems: [String] {
        var problems: [String] = []
        let names = errors.cases.map(\.name)
        for name in Set(names) where names.filter({ $0 == name }).count > 1 {
            problems.append("its vocabulary \(errors.typeName) lists \"\(name)\" twice")
        }
        for name in rules.errorNames where errors.errorCase(named: name) == nil {
            problems.append(
                "its outcome rules name the error \"\(name)\", which its vocabulary \(errors.typeName) does not have")
        }
        if rules.acceptedContentTypes != nil, rules.unacceptedContentType == nil {
            problems.append("its outcome rules accept some Content-Types but name no error for the others")
        }
        let endings = rules.statuses.map(\.ending) + [rules.success, rules.emptyBody]
        for case .value(let json) in endings {
            if (try? JSONSerialization.jsonObject(with: Data(json.utf8), options: .fragmentsAllowed)) == nil {
                problems.append("its outcome rules give the value \(json), which is not JSON")
            } else if case .failure = model.decode(Data(json.utf8)) {
                problems.append("its outcome rules give the value \(json), which does not decode into \(model.name)")
            }
        }
        return problems.sorted()
    }
}
