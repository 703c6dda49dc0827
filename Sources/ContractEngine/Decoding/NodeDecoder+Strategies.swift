import Foundation

/// The values the API decoder's strategies read their own way: dates, data and non-conforming floats.
extension NodeDecoder {
    /// A `Date` as the date strategy reads it (not `deferredToDate`, which is `Date`'s own `init(from:)`).
    static func date(_ node: JSONNode, _ path: [any CodingKey], _ readLog: KeyReadLog?, _ options: NodeDecodingOptions)
        throws -> Date
    {
        switch options.dates {
        case .secondsSince1970:
            return Date(timeIntervalSince1970: try floatingPoint(Double.self, node, path, options))
        case .millisecondsSince1970:
            return Date(timeIntervalSince1970: try floatingPoint(Double.self, node, path, options) / 1000)
        case .iso8601:
            guard case .string(let string) = node.value else {
                throw mismatch(Date.self, "an ISO 8601 date", node, path)
            }
            guard let date = try? Date.ISO8601FormatStyle().parse(string) else {
                throw corrupted("\(node.value.foundDescription) is not an ISO 8601 date", path)
            }
            return date
        #if canImport(Darwin)
            // Elsewhere `formatted` is a `custom` closure that calls the formatter.
            case .formatted(let formatter):
                guard case .string(let string) = node.value else {
                    throw mismatch(Date.self, "a date string", node, path)
                }
                guard let date = formatter.date(from: string) else {
                    throw corrupted(
                        "\(node.value.foundDescription) does not match the date format \"\(formatter.dateFormat ?? "")\"",
                        path)
                }
                return date
        #endif
        case .custom(let read):
            return try read(NodeDecoder(node: node, codingPath: path, readLog: readLog, options: options))
        default:
            return try Date(from: NodeDecoder(node: node, codingPath: path, readLog: readLog, options: options))
        }
    }

    /// `Data` as the data strategy reads it (not `deferredToData`, which is `Data`'s own `init(from:)`).
    static func data(_ node: JSONNode, _ path: [any CodingKey], _ readLog: KeyReadLog?, _ options: NodeDecodingOptions)
        throws -> Data
    {
        switch options.data {
        case .base64:
            guard case .string(let string) = node.value else {
                throw mismatch(Data.self, "a Base64 string", node, path)
            }
            guard let data = Data(base64Encoded: string) else {
                throw corrupted("\(node.value.foundDescription) is not valid Base64", path)
            }
            return data
        case .custom(let read):
            return try read(NodeDecoder(node: node, codingPath: path, readLog: readLog, options: options))
        default:
            return try Data(from: NodeDecoder(node: node, codingPath: path, readLog: readLog, options: options))
        }
    }

    /// The value a string stands for under `convertFromString`, or `nil`.
    static func nonConforming<F: BinaryFloatingPoint>(_ type: F.Type, _ string: String, _ options: NodeDecodingOptions)
        -> F?
    {
        guard case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) = options.floats else {
            return nil
        }
        switch string {
        case positiveInfinity: return .infinity
        case negativeInfinity: return -.infinity
        case nan: return .nan
        default: return nil
        }
    }

    /// What a date strategy expects, for a `null` found instead.
    static func dateExpectation(_ options: NodeDecodingOptions) -> String {
        switch options.dates {
        case .secondsSince1970, .millisecondsSince1970: "a number"
        case .iso8601: "an ISO 8601 date"
        default: "a date"
        }
    }

    /// What a data strategy expects, for a `null` found instead.
    static func dataExpectation(_ options: NodeDecodingOptions) -> String {
        if case .base64 = options.data { "a Base64 string" } else { "data" }
    }
}
