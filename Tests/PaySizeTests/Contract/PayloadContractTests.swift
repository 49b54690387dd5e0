import Foundation
import Testing

@_spi(Internals) @testable import PaySize

@Suite("Validating payloads against inferred schemas")
struct PayloadContractTests: ContractFixtureNames {
    typealias Support = ContractTestSupport

    static let delivery = PayloadContract(contentState: .infer(from: DeliveryState.self))

    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var state: String
        var expected: [String]
        var testDescription: String { name }
    }

    /// Each mistake, the finding it must produce (`path severity message`), and nothing else.
    static let deliveryCases: [Case] = [
        Case(
            name: "correct",
            state: #"{"status":"onTheWay","etaDate":786197700,"courierName":"Ana","stopsAway":2}"#, expected: []),
        Case(
            name: "optional sent as null",
            state: #"{"status":"onTheWay","etaDate":786197700,"courierName":"Ana","stopsAway":2,"note":null}"#,
            expected: []),
        Case(
            name: "integer written as 2.0",
            state: #"{"status":"onTheWay","etaDate":786197700,"courierName":"Ana","stopsAway":2.0}"#, expected: []),
        Case(
            name: "missing required key",
            state: #"{"status":"onTheWay","etaDate":786197700,"stopsAway":2}"#,
            expected: ["/aps/content-state/courierName dropped missing required key 'courierName'"]),
        Case(
            name: "snake_case key",
            state: #"{"status":"onTheWay","eta_date":786197700,"courierName":"Ana","stopsAway":2}"#,
            expected: [
                "/aps/content-state/etaDate dropped missing required key 'etaDate' (the payload has 'eta_date')",
                "/aps/content-state/eta_date suspicious unknown key 'eta_date' is ignored by the device; it looks like 'etaDate' in another case style",
            ]),
        Case(
            name: "wrong type",
            state: #"{"status":"onTheWay","etaDate":786197700,"courierName":"Ana","stopsAway":"2"}"#,
            expected: ["/aps/content-state/stopsAway dropped expected integer, found string '2'"]),
        Case(
            name: "fraction where an integer is expected",
            state: #"{"status":"onTheWay","etaDate":786197700,"courierName":"Ana","stopsAway":2.5}"#,
            expected: ["/aps/content-state/stopsAway dropped expected integer, found number 2.5"]),
        Case(
            name: "unknown enum value",
            state: #"{"status":"lost","etaDate":786197700,"courierName":"Ana","stopsAway":2}"#,
            expected: [
                "/aps/content-state/status dropped unknown value 'lost', expected one of 'preparing', 'pickedUp', 'onTheWay', 'delivered'"
            ]),
        Case(
            name: "Unix seconds in a Date",
            state: #"{"status":"onTheWay","etaDate":1764504900,"courierName":"Ana","stopsAway":2}"#,
            expected: [
                "/aps/content-state/etaDate suspicious a Date of 1764504900 looks like Unix seconds: the device shows 2056-11-30 instead of 2025-11-30, 978307200 s (~31 years) late"
            ]),
        Case(
            name: "Unix milliseconds in a Date",
            state: #"{"status":"onTheWay","etaDate":1764504900000,"courierName":"Ana","stopsAway":2}"#,
            expected: [
                "/aps/content-state/etaDate suspicious a Date of 1764504900000 looks like Unix milliseconds (2025-11-30); the device reads seconds since 2001-01-01"
            ]),
        Case(
            name: "ISO-8601 string in a Date",
            state: #"{"status":"onTheWay","etaDate":"2026-11-30T12:15:00Z","courierName":"Ana","stopsAway":2}"#,
            expected: [
                "/aps/content-state/etaDate dropped expected a Date as a number of seconds since 2001-01-01, found an ISO-8601 string '2026-11-30T12:15:00Z'"
            ]),
        Case(
            name: "unknown extra key",
            state: #"{"status":"onTheWay","etaDate":786197700,"courierName":"Ana","stopsAway":2,"tip":3}"#,
            expected: ["/aps/content-state/tip suspicious unknown key 'tip' is ignored by the device"]),
        Case(
            name: "null for a required key",
            state: #"{"status":"onTheWay","etaDate":786197700,"courierName":null,"stopsAway":2}"#,
            expected: ["/aps/content-state/courierName dropped expected string, found null"]),
    ]

    @Test("delivery payloads", arguments: deliveryCases)
    func deliveryPayloads(_ testCase: Case) throws {
        let findings = Self.delivery.findings(in: try Support.update(testCase.state))
        #expect(findings.map { "\($0.path) \($0.code?.description ?? "") \($0.message)" } == testCase.expected)
        #expect(findings.allSatisfy { !($0.fix ?? "").isEmpty && !($0.fix ?? ".").hasSuffix(".") })
    }

    @Test("every example state, encoded by the default encoder, produces no finding")
    func correctPayloadsPass() throws {
        let pairs: [(PayloadSchema, JSONElement)] = [
            (.infer(from: DeliveryState.self), try Support.element(Support.delivery)),
            (.infer(from: SportsScoreState.self), try Support.element(Support.sports)),
            (.infer(from: RideState.self), try Support.element(Support.ride)),
            (.infer(from: TimerState.self), try Support.element(Support.timer)),
            (.infer(from: FlightState.self), try Support.element(Support.flight)),
        ]
        for (schema, state) in pairs {
            #expect(schema.findings(in: state) == [])
        }
        let paused = TimerState(
            label: "Tea", endDate: Support.noon, pausedRemaining: 30, isPaused: true, laps: [:])
        #expect(PayloadSchema.infer(from: TimerState.self).findings(in: try Support.element(paused)) == [])
        let final = SportsScoreState(
            home: Support.sports.home, away: Support.sports.away, homeScore: 1, awayScore: 0, period: .final,
            recentPlays: [], possessionTeam: nil)
        #expect(PayloadSchema.infer(from: SportsScoreState.self).findings(in: try Support.element(final)) == [])
    }

    @Test("a server encoder's strategies are caught by the schema too")
    func serverStrategies() throws {
        let schema = PayloadSchema.infer(from: FlightState.self)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        let findings = schema.findings(in: try Support.element(Support.flight, encoder: encoder))
        #expect(findings.map(\.path) == [JSONPointer("arrives"), JSONPointer("departs")])
        #expect(findings.allSatisfy { $0.code == .suspicious })
    }

    @Test("enum with associated values: unknown case and two cases are dropped")
    func associatedValueEnum() throws {
        let schema = PayloadSchema.infer(from: SportsScoreState.self)
        var state = try Support.element(Support.sports)
        func with(period: String) throws -> JSONElement {
            let text = String(decoding: JSONDocumentWriter.write(state.removing("period")), as: UTF8.self)
            return try Support.json(String(text.dropLast(2)) + #", "period": \#(period)}"#)
        }
        let unknown = schema.findings(in: try with(period: #"{"halftime":{}}"#))
        #expect(
            unknown.map(\.message).first
                == "expected an object with exactly one of the keys 'pregame', 'quarter', 'overtime', 'final'")
        #expect(unknown.first?.path == JSONPointer("period"))
        #expect(unknown.first?.code == .dropped)
        // JSONDecoder refuses two case keys whatever their values.
        let two = schema.findings(in: try with(period: #"{"final":{},"pregame":{}}"#))
        #expect(
            two.map(\.message) == [
                "expected an object with exactly one of the keys 'pregame', 'quarter', 'overtime', 'final'"
            ])
        let wrongInside = schema.findings(in: try with(period: #"{"quarter":{"_0":"4","clock":"2:31"}}"#))
        #expect(
            wrongInside.map(\.description) == [
                "/period/quarter/_0: dropped: expected integer, found string '4'; fix: send an integer"
            ])
        state = state.setting("period", to: .object([("final", .object([]))]))
        #expect(schema.findings(in: state) == [])
    }

    @Test("nested paths: arrays, tuples and dictionaries")
    func nestedPaths() throws {
        let ride = PayloadSchema.infer(from: RideState.self)
        let state = try Support.element(Support.ride)
        let badPosition = state.setting("position", to: .array([.number("52.5"), .string("13.4")]))
        #expect(ride.findings(in: badPosition).map(\.path) == [JSONPointer(components: [.key("position"), .index(1)])])
        let shortPosition = state.setting("position", to: .array([.number("52.5")]))
        #expect(ride.findings(in: shortPosition).map(\.message) == ["array has 1 items, fewer than 2"])
        let timer = PayloadSchema.infer(from: TimerState.self)
        let badLap = try Support.element(Support.timer).setting("laps", to: .object([("first", .string("61s"))]))
        #expect(timer.findings(in: badLap).map(\.path) == [JSONPointer("laps", "first")])
        let sports = PayloadSchema.infer(from: SportsScoreState.self)
        let badPlay = try Support.element(Support.sports).setting(
            "recentPlays", to: .array([.object([("minute", .number("55")), ("text", .bool(true))])]))
        #expect(
            sports.findings(in: badPlay).map(\.path) == [
                JSONPointer(components: [.key("recentPlays"), .index(0), .key("text")])
            ])
    }

    @Test("start events check attributes; update events need content-state")
    func events() throws {
        struct Attributes: Codable { var orderNumber: String }
        let contract = PayloadContract(
            contentState: .infer(from: DeliveryState.self), attributes: .infer(from: Attributes.self))
        let start = try Support.json(
            #"{"aps":{"timestamp":1,"event":"start","attributes-type":"DeliveryAttributes","attributes":{"order_number":"A1"},"content-state":{"status":"preparing","etaDate":786197700,"courierName":"Ana","stopsAway":5},"alert":{"title":"t","body":"b"}}}"#
        )
        #expect(
            contract.findings(in: start).map(\.description) == [
                "/aps/attributes/orderNumber: dropped: missing required key 'orderNumber' (the payload has 'order_number'); fix: send 'orderNumber' exactly as the app's CodingKeys spell it: do not use .convertToSnakeCase",
                "/aps/attributes/order_number: suspicious: unknown key 'order_number' is ignored by the device; it looks like 'orderNumber' in another case style; fix: send 'orderNumber' as the app's CodingKeys spell it: do not use .convertToSnakeCase",
            ])
        let noState = try Support.json(#"{"aps":{"timestamp":1,"event":"update"}}"#)
        #expect(contract.findings(in: noState).map(\.path) == [JSONPointer("aps", "content-state")])
        let end = try Support.json(#"{"aps":{"timestamp":1,"event":"end","dismissal-date":2}}"#)
        #expect(contract.findings(in: end) == [])
        #expect(
            try contract.findings(
                inJSONBytes: Array(
                    #"{"aps":{"event":"update","content-state":{"status":"preparing","etaDate":1,"courierName":"A","stopsAway":1}}}"#
                        .utf8)) == [])
    }

    @Test("a payload held as Data is checked as its bytes")
    func dataPayload() throws {
        let text =
            #"{"aps":{"event":"update","content-state":{"status":"gone","etaDate":1,"courierName":"A","stopsAway":1}}}"#
        let fromData = try Self.delivery.findings(inJSONBytes: Data(text.utf8))
        #expect(fromData == (try Self.delivery.findings(inJSONBytes: Array(text.utf8))))
        #expect(fromData.map(\.path) == [JSONPointer("aps", "content-state", "status")])
        #expect(throws: JSONScanError.self) { try Self.delivery.findings(inJSONBytes: Data("{".utf8)) }
    }

    @Test("a recursive schema validates through $ref")
    func recursive() throws {
        let schema = PayloadSchema.infer(from: CommentThread.self)
        let good = try Support.json(#"{"text":"a","replies":[{"text":"b","replies":[]}]}"#)
        #expect(schema.findings(in: good) == [])
        let bad = try Support.json(#"{"text":"a","replies":[{"text":"b","replies":[{"text":1,"replies":[]}]}]}"#)
        #expect(
            schema.findings(in: bad).map(\.path) == [
                JSONPointer(components: [.key("replies"), .index(0), .key("replies"), .index(0), .key("text")])
            ])
    }

    @Test("findings carry the byte offset of what they are about")
    func byteOffsets() throws {
        let text =
            #"{"aps":{"event":"update","content-state":{"status":"gone","eta_date":1,"courierName":"A","stopsAway":1}}}"#
        let bytes = Array(text.utf8)
        let findings = try Self.delivery.findings(inJSONBytes: bytes)
        func offset(of fragment: String) -> Int? {
            text.range(of: fragment).map { text.utf8.distance(from: text.startIndex, to: $0.lowerBound) }
        }
        #expect(
            findings.map(\.path.description) == [
                "/aps/content-state/etaDate", "/aps/content-state/status", "/aps/content-state/eta_date",
            ])
        #expect(
            findings.map(\.byteOffset) == [
                offset(of: #"{"status""#), offset(of: #""gone""#), offset(of: #""eta_date""#),
            ])
    }
}
