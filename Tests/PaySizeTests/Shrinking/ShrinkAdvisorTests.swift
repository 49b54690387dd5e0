import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// The advisor as a whole: plans, the Swift-value entry points, schemas, custom strategies.
@Suite("ShrinkAdvisor") struct ShrinkAdvisorTests {
    typealias Support = ShrinkTestSupport

    static func example(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestPaths.examples.appendingPathComponent(name)))
    }

    @Test("the bloated example reaches safe without lossy changes")
    func theBloatedExampleReachesSafeWithoutLossyChanges() throws {
        let bytes = try Self.example("shrink/update-match-bloated.json")
        let report = try ShrinkAdvisor(target: .safe).report(forJSONBytes: bytes)
        Support.checkSavings(report)
        #expect(report.byteCount == 3677)
        #expect(report.tier == .critical)
        #expect(report.plan.reachesTarget)
        #expect(report.plan.tier == .safe)
        let chosen = report.suggestions.filter { report.plan.suggestionIDs.contains($0.id) }
        #expect(chosen.count == report.plan.suggestionIDs.count)
        #expect(chosen.allSatisfy { !$0.isLossy })
        let applied = report.applying(chosen)
        #expect(applied.byteCount == report.plan.byteCount)
        #expect(applied.jsonBytes == report.plan.jsonBytes)
        #expect(try JSONScanner.scan(report.plan.jsonBytes).compactByteCount == report.plan.byteCount)
        // Irreducible: leaving out any one chosen suggestion misses the target.
        for left in chosen {
            #expect(report.applying(chosen.filter { $0.id != left.id }).tier > .safe, "\(left.id)")
        }
    }

    @Test("a plan that cannot reach the target says so") func aPlanThatCannotReachTheTargetSaysSo() throws {
        let bytes = try Self.example("update-flight-near-limit.json")
        let strict = try ShrinkAdvisor(target: .safe).report(forJSONBytes: bytes)
        #expect(!strict.plan.reachesTarget)
        #expect(strict.plan.tier == .monitor)
        #expect(strict.plan.byteCount < strict.byteCount)
        let chosen = strict.suggestions.filter { strict.plan.suggestionIDs.contains($0.id) }
        #expect(strict.applying(chosen).byteCount == strict.plan.byteCount)

        let lossy = try ShrinkAdvisor(target: .safe, allowsLossy: true).report(forJSONBytes: bytes)
        #expect(lossy.plan.reachesTarget)
        #expect(lossy.plan.suggestionIDs == ["cap-items:/aps/content-state/legs"])
        #expect(lossy.bestSuggestion?.id == "cap-items:/aps/content-state/legs")
        #expect(strict.bestSuggestion?.id == "shorter-keys:/aps/content-state/legs/*")
    }

    @Test("a payload at the target needs no plan") func aPayloadAtTheTargetNeedsNoPlan() throws {
        let bytes = try Self.example("update-sports.json")
        let report = try ShrinkAdvisor(target: .monitor).report(forJSONBytes: bytes)
        #expect(report.plan.suggestionIDs.isEmpty)
        #expect(report.plan.byteCount == report.byteCount)
        #expect(report.plan.reachesTarget)
        #expect(report.plan.jsonBytes == report.jsonBytes)
    }

    @Test("the best suggestion quotes its measured saving") func theBestSuggestionQuotesItsMeasuredSaving() throws {
        let bytes = try Self.example("update-flight-near-limit.json")
        let best = try #require(try ShrinkAdvisor().report(forJSONBytes: bytes).bestSuggestion)
        #expect(
            best.description
                == "shorter CodingKeys for 8 keys at /aps/content-state/legs/* (24 objects): saves 936 bytes (3707 → 2771, monitor); app change"
        )
    }

    @Test("Apple keys in aps never change shape") func appleKeysInApsNeverChangeShape() throws {
        let bytes = try Self.example("shrink/update-match-bloated.json")
        let report = try ShrinkAdvisor(allowsLossy: true).report(forJSONBytes: bytes)
        let original = try JSONScanner.scan(bytes)["aps"]!
        for suggestion in report.suggestions {
            let aps = try #require(try JSONScanner.scan(suggestion.jsonBytes)["aps"])
            #expect(aps.members?.map(\.key) == original.members?.map(\.key), "\(suggestion.id)")
            for member in original.members ?? [] where member.key != "content-state" {
                #expect(
                    aps[member.key]?.isJSONEqual(to: member.value) == true, "\(suggestion.id) changed \(member.key)")
            }
        }
    }

    // MARK: Swift values

    struct Attributes: Codable {
        var orderNumber: String
        var restaurantName: String
    }

    struct Stop: Codable {
        var address: String
        var deliveredFlag: Bool
    }

    struct State: Codable {
        var courierName: String
        var etaDate: Date
        var note: String?
        var stops: [Stop]
    }

    @Test("Swift values are measured as the device encodes them") func swiftValuesAreMeasuredAsTheDeviceEncodesThem()
        throws
    {
        let attributes = Attributes(orderNumber: "A-1042", restaurantName: "Trattoria Roma")
        let state = State(
            courierName: "Sam", etaDate: Date(timeIntervalSinceReferenceDate: 786_207_600.5), note: nil,
            stops: (1...6).map { Stop(address: "\($0) Main Street", deliveredFlag: $0 < 3) })
        let report = try ShrinkAdvisor().report(attributes: attributes, contentState: state)
        Support.checkSavings(report)
        #expect(report.byteCount == (try ActivitySizeReport(attributes: attributes, contentState: state)).byteCount)
        for suggestion in report.suggestions {
            #expect(
                suggestion.paths.allSatisfy {
                    $0.rawValue.hasPrefix("/attributes") || $0.rawValue.hasPrefix("/content-state")
                })
        }
        #expect(
            report.zeroSavings.contains {
                $0.id == "omitted-optionals" && $0.paths.map(\.rawValue) == ["/content-state/note"]
            })
        // The inferred schema knows etaDate is a Date: its fraction can go, as a server change.
        let dates = try #require(report.suggestions.first { $0.kind == "integer-dates" })
        #expect(dates.paths.map(\.rawValue) == ["/content-state/etaDate"])
        #expect(dates.contractChange == .server)
        let keys = try #require(report.suggestions.first { $0.id == "shorter-keys:/content-state/stops/*" })
        #expect(keys.savedBytes == 6 * ((7 - 1) + (13 - 1)))
    }

    // MARK: Schemas

    static let requiredNoteSchema = try! PayloadSchema(
        jsonBytes: Array(
            #"{"type":"object","properties":{"eta":{"type":"integer"},"note":{"type":["string","null"]}},"required":["eta","note"]}"#
                .utf8))

    @Test("a suggestion the schema rejects is an app change") func aSuggestionTheSchemaRejectsIsAnAppChange() throws {
        let bytes = Array(
            #"{"aps":{"timestamp":1764514800,"event":"update","content-state":{"eta":5,"note":null}}}"#.utf8)
        let plain = try Support.suggestion("drop-nulls", in: bytes).suggestion
        #expect(plain.contractChange == .server)

        var advisor = ShrinkAdvisor()
        advisor.contentStateSchema = Self.requiredNoteSchema
        let checked = try Support.suggestion("drop-nulls", in: bytes, advisor: advisor).suggestion
        #expect(checked.contractChange == .app)
        #expect(checked.savedBytes == plain.savedBytes)
    }

    // MARK: Strategies as values

    @Test("a custom strategy is measured like the others") func aCustomStrategyIsMeasuredLikeTheOthers() throws {
        let strategy = ShrinkStrategy(id: "drop-legs") { context in
            [
                ShrinkCandidate(
                    id: "drop-legs", kind: "drop-legs", title: "send legs as one string", paths: [JSONPointer("legs")],
                    contractChange: .app, howToApply: "", isLossy: false,
                    edit: .replacingValue(at: JSONPointer("legs")) { json in "\(json.count) bytes" })
            ]
        }
        let bytes = Array(#"{"legs":[{"gate":"B20"},{"gate":"B21"}],"x":"a/b"}"#.utf8)
        let (report, suggestion) = try Support.suggestion(
            "drop-legs", in: bytes, advisor: ShrinkAdvisor(strategies: [strategy]))
        // The value's compact JSON is 31 bytes; the string replacing it is "31 bytes".
        #expect(suggestion.jsonBytes == Array(#"{"legs":"31 bytes","x":"a/b"}"#.utf8))
        #expect(report.plan.suggestionIDs == [])
    }

    @Test("replacements are written with the payload's escaping") func replacementsAreWrittenWithThePayloadsEscaping()
        throws
    {
        let strategy = ShrinkStrategy(id: "slash") { _ in
            [
                ShrinkCandidate(
                    id: "slash", kind: "slash", title: "", paths: [JSONPointer("a")], contractChange: .app,
                    howToApply: "",
                    isLossy: false, edit: .replacingValue(at: JSONPointer("a")) { _ in "1/2" })
            ]
        }
        let escaped = Array(#"{"a":[1,2,3,4,5,6,7],"b":"x\/y"}"#.utf8)
        let suggestion = try Support.suggestion("slash", in: escaped, advisor: ShrinkAdvisor(strategies: [strategy]))
            .suggestion
        #expect(suggestion.jsonBytes == Array(#"{"a":"1\/2","b":"x\/y"}"#.utf8))
        let raw = Array(#"{"a":[1,2,3,4,5,6,7],"b":"x/y"}"#.utf8)
        let rawSuggestion = try Support.suggestion("slash", in: raw, advisor: ShrinkAdvisor(strategies: [strategy]))
            .suggestion
        #expect(rawSuggestion.jsonBytes == Array(#"{"a":"1/2","b":"x/y"}"#.utf8))
    }
}
