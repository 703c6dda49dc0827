import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

/// Bodies read as the API's own `JSONDecoder` reads them: a failure's path and position, and the
/// unread keys, under the decoder's key, date, data and float strategies.
@Suite("the API decoder's strategies")
struct DecodingStrategyTests {
    /// A forecast whose API writes snake_case keys and ISO 8601 dates.
    struct Forecast: Codable, Equatable, Sendable {
        var cityName: String
        var days: [Day]
        var hourlyTemps: [String: Double]?

        struct Day: Codable, Equatable, Sendable {
            var date: Date
            var high: Double
            var lowTemp: Double
        }
    }

    static let forecast = ModelDescriptor(
        Forecast.self, name: "Forecast",
        makeDecoder: {
            let decoder = JSONDecoder()
            decoder.keyDecodingStrategy = .convertFromSnakeCase
            decoder.dateDecodingStrategy = .iso8601
            return decoder
        },
        makeEncoder: {
            let encoder = JSONEncoder()
            encoder.keyEncodingStrategy = .convertToSnakeCase
            encoder.dateEncodingStrategy = .iso8601
            return encoder
        })

    /// A model of one value, decoded with the decoder given.
    struct Record<Value: Codable & Equatable & Sendable>: Codable, Equatable, Sendable {
        var name: String
        var value: Value
    }

