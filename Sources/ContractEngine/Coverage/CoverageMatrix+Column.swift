extension CoverageMatrix {
    /// A column of the matrix, named as its table heads it: an outcome or a response queue, each
    /// of which a team may require every endpoint to reach (`--require-coverage=decoded,5xx`).
    package enum Column: String, CaseIterable, Sendable {
        case decoded
        case invalidData
        case jsonConversionFailure
        case unsuccessful4xx = "4xx"
        case unsuccessful5xx = "5xx"
        case network
        case invalidRequest
        case mainQueue = "main"
        case privateQueue = "private"

        /// The column an outcome is counted in.
        init(_ outcome: CoverageOutcome) {
            switch outcome {
            case .decoded: self = .decoded
            case .invalidData: self = .invalidData
            case .jsonConversionFailure: self = .jsonConversionFailure
            case .unsuccessful4xx: self = .unsuccessful4xx
            case .unsuccessful5xx: self = .unsuccessful5xx
            case .unsuccessfulNetwork: self = .network
            case .invalidRequest: self = .invalidRequest
            }
        }

        /// The column a response queue is counted in.
        init(_ queue: ResponseQueue) {
            switch queue {
            case .main: self = .mainQueue
            case .private: self = .privateQueue
            }
        }
    }
}
