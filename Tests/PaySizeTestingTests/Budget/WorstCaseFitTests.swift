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
                'WorstCaseFitTests.OrderState' can encode to 3346 bytes, over the 'monitor' tier (at most 3071 bytes)
                worst path: /items/*/name (×12, 2904 bytes)
                cheapest fix: lower maxLength at /items/*/name from 40 to 36
                printable text only: 2346 bytes
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
                the rest: at most 76 bytes with each unbounded place at its shortest
                """)
        // {"title":"","items":[{"name":"","quantity":255},{"name":"","quantity":255}]}
        #expect(fit.bound?.boundedRestByteCount == 1 + 8 + 2 + 1 + 8 + (2 + 2 * 26 + 1) + 1)
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