    /// A date the model refuses when it is before 2000, as a model that checks its input does.
    struct Stamp: Codable, Equatable, Sendable {
        var at: Date

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            at = try container.decode(Date.self, forKey: .at)
            guard at >= Date(timeIntervalSince1970: 946_684_800) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .at, in: container, debugDescription: "a date before 2000")
            }
        }
    }

    static func model<Model: Codable & Equatable & Sendable>(
        _ type: Model.Type, _ configure: @escaping @Sendable (JSONDecoder) -> Void
    ) -> ModelDescriptor {
        ModelDescriptor(
            Model.self, name: "\(Model.self)",
            makeDecoder: {
                let decoder = JSONDecoder()
                configure(decoder)
                return decoder
            }, makeEncoder: { JSONEncoder() })
    }

    private func problem(_ json: String, as model: ModelDescriptor) throws -> DecodeProblem {
        switch FixtureDecoder.decode(Data(json.utf8), as: model) {
        case .success: throw DecodingSucceeded()
        case .failure(let problem): return problem
        }
    }

    struct DecodingSucceeded: Error {}

    private func unread(_ json: String, as model: ModelDescriptor) -> [String] {
        let body = Data(json.utf8)
        return UnreadKeys.find(in: body, scan: BodyScan(body), model: model).map(\.path)
    }

    static let paris = """
        {
          "city_name": "Paris",
          "days": [
            { "date": "2025-06-01T00:00:00Z", "high": 22, "low_temp": 14 },
            { "date": "2025-06-02T00:00:00Z", "high": "warm", "low_temp": 15 }
          ]
        }
        """

    @Test("a snake_case, ISO 8601 body that fails at days[1].high is reported there, at its line and column")
    func snakeCaseAndISO8601() throws {
        let found = try problem(Self.paris, as: Self.forecast)
        #expect(
            found
                == DecodeProblem(
                    path: "days[1].high", reason: #"expected a number, found "warm""#,
                    position: .init(line: 5, column: 47)))
    }

    @Test("a failure at a converted key names the key as the body writes it, where it is")
    func convertedKeyInPath() throws {
        let json = Self.paris.replacingOccurrences(of: "\"warm\"", with: "23").replacingOccurrences(
            of: "\"low_temp\": 15", with: "\"low_temp\": null")
        let found = try problem(json, as: Self.forecast)
        #expect(found.path == "days[1].low_temp")
        #expect(found.reason == "expected a number, found null")
        #expect(found.position == .init(line: 5, column: 63))
    }

    @Test("a missing key is named as the body would write it, at the object that lacks it")
    func missingConvertedKey() throws {
        let found = try problem(#"{"days": []}"#, as: Self.forecast)
        #expect(
            found
                == DecodeProblem(
                    path: "city_name", reason: "required key is missing", position: .init(line: 1, column: 1)))
    }

    @Test("a bad ISO 8601 date is named, at its own path")
    func badISO8601Date() throws {
        let json = Self.paris.replacingOccurrences(of: "\"warm\"", with: "23").replacingOccurrences(
            of: "2025-06-02T00:00:00Z", with: "2025-06-02")
        let found = try problem(json, as: Self.forecast)
        #expect(found.summary == #"days[1].date: "2025-06-02" is not an ISO 8601 date"#)
        #expect(found.position == .init(line: 5, column: 15))
    }

    @Test(
        "under convertFromSnakeCase the unread keys are the body's keys, and the keys the model reads are not among them"
    )
    func unreadKeysAsWritten() {
        let json = """
            {"city_name": "Paris", "source_id": 7,
             "days": [{"date": "2025-06-01T00:00:00Z", "high": 22, "low_temp": 14, "wind_speed": 3}],
             "hourly_temps": {"early_morning": 12.5}}
            """
        #expect(unread(json, as: Self.forecast) == ["source_id", "days[*].wind_speed"])
    }

    @Test("seconds and milliseconds since 1970 are read as the API's decoder reads them")
    func secondsAndMilliseconds() throws {
        let seconds = Self.model([Stamp].self) { $0.dateDecodingStrategy = .secondsSince1970 }
        let found = try problem(#"[{"at": 1700000000},\#n {"at": 1000}]"#, as: seconds)
        #expect(
            found == DecodeProblem(path: "[1].at", reason: "a date before 2000", position: .init(line: 2, column: 9)))
        let milliseconds = Self.model(Stamp.self) { $0.dateDecodingStrategy = .millisecondsSince1970 }
        let late = try problem(#"{"at": 1000}"#, as: milliseconds)
        #expect(late.reason == "a date before 2000")
        #expect((try? problem(#"{"at": 1700000000000}"#, as: milliseconds)) == nil)
    }

    @Test("a custom key strategy is given the object's path and the body's key; paths name the body's key")
    func customKeys() throws {
        let model = Self.model(Record<Int>.self) { decoder in
            decoder.keyDecodingStrategy = .custom { path in
                let key = path.last?.stringValue ?? ""
                return Key(stringValue: key.prefix(1).lowercased() + key.dropFirst())
            }
        }
        let found = try problem(#"{"Name": "a", "Value": "one"}"#, as: model)
        #expect(
            found
                == DecodeProblem(
                    path: "Value", reason: #"expected a whole number, found "one""#,
                    position: .init(line: 1, column: 24)))
        #expect(unread(#"{"Name": "a", "Value": 1, "Extra": 2}"#, as: model) == ["Extra"])
    }

    /// A key a custom key strategy returns.
    struct Key: CodingKey {
        let stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    /// A model that reads a unit from the decoder's `userInfo`.
    struct Measured: Codable, Equatable, Sendable {
        static let unit = CodingUserInfoKey(rawValue: "unit")!
        var value: Double

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            value = try container.decode(Double.self, forKey: .value)
            guard decoder.userInfo[Self.unit] as? String == "celsius", value >= -273.15 else {
                throw DecodingError.dataCorruptedError(
                    forKey: .value, in: container, debugDescription: "below absolute zero")
            }
        }
    }

    @Test("the decoder's userInfo reaches the model")
    func userInfo() throws {
        let model = Self.model([Measured].self) { $0.userInfo = [Measured.unit: "celsius"] }
        let found = try problem(#"[{"value": 12}, {"value": -300}]"#, as: model)
        #expect(found.summary == "[1].value: below absolute zero")
    }

    @Test("a formatted date is read with the API's formatter: the bad one is found, not the first")
    func formattedDate() throws {
        let model = Self.model([Record<Date>].self) { decoder in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = "yyyy-MM-dd"
            decoder.dateDecodingStrategy = .formatted(formatter)
        }
        let found = try problem(#"[{"name": "a", "value": "2025-06-01"}, {"name": "b", "value": "June"}]"#, as: model)
        #expect(found.path == "[1].value")
        #expect(found.position == .init(line: 1, column: 63))
    }

    @Test("custom date and data strategies are given the tool's decoder at the value, so their failures are placed")
    func customDatesAndData() throws {
        let dates = Self.model([Record<Date>].self) {
            $0.dateDecodingStrategy = .custom { decoder in
                let container = try decoder.singleValueContainer()
                guard let day = Double(try container.decode(String.self).dropFirst(4)) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "Not a day.")
                }
                return Date(timeIntervalSince1970: day * 86_400)
            }
        }
        let badDay = try problem(#"[{"name": "a", "value": "day 1"}, {"name": "b", "value": "noon"}]"#, as: dates)
        #expect(badDay == DecodeProblem(path: "[1].value", reason: "not a day", position: .init(line: 1, column: 58)))
        let data = Self.model([Record<Data>].self) {
            $0.dataDecodingStrategy = .custom { decoder in
                Data(try decoder.singleValueContainer().decode(String.self).utf8)
            }
        }
        let badData = try problem(#"[{"name": "a", "value": "abc"}, {"name": "b", "value": 7}]"#, as: data)
        #expect(badData.summary == "[1].value: expected a string, found 7")
    }

    @Test("base64 data, JSONDecoder's default, is read as a string; a bad one is named, and unread keys are found")
    func base64Data() throws {
        let model = Self.model([Record<Data>].self) { _ in }
        let found = try problem(#"[{"name": "a", "value": "aGVsbG8="}, {"name": "b", "value": "%%%"}]"#, as: model)
        #expect(found.summary == #"[1].value: "%%%" is not valid Base64"#)
        #expect(unread(#"[{"name": "a", "value": "aGVsbG8=", "size": 5}]"#, as: model) == ["[*].size"])
    }

    @Test("non-conforming floats written as strings are read under convertFromString")
    func nonConformingFloats() throws {
        let model = Self.model([Record<[Float]>].self) {
            $0.nonConformingFloatDecodingStrategy = .convertFromString(
                positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NaN")
        }
        let found = try problem(
            #"[{"name": "a", "value": ["+Inf", "-Inf", "NaN", 1.5]}, {"name": "b", "value": ["lots"]}]"#, as: model)
        #expect(found.summary == #"[1].value[0]: expected a number, found "lots""#)
    }
}
