import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// The worst case as the device writes it: every `Double`, `Float` and `Date` number at its
/// longest 17-significant-digit text (the Objective-C writer), the larger writer judged by
/// default. Each figure worked out by hand from `%.17g`'s rules, each witness checked by the C
/// library's `%.17g`.
@Suite("Worst-case bounds as the device writes them") struct WorstCaseDeviceTests {
    static func bound(
        _ text: String, dates: WorstCaseBound.DateEncodingStrategy = .deferredToDate, writer: DeviceWriter = .larger
    ) throws -> (PayloadSchema, WorstCaseBound) {
        let schema = try PayloadSchema(jsonBytes: Array(text.utf8))
        return (schema, WorstCaseBound(schema: schema, dateEncodingStrategy: dates, deviceWriter: writer))
    }

    /// A witness number decoded as the schema's type and written by the C library's `%.17g`.
    static func written(_ witness: String, float: Bool) throws -> String {
        if float {
            return String(format: "%.17g", Double(try JSONDecoder().decode(Float.self, from: Data(witness.utf8))))
        }
        return String(format: "%.17g", try JSONDecoder().decode(Double.self, from: Data(witness.utf8)))
    }

    @Test(
        "a number's figures under each writer and the device's witness",
        arguments: [
            // -d.dddddddddddddddde-308 either way: 24 bytes.
            (#"{"type":"number"}"#, 24, 24, "-1.7976931348623157e+308"),
            (#"{"type":"number","minimum":0,"maximum":1}"#, 23, 23, "9.9999999999999982e-100"),
            (#"{"type":"number","minimum":-180,"maximum":180}"#, 24, 24, "-9.9999999999999982e-100"),
            (#"{"type":"number","minimum":0,"maximum":100}"#, 23, 23, "9.9999999999999982e-100"),
            (#"{"type":"number","minimum":1,"maximum":100}"#, 18, 18, "9.9999999999999982"),
            // A single value: its shortest text, or its 17 digits. The witness is sent as the
            // schema allows it (1.1000000000000001, the device's writing, is above 1.1).
            (#"{"type":"number","minimum":1.1,"maximum":1.1}"#, 3, 18, "1.1"),
            (#"{"type":"number","minimum":0.53,"maximum":0.53}"#, 4, 19, "0.53"),
            (#"{"type":"number","minimum":1e-7,"maximum":1e-7}"#, 5, 22, "1e-07"),
            // Neither the 17 digits (0.10000000000000001) nor the shortest text (0.1) is within
            // the ends; the end as written is, and decodes to the same Double.
            (
                #"{"type":"number","minimum":0.100000000000000001,"maximum":0.100000000000000001}"#, 3, 19,
                "0.100000000000000001"
            ),
            // An integer no Double holds: the device reads the nearest one (FuzzSchema found the
            // range counted as empty).
            (
                #"{"type":"number","minimum":-80000000000000000000000000000000000000000,"maximum":-80000000000000000000000000000000000000000}"#,
                6, 23, "-8e+40"
            ),
            // Only the 17 digits are above the minimum.
            (
                #"{"type":"number","minimum":0.100000000000000001,"maximum":0.10000000000000001}"#, 3, 19,
                "0.10000000000000001"
            ),
            (#"{"type":"number","minimum":3,"maximum":3}"#, 1, 1, "3"),
            (#"{"type":"number","minimum":0.5,"maximum":0.5}"#, 3, 3, "0.5"),
            // `-0` is allowed where 0 is, and both writers write it with its sign.
            (#"{"type":"number","minimum":0,"maximum":0}"#, 2, 2, "-0"),
            (#"{"type":"number","minimum":1e17,"maximum":1e17}"#, 5, 5, "1e+17"),
            // The shortest text takes an exponent from 2^53 (1.0000000000000002e+16); %.17g
            // writes whole numbers below 1e17 as plain digits.
            (#"{"type":"number","minimum":1e16,"maximum":1e17}"#, 22, 17, "99999999999999984"),
            // A listed value is written as the device reads it.
            (#"{"type":"number","x-paysize-number":"Double","enum":[1.1,0.5]}"#, 3, 18, "1.1"),
        ])
    func doubleFigures(_ example: (String, Int, Int, String)) throws {
        let (schema, bound) = try Self.bound(example.0)
        #expect(bound.byteCount == example.1, "\(example.0)")
        #expect(bound.objcFigures.byteCount == example.2, "\(example.0)")
        #expect(bound.deviceByteCount == max(example.1, example.2), "\(example.0)")
        #expect(bound.deviceWriter == (example.1 > example.2 ? .swift : .objc), "\(example.0)")
        let witness = try #require(bound.objcFigures.witnessJSON)
        #expect(witness == example.3, "\(example.0)")
        #expect(schema.isValid(try JSONScanner.scan(Array(witness.utf8))), "\(example.0)")
        #expect(try Self.written(witness, float: false).utf8.count == example.2, "\(example.0): \(witness)")
    }

    @Test(
        "a Float is widened to Double and written with 17 digits",
        arguments: [
            // The greatest Float widened: 3.4028234663852886e+38, a two-digit exponent.
            (#"{"type":"number","x-paysize-number":"Float"}"#, 15, 23, "-3.4028234663852886e+38"),
            (
                #"{"type":"number","x-paysize-number":"Float","minimum":0,"maximum":1}"#, 14, 22,
                "0.00099999993108212948"
            ),
            (
                #"{"type":"number","x-paysize-number":"Float","minimum":-180,"maximum":180}"#, 15, 23,
                "-0.00099999993108212948"
            ),
            // The Float nearest 3.14 (3.1400001049041748) is above 3.14, and so is the one nearest
            // 0.1: sending the end itself gives it, so the witness sends the end.
            (#"{"type":"number","x-paysize-number":"Float","minimum":3.14,"maximum":3.14}"#, 4, 18, "3.14"),
            (#"{"type":"number","x-paysize-number":"Float","minimum":0.1,"maximum":0.1}"#, 3, 19, "0.1"),
        ])
    func floatFigures(_ example: (String, Int, Int, String)) throws {
        let (schema, bound) = try Self.bound(example.0)
        #expect(bound.byteCount == example.1, "\(example.0)")
        #expect(bound.objcFigures.byteCount == example.2, "\(example.0)")
        #expect(bound.deviceByteCount == example.2, "\(example.0)")
        #expect(bound.deviceWriter == .objc)
        let witness = try #require(bound.deviceWitnessJSON)
        #expect(witness == example.3, "\(example.0)")
        #expect(schema.isValid(try JSONScanner.scan(Array(witness.utf8))), "\(example.0)")
        #expect(try Self.written(witness, float: true).utf8.count == example.2, "\(example.0): \(witness)")
    }

    /// A `Date` under `.deferredToDate`, `.secondsSince1970` and `.millisecondsSince1970` is a
    /// `Double` the writer writes; `.iso8601` is a string. 700000000.1 seconds since 2001 is
    /// 1678307200.1 since 1970 (%.17g: 1678307200.0999999) and 1678307200100 milliseconds.
    /// From 700000000 to 800000000 seconds since 2001 the shortest text needs at most 16
    /// digits (799999999.9999999) where %.17g writes 17 (799999999.99999988); since 1970 both
    /// need 17 (1778307199.9999998, 1778307199999.9998).
    @Test(
        "a Date's seconds are written with 17 digits under each number strategy",
        arguments: [
            (WorstCaseBound.DateEncodingStrategy.deferredToDate, 11, 18, 17, 18),
            (.secondsSince1970, 12, 18, 18, 18),
            (.millisecondsSince1970, 13, 13, 18, 18),
            (.iso8601, 22, 22, 22, 22),
        ])
    func dateFigures(_ example: (WorstCaseBound.DateEncodingStrategy, Int, Int, Int, Int)) throws {
        let single = try Self.bound(
            #"{"type":"number","x-paysize-date":"reference-date","x-paysize-number":"Double","minimum":700000000.1,"maximum":700000000.1}"#,
            dates: example.0
        ).1
        #expect(single.byteCount == example.1)
        #expect(single.deviceByteCount == example.2)
        let years = try Self.bound(
            #"{"type":"number","x-paysize-date":"reference-date","x-paysize-number":"Double","minimum":700000000,"maximum":800000000}"#,
            dates: example.0
        ).1
        #expect(years.byteCount == example.3)
        #expect(years.deviceByteCount == example.4)
        if example.0 != .iso8601 {
            let witness = try #require(years.deviceWitnessJSON)
            #expect(try Self.written(witness, float: false).utf8.count == example.4)
        }
        // Any Date: 24 bytes either way, an ISO 8601 string too: Foundation writes no date past
        // 506713-02-07T00:00:00Z, 22 characters and the quotes.
        struct Stamped: Codable { var at: Date }
        let any = try WorstCaseBound(of: Stamped.self, dateEncodingStrategy: example.0)
        #expect(any.unbounded.isEmpty)
        #expect(any.deviceByteCount == 2 + 4 + 1 + 24)
        #expect(any.byteCount == any.deviceByteCount)
    }

    @Test(
        "integers, strings and Decimals are written alike by both writers",
        arguments: [
            #"{"type":"integer"}"#, #"{"type":"string","maxLength":3}"#,
            #"{"type":"number","x-paysize-number":"Decimal"}"#, #"{"enum":["a/b","\u0001"],"type":"string"}"#,
        ])
    func sameUnderBothWriters(_ schema: String) throws {
        let bound = try Self.bound(schema).1
        #expect(bound.objcFigures.byteCount == bound.byteCount)
        #expect(bound.objcFigures.witnessJSON == bound.witnessJSON)
        #expect(bound.deviceByteCount == bound.byteCount)
        #expect(bound.deviceWriter == .objc)
    }

    struct Readings: Codable {
        var label: String
        var values: [Float]
    }

    static let readingLimits: [String: SizeLimit] = ["/label": .maxLength(8), "/values": .maxItems(300)]

    /// {"label":<8 × 6 + 2>,"values":[300 numbers]}: 15 bytes a Float at its shortest
    /// (-1.17549435e-38), 23 at 17 digits (-3.4028234663852886e+38).
    @Test("the device writer choice picks the figure judged")
    func writerChoice() throws {
        let shell = 1 + 8 + 50 + 1 + 9 + 2 + 299 + 1
        let larger = try WorstCaseBound(of: Readings.self, limits: Self.readingLimits)
        #expect(larger.byteCount == shell + 300 * 15)
        #expect(larger.deviceByteCount == shell + 300 * 23)
        #expect(larger.deviceWriter == .objc)
        #expect(larger.printableDeviceByteCount == shell - 48 + 8 * 4 + 300 * 23)
        let swift = try WorstCaseBound(of: Readings.self, limits: Self.readingLimits, deviceWriter: .swift)
        #expect(swift.deviceByteCount == shell + 300 * 15)
        #expect(swift.deviceWriter == .swift)
        #expect(swift.deviceWitnessJSON == swift.witnessJSON)
        let objc = try WorstCaseBound(of: Readings.self, limits: Self.readingLimits, deviceWriter: .objc)
        #expect(objc.deviceByteCount == shell + 300 * 23)
        // Only the Objective-C writer: its count even where the Swift writer's is larger.
        let integral = try Self.bound(#"{"type":"number","minimum":1e16,"maximum":1e17}"#, writer: .objc).1
        #expect(integral.deviceByteCount == 17)
        #expect(integral.deviceWriter == .objc)
        #expect(try Self.bound(#"{"type":"number","minimum":1e16,"maximum":1e17}"#).1.deviceWriter == .swift)
    }

    /// 71 bytes and 24 a Float with its comma at 17 digits: 167 Floats fit 4096 bytes (4079),
    /// and at their shortest (16 bytes with the comma) 251 (4087).
    @Test("the cheapest fix brings the judged writer's count within the limit")
    func cheapestFixOnTheDevice() throws {
        let larger = try WorstCaseBound(of: Readings.self, limits: Self.readingLimits)
        #expect(larger.cheapestFix(toFit: 4096) == "lower maxItems at /values from 300 to 167")
        let swift = try WorstCaseBound(of: Readings.self, limits: Self.readingLimits, deviceWriter: .swift)
        #expect(swift.cheapestFix(toFit: 4096) == "lower maxItems at /values from 300 to 251")
        let fixed = try WorstCaseBound(
            of: Readings.self, limits: ["/label": .maxLength(8), "/values": .maxItems(167)])
        #expect(try #require(fixed.deviceByteCount) <= 4096)
        let oneMore = try WorstCaseBound(
            of: Readings.self, limits: ["/label": .maxLength(8), "/values": .maxItems(168)])
        #expect(try #require(oneMore.deviceByteCount) > 4096)
    }

    @Test("an unbounded type has no device figure and bounds the rest as the device writes it")
    func unboundedRest() throws {
        struct Open: Codable {
            var note: String
            var ratio: Float
        }
        let bound = try WorstCaseBound(of: Open.self)
        #expect(bound.deviceByteCount == nil)
        #expect(bound.deviceWitnessJSON == nil)
        // {"note":"","ratio":<Float>}
        #expect(bound.boundedRestByteCount == 1 + 7 + 2 + 1 + 8 + 15 + 1)
        #expect(bound.deviceBoundedRestByteCount == 1 + 7 + 2 + 1 + 8 + 23 + 1)
    }
}
