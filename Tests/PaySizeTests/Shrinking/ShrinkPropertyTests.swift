import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Seeded random payloads: every suggestion saves a positive, exact number of bytes on the body
/// or on the device; the plan's sizes are the measured sizes of the plan applied; the breakdown
/// adds up; Apple's `aps` keys keep their values.
@Suite("Shrink suggestions, property-tested") struct ShrinkPropertyTests {
    typealias Support = ShrinkTestSupport

    @Test("random payloads", arguments: 0..<120)
    func randomPayloads(_ seed: Int) throws {
        var generator = RandomPayloadGenerator(seed: UInt64(seed))
        let payloads = (0..<(seed % 3 == 0 ? 3 : 1)).map { _ in generator.payload() }
        let bytes = payloads.last!
        let advisor = ShrinkAdvisor(
            target: [.safe, .monitor, .risky][seed % 3], allowsLossy: seed % 2 == 0)
        let report = try advisor.report(forJSONBytes: bytes, series: payloads.count > 1 ? payloads : [])
        let root = try JSONScanner.scan(bytes)
        #expect(report.byteCount == root.compactByteCount)
        #expect(report.breakdown.rows.reduce(0) { $0 + $1.totalBytes } == report.byteCount)
        Support.checkSavings(report)
        #expect(Set(report.suggestions.map(\.id)).count == report.suggestions.count)

        let chosen = report.plan.suggestionIDs.map { id in report.suggestions.first { $0.id == id }! }
        let applied = report.applying(chosen)
        #expect(applied.jsonBytes == report.plan.jsonBytes)
        #expect(Support.measuredSize(of: report.plan.jsonBytes, like: report) == report.plan.byteCount)
        #expect(report.plan.tier == report.budget.tier(forByteCount: report.plan.byteCount))
        // The plan judges the body and ActivityKit's figure on the device, measured apart.
        let planDevice = Support.deviceCounts(of: report.plan.jsonBytes, like: report)?.judged(by: .larger)
        #expect(report.plan.deviceByteCount == planDevice?.byteCount)
        let deviceTier = planDevice.map { report.budget.activityKitBudget.tier(forByteCount: $0.byteCount) }
        #expect(report.plan.reachesTarget == (max(report.plan.tier, deviceTier ?? .safe) <= report.target))
        #expect(chosen.allSatisfy { advisor.allowsLossy || !$0.isLossy })
        if max(report.tier, report.deviceTier ?? .safe) <= report.target { #expect(chosen.isEmpty) }

        let aps = try #require(root["aps"])
        for suggestion in report.suggestions {
            let shrunk = try #require(try JSONScanner.scan(suggestion.jsonBytes)["aps"])
            for member in aps.members ?? [] where member.key != "content-state" && member.key != "attributes" {
                #expect(shrunk[member.key]?.isJSONEqual(to: member.value) == true, "seed \(seed): \(suggestion.id)")
            }
        }
    }
}

/// Push payloads with a random content state full of what the strategies look for: long keys
/// in arrays of objects, enum-like strings, free text, ISO dates, blobs, escapes, over-precise
/// and exponent numbers, nulls and defaults, duplicated and formatted values; sometimes
/// pretty-printed.
struct RandomPayloadGenerator {
    var random: SplitMix64

    init(seed: UInt64) {
        random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 17)
    }

    static let keys = [
        "status", "courierName", "etaDate", "note", "progress", "stops", "items", "title", "heading", "avatar",
        "homeScore", "awayScore", "scoreText", "kickoffTime", "active", "count", "tags", "x", "flight_number",
        "a-b", "caf\\u00e9", "url\\/path", "updatedAt", "description", "ab",
    ]
    static let statuses = ["on the way", "delivered", "preparing", "picked up"]
    static let texts = [
        "The driver is waiting at the north entrance of the building, next to the blue door with the sign.",
        "Short note",
        "Caf\\u00e9 au lait \\u2014 extra hot, no sugar, and please knock twice when you arrive at the door",
    ]

