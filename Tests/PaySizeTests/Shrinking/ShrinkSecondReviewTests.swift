import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// The second outside review's shapes (`Tests/Fixtures/shrink-corpus`): paths on the map in
/// every shape, order read from the data, indexes matched by name, chart series of records,
/// opaque strings and push SDKs' whole shapes. The expert's first move is in the top three on
/// every one of them.
@Suite("Shrink advice on the second review's shapes") struct ShrinkSecondReviewTests {
    typealias Support = ShrinkTestSupport
    typealias Corpus = ShrinkCorpusTests

    static let expertFirstMoves: [(file: String, firstMove: String)] = [
        // The same route twice: keep the polyline, drop the 260 numbers.
        ("flat-route-polyline.json", "drop-duplicate-path:/aps/content-state/route"),
        // 'over' rises: keep the newest balls, the current over and the wicket.
        ("cricket-overs.json", "cap-items:/aps/content-state/balls"),
        // 'plays' falls: keep the top of the chart.
        ("ranked-by-plays.json", "cap-items:/aps/content-state/entries"),
        // 'currentSplitIndex' names 'splits', so the samples are free to downsample.
        ("workout-two-arrays.json", "downsample:/aps/content-state/heartRateSamples"),
        // The stops still ahead.
        ("transit-next-stop.json", "cap-items:/aps/content-state/stops"),
        // A chart of records is thinned, not capped.
        ("stock-chart-records.json", "downsample:/aps/content-state/series"),
        ("ev-charging-curve.json", "downsample:/aps/content-state/curve"),
        // What plays now and what follows.
        ("podcast-queue.json", "cap-items:/aps/content-state/queue"),
        // The app's values inside OneSignal's 'data' are cut; the shape stays.
        ("onesignal-default-data.json", "cap-items:/aps/content-state/data/updates"),
        ("pushwoosh-default-data.json", "drop-nulls"),
        // GeoJSON [lng, lat]: simplify the line, whole points.
        ("geojson-trail.json", "downsample:/aps/content-state/geometry/coordinates"),
    ]

    static func elements(_ bytes: [UInt8], _ pointer: JSONPointer) throws -> [JSONElement] {
        try #require(try JSONScanner.scan(bytes).descendant(at: pointer)?.elements)
    }

    @Test("the expert's first move is in the top three on every payload")
    func theExpertsFirstMoveIsInTheTopThreeOnEveryPayload() throws {
        #expect(Self.expertFirstMoves.count >= 10)
        for (file, move) in Self.expertFirstMoves {
            let report = try Corpus.report(file)
            Support.checkSavings(report)
            let top = report.suggestions.prefix(3).map(\.id)
            #expect(top.contains(move), "\(file): \(move) not in \(top)")
        }
    }

    @Test("a safe payload with a small list gets no cut and no plan")
    func aSafePayloadWithASmallListGetsNoCutAndNoPlan() throws {
        let report = try Corpus.report("safe-small-list.json")
        #expect(report.tier == .safe)
        #expect(!report.suggestions.contains { $0.kind == "cap-items" || $0.kind == "downsample" })
        #expect(report.plan.suggestionIDs.isEmpty)
        // A lone status gets the closed-set hint, with its fallback.
        let status = try Corpus.suggestion("enum-values:/aps/content-state/status", in: report)
        #expect(status.howToApply.contains("('boarding', the one value seen)"))
        #expect(status.howToApply.contains("case unknown  // any value this build does not know"))
    }

