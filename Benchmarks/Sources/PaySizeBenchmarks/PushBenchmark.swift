import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport

// The send path: building and checking a typical update push with `LiveActivityPush`, against
// the same done by hand with Foundation's `JSONEncoder` plus a byte count.

/// The push body a server writes by hand with Foundation: `aps` dates as Unix seconds and the
/// content state nested under `content-state`. Concrete, not generic, as a server's own type
/// would be (a generic wrapper would make Foundation's side slower).
struct HandWrittenUpdateBody: Encodable {
    typealias State = LiveActivityFixtures.DeliveryState

    struct APS: Encodable {
        var timestamp: Int
        var event = "update"
        var contentState: State
        var staleDate: Int
        var relevanceScore: Double

        enum CodingKeys: String, CodingKey {
            case timestamp, event
            case contentState = "content-state"
            case staleDate = "stale-date"
            case relevanceScore = "relevance-score"
        }
    }

    var aps: APS
}

/// Times the builder against the hand-written Foundation path on the typical fixture.
func measurePushBuilder() throws -> (medians: [(variant: String, nanoseconds: Double)], byteCount: Int, checksum: Int) {
    let state = LiveActivityFixtures.delivery
    let now = Date(timeIntervalSince1970: 1_764_500_400)
    let stale = now.addingTimeInterval(1800)
    let foundation = JSONEncoder()

    let push = LiveActivityPush<LiveActivityFixtures.DeliveryState, Never>.update(
        contentState: state, timestamp: now, staleDate: stale, relevanceScore: 100)
    let byHand = HandWrittenUpdateBody(
        aps: .init(
            timestamp: Int(now.timeIntervalSince1970), contentState: state,
            staleDate: Int(stale.timeIntervalSince1970), relevanceScore: 100))

    // Both paths must produce a body of the same size (key order may differ: Foundation's is hash order).
    let built = try push.encoded()
    let handBytes = try foundation.encode(byHand)
    guard built.bytes.count == handBytes.count else {
        FileHandle.standardError.write(
            Data("error: builder body is \(built.bytes.count) bytes, hand-written \(handBytes.count)\n".utf8))
        exit(1)
    }

    let limit = PayloadBudget().limit
    let (medians, checksum) = try timeRoundRobin([
        Variant(name: "JSONEncoder by hand + byte count") {
            let body = try foundation.encode(byHand)
            return body.count <= limit ? body.count : -1
        },
        Variant(name: "LiveActivityPush.encoded() (rules, limit, report)") {
            try push.encoded().report.payloadByteCount
        },
    ])
    return (medians, built.bytes.count, checksum)
}
