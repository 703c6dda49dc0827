import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The `URLError` codes a case's `networkError` can name.
enum NetworkErrorNames {
    static let codes: [(name: String, code: URLError.Code)] = [
        ("notConnectedToInternet", .notConnectedToInternet),
        ("timedOut", .timedOut),
        ("cannotFindHost", .cannotFindHost),
        ("cannotConnectToHost", .cannotConnectToHost),
        ("networkConnectionLost", .networkConnectionLost),
        ("dnsLookupFailed", .dnsLookupFailed),
        ("secureConnectionFailed", .secureConnectionFailed),
        ("serverCertificateUntrusted", .serverCertificateUntrusted),
        ("badServerResponse", .badServerResponse),
        ("cannotParseResponse", .cannotParseResponse),
        ("resourceUnavailable", .resourceUnavailable),
        ("dataNotAllowed", .dataNotAllowed),
        ("internationalRoamingOff", .internationalRoamingOff),
        ("cancelled", .cancelled),
    ]

    static func code(named name: String) -> URLError.Code? {
        codes.first { $0.name == name }?.code
    }
}
