import Foundation
import Testing

@testable import ContractEngine

/// Issue 38, item 13: each Swift numeric type's range, as JSONDecoder enforces it, in the forms
/// the exports need: JSON Schema bounds and the Pact verifier's printed text.
@Suite("the ranges of Swift's numeric types")
struct ModelShapeNumericTypeTests {
    private struct Box<Value: Decodable>: Decodable {
        let v: Value
    }

    static func decodes<Value: Decodable>(_ type: Value.Type, _ literal: String) -> Bool {
        (try? JSONDecoder().decode(Box<Value>.self, from: Data(#"{"v": \#(literal)}"#.utf8))) != nil
    }

    static func matches(_ pattern: String?, _ text: String) throws -> Bool {
        guard let pattern else { return true }
        let regex = try NSRegularExpression(pattern: pattern)
        return regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }

    /// A literal, as the verifier prints it (measured with the real verifier), and whether the
    /// type holds it.
    @Test(
        "an Int's rule takes exactly the whole numbers Int holds, as the verifier prints them",
        arguments: [
            ("9223372036854775807", "9223372036854775807", true),
            ("-9223372036854775808", "-9223372036854775808", true),
            ("9223372036854775808", "9223372036854775808", false),
            ("18446744073709551615", "18446744073709551615", false),
            ("-9223372036854775809", "-9.223372036854776e+18", false),
            ("34350244.0", "34350244.0", true),
            ("3.4350244e7", "34350244.0", true),
            ("34350244.5", "34350244.5", false),
            ("1e19", "1e+19", false),
            ("9.3e18", "9.3e+18", false),
            ("9.2e18", "9.2e+18", true),
            ("1e16", "1e+16", true),
        ])
    func int64(literal: String, printed: String, holds: Bool) throws {
        #expect(Self.decodes(Int.self, literal) == holds)
        #expect(try Self.matches(ModelShape.NumericType.int64.verifierPattern, printed) == holds)
        let bounds = ModelShape.NumericType.int64.bounds
        #expect(bounds.minimum == String(Int.min) && bounds.maximum == String(Int.max) && !bounds.exclusive)
    }

    @Test(
        "a Decimal's rule takes what JSONDecoder reads as a Decimal, as the verifier prints it",
        arguments: [
            ("1e127", "1e+127", true),
            ("1e128", "1e+128", false),
            ("-1e128", "-1e+128", false),
            ("1.5e128", "1.5e+128", true),
            ("1e165", "1e+165", false),
            ("1.8e308", "1.8e+308", false),
            ("850", "850", true),
            ("1200.5", "1200.5", true),
            ("1e-128", "1e-128", true),
            ("1e-129", "1e-129", false),
        ])
    func decimal(literal: String, printed: String, holds: Bool) throws {
        #expect(Self.decodes(Decimal.self, literal) == holds)
        #expect(try Self.matches(ModelShape.NumericType.decimal.verifierPattern, printed) == holds)
    }

    @Test("a Double holds every finite number: its bounds are the largest finite ones, and a literal past them fails")
    func double() {
        let bounds = ModelShape.NumericType.double.bounds
        #expect(Double(bounds.maximum) == Double.greatestFiniteMagnitude)
        #expect(Double(bounds.minimum) == -Double.greatestFiniteMagnitude)
        #expect(Self.decodes(Double.self, bounds.maximum))
        #expect(!Self.decodes(Double.self, "1.8e308"))
        #expect(!Self.decodes(Double.self, "-1.8e308"))
        #expect(!Self.decodes(Decimal.self, "1e128") && Self.decodes(Decimal.self, "9.9e127"))
    }

    @Test("digit strings up to a bound: every length's branch, the bound itself, nothing past it")
    func atMost() throws {
        let pattern = "^" + ModelShape.NumericType.atMost("2147483647") + "$"
        for (text, holds) in [
            ("2147483647", true), ("2147483648", false), ("1999999999", true), ("2200000000", false),
            ("2147483640", true), ("2147483657", false), ("0147483647", false),
        ] {
            #expect(try Self.matches(pattern, text) == holds, "\(text)")
        }
    }
}
