import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// One test per strategy: the saving is the exact byte difference of the payload it produced,
/// and that payload decodes with `JSONDecoder` into the Swift type adjusted as the suggestion says.
@Suite("Shrink strategies") struct ShrinkStrategyTests {
    typealias Support = ShrinkTestSupport

    // MARK: 1. Shorter keys

    struct Leg: Codable, Equatable {
        var departureGate: String
        var flightNumber: String
    }

    struct Trip: Codable, Equatable {
        var legs: [Leg]
    }

    /// The type after the suggested `CodingKeys`.
    struct ShortLeg: Codable, Equatable {
        var departureGate: String
        var flightNumber: String
        enum CodingKeys: String, CodingKey {
            case departureGate = "d"
            case flightNumber = "f"
        }
    }

    struct ShortTrip: Codable, Equatable {
        var legs: [ShortLeg]
    }

    @Test("shorter keys save once per array element") func shorterKeysSaveOncePerArrayElement() throws {
        let trip = Trip(legs: (0..<3).map { Leg(departureGate: "B2\($0)", flightNumber: "LH40\($0)") })
        let bytes = try Support.json(trip)
        let (_, suggestion) = try Support.suggestion(
            "shorter-keys", in: bytes,
            advisor: ShrinkAdvisor(strategies: [.shorterKeys]).onlyAt("/legs/*"))
        #expect(suggestion.id == "shorter-keys:/legs/*")
        // departureGate → d (12 bytes) and flightNumber → f (11 bytes), in each of 3 legs.
        #expect(suggestion.savedBytes == 69)
        #expect(suggestion.contractChange == .app)
        #expect(suggestion.paths.map(\.rawValue) == ["/legs/*"])
        #expect(suggestion.howToApply.contains("    case departureGate = \"d\"\n    case flightNumber = \"f\"\n"))
        let decoded = try Support.decode(ShortTrip.self, from: suggestion.jsonBytes)
        #expect(decoded.legs.map(\.departureGate) == trip.legs.map(\.departureGate))
        #expect(decoded.legs.map(\.flightNumber) == trip.legs.map(\.flightNumber))
        #expect(try Support.json(decoded).count == suggestion.jsonBytes.count)
    }

    // MARK: 2. Enums

    struct Flight: Codable {
        var code: String
        var status: String
    }

    struct Board: Codable {
        var flights: [Flight]
    }

    enum ShortStatus: String, Codable {
        case onTime = "o"
        case delayed = "d"
        case boarding = "b"
    }

    struct ShortFlight: Codable {
        var code: String
        var status: ShortStatus
    }

    struct ShortBoard: Codable {
        var flights: [ShortFlight]
    }