    mutating func pick<T>(_ values: [T]) -> T {
        values[Int.random(in: 0..<values.count, using: &random)]
    }

    mutating func payload() -> [UInt8] {
        let state = object(depth: 0)
        let pretty = random.chance(20)
        let separator = pretty ? ",\n  " : ","
        var text = "{\"aps\":{\"timestamp\":1764514800" + separator + "\"event\":\"update\"" + separator
        if random.chance(50) { text += "\"alert\":{\"title\":\"Caf\\u00e9 \\/ update\",\"body\":\"x\"}" + separator }
        text += "\"content-state\":" + state + separator + "\"stale-date\":1764515700}}"
        return Array(text.utf8)
    }

    mutating func object(depth: Int) -> String {
        var keys = Self.keys.shuffled(using: &random).prefix(Int.random(in: 1...7, using: &random))
        if depth == 0, random.chance(30) {
            keys =
                ["homeScore", "awayScore", "scoreText"] + keys.filter { !$0.hasSuffix("Score") && $0 != "scoreText" }
        }
        var members: [String] = []
        var scores: [Int] = []
        for key in keys {
            let value: String
            switch key {
            case "homeScore", "awayScore":
                let score = Int.random(in: 0...30, using: &random)
                scores.append(score)
                value = String(score)
            case "scoreText" where scores.count == 2:
                value = "\"\(scores[0]) - \(scores[1])\""
            default:
                value = self.value(depth: depth)
            }
            members.append("\"\(key)\":\(value)")
        }
        if depth == 0, random.chance(60) {
            // Bulk: an array of similar objects, so most payloads need a plan to reach the target.
            let shape = object(depth: 2)
            let count = Int.random(in: 8...30, using: &random)
            members.append("\"history\":[" + Array(repeating: shape, count: count).joined(separator: ",") + "]")
        }
        return "{" + members.joined(separator: random.chance(10) ? ", " : ",") + "}"
    }

    mutating func value(depth: Int) -> String {
        switch Int.random(in: 0..<15, using: &random) {
        case 0: return "\"\(pick(Self.statuses))\""
        case 1: return "\"\(pick(Self.texts))\""
        case 2:
            return
                "\"2025-11-\(Int.random(in: 10...30, using: &random))T15:0\(Int.random(in: 0...9, using: &random)):00\(random.chance(50) ? ".5" : "")Z\""
        case 3:
            let bytes = (0..<Int.random(in: 40...120, using: &random)).map { _ in
                UInt8.random(in: 0...255, using: &random)
            }
            return "\"" + Data(bytes).base64EncodedString().replacingOccurrences(of: "/", with: "\\/") + "\""
        case 4: return "\"https:\\/\\/cdn.example.com\\/\(Int.random(in: 1...99, using: &random)).png\""
        case 5:
            return pick(["0.734512", "1234.5678", "0.000123456", "-0.004999", "786207600.25", "1e-7", "2.5E+3", "-0"])
        case 6: return String(Int.random(in: -1000...100_000, using: &random))
        case 7: return pick(["true", "false", "null", "0", "\"\"", "[]", "{}"])
        case 8 where depth < 2:
            let shape = object(depth: depth + 1)
            let count = Int.random(in: 2...10, using: &random)
            return "["
                + (0..<count).map { _ in random.chance(70) ? shape : object(depth: depth + 1) }.joined(separator: ",")
                + "]"
        case 9 where depth < 3:
            return object(depth: depth + 1)
        case 10:
            return "["
                + (0..<Int.random(in: 0...8, using: &random)).map { _ in "\"\(pick(Self.statuses))\"" }.joined(
                    separator: ",") + "]"
        case 11: return "\"Arsenal v Chelsea\""
        case 12: return "\"data:image/png;base64,iVBORw0KGgo=\""
        default: return "\"\(pick(["LH400", "B20", "x", "Main Street 12", "\\u00e9t\\u00e9"]))\""
        }
    }
}
