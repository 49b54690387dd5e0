import Foundation
import PaySize
import Testing

@Suite struct LiveActivityPushTests {
    struct DeliveryAttributes: Codable, Equatable {
        var orderNumber: String
        var restaurant: String
    }

    struct DeliveryState: Codable, Equatable {
        enum Status: String, Codable { case preparing, onTheWay, delivered }
        var status: Status
        var courier: String
        var eta: Date
        var note: String?
    }

    /// What the device and a server-side reader see: the `aps` keys, decoded by Foundation.
    struct Body<State: Decodable, Attributes: Decodable>: Decodable {
        struct APS: Decodable {
            var timestamp: Int
            var event: String
            var contentState: State?
            var attributesType: String?
            var attributes: Attributes?
            var staleDate: Int?
            var dismissalDate: Int?
            var relevanceScore: Double?
            var inputPushToken: Int?

            enum CodingKeys: String, CodingKey {
                case timestamp, event, attributes
                case contentState = "content-state"
                case attributesType = "attributes-type"
                case staleDate = "stale-date"
                case dismissalDate = "dismissal-date"
                case relevanceScore = "relevance-score"
                case inputPushToken = "input-push-token"
            }
        }
        var aps: APS
    }

    static let now = Date(timeIntervalSince1970: 1_764_500_400.75)
    static let eta = Date(timeIntervalSince1970: 1_764_502_200.5)
    static let state = DeliveryState(status: .onTheWay, courier: "Sam", eta: eta, note: "Ring twice / leave at door")
    static let attributes = DeliveryAttributes(orderNumber: "A-20391", restaurant: "Luigi's")

    static func decode(_ encoded: EncodedLiveActivityPush) throws -> Body<DeliveryState, DeliveryAttributes>.APS {
        // Default JSONDecoder strategies, as the device decodes content-state and attributes.
        try JSONDecoder().decode(Body<DeliveryState, DeliveryAttributes>.self, from: Data(encoded.bytes)).aps
    }

