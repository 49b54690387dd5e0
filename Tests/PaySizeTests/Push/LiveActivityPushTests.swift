import Foundation
@_spi(Internals) import PaySize
import Testing

@Suite("LiveActivityPush") struct LiveActivityPushTests {
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

    @Test("start round-trips with both epochs") func startRoundTripsWithBothEpochs() throws {
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

    @Test("update and end round trip") func updateAndEndRoundTrip() throws {
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

    @Test("bytes measure as paysize check measures them") func bytesMeasureAsPaysizeCheckMeasuresThem() throws {
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
        // The device's figures, measured on the body's text without a tree, are the checker's.
        #expect(encoded.report.device == checked.device)
        // Attributes 48 bytes and content state 92, the same by both writers (786195000.5 is short).
        #expect(encoded.report.deviceActivityKitByteCount == 48 + 92)
        #expect(encoded.report == checked)
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

    @Test("exactly 4096 passes and 4097 fails") func exactly4096PassesAnd4097Fails() throws {
        let at = try Self.update(ofByteCount: 4096).encoded()
        #expect(at.bytes.count == 4096)
        #expect(at.report.tier == .critical)
        #expect(at.report.headroom == 0)
        do {
            _ = try Self.update(ofByteCount: 4097).encoded()
            Issue.record("4097 bytes must be refused")
        } catch let error as LiveActivityPushError {
            #expect(error.violations.contains { $0.code == .overLimit })
            #expect(error.report.payloadByteCount == 4097)
            #expect(error.report.tier == .over)
            // The over-limit message quotes the best lossless shrinking suggestion, measured on
            // the body that would have been sent.
            #expect(
                error.description
                    == "the payload is 4097 bytes, over the 4096-byte limit by 1 (APNs answers 413 PayloadTooLarge); best shrinking suggestion: shorter CodingKeys for 1 key at /aps/content-state: saves 2 bytes (4097 → 4095, critical); app change"
            )
            let suggestion = try #require(error.bestShrinkSuggestion)
            #expect(suggestion.savedBytes == 2)
            #expect(suggestion.byteCount == 4095)
            #expect(suggestion.jsonBytes.count == 4095)
            #expect(error.localizedDescription == error.description)
        }
        // A broadcast body may be 5120 bytes; its content state is held to ActivityKit's 4096.
        var broadcast = LiveActivityPush<[String: String], Never>.update(
            contentState: ["pad": ""], timestamp: Self.now, alert: LiveActivityAlert(title: "t", body: ""))
        broadcast.budget = .broadcast
        let base = try broadcast.encoded().bytes.count
        broadcast.alert = LiveActivityAlert(title: "t", body: String(repeating: "x", count: 5120 - base))
        #expect(try broadcast.encoded().bytes.count == 5120)
        broadcast.alert = LiveActivityAlert(title: "t", body: String(repeating: "x", count: 5121 - base))
        #expect(throws: LiveActivityPushError.self) { try broadcast.encoded() }
        do {
            _ = try Self.update(ofByteCount: 5120, budget: .broadcast).encoded()
            Issue.record("a 5054-byte content state must be refused on a broadcast push")
        } catch let error as LiveActivityPushError {
            #expect(error.kind == .overLimit)
            #expect(error.report.tier == .critical)
            #expect(error.report.deviceContentStateByteCount == 5054)
            #expect(error.violations.map(\.path.description) == ["/aps/content-state"])
        }
    }

    static func violation<S, A>(_ push: LiveActivityPush<S, A>) -> String? {
        do {
            _ = try push.encoded()
            return nil
        } catch let error as LiveActivityPushError {
            #expect(error.report.findings.map(\.message) == error.violations.map(\.message))
            #expect(error.localizedDescription == error.description)
            return error.description
        } catch {
            return "unexpected \(error)"
        }
    }

    @Test("every rule violation names the rule") func everyRuleViolationNamesTheRule() {
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

    @Test("headers") func headers() {
        let push = LiveActivityPush<DeliveryState, Never>.update(contentState: Self.state)
        let headers = push.headers(bundleIdentifier: "com.example.Deliveries")
        #expect(
            headers.fields.map { "\($0.name): \($0.value)" } == [
                "apns-push-type: liveactivity", "apns-topic: com.example.Deliveries.push-type.liveactivity",
                "apns-priority: 10",
            ])
        #expect(push.headers(bundleIdentifier: "a.b", priority: .conservesPower).fields.last?.value == "5")
        #expect(headers.topic == "com.example.Deliveries.push-type.liveactivity")
        #expect(headers.priority == .immediate)
        #expect(headers.expiration == nil && headers.collapseID == nil && headers.id == nil)
    }

    @Test("every optional header by name and in a dictionary") func everyOptionalHeaderByNameAndInADictionary() throws {
        let push = LiveActivityPush<DeliveryState, Never>.update(contentState: Self.state)
        let id = try #require(UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"))
        let headers = push.headers(
            bundleIdentifier: "com.example.Deliveries", priority: .conservesPower, expiration: .at(Self.eta),
            collapseID: "order-A-20391", id: id, authorizationToken: "eyJhbGciOiJFUzI1NiJ9.e30.sig")
        #expect(
            headers.fields.map { "\($0.name): \($0.value)" } == [
                "apns-push-type: liveactivity", "apns-topic: com.example.Deliveries.push-type.liveactivity",
                "apns-priority: 5", "apns-expiration: 1764502200", "apns-collapse-id: order-A-20391",
                "apns-id: E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
                "authorization: bearer eyJhbGciOiJFUzI1NiJ9.e30.sig",
            ])
        #expect(
            headers.dictionary == [
                "apns-push-type": "liveactivity", "apns-topic": "com.example.Deliveries.push-type.liveactivity",
                "apns-priority": "5", "apns-expiration": "1764502200", "apns-collapse-id": "order-A-20391",
                "apns-id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
                "authorization": "bearer eyJhbGciOiJFUzI1NiJ9.e30.sig",
            ])
        var once = headers
        once.expiration = .deliverOnce
        #expect(once.dictionary["apns-expiration"] == "0")
    }

