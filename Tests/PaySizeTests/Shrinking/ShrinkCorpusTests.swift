import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Bloated payloads shaped like real apps (`Tests/Fixtures/shrink-corpus`), each with the first
/// move an experienced Live Activity engineer would make: the advisor's top three suggestions
/// must hold it on at least 90 % of them, and the cuts must keep what matters.
@Suite("Shrink advice on the real-world corpus") struct ShrinkCorpusTests {
    typealias Support = ShrinkTestSupport

    /// Each payload and the suggestion an expert makes first.
    static let expertFirstMoves: [(file: String, firstMove: String)] = [
        // Newest reading first: send fewer, keeping the newest (the head).
        ("glucose-newest-first.json", "cap-items:/aps/content-state/readings"),
        // A chart of numeric samples: downsample, both ends kept.
        ("workout-heart-rate.json", "downsample:/aps/content-state/samples"),
        // Ranked results: keep the winners.
        ("race-results-ranked.json", "cap-items:/aps/content-state/finishers"),
        ("leaderboard-ranked.json", "cap-items:/aps/content-state/standings"),
        // A paged list: a window around pageIndex, rebased.
        ("paged-orders-with-index.json", "cap-items:/aps/content-state/items"),
        // Ten explicit nulls per commentary entry; the layout list is the user's and stays whole.
        ("settings-layout-list.json", "drop-nulls"),
        // A route: downsample it, both ends kept.
        ("delivery-route.json", "downsample:/aps/content-state/route"),
        // Coordinates with 14 decimals: 5 are about a metre.
        ("bus-stops-coordinates.json", "fewer-digits:/aps/content-state/stops/*/lat"),
        // 160 keys of 40 items: fold them into an array of records.
        ("cart-key-families.json", "fold-keys:/aps/content-state/item_*"),
        // An SDK-wrapped state: the app's nulls go; the SDK's member stays as it is.
        ("sdk-wrapped-onesignal.json", "drop-nulls"),
        // A newline log: its newest lines.
        ("tennis-newline-log.json", "trim-text:/aps/content-state/eventLog"),
        // Per-event names: fewer events, newest kept; names are no enum.
        ("match-events-names.json", "cap-items:/aps/content-state/events"),
        // An app test's 200-item state: cap the array.
        ("app-test-200-items.json", "cap-items:/items"),
        // 4 KB of text without a space: cut between characters.
        ("opaque-long-text.json", "trim-text:/aps/content-state/announcement"),
        ("chat-oldest-first.json", "cap-items:/aps/content-state/messages"),
        // Prices stay exact: downsample the day's series instead.
        ("stock-price-series.json", "downsample:/aps/content-state/intradayPrices"),
        ("download-progress-precision.json", "fewer-digits:/aps/content-state/files/*/progress"),
        ("news-feed-newest-first.json", "cap-items:/aps/content-state/entries"),
    ]

    static func payload(_ name: String) throws -> [UInt8] {
        Array(try Data(contentsOf: TestPaths.fixtures.appendingPathComponent("shrink-corpus/\(name)")))
    }

    static func report(_ name: String, lossy: Bool = true) throws -> ShrinkReport {
        try ShrinkAdvisor(allowsLossy: lossy).report(forJSONBytes: payload(name))
    }

    static func suggestion(_ id: String, in report: ShrinkReport) throws -> ShrinkSuggestion {
        try #require(report.suggestions.first { $0.id == id }, "\(report.suggestions.map(\.id))")
    }

    @Test("the expert's first move is in the top three") func theExpertsFirstMoveIsInTheTopThree() throws {
        #expect(Self.expertFirstMoves.count >= 15)
        var misses: [String] = []
        for (file, move) in Self.expertFirstMoves {
            let report = try Self.report(file)
            Support.checkSavings(report)
            let top = report.suggestions.prefix(3).map(\.id)
            if !top.contains(move) { misses.append("\(file): \(move) not in \(top)") }
        }
        #expect(misses.count * 10 <= Self.expertFirstMoves.count, "\(misses)")
    }

    @Test("newest first readings keep the head") func newestFirstReadingsKeepTheHead() throws {
        let report = try Self.report("glucose-newest-first.json")
        let cut = try Self.suggestion("cap-items:/aps/content-state/readings", in: report)
        #expect(cut.title.hasSuffix("keeping the newest ('date' falls: newest first)"))
        let before = try JSONScanner.scan(Self.payload("glucose-newest-first.json"))
        let after = try JSONScanner.scan(cut.jsonBytes)
        let original = try #require(before.descendant(at: JSONPointer("aps", "content-state", "readings"))?.elements)
        let kept = try #require(after.descendant(at: JSONPointer("aps", "content-state", "readings"))?.elements)
        #expect(kept.count < original.count)
        #expect(kept.map { $0["date"]?.numberText } == original.prefix(kept.count).map { $0["date"]?.numberText })
        // Computed to reach the target: the cut alone brings the payload to safe.
        #expect(cut.newTier == .safe)
    }

    @Test("ranked results keep the winner") func rankedResultsKeepTheWinner() throws {
        let report = try Self.report("race-results-ranked.json")
        let cut = try Self.suggestion("cap-items:/aps/content-state/finishers", in: report)
        let after = try JSONScanner.scan(cut.jsonBytes)
        let kept = try #require(after.descendant(at: JSONPointer("aps", "content-state", "finishers"))?.elements)
        #expect(kept.first?["place"]?.numberText == "1")
        #expect(cut.title.contains("keeping the top-ranked ('place' rises: top first)"))
    }

