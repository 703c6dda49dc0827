import DogPatchClients
import Foundation
import Testing

@testable import ContractEngine

@Suite("a client's failure path in the body's keys")
struct BodyKeyPathTests {
    private func named(_ path: String, in json: String, as model: ModelDescriptor) -> String {
        BodyKeyPath.naming(path, in: Data(json.utf8), model: model)
    }

    @Test("the model's keys JSONDecoder reports become the body's, which the prediction names too")
    func snakeCase() {
        let model = DecodingStrategyTests.forecast
        #expect(named("days[1].lowTemp", in: DecodingStrategyTests.paris, as: model) == "days[1].low_temp")
        #expect(named("cityName", in: #"{"days": []}"#, as: model) == "city_name")
        #expect(named("days[0].high", in: DecodingStrategyTests.paris, as: model) == "days[0].high")
    }

    @Test("without a key strategy the path is left as it is")
    func defaultKeys() {
        #expect(named("[0].lowTemp", in: #"[{"low_temp": 1}]"#, as: .countries) == "[0].lowTemp")
    }
}
