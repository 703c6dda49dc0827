import Foundation

/// How a client turns a response into an outcome, before any client runs: which statuses are which
/// errors, what an empty body or a `204` means, which `Content-Type`s it reads. The tool predicts
/// each case's outcome by these rules and replay holds the real client to the prediction.
///
/// `OutcomeRules.standard` are the built-in clients' rules and every endpoint's default:
/// a transport error or a status outside 200...299 is `responseUnsuccessful` (with the status), an
/// empty 2xx body is `invalidData`, and a 2xx body that does not decode is `jsonConversionFailure`.
public struct OutcomeRules: Sendable, Equatable {
    /// What a response ends in, once its status has chosen.
    public enum Ending: Sendable, Equatable {
        /// The body decodes into the endpoint's model (an empty body ends as `emptyBody` says).
        case decodes
        /// The body is not read: the call succeeds with this JSON decoded into the model, such as
        /// `"[]"` for a client that answers `204` with an empty list.
        case value(String)
        /// The call fails with the error of this name; a case that carries a status carries the response's.
        case error(String)
    }

    /// What the statuses in a range end in.
    public struct StatusRule: Sendable, Equatable {
        /// The statuses the rule is for.
        public let statuses: ClosedRange<Int>
        /// What they end in.
        public let ending: Ending

        /// A rule for a range of statuses, such as `500...599`.
        /// - Parameters:
        ///   - statuses: The statuses.
        ///   - ending: What they end in.
        public init(_ statuses: ClosedRange<Int>, _ ending: Ending) {
            self.statuses = statuses
            self.ending = ending
        }

        /// A rule for one status, such as `401`.
        /// - Parameters:
        ///   - status: The status.
        ///   - ending: What it ends in.
        public init(_ status: Int, _ ending: Ending) {
            self.init(status...status, ending)
        }
    }

    /// Rules for particular statuses, checked in order before the defaults; the first that holds
    /// the status decides.
    public var statuses: [StatusRule]
    /// What a status in 200...299 that no rule names ends in.
    public var success: Ending
    /// The error a status outside 200...299 that no rule names ends in.
    public var failure: String
    /// The error a transport error (no response at all) ends in.
    public var networkError: String
    /// What a response that `decodes` ends in when its body is empty.
    public var emptyBody: Ending
    /// The error a body that does not decode into the model ends in (a case carrying a decoding failure).
    public var undecodable: String
    /// The media types the client reads (`application/json`, or `application/*`); `nil` for any. A
    /// body that `decodes` under any other `Content-Type`, or none, ends in `unacceptedContentType`.
    public var acceptedContentTypes: [String]?
    /// The error a response whose `Content-Type` is not accepted ends in.
    public var unacceptedContentType: String?

    /// Creates rules; the defaults are those of `standard` where a name is not needed.
    /// - Parameters:
    ///   - statuses: Rules for particular statuses, checked first, in order.
    ///   - success: What another 2xx status ends in (default: the body decodes).
    ///   - failure: The error another status ends in.
    ///   - networkError: The error a transport error ends in.
    ///   - emptyBody: What a response that decodes ends in when its body is empty.
    ///   - undecodable: The error a body that does not decode ends in.
    ///   - acceptedContentTypes: The media types the client reads; `nil` (default) for any.
    ///   - unacceptedContentType: The error another `Content-Type` ends in; needed with `acceptedContentTypes`.
    public init(
        statuses: [StatusRule] = [], success: Ending = .decodes, failure: String, networkError: String,
        emptyBody: Ending, undecodable: String, acceptedContentTypes: [String]? = nil,
        unacceptedContentType: String? = nil
    ) {
        self.statuses = statuses
        self.success = success
        self.failure = failure
        self.networkError = networkError
        self.emptyBody = emptyBody
        self.undecodable = undecodable
        self.acceptedContentTypes = acceptedContentTypes
        self.unacceptedContentType = unacceptedContentType
    }

    /// The built-in clients' rules, and every endpoint's default.
    public static let standard = OutcomeRules(
        failure: "responseUnsuccessful", networkError: "responseUnsuccessful", emptyBody: .error("invalidData"),
        undecodable: "jsonConversionFailure")

    /// What a status ends in, by the first rule that holds it, else the defaults.
    /// - Parameter status: The response's status.
    /// - Returns: Its ending.
    public func ending(forStatus status: Int) -> Ending {
        if let rule = statuses.first(where: { $0.statuses.contains(status) }) { return rule.ending }
        return (200...299).contains(status) ? success : .error(failure)
    }

    /// Whether the client reads a body sent with a `Content-Type` (`nil` for none).
    /// - Parameter contentType: The header's value, parameters and all (`application/json; charset=utf-8`).
    /// - Returns: `true` when any type is accepted, or this one is.
    public func accepts(contentType: String?) -> Bool {
        guard let accepted = acceptedContentTypes else { return true }
        guard let contentType else { return false }
        let mediaType = contentType.prefix { $0 != ";" }.trimmingCharacters(in: .whitespaces).lowercased()
        return accepted.contains { pattern in
            let pattern = pattern.lowercased()
            guard pattern.hasSuffix("/*") else { return pattern == mediaType }
            return mediaType.hasPrefix(pattern.dropLast())
        }
    }

    /// Every error name the rules can end in, in the order they appear: the names a response alone
    /// can lead to (the others, such as `invalidRequest`, only a replay can check).
    public var errorNames: [String] {
        var names: [String] = []
        func add(_ ending: Ending) { if case .error(let name) = ending { add(name) } }
        func add(_ name: String) { if !names.contains(name) { names.append(name) } }
        for rule in statuses { add(rule.ending) }
        add(success)
        add(failure)
        add(networkError)
        add(emptyBody)
        add(undecodable)
        unacceptedContentType.map(add)
        return names
    }
}

extension OutcomeRules.Ending {
    /// The error's name, for an ending that is an error.
    public var errorName: String? {
        if case .error(let name) = self { name } else { nil }
    }
}