    @Test("a flat route is cut by whole points and keeps 5 decimals")
    func aFlatRouteIsCutByWholePointsAndKeepsFiveDecimals() throws {
        let original = try Corpus.payload("flat-route-polyline.json")
        let route = JSONPointer("aps", "content-state", "route")
        let before = try Self.elements(original, route).map { $0.numberText! }
        let beforePoints = stride(from: 0, to: before.count, by: 2).map { before[$0] + "," + before[$0 + 1] }
        let report = try ShrinkAdvisor(target: .monitor, allowsLossy: true).report(forJSONBytes: original)
        Support.checkSavings(report)
        for suggestion in report.suggestions where suggestion.paths.contains(where: { $0.hasPrefix(route) }) {
            guard let after = try JSONScanner.scan(suggestion.jsonBytes).descendant(at: route)?.elements else {
                continue
            }
            #expect(after.count % 2 == 0, "\(suggestion.id)")
            if suggestion.kind == "cap-items" || suggestion.kind == "downsample" {
                let kept = stride(from: 0, to: after.count, by: 2).map {
                    after[$0].numberText! + "," + after[$0 + 1].numberText!
                }
                #expect(Set(kept).isSubset(of: Set(beforePoints)), "\(suggestion.id)")
                if suggestion.kind == "downsample" {
                    #expect(kept.first == beforePoints.first && kept.last == beforePoints.last)
                }
            }
            if after.count == before.count {
                // A rounding keeps 5 decimals: no number moves by more than half of 0.00001.
                for (number, original) in zip(after, before) {
                    #expect(abs(Double(number.numberText!)! - Double(original)!) <= 0.000_005_01, "\(suggestion.id)")
                }
            }
        }
        let duplicate = try Corpus.suggestion("drop-duplicate-path:/aps/content-state/route", in: report)
        #expect(
            duplicate.title
                == "the path at /aps/content-state/route (130 points) duplicates the encoded polyline at /aps/content-state/routePolyline (130 points, same ends): drop the duplicate"
        )
        // The polyline is opaque: never trimmed.
        #expect(!report.suggestions.contains { $0.kind == "trim-text" })
        let downsample = try Corpus.suggestion("downsample:/aps/content-state/route", in: report)
        #expect(downsample.title.hasSuffix("keeping both ends and the sharpest turns"))
    }

    @Test("order comes from a rising number: the newest balls stay")
    func orderComesFromARisingNumber() throws {
        let report = try Corpus.report("cricket-overs.json")
        let cut = try Corpus.suggestion("cap-items:/aps/content-state/balls", in: report)
        #expect(cut.title.contains("keeping the newest ('over' rises: newest last)"))
        let kept = try Self.elements(cut.jsonBytes, JSONPointer("aps", "content-state", "balls"))
        #expect(kept.last?["over"]?.numberText == "18.3")
        #expect(kept.contains { $0["event"]?.stringValue?.hasPrefix("WICKET") == true })
        let ranked = try Corpus.suggestion(
            "cap-items:/aps/content-state/entries", in: try Corpus.report("ranked-by-plays.json"))
        #expect(ranked.title.contains("keeping the top ('plays' falls: top first)"))
    }

    @Test("an unordered cut asks which end, is never planned, and --keep answers")
    func anUnorderedCutAsksWhichEnd() throws {
        let bytes = try Corpus.payload("unordered-offers.json")
        let report = try ShrinkAdvisor(allowsLossy: true).report(forJSONBytes: bytes)
        let cut = try Corpus.suggestion("cap-items:/aps/content-state/offers", in: report)
        #expect(cut.title.contains("order unknown: keep which end?"))
        #expect(report.suggestions.last?.id == cut.id)
        #expect(!report.plan.suggestionIDs.contains(cut.id))
        #expect(report.bestSuggestion?.id != cut.id)
        for end in ShrinkAdvisor.KeptEnd.allCases {
            var advisor = ShrinkAdvisor(allowsLossy: true)
            advisor.keptEnd = end
            let answered = try Corpus.suggestion(
                "cap-items:/aps/content-state/offers", in: try advisor.report(forJSONBytes: bytes))
            #expect(answered.title.contains("(as asked: keep \(end.name))"))
            let original = try Self.elements(bytes, JSONPointer("aps", "content-state", "offers"))
            let kept = try Self.elements(answered.jsonBytes, JSONPointer("aps", "content-state", "offers"))
            let expected = end == .first ? Array(original.prefix(kept.count)) : Array(original.suffix(kept.count))
            #expect(
                kept.map { $0.compactJSONBytes(in: answered.jsonBytes) }
                    == expected.map { $0.compactJSONBytes(in: bytes) })
        }
    }

    @Test("an index is matched to the array its name points at")
    func anIndexIsMatchedToTheArrayItsNamePointsAt() throws {
        let report = try Corpus.report("workout-two-arrays.json")
        let splits = try Corpus.suggestion("cap-items:/aps/content-state/splits", in: report)
        #expect(splits.howToApply.contains("'currentSplitIndex' still points at the same item"))
        #expect(splits.title.contains("not enough alone to reach safe"))
        #expect(!report.zeroSavings.contains { $0.title.hasPrefix("no cut") })
        let queue = try Corpus.suggestion(
            "cap-items:/aps/content-state/queue", in: try Corpus.report("podcast-queue.json"))
        #expect(
            queue.title
                == "send at most 15 items of 20 at /aps/content-state/queue, keeping items 4–18 (counted from 0): from just before 'nowPlayingIndex' (5) onwards, with no hole"
        )
        // Truly ambiguous: the message names the candidates.
        let items = (0..<8).map { "\"item \($0)\"" }.joined(separator: ",")
        let ambiguous = try ShrinkAdvisor(budget: PayloadBudget(limit: 200), allowsLossy: true).report(
            forJSONBytes: Array(#"{"selectedIndex":5,"a":[\#(items)],"b":[\#(items)]}"#.utf8))
        #expect(ambiguous.zeroSavings.contains { $0.title.contains("'selectedIndex' may point into 'a' or 'b'") })
    }

    @Test("a forward index keeps the stops ahead with no hole")
    func aForwardIndexKeepsTheStopsAheadWithNoHole() throws {
        let report = try Corpus.report("transit-next-stop.json")
        let cut = try Corpus.suggestion("cap-items:/aps/content-state/stops", in: report)
        let state = try #require(
            try JSONScanner.scan(cut.jsonBytes).descendant(at: JSONPointer("aps", "content-state")))
        let stops = try #require(state["stops"]?.elements)
        let index = try #require(state["nextStopIndex"]?.numberText.flatMap { Int($0) })
        #expect(stops[index]["name"]?.stringValue?.hasPrefix("Stop 11 ") == true)
        let numbers = stops.map { Int($0["name"]!.stringValue!.split(separator: " ")[1])! }
        #expect(numbers == Array(numbers[0]...(numbers[0] + numbers.count - 1)))
        #expect(numbers.last == 27)
    }

    @Test("a chart of records is thinned and says what it still covers")
    func aChartOfRecordsIsThinned() throws {
        let report = try Corpus.report("stock-chart-records.json")
        let thin = try Corpus.suggestion("downsample:/aps/content-state/series", in: report)
        #expect(thin.title.contains("both ends and the extremes kept; the chart still covers 4 h 55 min (all of it)"))
        let cap = try Corpus.suggestion("cap-items:/aps/content-state/series", in: report)
        #expect(cap.title.contains(": the chart then covers "))
        let original = try Self.elements(
            Corpus.payload("stock-chart-records.json"), JSONPointer("aps", "content-state", "series"))
        let kept = try Self.elements(thin.jsonBytes, JSONPointer("aps", "content-state", "series"))
        let prices = original.map { Double($0["price"]!.numberText!)! }
        let keptPrices = kept.map { Double($0["price"]!.numberText!)! }
        #expect(keptPrices.contains(prices.max()!) && keptPrices.contains(prices.min()!))
        #expect(kept.first?["time"]?.stringValue == original.first?["time"]?.stringValue)
        #expect(kept.last?["time"]?.stringValue == original.last?["time"]?.stringValue)
        // Money stays exact.
        #expect(!report.suggestions.contains { $0.id.hasPrefix("fewer-digits:/aps/content-state/series/*/price") })
    }

    @Test("SDK shapes stay whole")
    func sdkShapesStayWhole() throws {
        for (file, marker) in [
            ("onesignal-default-data.json", "onesignal"), ("pushwoosh-default-data.json", "pushwoosh"),
        ] {
            let original = try Corpus.payload(file)
            let report = try Corpus.report(file)
            let state = try #require(try JSONScanner.scan(original).descendant(at: JSONPointer("aps", "content-state")))
            for suggestion in report.suggestions {
                let after = try #require(
                    try JSONScanner.scan(suggestion.jsonBytes).descendant(at: JSONPointer("aps", "content-state")))
                #expect(after.members?.map(\.key) == state.members?.map(\.key), "\(file): \(suggestion.id)")
                #expect(after[marker]?.isJSONEqual(to: state[marker]!) == true, "\(file): \(suggestion.id)")
                #expect(after["data"]?.members != nil, "\(file): \(suggestion.id)")
                for kind in ["shorter-keys", "fold-keys", "enum-values", "columnar", "move-to-attributes"] {
                    #expect(
                        suggestion.kind != kind
                            || !suggestion.paths.contains { $0.rawValue.hasPrefix("/aps/content-state/data") })
                }
                #expect(!suggestion.kind.hasSuffix("packing"), "\(file): \(suggestion.id)")
            }
        }
    }

    @Test("opaque strings are never trimmed; Japanese text still is")
    func opaqueStringsAreNeverTrimmed() throws {
        #expect(BlobDetection.isOpaque(String(repeating: "aZ09_-", count: 12)))
        #expect(BlobDetection.isOpaque("_p~iF~ps|U_ulLnnqC_mqNvxq`@"))
        #expect(!BlobDetection.isOpaque(String(repeating: "東京駅", count: 30)))
        #expect(!BlobDetection.isOpaque(String(repeating: "a few words ", count: 8)))
        #expect(CoordinatePath.decodedPolyline("_p~iF~ps|U_ulLnnqC_mqNvxq`@")?.count == 3)
    }

    // MARK: Properties over seeded payloads

    /// A seeded payload: a flat route, GeoJSON pairs, an array ordered by a strictly monotonic
    /// member of a random name, an unordered array, a forward index, and an opaque token.
    static func generated(seed: UInt64) -> (bytes: [UInt8], rising: Bool, index: Int, count: Int) {
        var random = SplitMix64(seed: seed &* 0x9E37_79B9 &+ 38)
        var latitude = Double.random(in: -60...60, using: &random)
        var longitude = Double.random(in: -170...170, using: &random)
        var flat: [String] = []
        var pairs: [String] = []
        for _ in 0..<Int.random(in: 20...90, using: &random) {
            latitude += Double.random(in: -0.002...0.002, using: &random)
            longitude += Double.random(in: -0.002...0.002, using: &random)
            flat += [String(format: "%.6f", latitude), String(format: "%.6f", longitude)]
            pairs.append("[\(String(format: "%.6f", longitude)),\(String(format: "%.6f", latitude))]")
        }
        let key = ["over", "seq", "lapNumber", "km", "mileage"][Int(seed % 5)]
        let rising = seed % 2 == 0
        let count = Int.random(in: 12...60, using: &random)
        var value = Double.random(in: 1...50, using: &random)
        var records: [String] = []
        for position in 0..<count {
            value += Double(Int.random(in: 1...9, using: &random)) / 10
            records.append(
                #"{"\#(key)":\#(rising ? value : 1000 - value),"label":"entry \#(position) with some words"}"#)
        }
        let index = Int.random(in: 0..<count, using: &random)
        let stops = (0..<count).map { #"{"name":"stop \#($0) on the main road"}"# }
        let token = (0..<Int.random(in: 70...200, using: &random)).map { _ in
            "abcdefghijklmnopqrstuvwxyz0123456789_-".randomElement(using: &random)!
        }
        let state =
            #"{"route":[\#(flat.joined(separator: ","))],"trail":[\#(pairs.joined(separator: ","))],"#
            + #""feed":[\#(records.joined(separator: ","))],"offers":[\#(stops.joined(separator: ","))],"#
            + #""nextStopIndex":\#(index),"stops":[\#(stops.joined(separator: ","))],"token":"\#(String(token))"}"#
        let payload = #"{"aps":{"timestamp":1764514800,"event":"update","content-state":\#(state)}}"#
        return (Array(payload.utf8), rising, index, count)
    }

    @Test("applied edits keep points, order, windows and opaque strings", arguments: 0..<24)
    func appliedEditsKeepPointsOrderWindowsAndOpaqueStrings(seed: UInt64) throws {
        let (bytes, rising, index, count) = Self.generated(seed: seed)
        let original = try JSONScanner.scan(bytes)
        let state = JSONPointer("aps", "content-state")
        let before = try #require(original.descendant(at: state))
        let routePoints = Self.points(before["route"]!.elements!, stride: 2)
        let trailPoints = Self.points(before["trail"]!.elements!.flatMap { $0.elements! }, stride: 2)
        for target in [SizeTier.safe, .monitor] {
            let report = try ShrinkAdvisor(
                budget: PayloadBudget(limit: 4096), target: target, allowsLossy: true
            ).report(forJSONBytes: bytes)
            // No cut of an unordered array is applied by --lossy.
            let applied = report.suggestionsWithoutAppChange
            #expect(!applied.contains { $0.asksWhichEnd })
            #expect(!applied.contains { $0.id == "cap-items:/aps/content-state/offers" })
            for suggestion in applied + report.suggestions.filter({ !$0.asksWhichEnd && $0.isLossy }) {
                let after = try #require(try JSONScanner.scan(suggestion.jsonBytes).descendant(at: state))
                // Whole points, none moved by more than 1 m (1e-5° at 5 decimals), even length.
                if let route = after["route"]?.elements {
                    #expect(route.count % 2 == 0, "\(suggestion.id)")
                    for point in Self.points(route, stride: 2) {
                        #expect(routePoints.contains { Self.metres($0, point) <= 1 }, "\(suggestion.id)")
                    }
                }
                if let trail = after["trail"]?.elements {
                    #expect(trail.allSatisfy { $0.elements?.count == 2 }, "\(suggestion.id)")
                    for point in Self.points(trail.flatMap { $0.elements ?? [] }, stride: 2) {
                        #expect(trailPoints.contains { Self.metres($0, point) <= 1 }, "\(suggestion.id)")
                    }
                }
                // The newest end, by the monotonic member, is kept.
                if let feed = after["feed"]?.elements, let first = before["feed"]?.elements {
                    let newest = (rising ? first.last! : first.first!)["label"]!.stringValue
                    #expect(feed.contains { $0["label"]?.stringValue == newest }, "\(suggestion.id)")
                }
                // A forward index keeps every upcoming stop up to the window's end.
                if let stops = after["stops"]?.elements, stops.count < count,
                    let rebased = after["nextStopIndex"]?.numberText.flatMap({ Int($0) })
                {
                    let names = stops.map { Int($0["name"]!.stringValue!.split(separator: " ")[1])! }
                    #expect(names[rebased] == index, "\(suggestion.id)")
                    #expect(names == Array(names[0]...(names[0] + names.count - 1)), "\(suggestion.id)")
                    #expect(names[0] >= index - 1)
                }
                // No opaque string is trimmed.
                if let token = after["token"]?.stringValue, token.utf8.count > 8 {
                    #expect(token == before["token"]!.stringValue!, "\(suggestion.id)")
                }
            }
        }
    }

    static func points(_ numbers: [JSONElement], stride: Int) -> [(Double, Double)] {
        Swift.stride(from: 0, to: numbers.count - 1, by: stride).map {
            (Double(numbers[$0].numberText!)!, Double(numbers[$0 + 1].numberText!)!)
        }
    }

    /// An upper bound of the distance between two points given in degrees, in metres.
    static func metres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        max(abs(a.0 - b.0), abs(a.1 - b.1)) * 111_320
    }
}
