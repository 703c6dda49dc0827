import ContractCatalogue

extension CoverageMatrix {
    /// How the table heads each outcome column and how messages name each outcome: `APIError`'s
    /// words for endpoints that speak it, the endpoints' own where they share them (`noBody`,
    /// `unreadable`, `server 5xx`), and plain words where they differ.
    struct Labels: Sendable {
        /// The table's head of each outcome column.
        var heads: [CoverageOutcome: String] = [:]
        /// How a gap names each outcome.
        var names: [CoverageOutcome: String] = [:]

        /// The labels for the endpoints a matrix has a row for.
        init(_ endpoints: [Endpoint]) {
            for outcome in CoverageOutcome.allCases {
                heads[outcome] = Column(outcome).rawValue
                names[outcome] = outcome.rawValue
            }
            guard !endpoints.isEmpty,
                !endpoints.allSatisfy({ $0.errors.typeName == "APIError" && $0.rules == .standard })
            else { return }
            func shared(_ name: (Endpoint) -> String?) -> String? {
                let names = Set(endpoints.map(name))
                return names.count == 1 ? names.first ?? nil : nil
            }
            let empty = shared { $0.rules.emptyBody.errorName } ?? "emptyBody"
            let undecodable = shared { $0.rules.undecodable } ?? "undecodable"
            let network =
                shared { $0.rules.networkError }.map {
                    $0.lowercased().contains("network") ? $0 : "\($0) network error"
                } ?? "an error for a network error"
            let arguments = Self.argumentErrors(of: endpoints)
            // One error for both: its column counts them once, and the other is headed in plain words.
            heads[.invalidData] = empty == undecodable ? "empty body" : empty
            heads[.jsonConversionFailure] = undecodable
            heads[.invalidRequest] = arguments.count == 1 ? arguments[0] : "arguments"
            names[.invalidData] = empty
            names[.jsonConversionFailure] = undecodable
            names[.unsuccessful4xx] =
                (shared { Self.errorName(of: 400...499, by: $0.rules) }.map { "\($0) " } ?? "an error for ") + "4xx"
            names[.unsuccessful5xx] =
                (shared { Self.errorName(of: 500...599, by: $0.rules) }.map { "\($0) " } ?? "an error for ") + "5xx"
            names[.unsuccessfulNetwork] = network
            names[.invalidRequest] =
                switch arguments.count {
                case 0: "an error before sending"
                case 1: arguments[0]
                default: "an error of the arguments (\(arguments.joined(separator: ", ")))"
                }
        }

        /// The one error a class of statuses ends in by an endpoint's rules (`server` where a rule
        /// holds `500...599`, else the rules' `failure`); `nil` where they end in several.
        private static func errorName(of statuses: ClosedRange<Int>, by rules: OutcomeRules) -> String? {
            let names = Set(statuses.compactMap { rules.ending(forStatus: $0).errorName })
            return names.count == 1 ? names.first : nil
        }

        /// The errors no response gives, which only the arguments lead to, in vocabulary order.
        private static func argumentErrors(of endpoints: [Endpoint]) -> [String] {
            var names: [String] = []
            for endpoint in endpoints {
                for errorCase in endpoint.errors.cases
                where !endpoint.rules.errorNames.contains(errorCase.name) && !names.contains(errorCase.name) {
                    names.append(errorCase.name)
                }
            }
            return names
        }
    }
}
