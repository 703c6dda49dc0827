import Foundation

/// A country as restcountries v3.1 sends it, for both the `all` and the `name` endpoints.
///
/// Every field is optional: the live API leaves out empty and null fields, and `?fields=`
/// returns only what was asked. JSON keys are the property names, so a path into a decoded
/// value is the same as the path into the JSON. Fields keyed by a code (currencies, languages,
/// translations, gini, native names, demonyms) are dictionaries so no entry is lost.
public struct Country: Codable, Equatable, Hashable, Sendable {
    /// The country's names.
    public var name: Name?
    /// Top-level internet domains, such as `.fr`.
    public var tld: [String]?
    /// The ISO 3166-1 alpha-2 code.
    public var cca2: String?
    /// The ISO 3166-1 numeric code.
    public var ccn3: String?
    /// The ISO 3166-1 alpha-3 code.
    public var cca3: String?
    /// The International Olympic Committee code.
    public var cioc: String?
    /// The FIFA code.
    public var fifa: String?
    /// Whether the country is independent.
    public var independent: Bool?
    /// The ISO 3166-1 assignment status.
    public var status: String?
    /// Whether the country is a member of the United Nations.
    public var unMember: Bool?
    /// Currencies keyed by ISO 4217 code, such as `EUR`.
    public var currencies: [String: Currency]?
    /// International direct dialling.
    public var idd: IDD?
    /// Capital cities.
    public var capital: [String]?
    /// Where the capital is.
    public var capitalInfo: CapitalInfo?
    /// Other spellings of the name.
    public var altSpellings: [String]?
    /// The region, such as `Europe`.
    public var region: String?
    /// The subregion, such as `Western Europe`.
    public var subregion: String?
    /// Continents the country lies on.
    public var continents: [String]?
    /// Official languages keyed by ISO 639-3 code.
    public var languages: [String: String]?
    /// Translated names keyed by ISO 639-3 code.
    public var translations: [String: Translation]?
    /// Latitude and longitude.
    public var latlng: [Double]?
    /// Whether the country is landlocked.
    public var landlocked: Bool?
    /// Bordering countries' alpha-3 codes.
    public var borders: [String]?
    /// The area in square kilometres; not always a whole number (Monaco is 2.02).
    public var area: Double?
    /// The flag emoji.
    public var flag: String?
    /// What inhabitants are called, keyed by ISO 639-3 code.
    public var demonyms: [String: Demonym]?
    /// Flag images and their description.
    public var flags: Flags?
    /// Coat of arms images.
    public var coatOfArms: CoatOfArms?
    /// The population.
    public var population: Int?
    /// Map links.
    public var maps: Maps?
    /// Gini coefficients keyed by year.
    public var gini: [String: Double]?
    /// Car signs and the side of the road.
    public var car: Car?
    /// The postal code format.
    public var postalCode: PostalCode?
    /// The first day of the week, such as `monday`.
    public var startOfWeek: String?
    /// Time zones, such as `UTC+01:00`.
    public var timezones: [String]?

    /// Creates a country with every field empty; set the fields you need.
    public init() {}
}

extension Country {
    /// A country's common and official names, with native names keyed by language code.
    public struct Name: Codable, Equatable, Hashable, Sendable {
        /// The common name, such as `France`.
        public var common: String?
        /// The official name, such as `French Republic`.
        public var official: String?
        /// Native names keyed by ISO 639-3 code.
        public var nativeName: [String: Translation]?

        /// Creates a name.
        /// - Parameters:
        ///   - common: The common name.
        ///   - official: The official name.
        ///   - nativeName: Native names keyed by language code.
        public init(common: String? = nil, official: String? = nil, nativeName: [String: Translation]? = nil) {
            self.common = common
            self.official = official
            self.nativeName = nativeName
        }
    }

    /// An official and a common name in one language.
    public struct Translation: Codable, Equatable, Hashable, Sendable {
        /// The official name.
        public var official: String?
        /// The common name.
        public var common: String?

        /// Creates a translation.
        /// - Parameters:
        ///   - official: The official name.
        ///   - common: The common name.
        public init(official: String? = nil, common: String? = nil) {
            self.official = official
            self.common = common
        }
    }

    /// A currency's name and symbol.
    public struct Currency: Codable, Equatable, Hashable, Sendable {
        /// The name, such as `euro`.
        public var name: String?
        /// The symbol, such as `€`.
        public var symbol: String?

        /// Creates a currency.
        /// - Parameters:
        ///   - name: The name.
        ///   - symbol: The symbol.
        public init(name: String? = nil, symbol: String? = nil) {
            self.name = name
            self.symbol = symbol
        }
    }

    /// International direct dialling: a root and its suffixes.
    public struct IDD: Codable, Equatable, Hashable, Sendable {
        /// The root, such as `+3`.
        public var root: String?
        /// The suffixes, such as `["3"]`.
        public var suffixes: [String]?
    }

    /// Where the capital is.
    public struct CapitalInfo: Codable, Equatable, Hashable, Sendable {
        /// Latitude and longitude.
        public var latlng: [Double]?
    }

    /// What a female and a male inhabitant are called.
    public struct Demonym: Codable, Equatable, Hashable, Sendable {
        /// The female form.
        public var f: String?
        /// The male form.
        public var m: String?
    }

    /// Flag images and their description.
    public struct Flags: Codable, Equatable, Hashable, Sendable {
        /// A PNG image URL.
        public var png: String?
        /// An SVG image URL.
        public var svg: String?
        /// A description of the flag.
        public var alt: String?
    }

    /// Coat of arms images.
    public struct CoatOfArms: Codable, Equatable, Hashable, Sendable {
        /// A PNG image URL.
        public var png: String?
        /// An SVG image URL.
        public var svg: String?
    }

    /// Map links.
    public struct Maps: Codable, Equatable, Hashable, Sendable {
        /// A Google Maps link.
        public var googleMaps: String?
        /// An OpenStreetMap link.
        public var openStreetMaps: String?
    }

    /// Car signs and the side of the road.
    public struct Car: Codable, Equatable, Hashable, Sendable {
        /// Distinguishing signs, such as `["F"]`.
        public var signs: [String]?
        /// The side of the road, `left` or `right`.
        public var side: String?
    }

    /// The postal code format.
    public struct PostalCode: Codable, Equatable, Hashable, Sendable {
        /// The format, such as `#####`.
        public var format: String?
        /// A regular expression postal codes match.
        public var regex: String?
    }
}
