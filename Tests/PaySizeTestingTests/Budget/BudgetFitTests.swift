import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

@Suite("Fits the budget")
struct BudgetFitTests {
    static let attributes = FlightAttributes(airline: "Lufthansa", route: "Frankfurt → New York JFK")
    /// 3884 bytes: notes 1210, legs 2588.
    static let large = FlightState.sized(notesLength: 1200, legCount: 60)
    /// 290 bytes.
    static let small = FlightState.sized(notesLength: 100, legCount: 2)
    static let measurement =
        "measured as: PayloadEncoder with JSONEncoder's default strategies (as the device encodes), compact, by the larger of the swift and objc writers; ActivityKit limit on attributes + content state; tiers are advisory"

    @Test("the measured sizes are JSONEncoder's byte counts")
    func sizesAreFoundations() throws {
        let encoder = JSONEncoder()
        #expect(try encoder.encode(Self.large).count == 3884)
        #expect(try encoder.encode(Self.attributes).count == 60)
        #expect(BudgetFit(contentState: Self.large).byteCount == 3884)
        #expect(BudgetFit(attributes: Self.attributes, contentState: Self.large).byteCount == 3944)
        #expect(BudgetFit(contentState: Self.small).byteCount == 290)
    }

    @Test("a state within its ceiling passes, with its tier and headroom")
    func passes() {
        let fit = expectFits(Self.attributes, Self.small, within: .safe)
        #expect(fit.fits)
        #expect(fit.byteCount == 350)
        #expect(fit.tier == .safe)
        #expect(fit.headroom == 3746)
        #expect(fit.largestFields.isEmpty)
        #expect(fit.failureMessage == nil)
        #expect(expectFits(contentState: Self.large).isPassing)
        #expect(expectFits(Self.attributes, Self.large, within: .critical).isPassing)
        #expect(expectFits(contentState: Self.large, within: 3884).isPassing)
    }

    @Test("ceilings: the top byte of each tier, byte counts, other budgets")
    func ceilings() throws {
        #expect(SizeCeiling.safe.maximumByteCount == 2047)
        #expect(SizeCeiling.monitor.maximumByteCount == 3071)
        #expect(SizeCeiling.risky.maximumByteCount == 3583)
        #expect(SizeCeiling.critical.maximumByteCount == 4096)
        #expect(SizeCeiling.tier(.over).maximumByteCount == .max)
        #expect(SizeCeiling.tier(.critical, of: .broadcast).maximumByteCount == 5120)
        #expect(SizeCeiling.tier(.risky, of: .broadcast).maximumByteCount == 4479)
        let literal: SizeCeiling = 1500
        #expect(literal == .bytes(1500))
        #expect(literal.tier == nil)
        #expect(literal.description == "the allowed 1500 bytes")
        #expect(SizeCeiling.monitor.description == "the 'monitor' tier (at most 3071 bytes)")
        let custom = try PayloadBudget(
            limit: 3000, monitorThreshold: 1000, riskyThreshold: 2000, criticalThreshold: 2500)
        #expect(SizeCeiling.tier(.monitor, of: custom).maximumByteCount == 1999)
        // One byte over the top of a tier fails; the top itself fits.
        #expect(BudgetFit(contentState: Self.large, within: 3884).fits)
        #expect(!BudgetFit(contentState: Self.large, within: 3883).fits)
    }

    @Test("a content state over its tier: size, ceiling, tier, headroom, largest fields, measurement")
    func contentStateOverTier() {
        let expected = """
            the content state is 3884 bytes, 813 over the 'monitor' tier (at most 3071 bytes)
            tier critical (advisory), 212 bytes of headroom under the 4096-byte limit
            largest fields: /legs/* 2579 bytes in 60 values, /notes 1211 bytes, /departureDate 25 bytes
            best shrinking suggestion: shorter CodingKeys for 6 keys at (root): saves 38 bytes (3884 → 3846, critical); app change
            \(Self.measurement)
            """
        let line = #line + 2
        withKnownIssue {
            let fit = expectFits(contentState: Self.large, within: .monitor)
            #expect(fit.failureMessage == expected)
            #expect(fit.tier == .critical)
            #expect(fit.headroom == 212)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected] && issue.sourceLocation?.line == line
                && issue.sourceLocation?.fileName == "BudgetFitTests.swift"
        }
    }

