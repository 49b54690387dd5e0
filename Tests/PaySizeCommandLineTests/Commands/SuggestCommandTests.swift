import Foundation
@_spi(Internals) import PaySize
import PaySizeCompression
import Testing

/// `paysize suggest` and `paysize zstd-dictionary train`, end to end: exact output, exit statuses, files.
@Suite("paysize suggest", .timeLimit(.minutes(2))) struct SuggestCommandTests {
    static let small =
        #"{"aps":{"timestamp":1764514800,"event":"update","content-state":{"courierName":"Sam","note":null,"logo":"https:\/\/cdn.example.com\/a.png"}}}"#

    @Test("text shows bars suggestions plan and redundancy") func textShowsBarsSuggestionsPlanAndRedundancy() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("small.json", Self.small)
        let result = try PaySizeProcess.run(["suggest", path])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let zstd = try Zstd.compress(Array(Self.small.utf8), level: 19).count
        // The headline holds the temporary path, so it may wrap; the rest is exact. Its second
        // line is ActivityKit's figure: the content state as the device writes it (the escaped
        // slashes count as written: Foundation escapes them too).
        let headline = try #require(result.standardOutput.range(of: "\n\n"))
        #expect(
            result.standardOutput[..<headline.lowerBound].replacingOccurrences(of: "\n    ", with: " ")
                .replacingOccurrences(of: "\n  ", with: " ")
                == "\(path): safe — 141 of 4096 bytes; target safe (at most 2047 bytes) on the device: safe — 75 of 4096 bytes, the content state as the objc writer writes it (75 as the swift writer does)"
        )
        #expect(
            result.standardOutput[headline.upperBound...] == """
                Where the bytes go (compact JSON, largest first; each bar runs on from the one above; one column =
                64 bytes; '|' at 2048, 3072, 3584 and the 4096-byte limit; paths without a leading '/' are relative
                to /aps/content-state):
                  logo            ×1   42  █·······························|···············|·······|·······|
                  /aps/timestamp  ×1   22  █·······························|···············|·······|·······|
                  .               ×1   19  ·█······························|···············|·······|·······|
                  courierName     ×1   19  ·█······························|···············|·······|·······|
                  /aps/event      ×1   17  ·█······························|···············|·······|·······|
                  note            ×1   12  ·█······························|···············|·······|·······|
                  /aps            ×1    8  ··█·····························|···············|·······|·······|
                  (root)          ×1    2  ··█·····························|···············|·······|·······|
                  total               141  ██······························|···············|·······|·······|  safe

                Suggestions, cheapest contract change first (none, then server, then app), then largest saving; each
                measured alone on this payload; paths relative to /aps/content-state:
                  1. escapes the JSON does not need (\\/) at logo → server encoder settings
                     saves 3 bytes → 138 (safe) · cost: none (a server setting) · id escaping
                     on the device (objc writer): saves 0 bytes → 75 (safe); swift writer: saves 0
                     Add .withoutEscapingSlashes to the server's JSONEncoder outputFormatting (Foundation writes /
                     as \\/ by default); with other encoders, write non-ASCII as UTF-8 (Python: json.dumps(payload,
                     ensure_ascii=False)). Every JSON decoder reads both spellings alike.
                  2. drop explicit nulls at note
                     saves 12 bytes → 129 (safe) · cost: server (no app release) · id drop-nulls
                     on the device (objc writer): saves 12 bytes → 63 (safe); swift writer: saves 12
                     Have the server omit nil optionals instead of writing null (synthesized Encodable already does;
                     in a hand-written encode(to:), use encodeIfPresent). Synthesized Decodable reads a missing
                     optional as nil, so installed apps accept it.
                  3. shorter CodingKeys for 3 keys at /aps/content-state
                     saves 16 bytes → 125 (safe) · cost: app (an App Store release; running activities keep the old
                       form until they end) · id shorter-keys:/aps/content-state
                     on the device (objc writer): saves 16 bytes → 59 (safe); swift writer: saves 16
                     Map the properties of the type decoded at /aps/content-state to short keys, and have the server
                     send them:
                     enum CodingKeys: String, CodingKey {
                         case courierName = "c"
                         case note = "n"
                         case logo = "l"
                     }
                     Installed apps and running activities still read the old keys: ship the app first, and decode
                     both spellings until no running activity holds the old ones.

                Plan for target safe (fewest contract changes first, then fewest bytes; measured with every step
                applied):
                  nothing to change: the payload is safe already

                Redundancy: zstd (level 19) packs the 141 bytes into \(zstd) (\(Int((Double(zstd) * 100 / 141).rounded()))%)

                """)
    }

    @Test("text wraps to one hundred columns and says each cost") func textWrapsToOneHundredColumnsAndSaysEachCost()
        throws
    {
        let result = try PaySizeProcess.run(["suggest", "--lossy", "Examples/shrink/update-match-bloated.json"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        // Only Swift code and a single word longer than a line may run past the width.
        let long = lines.filter { $0.count > 100 && $0.contains(" ") && !$0.hasPrefix("         ") }
        #expect(long.isEmpty, "\(long)")
        let figures = lines.filter { $0.hasPrefix("     saves ") }
        #expect(!figures.isEmpty)
        #expect(figures.allSatisfy { $0.contains(" · cost: ") })
        #expect(!result.standardOutput.contains(" 1 bytes"))
        #expect(!result.standardOutput.contains("…/"))
    }

    @Test("--keep-keys is repeatable and never renamed") func keepKeysIsRepeatableAndNeverRenamed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "sdk.json",
            #"{"aps":{"timestamp":1764514800,"event":"update","content-state":{"notificationId":"n-1","partnerCode":"p","courierName":"Sam","onesignal":{"activityId":"a"}}}}"#
        )
        let result = try PaySizeProcess.run([
            "suggest", "--format", "json", "--keep-keys", "notificationId", "--keep-keys", "partner*", path,
        ])
        #expect(result.status == 0)
        let object = try JSONScanner.scan(Array(result.standardOutput.utf8.dropLast()))
        let keys = try #require(
            object["suggestions"]?.elements?.first { $0["id"]?.stringValue == "shorter-keys:/aps/content-state" })
        let howTo = try #require(keys["howToApply"]?.stringValue)
        #expect(howTo.contains("case notificationId  // kept: not the app's to rename"))
        #expect(howTo.contains("case partnerCode  // kept: not the app's to rename"))
        #expect(howTo.contains("case onesignal  // kept: not the app's to rename"))
        #expect(howTo.contains("case courierName = \"c\""))
    }

    /// The members of a JSON object in the order written (PaySize's scanner keeps it).
    static func keys(_ element: JSONElement?) -> [String] {
        element?.members?.map(\.key) ?? []
    }

    @Test("JSON has the stable fields of the issue") func jsonHasTheStableFieldsOfTheIssue() throws {
        let result = try PaySizeProcess.run([
            "suggest", "--format", "json", "--target", "safe", "Examples/shrink/update-match-bloated.json",
        ])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.hasSuffix("\n") && result.standardOutput.filter { $0 == "\n" }.count == 1)
        let object = try JSONScanner.scan(Array(result.standardOutput.utf8.dropLast()))
        // ActivityKit's figure on the device joined the fields (the content state as the judged
        // writer writes it, and as each writer does); the fields before keep their names.
        #expect(
            Self.keys(object) == [
                "file", "seriesCount", "payloadBytes", "limit", "tier", "target", "deviceBytes", "deviceLimit",
                "deviceWriter", "deviceTier", "deviceBytesByWriter", "breakdown", "suggestions", "zeroSavings", "plan",
                "planBytes", "planTier", "planDeviceBytes", "planDeviceTier", "reachesTarget", "redundancy", "applied",
            ])
        #expect(object["deviceBytes"]?.numberText == "3587")
        #expect(object["deviceLimit"]?.numberText == "4096")
        #expect(object["deviceWriter"]?.stringValue == "objc")
        #expect(object["deviceTier"]?.stringValue == "critical")
        #expect(object["deviceBytesByWriter"]?["swift"]?.numberText == "3565")
        #expect(object["deviceBytesByWriter"]?["objc"]?.numberText == "3587")
        #expect(object["file"]?.stringValue == "Examples/shrink/update-match-bloated.json")
        #expect(object["payloadBytes"]?.numberText == "3677")
        #expect(object["tier"]?.stringValue == "critical")
        let rows = try #require(object["breakdown"]?.elements)
        #expect(
            rows.allSatisfy {
                Self.keys($0) == ["path", "count", "keyBytes", "valueBytes", "punctuationBytes", "totalBytes"]
            })
        #expect(rows.reduce(0) { $0 + Int($1["totalBytes"]!.numberText!)! } == 3677)
        #expect(rows.first?["path"]?.stringValue == "/aps/content-state/matchEvents/*/eventDescription")
        let suggestions = try #require(object["suggestions"]?.elements)
        #expect(
            suggestions.allSatisfy {
                Self.keys($0) == [
                    "id", "title", "savedBytes", "newTier", "deviceSavedBytes", "deviceSavedBytesByWriter",
                    "newDeviceTier", "paths", "contractChange", "howToApply", "lossy",
                ]
            })
        #expect(
            suggestions.allSatisfy {
                Int($0["savedBytes"]!.numberText!)! > 0 || Int($0["deviceSavedBytes"]!.numberText!)! > 0
            })
        // Escaping saves bytes as sent only: the device writes `/` as `\/` again.
        let escaping = try #require(suggestions.first { $0["id"]?.stringValue == "escaping" })
        #expect(escaping["savedBytes"]?.numberText == "20")
        #expect(escaping["deviceSavedBytes"]?.numberText == "0")
        #expect(escaping["deviceSavedBytesByWriter"]?["swift"]?.numberText == "0")
        #expect(escaping["deviceSavedBytesByWriter"]?["objc"]?.numberText == "0")
        // Re-pinned for the columnar form: sending the 12 events as columns saves more than their
        // shorter keys and enum together, so safe takes three app changes instead of four.
        #expect(
            object["plan"]?.elements?.compactMap(\.stringValue) == [
                "columnar:/aps/content-state/matchEvents",
                "blob-to-identifier:/aps/content-state/broadcasterLogo",
                "shorter-keys:/aps/content-state",
            ])
        #expect(object["planBytes"]?.numberText == "2003")
        #expect(object["planTier"]?.stringValue == "safe")
        #expect(object["planDeviceBytes"]?.numberText == "1913")
        #expect(object["planDeviceTier"]?.stringValue == "safe")
        #expect(object["reachesTarget"]?.boolValue == true)
        #expect(
            Self.keys(object["redundancy"]) == ["zstdBytes", "dictionaryZstdBytes", "dictionaryBytes", "dictionary"])
        #expect(object["redundancy"]?["dictionaryZstdBytes"]?.isNull == true)
        #expect(object["applied"]?.isNull == true)
        let zero = try #require(object["zeroSavings"]?.elements?.first)
        #expect(zero["id"]?.stringValue == "smaller-integers" && zero["savedBytes"]?.numberText == "0")
    }

    @Test("a series is measured on its largest payload with a trained dictionary")
    func aSeriesIsMeasuredOnItsLargestPayloadWithATrainedDictionary() throws {
        let result = try PaySizeProcess.run(["suggest", "--format", "json", "Examples/shrink/match-series.jsonl"])
        #expect(result.status == 0)
        let object = try JSONScanner.scan(Array(result.standardOutput.utf8.dropLast()))
        #expect(object["line"]?.numberText == "12")
        #expect(object["seriesCount"]?.numberText == "12")
        #expect(object["payloadBytes"]?.numberText == "4037")
        #expect(
            object["redundancy"]?["dictionary"]?.stringValue == "a dictionary trained on the series' other 11 payloads")
        let ids = object["suggestions"]?.elements?.compactMap { $0["id"]?.stringValue } ?? []
        #expect(ids.contains("move-to-attributes"))
        #expect(ids.contains("enum-values:/aps/content-state/matchStatus"))
        #expect(ids.contains("zstd-packing:/aps/content-state/matchEvents"))
        #expect(object["reachesTarget"]?.boolValue == true)

        let text = try PaySizeProcess.run(["suggest", "Examples/shrink/match-series.jsonl"])
        #expect(
            text.standardOutput.hasPrefix(
                """
                Examples/shrink/match-series.jsonl:12: critical — 4037 of 4096 bytes; target safe (at most 2047
                  bytes)
                  on the device: critical — 3947 of 4096 bytes, the content state as the objc writer writes it (3925
                    as the swift writer does)
                  the largest of 12 payloads in the series; the others show which values strings take and which
                  members never change

                """))
    }

    @Test("a route over on the device only reaches safe under the 17-digit writer")
    func aRouteOverOnTheDeviceOnlyReachesSafeUnderTheSeventeenDigitWriter() throws {
        let path = "Examples/shrink/update-ride-route.json"
        let result = try PaySizeProcess.run(["suggest", "--format", "json", path])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let object = try JSONScanner.scan(Array(result.standardOutput.utf8.dropLast()))
        #expect(object["payloadBytes"]?.numberText == "2226")
        #expect(object["tier"]?.stringValue == "monitor")
        #expect(object["deviceBytes"]?.numberText == "4223")
        #expect(object["deviceWriter"]?.stringValue == "objc")
        #expect(object["deviceTier"]?.stringValue == "over")
        #expect(object["plan"]?.elements?.compactMap(\.stringValue) == ["scaled-integers:/aps/content-state/route/*/*"])
        #expect(object["planBytes"]?.numberText == "2030")
        #expect(object["planDeviceBytes"]?.numberText == "1992")
        #expect(object["planDeviceTier"]?.stringValue == "safe")
        #expect(object["reachesTarget"]?.boolValue == true)
        let scaled = try #require(
            object["suggestions"]?.elements?.first {
                $0["id"]?.stringValue == "scaled-integers:/aps/content-state/route/*/*"
            })
        #expect(scaled["savedBytes"]?.numberText == "196")
        #expect(scaled["deviceSavedBytes"]?.numberText == "2231")
        #expect(scaled["deviceSavedBytesByWriter"]?["swift"]?.numberText == "196")
        #expect(scaled["deviceSavedBytesByWriter"]?["objc"]?.numberText == "2231")
        #expect(scaled["newDeviceTier"]?.stringValue == "safe")
        #expect(scaled["lossy"]?.boolValue == false)
        let zero = try #require(
            object["zeroSavings"]?.elements?.first {
                $0["id"]?.stringValue == "binary-fractions:/aps/content-state/route/*/*"
            })
        #expect(zero["title"]?.stringValue?.contains("within 1 m a coordinate needs 17 binary places") == true)

        let text = try PaySizeProcess.run(["suggest", path])
        #expect(text.status == 0)
        #expect(
            text.standardOutput.hasPrefix(
                """
                Examples/shrink/update-ride-route.json: monitor — 2226 of 4096 bytes; target safe (at most 2047
                  bytes)
                  on the device: over — 4223 of 4096 bytes, the content state as the objc writer writes it (2160 as
                    the swift writer does)

                """))
        #expect(
            text.standardOutput.contains(
                """
                  1. scaled-integers:/aps/content-state/route/*/* (cost: app)
                  → 2030 of 4096 bytes, safe; on the device 1992 of 4096 bytes, safe (objc writer): reaches safe

                """))
        #expect(
            text.standardOutput.contains(
                "     on the device (objc writer): saves 2231 bytes → 1992 (safe); swift writer: saves 196\n"))

        // Judged by the Swift writer alone, the content state is not over; the plan is the same.
        let swift = try PaySizeProcess.run(["suggest", "--format", "json", "--device-writer", "swift", path])
        #expect(swift.status == 0)
        let judged = try JSONScanner.scan(Array(swift.standardOutput.utf8.dropLast()))
        #expect(judged["deviceWriter"]?.stringValue == "swift")
        #expect(judged["deviceBytes"]?.numberText == "2160")
        #expect(judged["deviceTier"]?.stringValue == "monitor")
        #expect(judged["planDeviceBytes"]?.numberText == "1964")
        #expect(judged["deviceBytesByWriter"]?["objc"]?.numberText == "4223")
    }

    @Test("a rounding that saves nothing at 17 digits says so") func aRoundingThatSavesNothingAtSeventeenDigitsSaysSo()
        throws
    {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "score.json", #"{"aps":{"timestamp":1764514800,"event":"update","content-state":{"score":0.5312}}}"#)
        let result = try PaySizeProcess.run(["suggest", path])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.replacingOccurrences(of: "\n     ", with: " ").contains(
                "(0.5312 → 0.53); saves nothing as iOS 16 and re-written pushes write it: 0.53 is 19 bytes either way (0.53000000000000003, as 0.5312 is 0.53120000000000001)"
            ))
        #expect(
            result.standardOutput.contains(
                "     on the device (objc writer): saves 0 bytes → 29 (safe); swift writer: saves 2\n"))
    }

    @Test("a suggestion the schema rejects is an app change") func aSuggestionTheSchemaRejectsIsAnAppChange() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("small.json", Self.small)
        let schema = try folder.write(
            "state.schema.json",
            #"{"type":"object","properties":{"courierName":{"type":"string"},"note":{"type":["string","null"]},"logo":{"type":"string"}},"required":["courierName","note","logo"]}"#
        )
        func contractChanges(_ arguments: [String]) throws -> [String: String] {
            let result = try PaySizeProcess.run(["suggest", "--format", "json"] + arguments + [path])
            #expect(result.status == 0)
            let object = try JSONScanner.scan(Array(result.standardOutput.utf8.dropLast()))
            var changes: [String: String] = [:]
            for suggestion in object["suggestions"]?.elements ?? [] {
                changes[suggestion["id"]!.stringValue!] = suggestion["contractChange"]!.stringValue!
            }
            return changes
        }
        #expect(
            try contractChanges([]) == [
                "shorter-keys:/aps/content-state": "app", "drop-nulls": "server", "escaping": "none",
            ])
        #expect(
            try contractChanges(["--schema", schema]) == [
                "shorter-keys:/aps/content-state": "app", "drop-nulls": "app", "escaping": "none",
            ])
    }

    @Test("no plan reaching the target exits one") func noPlanReachingTheTargetExitsOne() throws {
        let folder = try TemporaryFolder()
        let words = (0..<400).map { "word\($0)" }.joined(separator: " ")
        let path = try folder.write("text.json", #"{"t":"\#(words)"}"#)
        let strict = try PaySizeProcess.run(["suggest", "--target", "safe", path])
        #expect(strict.status == 1)
        #expect(
            strict.standardOutput.contains(
                "no plan reaches safe\n  with --lossy: 70 of 4096 bytes, safe; on the device 70 bytes, safe, reaches safe, by 1 step\n    (costliest: server change), losing what trim-text:/t drops\n"
            ))
        let lossy = try PaySizeProcess.run(["suggest", "--lossy", "--target", "safe", path])
        #expect(lossy.status == 0)
        #expect(lossy.standardOutput.contains("  1. trim-text:/t (cost: server)\n"))
        let over = try PaySizeProcess.run(["suggest", "--target", "over", path])
        #expect(over.status == 0)
    }

    @Test("bad input is one diagnostic and exit two") func badInputIsOneDiagnosticAndExitTwo() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bad.json", "{\"aps\":\n  {\"event\": x}}")
        let result = try PaySizeProcess.run(["suggest", path])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "\(path):2:13: error: /aps/event: expected a JSON value, found 'x' (byte 20)\n")
        let json = try PaySizeProcess.run(["suggest", "--format", "json", path])
        #expect(json.status == 2)
        #expect(
            json.standardOutput
                == #"{"file":"\#(path)","error":{"message":"expected a JSON value, found 'x'","line":2,"column":13,"byteOffset":20,"path":"/aps/event"}}"#
                + "\n")
        let empty = try folder.write("empty.jsonl", "\n\n")
        #expect(
            try PaySizeProcess.run(["suggest", empty]).standardError
                == "\(empty): error: expected a payload, found none\n")
        let series = try folder.write("series.jsonl", Self.small + "\n{\n" + Self.small + "\n")
        let partial = try PaySizeProcess.run(["suggest", "--format", "json", series])
        #expect(partial.status == 2)
        #expect(
            partial.standardError
                == "\(series):2:2: error: (root): expected an object key (a string) or '}', found end of input (byte 1)\n"
        )
        #expect(partial.standardOutput.split(separator: "\n").count == 2)
    }

    @Test(
        "usage errors are one line and exit 2",
        arguments: [
            (
                ["suggest"],
                "paysize: error: missing payload file (give a file, a series, or '-' for standard input) (see 'paysize suggest --help')"
            ),
            (
                ["suggest", "--target", "tiny", "x"],
                "paysize: error: unknown tier 'tiny' for '--target'; expected safe, monitor, risky, critical or over (see 'paysize suggest --help')"
            ),
            (
                ["suggest", "--format", "github", "x"],
                "paysize: error: unknown format 'github' for '--format'; expected text or json (see 'paysize suggest --help')"
            ),
            (
                ["suggest", "--apply", "out.json", "a.json", "b.json"],
                "paysize: error: '--apply' writes one file, so give one input, found 2 (see 'paysize suggest --help')"
            ),
            (
                ["suggest", "--apply", "Examples/end-ride.json", "Examples/end-ride.json"],
                "paysize: error: 'Examples/end-ride.json' exists; '--apply' writes a new file and never overwrites one (see 'paysize suggest --help')"
            ),
            (
                ["suggest", "--device-writer", "pdp11", "x"],
                "paysize: error: unknown writer 'pdp11' for '--device-writer'; expected swift, objc or larger (see 'paysize suggest --help')"
            ),
            (
                ["suggest", "--lossi", "x"],
                "paysize: error: unknown option '--lossi'; did you mean '--lossy'? (see 'paysize suggest --help')"
            ),
            (
                ["zstd-dictionary", "train", "x.jsonl"],
                "paysize: error: missing '--output <file>' for the dictionary (see 'paysize zstd-dictionary train --help')"
            ),
            (
                ["zstd-dictionary", "tran"],
                "paysize: error: unknown subcommand 'zstd-dictionary tran'; did you mean 'train'? (see 'paysize zstd-dictionary --help')"
            ),
            // `dict`, the command's first name, stays an alias.
            (
                ["dict", "train", "x.jsonl"],
                "paysize: error: missing '--output <file>' for the dictionary (see 'paysize zstd-dictionary train --help')"
            ),
        ])
    func usageErrors(_ usage: ([String], String)) throws {
        let result = try PaySizeProcess.run(usage.0)
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(result.standardError == usage.1 + "\n")
    }

    @Test("apply writes a new file and leaves the input alone") func applyWritesANewFileAndLeavesTheInputAlone() throws
    {
        let folder = try TemporaryFolder()
        let input = try folder.write("small.json", Self.small)
        let output = folder.url.appendingPathComponent("smaller.json").path
        // Safe is below 120 bytes of a 240-byte limit: the plan drops the null and shortens the
        // keys; --apply writes only its step that needs no app change (not the escaping, which
        // saves bytes too but is not in the plan).
        let result = try PaySizeProcess.run(["suggest", "--limit", "240", "--apply", output, input])
        #expect(result.status == 0)
        #expect(
            result.standardOutput.contains(
                "  1. drop-nulls (cost: server)\n  2. shorter-keys:/aps/content-state (cost: app)\n"))
        // The line wraps at 100 columns, continuing two spaces in.
        #expect(
            result.standardOutput.replacingOccurrences(of: "\n  ", with: " ").hasSuffix(
                "\nWrote \(output): 129 bytes (monitor); on the device 63 bytes (safe); applied: drop-nulls\n"))
        #expect(try String(contentsOfFile: input, encoding: .utf8) == Self.small)
        #expect(
            try String(contentsOfFile: output, encoding: .utf8)
                == #"{"aps":{"timestamp":1764514800,"event":"update","content-state":{"courierName":"Sam","logo":"https:\/\/cdn.example.com\/a.png"}}}"#
        )
        let again = try PaySizeProcess.run(["suggest", "--apply", output, input])
        #expect(again.status == 2)
        #expect(again.standardError.contains("'\(output)' exists"))
    }

    @Test("apply to a series writes every line") func applyToASeriesWritesEveryLine() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("series.jsonl").path
        // --lossy: without it the series' plan is app changes only (the events as columns, the
        // constant members in the attributes), so --apply would write every line unchanged.
        let result = try PaySizeProcess.run([
            "suggest", "--lossy", "--format", "json", "--apply", output, "Examples/shrink/match-series.jsonl",
        ])
        #expect(result.status == 0)
        let lines = try String(contentsOfFile: output, encoding: .utf8).split(separator: "\n")
        #expect(lines.count == 12)
        let object = try JSONScanner.scan(Array(result.standardOutput.utf8.dropLast()))
        let applied = try #require(object["applied"])
        #expect(applied["payloadBytes"]?.numberText == String(lines.map(\.utf8.count).max()!))
        let ids = applied["suggestions"]?.elements?.compactMap(\.stringValue) ?? []
        let plan = object["plan"]?.elements?.compactMap(\.stringValue) ?? []
        // The plan's steps without an app change, and nothing else: escaping and the nulls save
        // bytes but the plan does not need them.
        #expect(ids == ["cap-items:/aps/content-state/matchEvents"])
        #expect(Set(ids).isSubset(of: plan))
        for line in lines {
            let root = try JSONScanner.scan(Array(line.utf8))
            #expect((root["aps"]?["content-state"]?["matchEvents"]?.elements?.count ?? 0) <= 3)
            #expect(root["aps"]?["content-state"]?["injuryUpdate"]?.isNull == true)
            #expect(line.contains("\\/"))
        }
        #expect(lines.last.map { $0.contains(#""eventMinute":81"#) } == true, "the newest event is kept")
    }

    @Test("`dict train` writes the dictionary `suggest` uses") func dictTrainWritesTheDictionarySuggestUses() throws {
        let folder = try TemporaryFolder()
        let output = folder.url.appendingPathComponent("match.dict").path
        let result = try PaySizeProcess.run([
            "zstd-dictionary", "train", "--output", output, "Examples/shrink/match-series.jsonl",
        ])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let samples = try String(contentsOfFile: "Examples/shrink/match-series.jsonl".inPackage, encoding: .utf8)
            .split(separator: "\n").map { Array($0.utf8) }
        let expected = try ZstdDictionary.train(samples: samples)
        let written = try Data(contentsOf: URL(fileURLWithPath: output))
        #expect(Array(written) == expected.bytes)
        #expect(
            result.standardOutput.hasPrefix(
                "wrote \(output): a \(expected.bytes.count)-byte dictionary (id \(expected.id!)) trained on 12 payloads (\(samples.reduce(0) { $0 + $1.count }) bytes compact)\n"
            ))

        let suggest = try PaySizeProcess.run([
            "suggest", "--format", "json", "--dictionary", output, "Examples/shrink/update-match-bloated.json",
        ])
        let object = try JSONScanner.scan(Array(suggest.standardOutput.utf8.dropLast()))
        #expect(object["redundancy"]?["dictionary"]?.stringValue == "the --dictionary file")
        #expect(object["redundancy"]?["dictionaryBytes"]?.numberText == String(expected.bytes.count))

        let again = try PaySizeProcess.run([
            "zstd-dictionary", "train", "--output", output, "Examples/shrink/match-series.jsonl",
        ])
        #expect(again.status == 2)
        let few = try PaySizeProcess.run([
            "dict", "train", "--output", folder.url.appendingPathComponent("few.dict").path,
            "Examples/end-ride.json", "Examples/update-sports.json",
        ])
        #expect(few.status == 2)
        #expect(
            few.standardError.hasPrefix(
                "Examples/end-ride.json, Examples/update-sports.json: error: cannot train a dictionary on 2 payloads: ")
        )
    }

    @Test("help screens") func helpScreens() throws {
        let help = try PaySizeProcess.run(["suggest", "--help"])
        #expect(help.status == 0)
        #expect(
            help.standardOutput.hasPrefix(
                "OVERVIEW: Show where a Live Activity payload's bytes go and every measured way to shrink it.\n"))
        #expect(
            help.standardOutput.contains(
                "  --target <tier>         The tier the plan must reach: safe, monitor, risky,\n"))
        #expect(try PaySizeProcess.run(["help", "suggest"]).standardOutput == help.standardOutput)
        let dictionary = try PaySizeProcess.run(["zstd-dictionary", "train", "--help"])
        #expect(
            dictionary.standardOutput.hasPrefix(
                "OVERVIEW: Train a zstd dictionary on a series of Live Activity payloads.\n"))
        #expect(try PaySizeProcess.run(["help", "zstd-dictionary"]).standardOutput == dictionary.standardOutput)
        #expect(try PaySizeProcess.run(["help", "dict"]).standardOutput == dictionary.standardOutput)
        #expect(try PaySizeProcess.run(["dict", "train", "--help"]).standardOutput == dictionary.standardOutput)
    }
}

extension String {
    /// This package-relative path resolved against the package root.
    var inPackage: String {
        PaySizeProcess.packageRoot.appendingPathComponent(self).path
    }
}
