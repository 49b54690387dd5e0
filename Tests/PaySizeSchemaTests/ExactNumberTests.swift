@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema
import Testing

/// Numeric keywords decided on the decimals written, as the specification says, not on the
/// nearest `Double`: every expectation here is the specification's verdict, and each is one that
/// `Double` arithmetic gets wrong.
@Suite("Exact numbers: every numeric keyword on the decimals as written")
struct ExactNumberTests {
    /// The findings of `instance` against `schema`, as "keyword: message", and whether the
    /// yes-or-no walk agrees that there are none.
    private static func check(_ schema: String, _ instance: String) throws -> [String] {
        let compiled = try CompiledSchema(document: JSONScanner.scan(Array(schema.utf8)))
        let validator = SchemaValidator(schema: compiled, checksPaySizeKeywords: false)
        let value = try JSONScanner.scan(Array(instance.utf8))
        let found = validator.violations(of: value, at: .root).map { "\($0.keyword): \($0.message)" }
        #expect(validator.accepts(compiled.root, value) == found.isEmpty, "\(schema) against \(instance)")
        return found
    }

    @Test(
        "multipleOf with divisors of 2^64 and 10^19 is exact",
        arguments: [
            (#"{"multipleOf":18446744073709551616}"#, "18446744073709551616", true),
            (#"{"multipleOf":18446744073709551616}"#, "36893488147419103232", true),
            (#"{"multipleOf":18446744073709551616}"#, "18446744073709551617", false),
            (#"{"multipleOf":18446744073709551616}"#, "1.8446744073709551616e19", true),
            (#"{"multipleOf":18446744073709551616}"#, "18446744073709551616e300", true),
            (#"{"multipleOf":1e19}"#, "10000000000000000000", true),
            (#"{"multipleOf":1e19}"#, "10000000000000000001", false),
            (#"{"multipleOf":1e19}"#, "1e400", true),
            (#"{"multipleOf":1e19}"#, "1e18", false),
            (#"{"multipleOf":10000000000000000000}"#, "-20000000000000000000", true),
            (#"{"multipleOf":0.1}"#, "0.3", true),
            (#"{"multipleOf":0.5}"#, "1e308", true),
            (#"{"multipleOf":1e-400}"#, "3e-399", true),
            (#"{"multipleOf":3e-400}"#, "1e-399", false),
            (#"{"multipleOf":123456789012345678901234567890.5}"#, "246913578024691357802469135781", true),
            (#"{"multipleOf":123456789012345678901234567890.5}"#, "246913578024691357802469135782", false),
        ])
    func bigDivisors(schema: String, instance: String, isMultiple: Bool) throws {
        let divisor = String(schema.dropFirst(14).dropLast())
        let expected = isMultiple ? [] : ["multipleOf: \(instance) is not a multiple of \(divisor)"]
        #expect(try Self.check(schema, instance) == expected)
    }

    @Test(
        "under not, a big divisor gives the opposite verdict, never a false rejection",
        arguments: [
            ("18446744073709551617", true), ("18446744073709551616", false), ("10000000000000000001", true),
        ])
    func bigDivisorsUnderNot(instance: String, accepted: Bool) throws {
        let divisor = instance.hasPrefix("1844") ? "18446744073709551616" : "1e19"
        let schema = #"{"not":{"multipleOf":\#(divisor)}}"#
        let expected = accepted ? [] : ["not: matches a schema it must not match ('not')"]
        #expect(try Self.check(schema, instance) == expected)
    }

    @Test("1e400 is an integer, 1.5e400 too, 1e-400 is not")
    func integerPastDouble() throws {
        let schema = #"{"type":"integer"}"#
        #expect(try Self.check(schema, "1e400") == [])
        #expect(try Self.check(schema, "1.5e400") == [])
        #expect(try Self.check(schema, "-100000000000000000000000000000.000") == [])
        #expect(try Self.check(schema, "1e-400") == ["type: expected integer, found number 1e-400"])
        #expect(
            try Self.check(schema, "1.0000000000000000000001") == [
                "type: expected integer, found number 1.0000000000000000000001"
            ])
    }

    @Test("const and enum tell 1e400 from 1e401, and equal spellings of one number match")
    func constPastDouble() throws {
        #expect(try Self.check(#"{"const":1e400}"#, "1e401") == ["const: expected 1e400, found 1e401"])
        #expect(try Self.check(#"{"const":1e400}"#, "10e399") == [])
        #expect(try Self.check(#"{"const":1e400}"#, "1.0e400") == [])
        #expect(
            try Self.check(#"{"enum":[1e400, 2]}"#, "1e401") == ["enum: unknown value 1e401, expected one of 1e400, 2"])
        #expect(
            try Self.check(#"{"const":0.1}"#, "0.10000000000000001") == [
                "const: expected 0.1, found 0.10000000000000001"
            ])
        #expect(try Self.check(#"{"const":[1, {"a":-0}]}"#, #"[1.0, {"a":0e5}]"#) == [])
    }

    @Test("uniqueItems tells numbers apart that round to one Double")
    func uniqueItemsPastDouble() throws {
        let schema = #"{"uniqueItems":true}"#
        #expect(try Self.check(schema, "[1e400, 1e401, 0.3, 0.30000000000000001]") == [])
        #expect(
            try Self.check(schema, "[1e400, 10e399]")
                == ["uniqueItems: items 0 and 1 are equal, items must be unique"])
        #expect(
            try Self.check(schema, "[[0.3], [3e-1]]") == ["uniqueItems: items 0 and 1 are equal, items must be unique"])
    }

    @Test("minimum, maximum and the exclusive bounds compare beyond 17 digits")
    func boundsPastDouble() throws {
        #expect(
            try Self.check(#"{"minimum":0.30000000000000001}"#, "0.3")
                == ["minimum: 0.3 is less than the minimum 0.30000000000000001"])
        #expect(try Self.check(#"{"minimum":0.30000000000000001}"#, "0.300000000000000010") == [])
        #expect(
            try Self.check(#"{"maximum":1e400}"#, "1.0000000000000000001e400")
                == ["maximum: 1.0000000000000000001e400 is more than the maximum 1e400"])
        #expect(
            try Self.check(
                #"{"exclusiveMaximum":972783798187987123879878123.18878137}"#, "972783798187987123879878123.188781371")
                == [
                    "exclusiveMaximum: 972783798187987123879878123.188781371 is not less than 972783798187987123879878123.18878137"
                ])
        #expect(
            try Self.check(#"{"exclusiveMinimum":-1e-400}"#, "-1e-400")
                == ["exclusiveMinimum: -1e-400 is not more than -1e-400"])
        #expect(try Self.check(#"{"exclusiveMinimum":-1e-400}"#, "-0.99e-400") == [])
        #expect(try Self.check(#"{"minimum":1.5}"#, "1.50") == [])
    }

    @Test("the bound: an exponent part past ±10^15 is refused, in schemas and in values")
    func exponentBound() throws {
        #expect(try Self.check(#"{"minimum":0}"#, "1e1000000000000000") == [])
        #expect(
            try Self.check(#"{"minimum":0}"#, "1e1000000000000001")
                == [
                    "number: 1e1000000000000001 has an exponent part beyond ±10^15, past the bound within which numbers are compared exactly"
                ])
        #expect(
            try Self.check(#"{"type":"integer"}"#, "1e-99999999999999999999")
                == [
                    "type: expected integer, found number 1e-99999999999999999999, whose exponent part is beyond ±10^15, past the bound within which numbers are compared exactly"
                ])
        #expect(throws: SchemaError.self) { try Self.check(#"{"maximum":1e1000000000000001}"#, "1") }
        // `const` holds any value, so the schema is not refused: past the bound it equals the same
        // token only (FuzzSchema's regression const-past-the-exponent-bound).
        #expect(try Self.check(#"{"const":62472548230e1000000000000001}"#, "62472548230e1000000000000001") == [])
        let tooLong = String(repeating: "7", count: SchemaMultiple.maximumDigits + 1)
        #expect(SchemaMultiple(tooLong) == nil)
        #expect(SchemaMultiple(String(tooLong.dropFirst())) != nil)
        do {
            _ = try Self.check(#"{"multipleOf":\#(tooLong)}"#, "1")
            Issue.record("a divisor of 1001 digits compiled")
        } catch let error as SchemaError {
            #expect(
                error.description
                    == "(root): 'multipleOf' must be a number greater than 0 with at most 1000 significant digits and an exponent part within ±10^15"
            )
        }
    }

    @Test("a 1000-digit divisor against a long dividend")
    func longestDivisor() throws {
        let divisor = "9" + String(repeating: "8", count: 998) + "7"
        let multiple = try #require(SchemaMultiple(divisor))
        // 3 × divisor, written out, and one more.
        var digits = Array(divisor.utf8).map { Int($0) - 48 }
        var carry = 0
        for index in digits.indices.reversed() {
            let product = digits[index] * 3 + carry
            digits[index] = product % 10
            carry = product / 10
        }
        let triple = String(carry) + digits.map(String.init).joined()
        #expect(multiple.divides(triple))
        #expect(multiple.divides(triple + "e40"))
        #expect(!multiple.divides(String(triple.dropLast()) + "0"))
        #expect(!multiple.divides(triple + "e-1"))
    }
}
