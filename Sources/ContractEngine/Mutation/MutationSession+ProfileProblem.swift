extension MutationSession {
    /// What the profile check says that turns on a setting of the run, as a value: the command line
    /// words it with its flags, and `plain` in words for a reader without them.
    package enum ProfileProblem: Sendable, Equatable {
        /// Paths of a model's profile the run never looked at: not judged, or when updating kept as
        /// they were, because the run learnt only part of the model.
        case unjudged(paths: Int, model: String, updating: Bool, because: Partial)
        /// A file in the profiles' folder that is not a model profile, with what is wrong with it;
        /// updating the profiles rewrites it.
        case notAProfile(String)
    }

    /// Why a run learnt only part of a model.
    package enum Partial: Sendable, Equatable {
        /// The cap on mutants per case left some of the model's mutants out.
        case capped
        /// The run took part of the suite: paths or filters narrowed it.
        case narrowedRun
    }
}

extension MutationSession.ProfileProblem {
    /// The problem in plain words, naming no flag.
    var plain: String {
        switch self {
        case .unjudged(let paths, let model, let updating, let partial):
            let why =
                partial == .capped
                ? "the most mutants a case runs left some of its mutants out"
                : "the run took part of the suite (paths or filters)"
            return
                "\(paths) \(paths == 1 ? "path" : "paths") of the \(model) profile \(updating ? "kept as they were" : "not judged"): \(why); run mutate on the whole suite to judge every path"
        case .notAProfile(let reason):
            return "not a model profile: \(reason); have mutate rewrite the profiles"
        }
    }
}