    @Test("attributes + content state over a tier name each field's part")
    func activityOverTier() {
        let expected = """
            attributes + content state are 3944 bytes, 361 over the 'risky' tier (at most 3583 bytes)
            tier critical (advisory), 152 bytes of headroom under the 4096-byte limit
            largest fields: /content-state/legs/* 2579 bytes in 60 values, /content-state/notes 1211 bytes, /attributes/route 37 bytes
            best shrinking suggestion: shorter CodingKeys for 6 keys at /content-state: saves 38 bytes (3944 → 3906, critical); app change
            \(Self.measurement)
            """
        withKnownIssue {
            expectFits(Self.attributes, Self.large, within: .risky)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [expected]
        }
    }

    @Test("over the limit itself, the headroom is negative")
    func overTheLimit() {
        let state = FlightState.sized(notesLength: 1400, legCount: 60)
        let fit = BudgetFit(attributes: Self.attributes, contentState: state)
        #expect(fit.byteCount == 4144)
        #expect(fit.tier == .over)
        #expect(fit.headroom == -48)
        #expect(
            fit.failureMessage == """
                attributes + content state are 4144 bytes, 48 over ActivityKit's 4096-byte limit
                tier over (advisory), 48 bytes over the 4096-byte limit
                largest fields: /content-state/legs/* 2579 bytes in 60 values, /content-state/notes 1411 bytes, /attributes/route 37 bytes
                best shrinking suggestion: shorter CodingKeys for 6 keys at /content-state: saves 38 bytes (4144 → 4106, over); app change
                \(Self.measurement)
                """)
    }

    @Test("a byte ceiling against the broadcast budget")
    func byteCeilingBroadcast() {
        let fit = BudgetFit(contentState: Self.large, within: .bytes(3000, budget: .broadcast))
        #expect(
            fit.failureMessage == """
                the content state is 3884 bytes, 884 over the allowed 3000 bytes
                tier risky (advisory), 1236 bytes of headroom under the 5120-byte limit
                largest fields: /legs/* 2579 bytes in 60 values, /notes 1211 bytes, /departureDate 25 bytes
                best shrinking suggestion: shorter CodingKeys for 6 keys at (root): saves 38 bytes (3884 → 3846, risky); app change
                \(Self.measurement)
                """)
    }

    @Test("a pretty-printed payload is judged by its compact size; fields are named by their payload path")
    func payloadData() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        let state = String(decoding: try encoder.encode(Self.large), as: UTF8.self)
        let compact =
            #"{"aps":{"timestamp":1764504000,"event":"update","content-state":\#(state),"alert":{"title":"Delayed","body":"New departure 13:20"}}}"#
        let pretty = """
            {
              "aps" : {
                "timestamp" : 1764504000,
                "event" : "update",
                "content-state" : \(state),
                "alert" : { "title" : "Delayed", "body" : "New departure 13:20" }
              }
            }
            """
        #expect(Array(compact.utf8).count == 4007)
        let fit = BudgetFit(payload: Data(pretty.utf8), within: .risky)
        #expect(fit.byteCount == 4007)
        #expect(
            fit.failureMessage == """
                the payload is 4007 bytes, 424 over the 'risky' tier (at most 3583 bytes)
                tier critical (advisory), 89 bytes of headroom under the 4096-byte limit
                largest fields: /aps/content-state/legs/* 2579 bytes in 60 values, /aps/content-state/notes 1211 bytes, /aps/alert/body 29 bytes
                best shrinking suggestion: shorter CodingKeys for 6 keys at /aps/content-state: saves 38 bytes (4007 → 3969, critical); app change
                measured as: compact JSON: whitespace outside strings removed, every token kept as written, and the content state as the device writes it, by the larger of the swift and objc writers; tiers are advisory
                """)
        withKnownIssue {
            expectFits(payload: Data(pretty.utf8), within: .risky)
        } matching: { issue in
            issue.comments.map(\.rawValue) == [fit.failureMessage!]
        }
        #expect(expectFits(payload: Data(compact.utf8)).byteCount == 4007)
    }

    @Test("a push is measured by the exact body it sends, whatever its own budget")
    func push() throws {
        var push = LiveActivityPush<FlightState, Never>.update(
            contentState: FlightState.sized(notesLength: 1400, legCount: 60), timestamp: noon)
        push.budget = .broadcast
        let fit = BudgetFit(push: push)
        #expect(fit.byteCount == 4150)
        #expect(try push.encoded().bytes.count == 4150)
        #expect(
            fit.failureMessage == """
                the payload is 4150 bytes, 54 over APNs' 4096-byte limit
                tier over (advisory), 54 bytes over the 4096-byte limit
                largest fields: /aps/content-state/legs/* 2579 bytes in 60 values, /aps/content-state/notes 1411 bytes, /aps/content-state/departureDate 26 bytes
                best shrinking suggestion: shorter CodingKeys for 6 keys at /aps/content-state: saves 38 bytes (4150 → 4112, over); app change
                measured as: compact JSON: whitespace outside strings removed, every token kept as written, and the content state as the device writes it, by the larger of the swift and objc writers; tiers are advisory
                """)
        #expect(expectFits(push, within: .tier(.critical, of: .broadcast)).isPassing)
    }

    @Test("a push that breaks a rule cannot be sent, so it does not fit")
    func pushBreakingARule() throws {
        let start = LiveActivityPush<FlightState, FlightAttributes>(
            event: .start, timestamp: noon, contentState: Self.small, attributes: Self.attributes)
        let error = try #require(throws: LiveActivityPushError.self) { try start.encoded() }
        let fit = BudgetFit(push: start)
        #expect(fit.byteCount == nil)
        #expect(!fit.fits)
        #expect(fit.failureMessage == "the push cannot be sent: \(error)")
    }

    @Test("a value that cannot be encoded, and a payload that is not JSON, say so")
    func unmeasurable() throws {
        #expect(
            BudgetFit(contentState: GaugeState(reading: .nan, unit: "bar")).failureMessage
                == "cannot encode the content state: unable to encode Double.nan directly in JSON (at /reading)")
        #expect(
            BudgetFit(attributes: Self.attributes, contentState: [GaugeState(reading: .infinity, unit: "bar")])
                .failureMessage
                == "cannot encode attributes + content state: unable to encode Double.inf directly in JSON (at /0/reading)"
        )
        let bytes = Array(#"{"aps": {"event": "update",}}"#.utf8)
        let error = try #require(throws: JSONScanError.self) { try JSONScanner.scan(bytes) }
        #expect(BudgetFit(payload: bytes).failureMessage == "the payload is not JSON: \(error)")
    }

    @Test("largest fields: the three largest rows of the breakdown, ties in document order")
    func largestFields() {
        struct Even: Codable {
            var a = "xxxx"
            var b = "yyyy"
            var c = "zzzzzz"
            var d = "wwww"
        }
        // Each row holds its key, colon and value, and the comma before it (`a` has none).
        let fit = BudgetFit(contentState: Even(), within: 10)
        #expect(fit.largestFields.map(\.description) == ["/c 13 bytes", "/b 11 bytes", "/d 11 bytes"])
        // The path is the codebase's one place type, the one WorstCaseBound's breakdown names.
        #expect(fit.largestFields.map(\.path) == [JSONPointer("c"), JSONPointer("b"), JSONPointer("d")])
        let scalar = BudgetFit(contentState: String(repeating: "s", count: 20), within: 10)
        #expect(
            scalar.failureMessage == """
                the content state is 22 bytes, 12 over the allowed 10 bytes
                tier safe (advisory), 4074 bytes of headroom under the 4096-byte limit
                largest fields: (root) 22 bytes
                \(Self.measurement)
                """)
    }

    /// Only `Encodable`, as a server-side type may be: measured from its JSON alone. Twelve equal
    /// names in one payload are no closed set, so no enum is suggested.
    struct Banner: Encodable {
        var headline = String(repeating: "h", count: 30)
        var items = [String](repeating: "Margherita", count: 12)
    }

    @Test("a value that is only Encodable is broken down and advised on from its JSON")
    func encodableOnly() {
        #expect(
            BudgetFit(contentState: Banner(), within: 100).failureMessage == """
                the content state is 211 bytes, 111 over the allowed 100 bytes
                tier safe (advisory), 3885 bytes of headroom under the 4096-byte limit
                largest fields: /items/* 155 bytes in 12 values, /headline 43 bytes, /items 11 bytes
                best shrinking suggestion: shorter CodingKeys for 2 keys at (root): saves 11 bytes (211 → 200, safe); app change
                \(Self.measurement)
                """)
        #expect(
            BudgetFit(attributes: Banner(), contentState: Banner(), within: .safe).isPassing)
    }

    /// The README's example: a flight whose legs outgrew the monitor tier.
    struct TripAttributes: Codable, Hashable {
        var flightNumber: String
        var route: String
    }

    struct TripState: Codable, Hashable {
        struct Leg: Codable, Hashable {
            var departureAirport: String
            var arrivalAirport: String
            var departureGate: String
            var scheduledDeparture: Date
            var estimatedDeparture: Date
            var statusDescription: String
        }

        var legs: [Leg]
        var lastUpdated: Date
    }

    /// The flight of the README and the documentation: 20 legs, checked against the monitor tier.
    static func flightOverMonitor() -> BudgetFit {
        let legs = (0..<20).map { index in
            TripState.Leg(
                departureAirport: "FRA", arrivalAirport: "JFK", departureGate: "B\(40 + index)",
                scheduledDeparture: noon, estimatedDeparture: noon.addingTimeInterval(900),
                statusDescription: index.isMultiple(of: 2) ? "On time" : "Delayed")
        }
        return BudgetFit(
            attributes: TripAttributes(flightNumber: "LH 400", route: "Frankfurt → New York"),
            contentState: TripState(legs: legs, lastUpdated: noon), within: .monitor)
    }

    @Test("the failure message the README quotes, captured from a run of an app's test")
    func readmeMessage() {
        let fit = Self.flightOverMonitor()
        // Re-pinned for the columnar form: 20 legs of six scalar members, their dates the same
        // in every leg, save more as columns (lossless) than with shorter keys, at the same cost.
        #expect(
            fit.failureMessage == """
                attributes + content state are 3372 bytes, 301 over the 'monitor' tier (at most 3071 bytes)
                tier risky (advisory), 724 bytes of headroom under the 4096-byte limit
                largest fields: /content-state/legs/*/estimatedDeparture 620 bytes in 20 values, /content-state/legs/*/scheduledDeparture 620 bytes in 20 values, /content-state/legs/*/statusDescription 600 bytes in 20 values
                best shrinking suggestion: columns for the 20 records at /content-state/legs: 'estimatedDeparture', 'scheduledDeparture' as a start and a step of 0 (the same in every record); 'arrivalAirport', 'departureAirport', 'departureGate', 'statusDescription' as arrays: saves 2529 bytes (3372 → 843, safe); app change
                \(Self.measurement)
                """)
    }
}
