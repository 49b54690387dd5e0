import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

@Suite("Fits at the worst case")
struct WorstCaseFitTests {
    struct OrderState: Codable {
        struct Item: Codable {
            var name: String
            var quantity: UInt8
        }
        var title: String
        var items: [Item]
    }

    static let limits: [String: SizeLimit] = [
        "/title": .maxLength(20), "/items": .maxItems(12), "/items/*/name": .maxLength(40),
    ]

    @Test("a bounded state within its ceiling passes")
    func passes() throws {
        let fit = expectWorstCaseFits(OrderState.self, limits: Self.limits)
        // {"title":<20 × 6 + 2>,"items":[12 × {"name":<40 × 6 + 2>,"quantity":255} (266 bytes)]}
        #expect(fit.bound?.byteCount == 1 + 8 + 122 + 1 + 8 + (2 + 12 * 266 + 11) + 1)
        #expect(fit.failureMessage == nil)
    }

    @Test("over the ceiling names the worst path, the bound, the ceiling and the cheapest fix")
    func failsWithTheFix() {
        let fit = WorstCaseFit(OrderState.self, limits: Self.limits, within: .monitor)
        #expect(
            fit.failureMessage == """
                'WorstCaseFitTests.OrderState' can encode to 3346 bytes as the device writes it (objc writer; 3346 by the swift writer), over the 'monitor' tier (at most 3071 bytes)
                worst path: /items/*/name (×12, 2904 bytes)
                cheapest fix: lower maxLength at /items/*/name from 40 to 36
                printable text only: 2346 bytes (objc writer; 2346 by the swift writer)
                """)
    }

    @Test("an unbounded state names each place and its fix")
    func unbounded() {
        let fit = WorstCaseFit(OrderState.self, limits: ["/items": .maxItems(2)])
        #expect(
            fit.failureMessage == """
                'WorstCaseFitTests.OrderState' has no worst-case bound: 2 unbounded
                /title: a string without maxLength; add maxLength to /title
                /items/*/name: a string without maxLength; add maxLength to /items/*/name
                the rest: at most 76 bytes as the device writes it (objc writer; 76 by the swift writer) with each unbounded place at its shortest
                """)
        // {"title":"","items":[{"name":"","quantity":255},{"name":"","quantity":255}]}
        #expect(fit.bound?.boundedRestByteCount == 1 + 8 + 2 + 1 + 8 + (2 + 2 * 26 + 1) + 1)
    }

    struct Sensor: Codable {
        var name: String
        var readings: [Float]
    }

    static let sensorLimits: [String: SizeLimit] = ["/name": .maxLength(10), "/readings": .maxItems(150)]

    /// {"name":<10 × 6 + 2>,"readings":[150 Floats]}: 84 bytes and 24 a Float with its comma at
    /// 17 digits (-3.4028234663852886e+38), 16 at its shortest (-1.17549435e-38).
    @Test("the larger writer is judged by default and the message names both figures")
    func judgesTheLargerWriter() {
        let fit = WorstCaseFit(Sensor.self, limits: Self.sensorLimits, within: .monitor)
        #expect(fit.bound?.byteCount == 84 + 150 * 16)
        #expect(fit.bound?.deviceByteCount == 84 + 150 * 24)
        #expect(
            fit.failureMessage == """
                'WorstCaseFitTests.Sensor' can encode to 3684 bytes as the device writes it (objc writer; 2484 by the swift writer), over the 'monitor' tier (at most 3071 bytes)
                worst path: /readings/* (×150, 3450 bytes)
                cheapest fix: lower maxItems at /readings from 150 to 124
                printable text only: 3664 bytes (objc writer; 2464 by the swift writer)
                """)
    }

    @Test("a budget naming the Swift writer judges its figure alone")
    func budgetNamesTheSwiftWriter() {
        var budget = PayloadBudget()
        budget.deviceWriter = .swift
        let fit = WorstCaseFit(Sensor.self, limits: Self.sensorLimits, within: .tier(.monitor, of: budget))
        #expect(fit.bound?.deviceByteCount == 2484)
        #expect(fit.failureMessage == nil)
        let tight = WorstCaseFit(Sensor.self, limits: Self.sensorLimits, within: .bytes(2400, budget: budget))
        #expect(
            tight.failureMessage == """
                'WorstCaseFitTests.Sensor' can encode to 2484 bytes as the device writes it (swift writer; 3684 by the objc writer), over the allowed 2400 bytes
                worst path: /readings/* (×150, 2250 bytes)
                cheapest fix: lower maxItems at /readings from 150 to 144
                printable text only: 2464 bytes (swift writer; 3664 by the objc writer)
                """)
    }

    @Test("a pointer naming no member fails loudly")
    func renamedMember() {
        let fit = WorstCaseFit(OrderState.self, limits: ["/items/*/title": .maxLength(3)])
        #expect(
            fit.failureMessage
                == "'WorstCaseFitTests.OrderState': limit pointer '/items/*/title' names no member of 'OrderState': no member 'title' at '/items/*'"
        )
        let wrongKind = WorstCaseFit(OrderState.self, limits: ["/items": .maxLength(3)])
        #expect(
            wrongKind.failureMessage
                == "'WorstCaseFitTests.OrderState': limit 'maxLength' at '/items' of 'OrderState' applies to strings, found array"
        )
    }
}
