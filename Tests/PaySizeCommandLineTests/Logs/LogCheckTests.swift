import Foundation
import PaySizeCompression
import PaySizeTestSupport
import Testing

/// `paysize check` on JSON Lines logs and `paysize merge`, end to end: summaries with known
/// answers, merged shards equal to the whole, and every kind of bad input.
@Suite("paysize check on logs", .timeLimit(.minutes(2))) struct LogCheckTests {
    static let update = CheckCommandTests.update(ofByteCount:)
    /// Bytes before the content state in `update(ofByteCount:)`, and the `}}` after it.
    static let contentStateOverhead =
        #"{"aps":{"timestamp":1764500400,"event":"update","content-state":"#.utf8.count + 2

    static func summaries(_ text: String) throws -> [[String: Any]] {
        try CheckCommandTests.jsonLines(text).filter { $0["kind"] as? String == "summary" }
    }

    /// The nearest-rank percentile, computed here independently of the tool.
    static func percentile(_ percent: Int, of values: [Int]) -> Int {
        let sorted = values.sorted()
        let rank = Int((Double(percent) / 100 * Double(sorted.count)).rounded(.up))
        return sorted[max(rank, 1) - 1]
    }

    /// 40 payloads of known sizes (some repeated, one over the limit) in a shuffled order.
    static let knownSizes: [Int] = (0..<40).map { 1000 + 97 * (($0 * 17) % 40 % 33) }

    @Test("summary of a generated log has the known answers") func summaryOfAGeneratedLogHasTheKnownAnswers() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("known.jsonl", Self.knownSizes.map(Self.update).joined(separator: "\n") + "\n")
        let result = try PaySizeProcess.run(["check", "--summary", "--format", "json", path])
        #expect(result.status == 1)
        #expect(result.standardError == "")
        let summary = try #require(try Self.summaries(result.standardOutput).first)
        let sizes = Self.knownSizes
        #expect(summary["file"] as? String == path)
        #expect(summary["lines"] as? Int == 40)
        #expect(summary["payloads"] as? Int == 40)
        #expect(summary["malformed"] as? Int == 0)
        #expect(summary["complete"] as? Bool == true)
        let tiers = try #require(summary["tiers"] as? [String: Int])
        #expect(
            tiers == [
                "safe": sizes.count { $0 < 2048 }, "monitor": sizes.count { $0 >= 2048 && $0 < 3072 },
                "risky": sizes.count { $0 >= 3072 && $0 < 3584 }, "critical": sizes.count { $0 >= 3584 && $0 <= 4096 },
                "over": sizes.count { $0 > 4096 },
            ])
        #expect(tiers == ["safe": 18, "monitor": 11, "risky": 5, "critical": 5, "over": 1])
        let payloadBytes = try #require(summary["payloadBytes"] as? [String: Int])
        #expect(
            payloadBytes == [
                "count": 40, "p50": Self.percentile(50, of: sizes), "p90": Self.percentile(90, of: sizes),
                "p99": Self.percentile(99, of: sizes), "max": 4104,
            ])
        let states = sizes.map { $0 - Self.contentStateOverhead }
        #expect(
            summary["contentStateBytes"] as? [String: Int] == [
                "count": 40, "p50": Self.percentile(50, of: states), "p90": Self.percentile(90, of: states),
                "p99": Self.percentile(99, of: states), "max": 4104 - Self.contentStateOverhead,
            ])
        // The ten largest: largest first, earlier lines first among equals.
        let expectedWorst = sizes.enumerated().map { (line: $0.offset + 1, bytes: $0.element) }
            .sorted { $0.bytes != $1.bytes ? $0.bytes > $1.bytes : $0.line < $1.line }.prefix(10)
        let worst = try #require(summary["worst"] as? [[String: Int]])
        #expect(worst == expectedWorst.map { ["line": $0.line, "payloadBytes": $0.bytes] })
        let histogram = try #require(summary["histogram"] as? [String: [[Int]]])
        let counts = Dictionary(sizes.map { ($0, 1) }, uniquingKeysWith: +)
        #expect(histogram["payloadBytes"] == counts.keys.sorted().map { [$0, counts[$0]!] })
        #expect(
            histogram["contentStateBytes"]
                == counts.keys.sorted().map { [$0 - Self.contentStateOverhead, counts[$0]!] })
        #expect(summary["failing"] as? Int == 1)
        #expect(summary["failOn"] as? String == "over")
        #expect(summary["limit"] as? Int == 4096)
    }

    /// The triage switch: `PAYSIZE_SCANNER=plain` reads every line with the strict scanner, with
    /// the same output and exit status.
    @Test("PAYSIZE_SCANNER=plain gives the same output") func plainScannerGivesTheSameOutput() throws {
        let folder = try TemporaryFolder()
        let lines = Self.knownSizes.map(Self.update) + ["not json", "", #"{"aps":{"event":"update"}}"#]
        let path = try folder.write("known.jsonl", lines.joined(separator: "\n") + "\n")
        for arguments in [["check", "--summary", "--format", "json", path], ["check", "--format", "json", path]] {
            let fast = try PaySizeProcess.run(arguments)
            let plain = try PaySizeProcess.run(arguments, environment: ["PAYSIZE_SCANNER": "plain"])
            #expect(fast.status == 2)
            #expect(plain.status == fast.status)
            #expect(plain.standardOutput == fast.standardOutput)
            #expect(plain.standardError == fast.standardError)
            #expect(fast.standardError.contains("known.jsonl:41:1: error: "))
        }
    }

    /// Text: only the lines with findings or at the --fail-on tier, then the summary with its
    /// histogram; malformed lines on standard error with their line numbers.
    @Test("text prints findings and failures then the summary") func textPrintsFindingsAndFailuresThenTheSummary()
        throws
    {
        let folder = try TemporaryFolder()
        let lines = [
            Self.update(300), Self.update(4097), #"{"aps":{"timestamp":1764500400,"event":"update"}}"#, "",
            #"{"aps":"#, Self.update(2100),
        ]
        let path = try folder.write("mixed.jsonl", lines.joined(separator: "\n") + "\n")
        let bar = String(repeating: "█", count: 40)  // each non-empty bucket holds the most: one payload
        let result = try PaySizeProcess.run(["check", path])
        #expect(result.status == 2)
        #expect(
            result.standardError == "\(path):5:8: error: /aps: expected a JSON value, found end of input (byte 7)\n")
        #expect(
            result.standardOutput == """
                \(path):2: over — 4097 of 4096 bytes, 1 bytes over the limit
                  event update · content-state 4031 bytes
                  \(path):2:1: error: (root): the payload is 4097 bytes, over the 4096-byte limit by 1 (APNs answers 413 PayloadTooLarge)
                \(path):3: safe — 49 of 4096 bytes, 4047 bytes of headroom
                  event update
                  \(path):3:8: error: /aps/content-state: an update event requires 'content-state'
                \(path): summary of 6 lines: 4 payloads, 1 blank, 1 malformed
                  tiers (advisory): 2 safe, 1 monitor, 0 risky, 0 critical, 1 over
                  payload bytes: p50 300, p90 4097, p99 4097, max 4097 (4 values)
                  content-state bytes: p50 2034, p90 4031, p99 4031, max 4031 (3 values)
                  on the device (the larger of the swift and objc writers): 0 payloads over ActivityKit's 4096-byte limit; ActivityKit bytes p50 2034, p90 4031, p99 4031, max 4031 (3 values)
                  findings: 2 payloads with errors, 0 with warnings; 2 failing (--fail-on over)
                  largest: line 2 (4097 bytes), line 6 (2100 bytes), line 1 (300 bytes), line 3 (49 bytes)
                  malformed: \(path):5:8: expected a JSON value, found end of input
                  payload bytes, 256-byte buckets:
                        0–255  \(bar) 1
                      256–511  \(bar) 1
                      512–767  0
                     768–1023  0
                    1024–1279  0
                    1280–1535  0
                    1536–1791  0
                    1792–2047  0
                               ── monitor from 2048 bytes
                    2048–2303  \(bar) 1
                    2304–2559  0
                    2560–2815  0
                    2816–3071  0
                               ── risky from 3072 bytes
                    3072–3327  0
                    3328–3583  0
                               ── critical from 3584 bytes
                    3584–3839  0
                    3840–4096  0
                               ── over the 4096-byte limit
                    over 4096  \(bar) 1

                """)
    }

    /// GitHub: annotations for the lines with findings or at the --fail-on tier, then one
    /// summary annotation (an error when the log fails).
    @Test("GitHub annotates findings and failures then the summary")
    func githubAnnotatesFindingsAndFailuresThenTheSummary() throws {
        let folder = try TemporaryFolder()
        let lines = [Self.update(300), Self.update(4097), #"{"aps":{"timestamp":1764500400,"event":"update"}}"#]
        let path = try folder.write("g.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try PaySizeProcess.run(["check", "--format", "github", path], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError == "")
        let file = path.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        #expect(
            result.standardOutput == """
                ::error file=\(file),line=2,col=1,title=PaySize%3A over (advisory)::4097 of 4096 bytes (as written), headroom -1 bytes
                ::error file=\(file),line=2,col=1,title=PaySize%3A (root)::the payload is 4097 bytes, over the 4096-byte limit by 1 (APNs answers 413 PayloadTooLarge)
                ::notice file=\(file),line=3,col=1,title=PaySize%3A safe (advisory)::49 of 4096 bytes (as written), headroom 4047 bytes
                ::error file=\(file),line=3,col=8,title=PaySize%3A /aps/content-state::an update event requires 'content-state'
                ::error file=\(file),title=PaySize summary::\(path): summary of 3 lines: 3 payloads, 0 malformed%0Atiers (advisory): 2 safe, 0 monitor, 0 risky, 0 critical, 1 over%0Apayload bytes: p50 300, p90 4097, p99 4097, max 4097 (3 values)%0Acontent-state bytes: p50 234, p90 4031, p99 4031, max 4031 (2 values)%0Aon the device (the larger of the swift and objc writers): 0 payloads over ActivityKit's 4096-byte limit; ActivityKit bytes p50 234, p90 4031, p99 4031, max 4031 (2 values)%0Afindings: 2 payloads with errors, 0 with warnings; 2 failing (--fail-on over)

                """)
    }

    @Test("JSON keeps one object per payload and the summary last") func jsonKeepsOneObjectPerPayloadAndTheSummaryLast()
        throws
    {
        let folder = try TemporaryFolder()
        let path = try folder.write("three.jsonl", [300, 400, 500].map(Self.update).joined(separator: "\n"))
        let result = try PaySizeProcess.run(["check", "--format", "json", path])
        #expect(result.status == 0)
        let objects = try CheckCommandTests.jsonLines(result.standardOutput)
        #expect(objects.map { $0["payloadBytes"] as? Int } == [300, 400, 500, nil])
        #expect(objects.map { $0["line"] as? Int } == [1, 2, 3, nil])
        #expect(objects.last?["kind"] as? String == "summary")
        #expect(objects.last?["lines"] as? Int == 3)
    }

    // MARK: - Merge

    /// Shards cut anywhere (a malformed line and a blank one included) merge into exactly the
    /// summary of the whole.
    @Test("merged shards equal the whole", arguments: [[1], [7, 19], [3, 4, 5, 30], [0, 39]])
    func mergedShardsEqualTheWhole(_ cuts: [Int]) throws {
        let folder = try TemporaryFolder()
        var lines = Self.knownSizes.map(Self.update)
        lines[5] = #"{"aps":{"event":"update",}"#
        lines[11] = "   "
        let whole = try folder.write("whole.jsonl", lines.joined(separator: "\n") + "\n")
        var shards: [String] = []
        var start = 0
        for (index, cut) in (cuts + [lines.count]).enumerated() where cut >= start {
            let shard = try folder.write(
                "shard\(index).jsonl", lines[start..<cut].map { $0 + "\n" }.joined())
            let result = try PaySizeProcess.run(["check", "--summary", "--format", "json", shard])
            try folder.write("shard\(index).summary.json", result.standardOutput)
            shards.append(folder.url.appendingPathComponent("shard\(index).summary.json").path)
            start = cut
        }
        let expected = try PaySizeProcess.run(["check", "--summary", "--format", "json", whole])
        #expect(expected.status == 2)
        let merged = try PaySizeProcess.run(["merge", "--format", "json", "--file", whole] + shards)
        #expect(merged.status == 2)
        #expect(merged.standardError == "")
        #expect(merged.standardOutput == expected.standardOutput)
        let text = try PaySizeProcess.run(["merge", "--file", whole] + shards)
        let wholeText = try PaySizeProcess.run(["check", "--summary", whole])
        #expect(text.standardOutput == wholeText.standardOutput)
    }

    /// A log whose summary has a bit of everything: a blank line, two malformed lines, a safe
    /// payload and a risky one, both with a content state.
    static let mixedLog = [
        Self.update(100), "{x", "", Self.update(3074), "{y",
    ].map { $0 + "\n" }.joined()

    /// A summary field changed by hand, and the refusal it earns: the field and what was expected.
    struct SummaryDamage: Sendable, CustomTestStringConvertible {
        var found: String
        var replacement: String
        /// The text the error points at in the damaged summary (the value of the field it names).
        var at: String
        var message: String
        var testDescription: String { message }
    }

    static let summaryDamages: [SummaryDamage] = [
        // Lines raised by one.
        .init(
            found: #""lines":5"#, replacement: #""lines":6"#, at: #"6,"blankLines""#,
            message: "/lines: expected 5, the sum of 'blankLines' (1), 'payloads' (2) and 'malformed' (2), found 6"),
        .init(
            found: #""malformed":2"#, replacement: #""malformed":3"#, at: #"5,"blankLines""#,
            message: "/lines: expected 6, the sum of 'blankLines' (1), 'payloads' (2) and 'malformed' (3), found 5"),
        .init(
            found: #""blankLines":1"#, replacement: #""blankLines":0"#, at: #"5,"blankLines""#,
            message: "/lines: expected 4, the sum of 'blankLines' (0), 'payloads' (2) and 'malformed' (2), found 5"),
        .init(
            found: #""payloads":2"#, replacement: #""payloads":3"#, at: #"3,"malformed""#,
            message: "/payloads: expected 2, the sum of 'tiers', found 3"),
        .init(
            found: #""safe":1"#, replacement: #""safe":2"#, at: #"2,"malformed""#,
            message: "/payloads: expected 3, the sum of 'tiers', found 2"),
        .init(
            found: #""payloadBytes":[[100,1]"#, replacement: #""payloadBytes":[[100,2]"#, at: "[[100,2]",
            message: "/histogram/payloadBytes: expected counts adding up to the 2 payloads, found 3"),
        .init(
            found: #""contentStateBytes":[[34,1]"#, replacement: #""contentStateBytes":[[34,2]"#, at: "[[34,2]",
            message: "/histogram/contentStateBytes: expected counts adding up to at most the 2 payloads, found 3"),
        .init(
            found: #""payloadBytes":{"count":2"#, replacement: #""payloadBytes":{"count":1"#, at: #"1,"p50":100"#,
            message: "/payloadBytes/count: expected 2, the count of /histogram/payloadBytes, found 1"),
        .init(
            found: #""p50":100"#, replacement: #""p50":99"#, at: #"99,"p90""#,
            message: "/payloadBytes/p50: expected 100, the p50 of /histogram/payloadBytes, found 99"),
        .init(
            found: #""p90":3074"#, replacement: #""p90":5000"#, at: #"5000,"p99""#,
            message: "/payloadBytes/p90: expected 3074, the p90 of /histogram/payloadBytes, found 5000"),
        .init(
            found: #""p99":3008,"max":3008"#, replacement: #""p99":3008,"max":null"#, at: "null}",
            message: "/contentStateBytes/max: expected 3008, the max of /histogram/contentStateBytes, found null"),
        .init(
            found: #""payloadsWithErrors":0"#, replacement: #""payloadsWithErrors":3"#,
            at: #"3,"payloadsWithWarnings""#,
            message: "/payloadsWithErrors: expected at most the 2 payloads, found 3"),
        .init(
            found: #""failing":0"#, replacement: #""failing":1"#, at: #"1,"payloadBytes":{"#,
            message:
                "/failing: expected from 0 (the payloads of 'tiers' or 'deviceTiers' from 'over') to 0 (with the payloads with errors), found 1"
        ),
        .init(
            found: #""deviceWriter":"larger""#, replacement: #""deviceWriter":"bigger""#,
            at: #""bigger","deviceTiers""#,
            message: "/deviceWriter: expected 'swift', 'objc' or 'larger', found 'bigger'"),
        .init(
            found: #""deviceTiers":{"safe":1"#, replacement: #""deviceTiers":{"safe":2"#, at: #"{"safe":2,"monitor":1"#,
            message: "/deviceTiers: expected counts adding up to at most the 2 payloads, found 3"),
        .init(
            found: #""overOnDevice":0"#, replacement: #""overOnDevice":1"#, at: #"1,"deviceActivityKitBytes""#,
            message: "/overOnDevice: expected 0, the 'over' count of 'deviceTiers', found 1"),
        .init(
            found: #""deviceActivityKitBytes":[[34,1]"#, replacement: #""deviceActivityKitBytes":[[34,2]"#,
            at: "[[34,2]",
            message:
                "/histogram/deviceActivityKitBytes: expected counts adding up to the 2 payloads of 'deviceTiers', found 3"
        ),
        .init(
            found:
                #""firstMalformed":[{"line":2,"column":2,"message":"expected an object key (a string) or '}', found 'x'"},"#,
            replacement: #""firstMalformed":["#, at: #"[{"line":5"#,
            message: "/firstMalformed: expected 2 entries (the first 10 of the 2 malformed lines), found 1"),
        .init(
            found: #"{"line":5,"column":2"#, replacement: #"{"line":6,"column":2"#, at: #"6,"column":2"#,
            message: "/firstMalformed/1/line: expected a line from 3 to 5, found 6"),
        .init(
            found: #""worst":[{"line":4,"payloadBytes":3074},{"line":1,"payloadBytes":100}]"#,
            replacement: #""worst":[{"line":4,"payloadBytes":3074}]"#, at: #"[{"line":4"#,
            message: "/worst: expected 2 entries (the largest 10 of the 2 payloads), found 1"),
        .init(
            found: #""payloadBytes":3074}"#, replacement: #""payloadBytes":3075}"#, at: "3075}",
            message: "/worst/0/payloadBytes: expected 3074, the max of /histogram/payloadBytes, found 3075"),
        .init(
            found: #""lines":5"#, replacement: #""lines":9007199254740993"#, at: "9007199254740993",
            message: "/lines: expected an integer of at most 9007199254740992 (2^53), found 9007199254740993"),
    ]

    /// A summary that does not agree with itself is refused, naming the field and placed at its
    /// value; the same summary unchanged merges.
    @Test("merge refuses a summary that disagrees with itself", arguments: summaryDamages)
    func mergeRefusesASummaryThatDisagreesWithItself(_ damage: SummaryDamage) throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("mixed.jsonl", Self.mixedLog)
        let summary = try PaySizeProcess.run(["check", "--summary", "--format", "json", log]).standardOutput
        let intact = try PaySizeProcess.run(["merge", try folder.write("intact.json", summary)])
        #expect(intact.status == 2)
        #expect(intact.standardError == "")
        let range = try #require(summary.range(of: damage.found), "'\(damage.found)' is not in \(summary)")
        let damaged = summary.replacingCharacters(in: range, with: damage.replacement)
        #expect(damaged.components(separatedBy: damage.at).count == 2, "'\(damage.at)' is not once in \(damaged)")
        let column = try #require(damaged.range(of: damage.at)).lowerBound.utf16Offset(in: damaged) + 1
        let path = try folder.write("damaged.json", damaged)
        let result = try PaySizeProcess.run(["merge", path])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "\(path):1:\(column): error: \(damage.message)\n")
    }

    /// The summary of an empty input (an empty partition's) merges with any other, adding nothing.
    @Test("empty summary merges") func emptySummaryMerges() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("mixed.jsonl", Self.mixedLog)
        let empty = try PaySizeProcess.run(["check", "--summary", "--format", "json", "--lines", "-"])
        #expect(empty.status == 0)
        let emptyPath = try folder.write("empty.json", empty.standardOutput)
        let whole = try PaySizeProcess.run(["check", "--summary", "--format", "json", log])
        let summaryPath = try folder.write("mixed.json", whole.standardOutput)
        let merged = try PaySizeProcess.run(
            ["merge", "--format", "json", "--file", log, emptyPath, summaryPath, emptyPath])
        #expect(merged.status == 2)
        #expect(merged.standardError == "")
        #expect(merged.standardOutput == whole.standardOutput)
        let onlyEmpty = try PaySizeProcess.run(["merge", "--format", "json", emptyPath])
        #expect(onlyEmpty.status == 0)
        #expect(onlyEmpty.standardOutput == empty.standardOutput)
    }

    /// Counts stay exact in every JSON reader: a whole of more than 2^53 lines is refused.
    @Test("merge refuses a whole of more than 2^53 lines") func mergeRefusesAWholeOfMoreThanTwoToTheFiftyThreeLines()
        throws
    {
        let folder = try TemporaryFolder()
        let empty = try PaySizeProcess.run(["check", "--summary", "--format", "json", "--lines", "-"]).standardOutput
        let half = empty.replacingOccurrences(
            of: #""lines":0,"blankLines":0"#, with: #""lines":4503599627370497,"blankLines":4503599627370497"#)
        let halfPath = try folder.write("half.json", half + half)
        let result = try PaySizeProcess.run(["merge", "--format", "json", halfPath])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "\(halfPath):2:1: error: expected the whole to have at most 9007199254740992 (2^53) lines, found 9007199254740994 with '<stdin>'\n"
        )
        let one = try PaySizeProcess.run(["merge", "--format", "json", try folder.write("one.json", half)])
        #expect(one.status == 0)
        #expect(one.standardOutput.contains(#""lines":4503599627370497,"blankLines":4503599627370497,"#))
    }

    @Test("merge refuses summaries that do not add up") func mergeRefusesSummariesThatDoNotAddUp() throws {
        let folder = try TemporaryFolder()
        let log = try folder.write("a.jsonl", Self.update(300) + "\n" + "{x\n" + "{y\n")
        let standard = try folder.write(
            "standard.json", try PaySizeProcess.run(["check", "--summary", "--format", "json", log]).standardOutput)
        let broadcast = try folder.write(
            "broadcast.json",
            try PaySizeProcess.run(["check", "--summary", "--broadcast", "--format", "json", log]).standardOutput)
        let stopped = try folder.write(
            "stopped.json",
            try PaySizeProcess.run(["check", "--summary", "--max-errors", "1", "--format", "json", log]).standardOutput)
        let payloads = try folder.write(
            "payloads.json",
            try PaySizeProcess.run(["check", "--format", "json", "Examples/end-ride.json"]).standardOutput)

        let mixed = try PaySizeProcess.run(["merge", standard, broadcast])
        #expect(mixed.status == 2)
        #expect(
            mixed.standardError
                == "\(broadcast):1:1: error: expected limit 4096, thresholds 2048,3072,3584, --device-writer larger and --fail-on over as in the first summary, found limit 5120, thresholds 2560,3840,4480, --device-writer larger and --fail-on over for '\(log)'\n"
        )
        let incomplete = try PaySizeProcess.run(["merge", stopped])
        #expect(incomplete.status == 2)
        #expect(
            incomplete.standardError
                == "\(stopped):1:1: error: expected a complete summary, found one of '\(log)' that stopped early (--max-errors or a read error); the lines after it would be misnumbered\n"
        )
        let none = try PaySizeProcess.run(["merge", payloads])
        #expect(none.status == 2)
        #expect(
            none.standardError
                == "\(payloads): error: expected a summary object (\"kind\": \"summary\", as 'paysize check --summary --format json' writes), found none\n"
        )
        var damaged = try String(contentsOfFile: standard, encoding: .utf8)
        damaged = damaged.replacingOccurrences(
            of: #""histogram":{"payloadBytes":[[300,1]]"#, with: #""histogram":{"payloadBytes":[[300,"1"]]"#)
        let damagedPath = try folder.write("damaged.json", damaged)
        let bad = try PaySizeProcess.run(["merge", damagedPath])
        #expect(bad.status == 2)
        // The column of the string "1": after `[[300,` in the line.
        let column = try #require(damaged.range(of: #"[[300,"1"]]"#)).lowerBound.utf16Offset(in: damaged) + 7
        #expect(
            bad.standardError
                == "\(damagedPath):1:\(column): error: /histogram/payloadBytes/0/1: expected a non-negative integer, found string\n"
        )
    }

    /// A log mixing content states as the device writes them: the forum's 2027 bytes of `1.91`
    /// (4827 on the device), a state whose numbers grow by 30 bytes (84 → 114), one of integers
    /// (18 either way) and 100 values of `0.1` (2021 → 3621, critical). Plain and `.zst`, the
    /// summary counts one payload over on the device (exit 1); judged by the Swift writer,
    /// none (exit 0).
    @Test("summary counts payloads over ActivityKit's limit as the device writes them")
    func summaryCountsPayloadsOverActivityKitsLimitAsTheDeviceWritesThem() throws {
        let states = [
            DeviceFixtures.forumState,
            #"{"fare":1.91,"lat":52.123456,"lon":13.404954,"progress":0.5,"eta":786193800.7,"n":3}"#,
            #"{"eta":5,"stop":2}"#,
            #"{"values":["# + Array(repeating: "0.1", count: 100).joined(separator: ",") + #"],"pad":""#
                + String(repeating: "y", count: 1600) + #""}"#,
        ]
        #expect(states.map(\.utf8.count) == [2027, 84, 18, 2021])
        let log = states.map(DeviceFixtures.update).joined(separator: "\n") + "\n"
        let folder = try TemporaryFolder()
        let plain = try folder.write("device.jsonl", log)
        let compressed = try folder.write("device.jsonl.zst", Array(try Zstd.compress(Array(log.utf8), level: 3)))
        for path in [plain, compressed] {
            let result = try PaySizeProcess.run(["check", "--summary", "--format", "json", path])
            #expect(result.status == 1, "\(path)")
            let summary = try #require(try Self.summaries(result.standardOutput).first)
            #expect(summary["deviceWriter"] as? String == "larger")
            #expect(summary["overOnDevice"] as? Int == 1)
            #expect(
                summary["deviceTiers"] as? [String: Int]
                    == ["safe": 2, "monitor": 0, "risky": 0, "critical": 1, "over": 1])
            #expect(
                summary["deviceActivityKitBytes"] as? [String: Int]
                    == ["count": 4, "p50": 114, "p90": 4827, "p99": 4827, "max": 4827])
            #expect(summary["payloadsWithErrors"] as? Int == 1)
            #expect(summary["failing"] as? Int == 1)
            #expect(
                summary["tiers"] as? [String: Int] == ["safe": 2, "monitor": 2, "risky": 0, "critical": 0, "over": 0])
        }
        let swift = try PaySizeProcess.run([
            "check", "--summary", "--format", "json", "--device-writer", "swift", plain,
        ])
        #expect(swift.status == 0)
        let summary = try #require(try Self.summaries(swift.standardOutput).first)
        #expect(summary["deviceWriter"] as? String == "swift")
        #expect(summary["overOnDevice"] as? Int == 0)
        #expect(
            summary["deviceTiers"] as? [String: Int] == ["safe": 4, "monitor": 0, "risky": 0, "critical": 0, "over": 0])
        #expect(
            summary["deviceActivityKitBytes"] as? [String: Int]
                == ["count": 4, "p50": 84, "p90": 2027, "p99": 2027, "max": 2027])
        #expect(summary["payloadsWithErrors"] as? Int == 0)
    }

    // MARK: - Bad input

    @Test("truncated zstd frame is reported after the last whole line")
    func truncatedZstdFrameIsReportedAfterTheLastWholeLine() throws {
        let folder = try TemporaryFolder()
        let log = (0..<2000).map { Self.update(200 + $0 % 50) }.joined(separator: "\n") + "\n"
        let compressed = try Zstd.compress(Array(log.utf8), level: 1)
        let path = try folder.write("cut.jsonl.zst", Array(compressed.prefix(compressed.count * 2 / 3)))
        let result = try PaySizeProcess.run(["check", "--summary", "--format", "json", path])
        #expect(result.status == 2)
        let summary = try #require(try Self.summaries(result.standardOutput).first)
        let lines = try #require(summary["lines"] as? Int)
        #expect(lines > 0 && lines < 2000)
        #expect(summary["payloads"] as? Int == lines)
        #expect(summary["complete"] as? Bool == false)
        #expect(
            result.standardError
                == "\(path):\(lines + 1):1: error: expected zstd-compressed data, found data zstd refuses: compressed input is truncated: it ends inside a zstd frame\n"
        )
    }

    @Test("invalid UTF-8 mid file is one malformed line") func invalidUTF8MidFileIsOneMalformedLine() throws {
        let folder = try TemporaryFolder()
        var bytes = Array((Self.update(300) + "\n" + Self.update(300) + "\n").utf8)
        let second = Array(Self.update(310).utf8)
        bytes += second.prefix(80) + [0xC3, 0x28] + second.dropFirst(82) + [0x0A]
        bytes += Array((Self.update(320) + "\n").utf8)
        let path = try folder.write("utf8.jsonl", bytes)
        let result = try PaySizeProcess.run(["check", "--summary", "--format", "json", path])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(path):3:82: error: /aps/content-state/pad: expected valid UTF-8, found byte 0x28 (byte 81)\n")
        let summary = try #require(try Self.summaries(result.standardOutput).first)
        #expect(summary["payloads"] as? Int == 3)
        #expect(summary["malformed"] as? Int == 1)
    }

    /// A 100 MB line is reported and skipped without being held; the lines around it are checked.
    @Test("hundred megabyte line is skipped") func hundredMegabyteLineIsSkipped() throws {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("long.jsonl").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.write(contentsOf: Data((Self.update(300) + "\n").utf8))
        let block = Data(repeating: UInt8(ascii: "x"), count: 1 << 20)
        for _ in 0..<100 { try handle.write(contentsOf: block) }
        try handle.write(contentsOf: Data(("\n" + Self.update(400) + "\n").utf8))
        try handle.close()
        let result = try PaySizeProcess.run(["check", "--summary", "--format", "json", path])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(path):2:1: error: expected a line of at most 1048576 bytes (--max-input-bytes), found a longer one\n"
        )
        let summary = try #require(try Self.summaries(result.standardOutput).first)
        #expect(summary["lines"] as? Int == 3)
        #expect(summary["payloads"] as? Int == 2)
        #expect((summary["worst"] as? [[String: Int]])?.map { $0["line"] } == [3, 1])
    }

    @Test("blank lines and CRLF endings are not errors") func blankLinesAndCRLFEndingsAreNotErrors() throws {
        let folder = try TemporaryFolder()
        let payloads = [300, 400, 500].map(Self.update)
        let plain = try folder.write("lf.jsonl", payloads.joined(separator: "\n\n") + "\n")
        let crlf = try folder.write("crlf.jsonl", payloads.joined(separator: "\r\n \t\r\n") + "\r\n")
        let first = try PaySizeProcess.run(["check", "--summary", "--format", "json", plain])
        let second = try PaySizeProcess.run(["check", "--summary", "--format", "json", crlf])
        #expect(first.status == 0 && second.status == 0)
        #expect(first.standardError == "" && second.standardError == "")
        #expect(
            first.standardOutput.replacingOccurrences(of: plain, with: "")
                == second.standardOutput.replacingOccurrences(of: crlf, with: ""))
        let summary = try #require(try Self.summaries(second.standardOutput).first)
        #expect(summary["lines"] as? Int == 5)
        #expect(summary["blankLines"] as? Int == 2)
        #expect((summary["payloadBytes"] as? [String: Int])?["max"] == 500)
    }

    /// A frame of a few bytes that asks for a 128 MB window is refused, not allocated for.
    @Test("zstd frame asking for a too large window is refused") func zstdFrameAskingForATooLargeWindowIsRefused()
        throws
    {
        let folder = try TemporaryFolder()
        let content = Array((Self.update(300) + "\n").utf8)
        let header: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0x00, UInt8((27 - 10) << 3)]
        let block = 1 | (content.count << 3)
        let frame = header + [UInt8(block & 0xFF), UInt8(block >> 8 & 0xFF), UInt8(block >> 16)] + content
        let path = try folder.write("window.jsonl.zst", frame)
        let result = try PaySizeProcess.run(["check", "--summary", path])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(path): error: expected zstd frames with a decoding window of at most 8 MB (what 'zstd' writes up to level 19), found a frame that needs more; recompress without --ultra or --long\n"
        )
        let payload = try folder.write("window.json.zst", frame)
        let single = try PaySizeProcess.run(["check", payload])
        #expect(single.status == 2)
        #expect(single.standardError.hasPrefix("\(payload): error: expected zstd frames with a decoding window"))
    }

    // MARK: - Options

    @Test("field picks the payload inside a wrapping record") func fieldPicksThePayloadInsideAWrappingRecord() throws {
        let folder = try TemporaryFolder()
        let payload = Self.update(500)
        let escaped = payload.replacingOccurrences(of: "\"", with: "\\\"")
        let records = [
            #"{"at":"2025-11-30T10:00:00Z","request":{"body":\#(payload)}}"#,
            #"{"at":"2025-11-30T10:00:01Z","request":{"body":"\#(escaped)"}}"#,
            #"{"at":"2025-11-30T10:00:02Z","request":{}}"#,
            #"{"at":"2025-11-30T10:00:03Z","request":{"body":"{\"aps\":"}}"#,
        ]
        let path = try folder.write("requests.jsonl", records.joined(separator: "\n") + "\n")
        let result = try PaySizeProcess.run(["check", "--format", "json", "--field", "/request/body", path])
        #expect(result.status == 2)
        let objects = try CheckCommandTests.jsonLines(result.standardOutput)
        #expect(objects[0]["payloadBytes"] as? Int == 500)
        #expect(objects[0]["line"] as? Int == 1)
        #expect(objects[1]["payloadBytes"] as? Int == 500)
        #expect(objects[1]["line"] as? Int == 2)
        #expect(
            result.standardError == """
                \(path):3:1: error: /request/body: expected a payload at '/request/body' (--field), found none
                \(path):4:48: error: /request/body: expected the string to hold one JSON text, found: 1:8: /aps: expected a JSON value, found end of input (byte 7)

                """)
        let summary = try #require(try Self.summaries(result.standardOutput).first)
        #expect(summary["payloads"] as? Int == 2)
        #expect(summary["malformed"] as? Int == 2)
    }

    @Test("--max-errors stops after the nth malformed line") func maxErrorsStopsAfterTheNthMalformedLine() throws {
        let folder = try TemporaryFolder()
        let lines = [Self.update(300), "{a", Self.update(300), "{b", "{c", Self.update(300)]
        let path = try folder.write("errors.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try PaySizeProcess.run(["check", "--summary", "--format", "json", "--max-errors", "2", path])
        #expect(result.status == 2)
        #expect(
            result.standardError == """
                \(path):2:2: error: (root): expected an object key (a string) or '}', found 'a' (byte 1)
                \(path):4:2: error: (root): expected an object key (a string) or '}', found 'b' (byte 1)
                \(path): error: stopped after 2 malformed lines (--max-errors 2); the summary covers lines 1-4

                """)
        let summary = try #require(try Self.summaries(result.standardOutput).first)
        #expect(summary["lines"] as? Int == 4)
        #expect(summary["payloads"] as? Int == 2)
        #expect(summary["complete"] as? Bool == false)
    }

    @Test("summary of payload files") func summaryOfPayloadFiles() throws {
        let result = try PaySizeProcess.run([
            "check", "--summary", "--format", "json", "Examples/end-ride.json",
            "Examples/update-flight-near-limit.json",
        ])
        #expect(result.status == 0)
        let summaries = try Self.summaries(result.standardOutput)
        #expect(
            summaries.map { $0["file"] as? String } == [
                "Examples/end-ride.json", "Examples/update-flight-near-limit.json",
            ])
        #expect(summaries.map { ($0["payloadBytes"] as? [String: Int])?["max"] } == [422, 3707])
        #expect(summaries.map { ($0["tiers"] as? [String: Int])?["critical"] } == [0, 1])
    }

    @Test("help names the new options and the window cap") func helpNamesTheNewOptionsAndTheWindowCap() throws {
        let check = try PaySizeProcess.run(["check", "--help"])
        for text in [
            "  --summary               Print one summary per input",
            "  --field <pointer>       In a log, the payload is",
            "  --max-errors <count>    Stop reading a log after this many malformed lines",
            "ask for a decoding window of at most 8 MB (what zstd",
        ] {
            #expect(check.standardOutput.contains(text), "\(text)")
        }
        let merge = try PaySizeProcess.run(["help", "merge"])
        #expect(merge.status == 0)
        #expect(
            merge.standardOutput.hasPrefix(
                "OVERVIEW: Merge the summaries of log shards into the summary of the whole log.\n"))
    }
}