    @Test("alert texts take string interpolation") func alertTextsTakeStringInterpolation() throws {
        let minutes = 12
        let courier = "Sam"
        let alert = LiveActivityAlert(
            title: "Arriving in \(minutes) min", body: .localized(key: "eta.body", arguments: [courier]))
        #expect(alert.title == .plain("Arriving in 12 min"))
        let plain = LiveActivityAlert(title: "\(courier) is here", body: "Meet at the door")
        #expect(plain.body == .plain("Meet at the door"))
        let held = LiveActivityAlert(title: courier, body: courier, sound: "default")
        #expect(held == LiveActivityAlert(title: .plain("Sam"), body: .plain("Sam"), sound: "default"))
        let push = LiveActivityPush<DeliveryState, Never>.update(
            contentState: Self.state, timestamp: Self.now, alert: alert)
        let text = String(decoding: try push.encoded().bytes, as: UTF8.self)
        #expect(
            text.contains(#""alert":{"title":"Arriving in 12 min","body":{"loc-key":"eta.body","loc-args":["Sam"]}}"#))
    }

    @Test("error lists every violation with a matchable kind") func errorListsEveryViolationWithAMatchableKind() throws
    {
        var start = LiveActivityPush<DeliveryState, DeliveryAttributes>(
            event: .start, timestamp: Self.now, contentState: nil, attributes: Self.attributes)
        start.dismissalDate = Self.eta
        do {
            _ = try start.encoded()
            Issue.record("a start without attributes-type, alert and content-state must be refused")
        } catch let error as LiveActivityPushError {
            #expect(error.kind == .missingKey)
            #expect(!error.violations.contains { $0.code == .overLimit })
            #expect(
                error.violations.map(\.code) == [.missingKey, .missingKey, .missingKey, .keyNotAllowed])
            #expect(
                error.violations.map(\.path.description) == [
                    "/aps/attributes-type", "/aps/alert", "/aps/content-state", "/aps/dismissal-date",
                ])
            let expected =
                "a start event requires 'attributes-type'; a start event requires 'alert' (APNs accepts a start without it, but the device drops it); a start event requires 'content-state'; 'dismissal-date' is only allowed on an end event, found on start"
            #expect(error.description == expected)
            #expect(error.localizedDescription == expected)
            #expect((error as any Error).localizedDescription == expected)
            switch error.kind {
            case .missingKey: break
            default: Issue.record("kind \(error.kind)")
            }
        }
    }

    @Test("stale-date before timestamp is refused") func staleDateBeforeTimestampIsRefused() throws {
        var update = LiveActivityPush<DeliveryState, Never>.update(
            contentState: Self.state, timestamp: Self.eta, staleDate: Self.now)
        #expect(
            Self.violation(update)
                == "'stale-date' 1764500400 is 1800 s before 'timestamp' 1764502200: the activity shows as stale the moment it arrives"
        )
        do {
            _ = try update.encoded()
        } catch let error as LiveActivityPushError {
            #expect(error.kind == .staleDateBeforeTimestamp)
            #expect(error.violations.map(\.path.description) == ["/aps/stale-date"])
        }
        // The same second (after rounding down to whole seconds) is not earlier.
        update.staleDate = Date(timeIntervalSince1970: 1_764_502_200.1)
        #expect(Self.violation(update) == nil)
        // A report of the same bytes from the checker agrees.
        update.staleDate = Self.now
        update.timestamp = Self.eta
        let body =
            #"{"aps":{"timestamp":1764502200,"event":"update","content-state":{},"stale-date":1764500400}}"#
        let report = try PayloadChecker().check(Array(body.utf8))
        #expect(report.findings.map(\.message) == [Self.violation(update)])
    }

    @Test("ActivitySizeReport matches Foundation sizes") func activitySizeReportMatchesFoundationSizes() throws {
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