    @Test("descriptive strings from a small set become an enum") func descriptiveStringsFromASmallSetBecomeAnEnum()
        throws
    {
        let statuses = ["on time", "on time", "delayed", "on time", "boarding", "delayed"]
        let board = Board(flights: statuses.enumerated().map { Flight(code: "LH\($0.offset)", status: $0.element) })
        let bytes = try Support.json(board)
        let (_, suggestion) = try Support.suggestion("enum-values", in: bytes)
        #expect(suggestion.id == "enum-values:/flights/*/status")
        #expect(
            suggestion.title
                == "enum with short raw values at /flights/*/status: 'on time' → 'o', 'delayed' → 'd', 'boarding' → 'b'"
        )
        // "on time" → "o" three times (6 bytes each), "delayed" → "d" twice (6), "boarding" → "b" once (7).
        #expect(suggestion.savedBytes == 18 + 12 + 7)
        #expect(
            suggestion.howToApply.contains(
                """
                enum Status: String, Codable {
                    case onTime = "o"  // "on time"
                    case delayed = "d"  // "delayed"
                    case boarding = "b"  // "boarding"
                    case unknown  // any value this build does not know

                    init(from decoder: any Decoder) throws {
                        let rawValue = try decoder.singleValueContainer().decode(String.self)
                        self = Self(rawValue: rawValue) ?? .unknown
                    }
                }
                """))
        let decoded = try Support.decode(ShortBoard.self, from: suggestion.jsonBytes)
        let expected: [String: ShortStatus] = ["on time": .onTime, "delayed": .delayed, "boarding": .boarding]
        #expect(decoded.flights.map(\.status) == statuses.map { expected[$0]! })
        #expect(decoded.flights.map(\.code) == board.flights.map(\.code))
    }

    @Test("a single value outside arrays is no enum") func aSingleValueOutsideArraysIsNoEnum() throws {
        let bytes = Array(#"{"eta":"on the way","stops":[1,2]}"#.utf8)
        let report = try ShrinkAdvisor(strategies: [.enumValues]).report(forJSONBytes: bytes)
        #expect(report.suggestions.isEmpty)
        // A lone status is a closed set by its name (issue 38): the hint, with its fallback.
        let status = try ShrinkAdvisor(strategies: [.enumValues]).report(
            forJSONBytes: Array(#"{"status":"on the way","stops":[1,2]}"#.utf8))
        #expect(status.suggestions.map(\.id) == ["enum-values:/status"])
        #expect(
            status.suggestions.first?.howToApply.contains("case unknown  // any value this build does not know") == true
        )
    }

    // MARK: 3. Trimmed text

    struct Note: Codable {
        var note: String
    }

    @Test("long text is trimmed at a word boundary") func longTextIsTrimmedAtAWordBoundary() throws {
        let text =
            "The driver is waiting at the north entrance of the building, next to the blue door with the big sign above it."
        let bytes = try Support.json(Note(note: text))
        let (_, suggestion) = try Support.suggestion("trim-text", in: bytes)
        #expect(suggestion.isLossy)
        #expect(suggestion.contractChange == .server)
        #expect(suggestion.title == "trim the text at /note to 64 characters (longest: 110)")
        let decoded = try Support.decode(Note.self, from: suggestion.jsonBytes)
        #expect(decoded.note == "The driver is waiting at the north entrance of the building…")
        // 112 bytes of string token → 64 ("…" is 3 bytes).
        #expect(suggestion.savedBytes == 112 - 64)
    }

    // MARK: 4. Numbers

    struct Progress: Codable {
        var distance: Double
        var progress: Double
        var tiny: Double
        var stops: Int
    }

    @Test("over precise doubles keep digits by meaning") func overPreciseDoublesKeepDigitsByMeaning() throws {
        let bytes = try Support.json(Progress(distance: 1234.5678, progress: 0.734512, tiny: 0.000123456, stops: 12))
        let report = try ShrinkAdvisor().report(forJSONBytes: bytes)
        Support.checkSavings(report)
        let byPath = Dictionary(uniqueKeysWithValues: report.suggestions.map { ($0.id, $0) })
        let cases: [(String, Int, Double)] = [
            // Progress keeps 3 decimals, other numbers 2 (2 significant below 1).
            ("fewer-digits:/distance", 2, 1234.57), ("fewer-digits:/progress", 3, 0.735),
            ("fewer-digits:/tiny", 4, 0.00012),
        ]
        for (id, saved, value) in cases {
            let suggestion = try #require(byPath[id])
            #expect(suggestion.savedBytes == saved, "\(id)")
            #expect(suggestion.isLossy && suggestion.contractChange == .server)
            let decoded = try Support.decode(Progress.self, from: suggestion.jsonBytes)
            #expect([decoded.distance, decoded.progress, decoded.tiny].contains(value), "\(id)")
        }
    }

    @Test(
        "rounding is done on the decimal text",
        arguments: [
            ("0.734512", "0.73"), ("1234.5678", "1234.57"), ("0.000123456", "0.00012"), ("9.999", "10"),
            ("-0.004", nil), ("-0.0049", nil), ("-0.00049", nil), ("-0.000491", "-0.00049"), ("-0.004999", "-0.005"),
            ("0.9999", "1"),
            ("1.5", nil), ("2.125", "2.13"), ("1e-7", nil), ("-0.001", nil), ("-0.0001", nil), ("-0.00001", nil),
            ("99.996", "100"), ("-0.000004", nil),
        ] as [(String, String?)])
    func roundingIsDoneOnTheDecimalText(_ example: (String, String?)) {
        #expect(ShrinkStrategy.roundedNumber(example.0) == example.1)
    }

    struct Wide: Codable {
        var count: Int
    }

    struct Narrow: Codable {
        var count: Int8
    }

    @Test("smaller integer types save nothing") func smallerIntegerTypesSaveNothing() throws {
        #expect(try Support.json(Wide(count: 12)) == Support.json(Narrow(count: 12)))
        let report = try ShrinkAdvisor().report(forJSONBytes: Support.json(Wide(count: 12)))
        let finding = try #require(report.zeroSavings.first { $0.kind == "smaller-integers" })
        #expect(finding.savedBytes == 0)
        #expect(finding.paths.map(\.rawValue) == ["/count"])
        #expect(!report.suggestions.contains { $0.kind == "smaller-integers" })
    }

    // MARK: 5. Nulls and defaults

    struct OptionalNote: Codable, Equatable {
        var eta: Int
        var note: String?
    }

    @Test("explicit nulls are dropped and still decode as nil") func explicitNullsAreDroppedAndStillDecodeAsNil() throws
    {
        let bytes = Array(#"{"eta":5,"note":null}"#.utf8)
        let (_, suggestion) = try Support.suggestion("drop-nulls", in: bytes)
        #expect(suggestion.savedBytes == 12)
        #expect(suggestion.contractChange == .server)
        #expect(suggestion.jsonBytes == Array(#"{"eta":5}"#.utf8))
        #expect(try Support.decode(OptionalNote.self, from: suggestion.jsonBytes) == OptionalNote(eta: 5, note: nil))
    }

    struct Flags: Codable, Equatable {
        var active: Bool
        var count: Int
        var name: String
        var tags: [String]
        var title: String
    }

    /// The type after the suggestion: defaults decoded with `decodeIfPresent`.
    struct DefaultedFlags: Decodable, Equatable {
        var active: Bool
        var count: Int
        var name: String
        var tags: [String]
        var title: String

        enum CodingKeys: String, CodingKey {
            case active, count, name, tags, title
        }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            active = try container.decodeIfPresent(Bool.self, forKey: .active) ?? false
            count = try container.decodeIfPresent(Int.self, forKey: .count) ?? 0
            name = try container.decodeIfPresent(String.self, forKey: .name) ?? ""
            tags = try container.decodeIfPresent([String].self, forKey: .tags) ?? []
            title = try container.decode(String.self, forKey: .title)
        }
    }

    @Test("default valued members are dropped for decodeIfPresent defaults")
    func defaultValuedMembersAreDroppedForDecodeIfPresentDefaults() throws {
        let flags = Flags(active: false, count: 0, name: "", tags: [], title: "x")
        let bytes = try Support.json(flags)
        let (_, suggestion) = try Support.suggestion("drop-defaults", in: bytes)
        #expect(suggestion.jsonBytes == Array(#"{"title":"x"}"#.utf8))
        #expect(suggestion.savedBytes == bytes.count - 13)
        #expect(suggestion.contractChange == .app)
        #expect(suggestion.paths.map(\.rawValue) == ["/active", "/count", "/name", "/tags"])
        #expect(suggestion.howToApply.contains("decodeIfPresent"))
        let decoded = try Support.decode(DefaultedFlags.self, from: suggestion.jsonBytes)
        #expect([decoded.active ? 1 : 0, decoded.count] == [0, 0] && decoded.name == "" && decoded.tags == [])
        #expect(decoded.title == "x")
    }

    @Test("nil optionals already omitted cost zero") func nilOptionalsAlreadyOmittedCostZero() throws {
        let report = try ShrinkAdvisor().report(contentState: OptionalNote(eta: 5, note: nil))
        #expect(report.byteCount == 9)
        let finding = try #require(report.zeroSavings.first { $0.kind == "omitted-optionals" })
        #expect(finding.paths.map(\.rawValue) == ["/note"])
        #expect(finding.savedBytes == 0)
        #expect(!report.suggestions.contains { $0.kind == "drop-nulls" })
    }

    // MARK: 6. Blobs

    struct Avatar: Codable {
        var avatar: Data
    }

    struct AvatarName: Codable {
        var avatar: String
    }

    @Test("embedded blobs become an identifier") func embeddedBlobsBecomeAnIdentifier() throws {
        let data = Data((0..<96).map { UInt8(($0 * 37 + 11) % 256) })
        let bytes = try Support.json(Avatar(avatar: data))
        let (_, suggestion) = try Support.suggestion("blob-to-identifier", in: bytes)
        #expect(suggestion.contractChange == .app)
        let decoded = try Support.decode(AvatarName.self, from: suggestion.jsonBytes)
        #expect(decoded.avatar == ShrinkStrategy.identifier(for: data.base64EncodedString()))
        #expect(decoded.avatar.count == 8)
        #expect(suggestion.savedBytes == bytes.count - #"{"avatar":"12345678"}"#.utf8.count)
    }

    // MARK: 7. Long arrays

    struct Play: Codable, Equatable {
        var minute: Int
        var text: String
    }

    struct Plays: Codable, Equatable {
        var plays: [Play]
    }

    @Test("long arrays keep their newest items") func longArraysKeepTheirNewestItems() throws {
        let plays = Plays(plays: (1...10).map { Play(minute: $0 * 7, text: "Play number \($0)") })
        let bytes = try Support.json(plays)
        // A payload at its target gets no cut (issue 38), so the budget puts this one above safe;
        // minutes rise, so the newest are last.
        let advisor = ShrinkAdvisor(budget: PayloadBudget(limit: 512))
        let (_, suggestion) = try Support.suggestion("cap-items", in: bytes, advisor: advisor)
        let decoded = try Support.decode(Plays.self, from: suggestion.jsonBytes)
        #expect(decoded.plays.count == 6)
        #expect(
            suggestion.title == "send at most 6 items of 10 at /plays, keeping the newest ('minute' rises: newest last)"
        )
        #expect(suggestion.isLossy && suggestion.contractChange == .server)
        #expect(decoded.plays == Array(plays.plays.suffix(6)))
        let newestFirst = Plays(plays: plays.plays.reversed())
        let (_, head) = try Support.suggestion("cap-items", in: try Support.json(newestFirst), advisor: advisor)
        #expect(head.title.hasSuffix("keeping the newest ('minute' falls: newest first)"))
        #expect(try Support.decode(Plays.self, from: head.jsonBytes).plays == Array(newestFirst.plays.prefix(6)))
        #expect(try ShrinkAdvisor().report(forJSONBytes: bytes).suggestions.allSatisfy { $0.kind != "cap-items" })
    }

    @Test("long arrays keep what fits the target") func longArraysKeepWhatFitsTheTarget() throws {
        let plays = Plays(plays: (1...40).map { Play(minute: $0, text: String(repeating: "x", count: 80)) })
        let bytes = try Support.json(plays)
        let (report, suggestion) = try Support.suggestion("cap-items", in: bytes)
        let kept = try Support.decode(Plays.self, from: suggestion.jsonBytes).plays
        #expect(kept == Array(plays.plays.suffix(kept.count)))
        #expect(suggestion.newTier == .safe)
        // One more item would not fit: the largest count that reaches the target.
        #expect(suggestion.byteCount + (report.byteCount - suggestion.byteCount) / (40 - kept.count) > 2047)
        #expect(suggestion.title.hasPrefix("send at most \(kept.count) items of 40 at /plays"))
    }

    @Test("an index into two arrays refuses the cut") func anIndexIntoTwoArraysRefusesTheCut() throws {
        let items = (0..<8).map { "\"item \($0)\"" }.joined(separator: ",")
        let bytes = Array(#"{"selectedIndex":5,"a":[\#(items)],"b":[\#(items)]}"#.utf8)
        let report = try ShrinkAdvisor(allowsLossy: true).report(forJSONBytes: bytes)
        #expect(!report.suggestions.contains { $0.kind == "cap-items" })
        #expect(
            report.zeroSavings.map(\.title).contains(
                "no cut at /a: 'selectedIndex' may point into 'a' or 'b'; a cut could leave it pointing at another item"
            ))
    }

    // MARK: 8. Constant members

    struct MatchState: Codable {
        var minute: Int
        var score: String
        var venue: String
    }

    struct MatchStateWithoutVenue: Codable {
        var minute: Int
        var score: String
    }

    @Test("members constant over a series move to the attributes") func membersConstantOverASeriesMoveToTheAttributes()
        throws
    {
        let series = try [(5, "0-0"), (30, "1-0"), (60, "1-1")].map {
            try Support.json(MatchState(minute: $0.0, score: $0.1, venue: "Emirates Stadium"))
        }
        let (_, suggestion) = try Support.suggestion("move-to-attributes", in: series[2], series: series)
        #expect(suggestion.paths.map(\.rawValue) == ["/venue"])
        #expect(suggestion.title == "1 member identical in all 3 payloads → ActivityAttributes: /venue")
        #expect(suggestion.savedBytes == #","venue":"Emirates Stadium""#.utf8.count)
        let decoded = try Support.decode(MatchStateWithoutVenue.self, from: suggestion.jsonBytes)
        #expect(decoded.minute == 60 && decoded.score == "1-1")

        let alone = try ShrinkAdvisor().report(forJSONBytes: series[2])
        #expect(!alone.suggestions.contains { $0.kind == "move-to-attributes" })
    }

    // MARK: 9. Duplicated and derived values

    struct Titles: Codable {
        var heading: String
        var minute: Int
        var title: String
    }

    struct Heading: Codable {
        var heading: String
        var minute: Int
    }

    @Test("a value stored twice is kept once") func aValueStoredTwiceIsKeptOnce() throws {
        let bytes = try Support.json(Titles(heading: "Arsenal v Chelsea", minute: 5, title: "Arsenal v Chelsea"))
        let (_, suggestion) = try Support.suggestion("derive-duplicate", in: bytes)
        #expect(suggestion.paths.map(\.rawValue) == ["/heading", "/title"])
        #expect(suggestion.savedBytes == #","title":"Arsenal v Chelsea""#.utf8.count)
        let decoded = try Support.decode(Heading.self, from: suggestion.jsonBytes)
        #expect(decoded.heading == "Arsenal v Chelsea" && decoded.minute == 5)
    }

    @Test("one field of numbered items is no duplicate") func oneFieldOfNumberedItemsIsNoDuplicate() throws {
        let bytes = Array(
            #"{"heading":"Arsenal v Chelsea","item_1_state":"packed","item_2_state":"packed","item_3_state":"packed","title":"Arsenal v Chelsea"}"#
                .utf8)
        let (report, suggestion) = try Support.suggestion("derive-duplicate", in: bytes)
        #expect(suggestion.paths.map(\.rawValue) == ["/heading", "/title"])
        #expect(
            !report.suggestions.contains {
                $0.paths.map(\.rawValue).contains("/item_2_state") && $0.kind == "derive-duplicate"
            })
    }

    struct Score: Codable {
        var awayScore: Int
        var homeScore: Int
        var scoreText: String
    }

    struct ScoreWithoutText: Codable {
        var awayScore: Int
        var homeScore: Int
    }

    @Test("a string that only formats other members is derived") func aStringThatOnlyFormatsOtherMembersIsDerived()
        throws
    {
        let bytes = try Support.json(Score(awayScore: 10, homeScore: 14, scoreText: "14 - 10"))
        let (_, suggestion) = try Support.suggestion("derive-formatted", in: bytes)
        #expect(
            suggestion.title
                == "/scoreText only formats /awayScore and /homeScore ('14 - 10'): derive it in the view")
        #expect(suggestion.savedBytes == #","scoreText":"14 - 10""#.utf8.count)
        let decoded = try Support.decode(ScoreWithoutText.self, from: suggestion.jsonBytes)
        #expect(decoded.homeScore == 14 && decoded.awayScore == 10)

        let unrelated = try Support.json(Score(awayScore: 10, homeScore: 14, scoreText: "Q4 14 - 10"))
        let report = try ShrinkAdvisor().report(forJSONBytes: unrelated)
        #expect(!report.suggestions.contains { $0.kind == "derive-formatted" })
    }

    // MARK: 10. Dates

    struct Kickoff: Codable {
        var kickoff: String
    }

    struct KickoffDate: Codable {
        var kickoff: Date
    }

    @Test("ISO dates become seconds since 2001") func isoDatesBecomeSecondsSince2001() throws {
        let bytes = try Support.json(Kickoff(kickoff: "2025-11-30T15:00:00Z"))
        let (_, suggestion) = try Support.suggestion("integer-dates", in: bytes)
        #expect(suggestion.jsonBytes == Array(#"{"kickoff":786207600}"#.utf8))
        #expect(suggestion.contractChange == .app && !suggestion.isLossy)
        let decoded = try Support.decode(KickoffDate.self, from: suggestion.jsonBytes)
        // A default JSONDecoder reads seconds since 2001: the same instant as Unix 1764514800.
        #expect(decoded.kickoff == Date(timeIntervalSince1970: 1_764_514_800))
    }

    @Test("aps dates stay Unix seconds while content-state dates count from 2001")
    func apsDatesStayUnixSecondsWhileContentStateDatesCountFrom2001() throws {
        let bytes = Array(
            #"{"aps":{"timestamp":1764514800,"event":"update","content-state":{"kickoff":"2025-11-30T16:00:00+01:00"},"stale-date":1764515700}}"#
                .utf8)
        let (_, suggestion) = try Support.suggestion("integer-dates", in: bytes)
        #expect(
            suggestion.jsonBytes
                == Array(
                    #"{"aps":{"timestamp":1764514800,"event":"update","content-state":{"kickoff":786207600},"stale-date":1764515700}}"#
                        .utf8))
    }

    struct ETA: Codable, Equatable {
        var eta: Date
    }

    @Test("fractional date numbers become whole seconds") func fractionalDateNumbersBecomeWholeSeconds() throws {
        let state = ETA(eta: Date(timeIntervalSinceReferenceDate: 786_207_600.25))
        let report = try ShrinkAdvisor().report(contentState: state)
        Support.checkSavings(report)
        let suggestion = try #require(report.suggestions.first { $0.kind == "integer-dates" })
        #expect(suggestion.jsonBytes == Array(#"{"eta":786207600}"#.utf8))
        #expect(suggestion.savedBytes == 3)
        #expect(suggestion.isLossy && suggestion.contractChange == .server)
        #expect(
            try Support.decode(ETA.self, from: suggestion.jsonBytes)
                == ETA(eta: Date(timeIntervalSinceReferenceDate: 786_207_600)))
    }

    @Test(
        "ISO timestamps are read exactly",
        arguments: [
            ("2025-11-30T15:00:00Z", 1_764_514_800, false), ("2025-11-30T15:00:00.250Z", 1_764_514_800, true),
            ("2025-11-30T16:30:00+01:30", 1_764_514_800, false), ("2024-02-29T00:00:00Z", 1_709_164_800, false),
            ("1969-12-31T23:59:59Z", -1, false), ("2001-01-01T00:00:00Z", 978_307_200, false),
            ("2025-11-30T15:00Z", 1_764_514_800, false),
        ])
    func isoTimestampsAreReadExactly(_ example: (String, Int, Bool)) throws {
        let timestamp = try #require(ISO8601Timestamp(example.0))
        #expect(timestamp.unixSeconds == example.1)
        #expect(timestamp.hasFraction == example.2)
        #expect(timestamp.referenceDateSeconds == example.1 - 978_307_200)
    }

    @Test(
        "not timestamps",
        arguments: ["2025-11-30T15:00:00", "2025-02-29T00:00:00Z", "2025-11-30", "2025-13-01T00:00:00Z", "x"])
    func notTimestamps(_ text: String) {
        #expect(ISO8601Timestamp(text) == nil)
    }

    // MARK: 11. Escaping

    struct Logo: Codable {
        var logo: String
        var name: String
    }

    @Test("needless escapes are a server setting") func needlessEscapesAreAServerSetting() throws {
        let bytes = Array(#"{"logo":"https:\/\/cdn.example.com\/a.png","name":"Caf\u00e9"}"#.utf8)
        let (_, suggestion) = try Support.suggestion("escaping", in: bytes)
        #expect(suggestion.contractChange == .none)
        #expect(suggestion.paths.map(\.rawValue) == ["/logo", "/name"])
        #expect(
            suggestion.jsonBytes
                == (try Support.json(
                    Logo(logo: "https://cdn.example.com/a.png", name: "Café"), formatting: .withoutEscapingSlashes)))
        #expect(suggestion.savedBytes == 3 + 4)
    }

    @Test("pretty printing is listed at zero bytes") func prettyPrintingIsListedAtZeroBytes() throws {
        let bytes = Array("{\n  \"eta\" : 5\n}".utf8)
        let report = try ShrinkAdvisor().report(forJSONBytes: bytes)
        #expect(report.byteCount == 9)
        #expect(report.writtenByteCount == 15)
        let finding = try #require(report.zeroSavings.first { $0.kind == "compact-output" })
        #expect(finding.title == "whitespace: 15 bytes as written, 9 compact; sizes are judged compact")
    }
}

extension ShrinkAdvisor {
    /// A copy whose strategies keep only proposals at `path`.
    func onlyAt(_ path: String) -> ShrinkAdvisor {
        var copy = self
        copy.strategies = strategies.map { strategy in
            ShrinkStrategy(id: strategy.id) { context in
                strategy.proposals(for: context).filter { $0.paths.map(\.rawValue) == [path] }
            }
        }
        return copy
    }
}