    @Test("a paged list keeps a window around its index") func aPagedListKeepsAWindowAroundItsIndex() throws {
        let report = try Self.report("paged-orders-with-index.json")
        let cut = try Self.suggestion("cap-items:/aps/content-state/items", in: report)
        #expect(cut.howToApply.contains("'pageIndex' still points at the same item"))
        #expect(cut.howToApply.contains("'itemCount' becomes"))
        #expect(cut.howToApply.contains("'totalOrders' stays as it counts the whole set"))
        let state = try #require(
            try JSONScanner.scan(cut.jsonBytes).descendant(at: JSONPointer("aps", "content-state")))
        let items = try #require(state["items"]?.elements)
        let index = try #require(state["pageIndex"]?.numberText.flatMap { Int($0) })
        #expect(items.indices.contains(index))
        #expect(items[index]["id"]?.stringValue == "ord-0142")
        #expect(state["itemCount"]?.numberText == String(items.count))
        #expect(state["totalOrders"]?.numberText == "1834")
    }

    @Test("a settings list is never cut") func aSettingsListIsNeverCut() throws {
        let report = try Self.report("settings-layout-list.json")
        #expect(!report.suggestions.contains { $0.paths.map(\.rawValue).contains("/aps/content-state/widgetLayout") })
    }

    @Test("coordinates keep five decimals") func coordinatesKeepFiveDecimals() throws {
        let report = try Self.report("bus-stops-coordinates.json")
        let rounding = try Self.suggestion("fewer-digits:/aps/content-state/stops/*/lat", in: report)
        #expect(rounding.title.contains("5 decimals kept (0.00001° is about 1.1 m): a point moves by at most ±0.56 m"))
        let stops = try #require(
            try JSONScanner.scan(rounding.jsonBytes).descendant(at: JSONPointer("aps", "content-state", "stops"))?
                .elements)
        for stop in stops {
            let text = try #require(stop["lat"]?.numberText)
            #expect(text.split(separator: ".").last?.count ?? 0 <= 5)
        }
    }

    @Test("money is never rounded") func moneyIsNeverRounded() throws {
        let report = try Self.report("stock-price-series.json")
        #expect(!report.suggestions.contains { $0.kind == "fewer-digits" })
    }

    @Test("an SDK's keys are never renamed") func anSDKsKeysAreNeverRenamed() throws {
        let report = try Self.report("sdk-wrapped-onesignal.json")
        let keys = try Self.suggestion("shorter-keys:/aps/content-state", in: report)
        #expect(keys.howToApply.contains("case onesignal  // kept: not the app's to rename"))
        #expect(
            !report.suggestions.contains { $0.paths.contains { $0.rawValue.hasPrefix("/aps/content-state/onesignal") } }
        )
        let original = try JSONScanner.scan(Self.payload("sdk-wrapped-onesignal.json"))
        for suggestion in report.suggestions where suggestion.kind != "zstd-packing" {
            let state = try JSONScanner.scan(suggestion.jsonBytes).descendant(at: JSONPointer("aps", "content-state"))
            #expect(
                state?["onesignal"]?.isJSONEqual(to: original["aps"]!["content-state"]!["onesignal"]!) == true,
                "\(suggestion.id)")
        }
        // --keep-keys: the caller's own patterns.
        var advisor = ShrinkAdvisor()
        advisor.keptKeys = ["restaurant*", "courierName"]
        let kept = try advisor.report(forJSONBytes: Self.payload("sdk-wrapped-onesignal.json"))
        let renamed = try Self.suggestion("shorter-keys:/aps/content-state", in: kept)
        #expect(renamed.howToApply.contains("case restaurantName  // kept: not the app's to rename"))
        #expect(renamed.howToApply.contains("case courierName  // kept: not the app's to rename"))
        #expect(renamed.howToApply.contains("case orderStatus = "))
    }

    @Test("a log keeps its newest lines") func aLogKeepsItsNewestLines() throws {
        let report = try Self.report("tennis-newline-log.json")
        let cut = try Self.suggestion("trim-text:/aps/content-state/eventLog", in: report)
        let log = try #require(
            try JSONScanner.scan(cut.jsonBytes).descendant(at: JSONPointer("aps", "content-state", "eventLog"))?
                .stringValue)
        #expect(log.hasPrefix("…\n"))
        #expect(log.split(separator: "\n").last?.hasPrefix("Round 69: ") == true)
        #expect(log.count <= ShrinkStrategy.keptLogCharacterCount)
    }

    @Test("text without spaces is cut between characters") func textWithoutSpacesIsCutBetweenCharacters() throws {
        let report = try Self.report("opaque-long-text.json")
        let cut = try Self.suggestion("trim-text:/aps/content-state/announcement", in: report)
        let text = try #require(
            try JSONScanner.scan(cut.jsonBytes).descendant(at: JSONPointer("aps", "content-state", "announcement"))?
                .stringValue)
        #expect(text.count == ShrinkStrategy.keptCharacterCount)
        #expect(text.hasSuffix("…"))
    }

    @Test("numbered items with the same status are no duplicates") func numberedItemsWithTheSameStatusAreNoDuplicates()
        throws
    {
        let report = try Self.report("cart-key-families.json")
        #expect(!report.suggestions.contains { $0.kind == "derive-duplicate" }, "\(report.suggestions.map(\.id))")
    }

    @Test("names seen in one payload are no enum") func namesSeenInOnePayloadAreNoEnum() throws {
        let report = try Self.report("match-events-names.json")
        #expect(!report.suggestions.contains { $0.kind == "enum-values" }, "\(report.suggestions.map(\.id))")
    }
}