    @Test func startRoundTripsWithBothEpochs() throws {
        let alert = LiveActivityAlert(
            title: "Order confirmed", body: .localized(key: "order.body", arguments: ["Luigi's"]), sound: "default")
        var push = LiveActivityPush.start(
            attributes: Self.attributes, contentState: Self.state, alert: alert, timestamp: Self.now,
            staleDate: Self.eta, relevanceScore: 75)
        push.requestsPushToken = true
        let encoded = try push.encoded()
        let aps = try Self.decode(encoded)
        #expect(aps.event == "start")
        #expect(aps.timestamp == 1_764_500_400)
        #expect(aps.staleDate == 1_764_502_200)
        #expect(aps.contentState == Self.state)
        #expect(aps.attributes == Self.attributes)
        #expect(aps.attributesType == "DeliveryAttributes")
        #expect(aps.relevanceScore == 75)
        #expect(aps.inputPushToken == 1)
        // The content state's Date counts from 2001 (the device's default), not 1970.
        let text = String(decoding: encoded.bytes, as: UTF8.self)
        #expect(text.contains(#""eta":\#(Self.eta.timeIntervalSinceReferenceDate)"#))
        #expect(text.hasPrefix(#"{"aps":{"timestamp":1764500400,"event":"start","content-state":{"#))
        #expect(
            text.contains(
                #""alert":{"title":"Order confirmed","body":{"loc-key":"order.body","loc-args":["Luigi's"]},"sound":"default"}"#
            ))
        #expect(text.contains(#""note":"Ring twice \/ leave at door""#))
    }

    @Test func updateAndEndRoundTrip() throws {
        let update = try LiveActivityPush<DeliveryState, Never>.update(
            contentState: Self.state, timestamp: Self.now, staleDate: Self.eta
        ).encoded()
        let updateAPS = try Self.decode(update)
        #expect(updateAPS.event == "update")
        #expect(updateAPS.contentState == Self.state)
        #expect(updateAPS.staleDate == 1_764_502_200)
        #expect(updateAPS.attributes == nil)
        #expect(update.report.attributesByteCount == nil)

        var final = Self.state
        final.status = .delivered
        let end = try LiveActivityPush<DeliveryState, Never>.end(
            contentState: final, timestamp: Self.now, dismissalDate: Self.eta
        ).encoded()
        let endAPS = try Self.decode(end)
        #expect(endAPS.event == "end")
        #expect(endAPS.contentState == final)
        #expect(endAPS.dismissalDate == 1_764_502_200)
    }

    @Test func bytesMeasureAsPaysizeCheckMeasuresThem() throws {
        let alert = LiveActivityAlert(title: "T", body: "B")
        let encoded = try LiveActivityPush.start(
            attributes: Self.attributes, contentState: Self.state, alert: alert, timestamp: Self.now
        ).encoded()
        let checked = try PayloadChecker().check(encoded.bytes)
        #expect(checked.findings == [])
        #expect(checked.payloadByteCount == encoded.bytes.count)
        #expect(encoded.report.payloadByteCount == checked.payloadByteCount)
        #expect(encoded.report.contentStateByteCount == checked.contentStateByteCount)
        #expect(encoded.report.attributesByteCount == checked.attributesByteCount)
        #expect(encoded.report.activityKitByteCount == checked.activityKitByteCount)
        #expect(try encoded.report.contentStateByteCount == JSONEncoder().encode(Self.state).count)
    }

    /// An update whose body is exactly `byteCount` bytes.
    static func update(ofByteCount byteCount: Int, budget: PayloadBudget = PayloadBudget()) throws -> LiveActivityPush<
        [String: String], Never
    > {
        var push = LiveActivityPush<[String: String], Never>.update(contentState: ["pad": ""], timestamp: now)
        push.budget = budget
        let base = try push.encoded().bytes.count
        push.contentState = ["pad": String(repeating: "x", count: byteCount - base)]
        return push
    }

    @Test func exactly4096PassesAnd4097Fails() throws {
        let at = try Self.update(ofByteCount: 4096).encoded()
        #expect(at.bytes.count == 4096)
        #expect(at.report.tier == .critical)
        #expect(at.report.headroom == 0)
        do {
            _ = try Self.update(ofByteCount: 4097).encoded()
            Issue.record("4097 bytes must be refused")
        } catch let error as LiveActivityPushError {
            #expect(error.isOverLimit)
            #expect(error.report.payloadByteCount == 4097)
            #expect(error.report.tier == .over)
            #expect(
                error.description
                    == "the payload is 4097 bytes, over the 4096-byte limit by 1 (APNs answers 413 PayloadTooLarge)")
        }
        #expect(try Self.update(ofByteCount: 5120, budget: .broadcast).encoded().bytes.count == 5120)
        #expect(throws: LiveActivityPushError.self) { try Self.update(ofByteCount: 5121, budget: .broadcast).encoded() }
    }

    static func violation<S, A>(_ push: LiveActivityPush<S, A>) -> String? {
        do {
            _ = try push.encoded()
            return nil
        } catch let error as LiveActivityPushError {
            #expect(error.report.findings.first?.message == error.description)
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test func everyRuleViolationNamesTheRule() {
        var start = LiveActivityPush<DeliveryState, DeliveryAttributes>(
            event: .start, timestamp: Self.now, contentState: Self.state, attributes: Self.attributes)
        start.attributesType = "DeliveryAttributes"
        #expect(
            Self.violation(start)
                == "a start event requires 'alert' (APNs accepts a start without it, but the device drops it)")
        start.alert = LiveActivityAlert(title: "T", body: "B")
        start.attributes = nil
        #expect(Self.violation(start) == "a start event requires 'attributes'")
        start.attributes = Self.attributes
        start.attributesType = nil
        #expect(Self.violation(start) == "a start event requires 'attributes-type'")
        start.attributesType = "DeliveryAttributes"
        start.dismissalDate = Self.eta
        #expect(Self.violation(start) == "'dismissal-date' is only allowed on an end event, found on start")

        var update = LiveActivityPush<DeliveryState, Never>.update(contentState: Self.state, timestamp: Self.now)
        update.dismissalDate = Self.eta
        #expect(Self.violation(update) == "'dismissal-date' is only allowed on an end event, found on update")
        update.dismissalDate = nil
        update.contentState = nil
        #expect(Self.violation(update) == "an update event requires 'content-state'")
        update.contentState = Self.state
        update.requestsPushToken = true
        #expect(Self.violation(update) == "'input-push-token' is only used on a start event; it is ignored on update")
        update.requestsPushToken = false
        update.timestamp = Date(timeIntervalSince1970: -1)
        #expect(Self.violation(update) == "'timestamp' must be a date after 1970-01-01 (integer seconds since 1970)")
    }

    @Test func headers() {
        let push = LiveActivityPush<DeliveryState, Never>.update(contentState: Self.state)
        let headers = push.headers(bundleIdentifier: "com.example.Deliveries")
        #expect(
            headers.fields.map { "\($0.name): \($0.value)" } == [
                "apns-push-type: liveactivity", "apns-topic: com.example.Deliveries.push-type.liveactivity",
                "apns-priority: 10",
            ])
        #expect(push.headers(bundleIdentifier: "a.b", priority: .conservesPower).fields.last?.value == "5")
    }

    @Test func activitySizeReportMatchesFoundationSizes() throws {
        let report = try ActivitySizeReport(attributes: Self.attributes, contentState: Self.state)
        let attributes = try JSONEncoder().encode(Self.attributes).count
        let state = try JSONEncoder().encode(Self.state).count
        #expect(report.attributesByteCount == attributes)
        #expect(report.contentStateByteCount == state)
        #expect(report.byteCount == attributes + state)
        #expect(report.headroom == 4096 - attributes - state)
        #expect(report.tier == .safe)
        #expect(try ActivitySizeReport(contentState: Self.state).byteCount == state)
    }
}
