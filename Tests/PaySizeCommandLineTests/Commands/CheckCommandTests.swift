import Foundation
import PaySizeCompression
import Testing

/// `paysize check` end to end: the built executable, exact output, exact exit statuses.
@Suite("paysize check", .timeLimit(.minutes(2))) struct CheckCommandTests {
    /// An update payload whose compact form is exactly `byteCount` bytes.
    static func update(ofByteCount byteCount: Int) -> String {
        let head = #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"pad":""#
        let tail = #""}}}"#
        return head + String(repeating: "x", count: byteCount - head.utf8.count - tail.utf8.count) + tail
    }

    static func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
        }
    }

    /// (size, expected tier, --fail-on, expected status)
    static let boundaries: [(Int, String, String, Int32)] = [
        (2047, "safe", "monitor", 0), (2048, "monitor", "monitor", 1),
        (3071, "monitor", "risky", 0), (3072, "risky", "risky", 1),
        (3583, "risky", "critical", 0), (3584, "critical", "critical", 1),
        (4096, "critical", "over", 0), (4097, "over", "over", 1),
    ]

    @Test("tier and exit status at each boundary", arguments: boundaries)
    func tierAndExitStatusAtEachBoundary(_ boundary: (Int, String, String, Int32)) throws {
        let (size, tier, failOn, status) = boundary
        let folder = try TemporaryFolder()
        let path = try folder.write("payload.json", Self.update(ofByteCount: size))
        let result = try PaySizeProcess.run(["check", "--format", "json", "--fail-on", failOn, path])
        #expect(result.status == status)
        #expect(result.standardError == "")
        let report = try #require(try Self.jsonLines(result.standardOutput).first)
        #expect(report["payloadBytes"] as? Int == size)
        #expect(report["fileBytes"] as? Int == size)
        #expect(report["tier"] as? String == tier)
        #expect(report["headroom"] as? Int == 4096 - size)
        let beforeContentState = #"{"aps":{"timestamp":1764500400,"event":"update","content-state":"#.utf8.count
        #expect(report["contentStateBytes"] as? Int == size - beforeContentState - 2)
    }

    @Test("default --fail-on is over at 4096 and 4097") func defaultFailOnIsOverAt4096And4097() throws {
        let folder = try TemporaryFolder()
        let at = try folder.write("at.json", Self.update(ofByteCount: 4096))
        let over = try folder.write("over.json", Self.update(ofByteCount: 4097))
        #expect(try PaySizeProcess.run(["check", at]).status == 0)
        let result = try PaySizeProcess.run(["check", over])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("\(over): over — 4097 of 4096 bytes, 1 bytes over the limit\n"))
    }

    @Test("broadcast limit is 5120") func broadcastLimitIs5120() throws {
        let folder = try TemporaryFolder()
        // A 5000-byte broadcast body whose alert, not its content state, takes it past 4096.
        let head =
            #"{"aps":{"timestamp":1764500400,"event":"update","content-state":{"eta":5},"alert":{"title":"t","body":""#
        let tail = #""}}}"#
        let body = head + String(repeating: "x", count: 5000 - head.utf8.count - tail.utf8.count) + tail
        let path = try folder.write("b.json", body)
        #expect(try PaySizeProcess.run(["check", path]).status == 1)
        let result = try PaySizeProcess.run(["check", "--broadcast", "--format", "json", path])
        #expect(result.status == 0)
        let report = try #require(try Self.jsonLines(result.standardOutput).first)
        #expect(report["limit"] as? Int == 5120)
        #expect(report["tier"] as? String == "critical")
    }

    @Test("a broadcast content state is still held to ActivityKit's 4096 bytes")
    func aBroadcastContentStateIsStillHeldToActivityKits4096Bytes() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("b.json", Self.update(ofByteCount: 5000))
        let result = try PaySizeProcess.run(["check", "--broadcast", path])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                \(path): critical — 5000 of 5120 bytes, 120 bytes of headroom
                  event update · content-state 4934 bytes
                  \(path):1:65: error: /aps/content-state: the content state is 4934 bytes as the device writes it (either writer), over ActivityKit's 4096-byte limit by 838; as sent, 4934 bytes; the device drops the update without an error; fix: shrink the content state below 4096 bytes as the device writes it (`paysize suggest` measures each way)
                1 payload checked (1 critical); 1 error, 0 warnings
                Sizes are bytes of compact JSON (whitespace outside strings removed, tokens as written) against a 5120-byte limit; tiers are advisory (monitor from 2560, risky from 3840, critical from 4480).

                """)
    }

    /// Pretty files are judged by their compact form; Foundation writes the compact form
    /// independently, and the two must agree byte for byte in count.
    static func contentState(_ index: Int) -> [String: Any] {
        [
            ["plain": "ascii text"],
            ["unicode": "café — ✈️ 🏈 日本語", "emoji 🏈": "key with emoji"],
            ["escapes": "quote \" backslash \\ newline \n tab \t control \u{01}", "slash": "a/b"],
            ["numbers": [0, -1, 1.5, 1e-7, 123_456_789] as [Any], "flags": [true, false] as [Any]],
        ][index]
    }

    @Test("compact size of pretty files matches Foundation", arguments: 0..<4)
    func compactSizeOfPrettyFilesMatchesFoundation(_ index: Int) throws {
        let state = Self.contentState(index)
        let payload: [String: Any] = ["aps": ["timestamp": 1_764_500_400, "event": "update", "content-state": state]]
        let compact = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys])
        let pretty = try JSONSerialization.data(withJSONObject: payload, options: [.sortedKeys, .prettyPrinted])
        let contentState = try JSONSerialization.data(withJSONObject: state, options: [.sortedKeys])
        let folder = try TemporaryFolder()
        let prettyPath = try folder.write("pretty.json", Array(pretty))
        let compactPath = try folder.write("compact.json", Array(compact))
        let result = try PaySizeProcess.run(["check", "--format", "json", prettyPath, compactPath])
        let reports = try Self.jsonLines(result.standardOutput)
        #expect(reports.count == 2)
        #expect(reports[0]["payloadBytes"] as? Int == compact.count)
        #expect(reports[0]["fileBytes"] as? Int == pretty.count)
        #expect(reports[1]["payloadBytes"] as? Int == compact.count)
        #expect(reports[1]["fileBytes"] as? Int == compact.count)
        #expect(reports[0]["contentStateBytes"] as? Int == contentState.count)
    }

    // MARK: - Bad input: one line on stderr, exit 2, never a crash

    @Test("bad inputs each get one line and status 2") func badInputsEachGetOneLineAndStatus2() throws {
        let folder = try TemporaryFolder()
        let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let cases: [(String, [UInt8], String)] = [
            ("empty.json", [], "empty.json:1:1: error: (root): expected a JSON value, found end of input (byte 0)"),
            (
                "bom.json", [0xEF, 0xBB, 0xBF] + Array("{}".utf8),
                "bom.json:1:1: error: (root): expected a JSON value, found a UTF-8 byte order mark (JSON text must not start with U+FEFF) (byte 0)"
            ),
            (
                "utf8.json", Array(#"{"aps":{"event":""#.utf8) + [0xFF] + Array(#""}}"#.utf8),
                "utf8.json:1:18: error: /aps/event: expected valid UTF-8, found byte 0xFF (byte 17)"
            ),
            (
                "deep.json", Array(deep.utf8),
                "deep.json:1:513: error: \(String(repeating: "/0", count: 512)): expected at most 512 levels of nesting, found more (byte 512)"
            ),
            (
                "duplicate.json", Array("{\"aps\":{\"event\":\"update\",\n\"event\":\"end\"}}".utf8),
                "duplicate.json:2:1: error: /aps: expected unique keys, found duplicate key 'event' (first at byte 8) (byte 26)"
            ),
            (
                "nan.json", Array(#"{"aps":{"relevance-score":NaN}}"#.utf8),
                "nan.json:1:27: error: /aps/relevance-score: expected a JSON value, found 'NaN' (byte 26)"
            ),
            (
                "surrogate.json", Array(#"{"aps":{"alert":{"title":"\ud800"}}}"#.utf8),
                "surrogate.json:1:27: error: /aps/alert/title: expected a surrogate pair, found lone surrogate '\\ud800' (it is not a Unicode scalar) (byte 26)"
            ),
        ]
        for (name, bytes, message) in cases {
            let path = try folder.write(name, bytes)
            let result = try PaySizeProcess.run(["check", path], in: folder.url)
            #expect(result.status == 2, "\(name)")
            #expect(
                result.standardError == folder.url.appendingPathComponent(name).path + message.dropFirst(name.count)
                    + "\n", "\(name)")
        }
    }

    @Test("fifty megabyte file is refused without reading it") func fiftyMegabyteFileIsRefusedWithoutReadingIt() throws
    {
        let folder = try TemporaryFolder()
        let path = folder.url.appendingPathComponent("big.json").path
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        let handle = try #require(FileHandle(forWritingAtPath: path))
        try handle.truncate(atOffset: 50 * 1024 * 1024)
        try handle.close()
        let result = try PaySizeProcess.run(["check", path])
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "\(path): error: expected at most 1048576 bytes (--max-input-bytes), found a file of 52428800 bytes; a Live Activity payload is at most 5120 bytes\n"
        )
    }

    @Test("directory and missing file") func directoryAndMissingFile() throws {
        let folder = try TemporaryFolder()
        let directory = try PaySizeProcess.run(["check", folder.url.path])
        #expect(directory.status == 2)
        #expect(directory.standardError == "\(folder.url.path): error: expected a payload file, found a directory\n")
        let missing = try PaySizeProcess.run(["check", "no/such/file.json"])
        #expect(missing.status == 2)
        #expect(missing.standardError == "no/such/file.json: error: cannot open file: no such file or directory\n")
    }

    @Test("every file is reported when an earlier one fails") func everyFileIsReportedWhenAnEarlierOneFails() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("bad.json", "{")
        let good = try folder.write("good.json", Self.update(ofByteCount: 100))
        let result = try PaySizeProcess.run(["check", "--format", "json", bad, good])
        #expect(result.status == 2)
        let lines = try Self.jsonLines(result.standardOutput)
        #expect(lines.count == 2)
        #expect(
            (lines[0]["error"] as? [String: Any])?["message"] as? String
                == "expected an object key (a string) or '}', found end of input")
        #expect(lines[1]["payloadBytes"] as? Int == 100)
        #expect(
            result.standardError
                == "\(bad):1:2: error: (root): expected an object key (a string) or '}', found end of input (byte 1)\n")
    }

    // MARK: - Structure

    @Test("structural errors fail with status 1") func structuralErrorsFailWithStatus1() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "start.json",
            "{\"aps\":{\"timestamp\":1764500400,\"event\":\"start\",\"content-state\":{},\n\"attributes-type\":\"A\",\"attributes\":{},\"dismissal-date\":1764504000}}"
        )
        let result = try PaySizeProcess.run(["check", path])
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                \(path): safe — 133 of 4096 bytes, 3963 bytes of headroom
                  event start · content-state 2 bytes · attributes 2 bytes · ActivityKit (attributes + content-state) 4 bytes · 134 bytes as written
                  \(path):1:8: error: /aps/alert: a start event requires 'alert' (APNs accepts a start without it, but the device drops it)
                  \(path):2:56: error: /aps/dismissal-date: 'dismissal-date' is only allowed on an end event, found on start
                1 payload checked (1 safe); 2 errors, 0 warnings
                Sizes are bytes of compact JSON (whitespace outside strings removed, tokens as written) against a 4096-byte limit; tiers are advisory (monitor from 2048, risky from 3072, critical from 3584).

                """)
    }

    @Test("warnings do not fail") func warningsDoNotFail() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "w.json",
            #"{"aps":{"timestamp":1764500400,"event":"update","events":"update","content-state":{},"badge":1},"extra":1}"#
        )
        let result = try PaySizeProcess.run(["check", "--format", "json", path])
        #expect(result.status == 0)
        let report = try #require(try Self.jsonLines(result.standardOutput).first)
        let findings = try #require(report["findings"] as? [[String: Any]])
        #expect(findings.map { $0["path"] as? String } == ["/extra", "/aps/events", "/aps/badge"])
        #expect(findings.allSatisfy { $0["severity"] as? String == "warning" })
    }

    // MARK: - Formats

    @Test("JSON format has the stable fields") func jsonFormatHasTheStableFields() throws {
        let result = try PaySizeProcess.run(["check", "--format", "json", "Examples/start-delivery.json"])
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == #"{"file":"Examples/start-delivery.json","payloadBytes":511,"fileBytes":671,"judgedBytes":511,"limit":4096,"tier":"safe","headroom":3585,"contentStateBytes":118,"attributesBytes":124,"activityKitBytes":242,"deviceContentStateBytes":118,"deviceAttributesBytes":128,"deviceActivityKitBytes":246,"deviceWriter":"objc","deviceTier":"safe","refused":false,"event":"start","fails":false,"findings":[],"measurement":"compact JSON: whitespace outside strings removed, every token kept as written; tiers are advisory"}"#
                + "\n")
    }

    @Test("GitHub format annotates file and line") func githubFormatAnnotatesFileAndLine() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "g.json",
            "{\"aps\":{\"timestamp\":1764500400,\n\"event\":\"update\",\"content-state\":{},\"stale-date\":1.5}}")
        let result = try PaySizeProcess.run(["check", "--format", "github", path])
        #expect(result.status == 1)
        let file = path.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        #expect(
            result.standardOutput == """
                ::notice file=\(file),title=PaySize%3A safe (advisory)::85 of 4096 bytes (compact JSON), headroom 4011 bytes
                ::error file=\(file),line=2,col=50,title=PaySize%3A /aps/stale-date::expected integer seconds since 1970, found number 1.5

                """)
    }

    // MARK: - Inputs

    @Test("JSON lines logs report each line") func jsonLinesLogsReportEachLine() throws {
        let folder = try TemporaryFolder()
        let log =
            [Self.update(ofByteCount: 200), "", Self.update(ofByteCount: 300), "{\"aps\":"].joined(separator: "\n")
            + "\n"
        let path = try folder.write("pushes.jsonl", log)
        let result = try PaySizeProcess.run(["check", "--format", "json", path])
        #expect(result.status == 2)
        // One object per payload, the malformed line's error object, then the log's summary last.
        let lines = try Self.jsonLines(result.standardOutput)
        #expect(lines.count == 4)
        #expect(lines[0]["line"] as? Int == 1)
        #expect(lines[0]["payloadBytes"] as? Int == 200)
        #expect(lines[1]["line"] as? Int == 3)
        #expect(lines[1]["payloadBytes"] as? Int == 300)
        #expect((lines[2]["error"] as? [String: Any])?["line"] as? Int == 4)
        #expect(lines[3]["kind"] as? String == "summary")
        #expect(lines[3]["lines"] as? Int == 4)
        #expect(lines[3]["payloads"] as? Int == 2)
        #expect(lines[3]["blankLines"] as? Int == 1)
        #expect(lines[3]["malformed"] as? Int == 1)
        #expect(
            result.standardError == "\(path):4:8: error: /aps: expected a JSON value, found end of input (byte 7)\n")
    }

    @Test("zstd compressed logs and payloads") func zstdCompressedLogsAndPayloads() throws {
        let folder = try TemporaryFolder()
        let log = (1...50).map { Self.update(ofByteCount: 100 + $0) }.joined(separator: "\n")
        let logPath = try folder.write("pushes.jsonl.zst", try Zstd.compress(Array(log.utf8)))
        let payloadPath = try folder.write(
            "one.json.zst", try Zstd.compress(Array(Self.update(ofByteCount: 4097).utf8)))
        let result = try PaySizeProcess.run(["check", "--format", "json", logPath, payloadPath])
        #expect(result.status == 1)
        let lines = try Self.jsonLines(result.standardOutput)
        #expect(lines.count == 52)
        #expect(lines.prefix(50).map { $0["payloadBytes"] as? Int } == (1...50).map { 100 + $0 })
        #expect(lines[50]["kind"] as? String == "summary")
        #expect(lines[50]["payloads"] as? Int == 50)
        #expect(lines[51]["tier"] as? String == "over")

        let garbage = try folder.write("garbage.json.zst", "not zstd at all")
        let bad = try PaySizeProcess.run(["check", garbage])
        #expect(bad.status == 2)
        #expect(
            bad.standardError.hasPrefix("\(garbage): error: expected zstd-compressed data, found data zstd refuses: "))
    }

    @Test("zstd bomb is refused at the cap") func zstdBombIsRefusedAtTheCap() throws {
        let folder = try TemporaryFolder()
        let bomb = try folder.write("bomb.json.zst", try Zstd.compress([UInt8](repeating: 0x20, count: 8 << 20)))
        let result = try PaySizeProcess.run(["check", bomb])
        #expect(result.status == 2)
        #expect(
            result.standardError.hasPrefix(
                "\(bomb): error: expected at most 1048576 decompressed bytes (--max-input-bytes), found more: "))
    }

    @Test("standard input") func standardInput() throws {
        let result = try PaySizeProcess.run(
            ["check", "--format", "json", "-"], input: Data(Self.update(ofByteCount: 777).utf8))
        #expect(result.status == 0)
        let report = try #require(try Self.jsonLines(result.standardOutput).first)
        #expect(report["file"] as? String == "<stdin>")
        #expect(report["payloadBytes"] as? Int == 777)
    }

    // MARK: - Command line

    @Test("unknown option suggests the nearest") func unknownOptionSuggestsTheNearest() throws {
        let result = try PaySizeProcess.run(["check", "--fial-on", "risky", "x.json"])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "paysize: error: unknown option '--fial-on'; did you mean '--fail-on'? (see 'paysize check --help')\n"
        )
    }

    @Test(
        "usage errors are one line and exit 2",
        arguments: [
            (
                ["check"],
                "paysize: error: missing payload file (give one or more files, or '-' for standard input) (see 'paysize check --help')"
            ),
            (
                ["check", "--fail-on", "huge", "x"],
                "paysize: error: unknown tier 'huge' for '--fail-on'; expected safe, monitor, risky, critical or over (see 'paysize check --help')"
            ),
            (
                ["check", "--format", "xml", "x"],
                "paysize: error: unknown format 'xml' for '--format'; expected text, json, github or html (see 'paysize check --help')"
            ),
            (
                ["check", "--limit", "0", "x"],
                "paysize: error: expected a positive integer for '--limit', found '0' (see 'paysize check --help')"
            ),
            (
                ["check", "--format"],
                "paysize: error: missing value for '--format <format>' (see 'paysize check --help')"
            ),
            (["chek"], "paysize: error: unknown subcommand 'chek'; did you mean 'check'? (see 'paysize --help')"),
            (
                ["check", "--thresholds", "3000,2000,3500", "x"],
                "paysize: error: expected 0 < monitor ≤ risky ≤ critical ≤ limit, found thresholds 3000, 2000, 3500 for limit 4096 in '--thresholds' (see 'paysize check --help')"
            ),
            (
                ["check", "--field", "payload", "x.jsonl"],
                "paysize: error: expected a JSON Pointer such as '/payload' for '--field', found 'payload' (see 'paysize check --help')"
            ),
            (
                ["check", "--max-errors", "0", "x.jsonl"],
                "paysize: error: expected a positive integer for '--max-errors', found '0' (see 'paysize check --help')"
            ),
            (["merge"], "paysize: error: missing summary file (give one or more) (see 'paysize merge --help')"),
            (
                ["merge", "--format", "github", "x.json"],
                "paysize: error: unknown format 'github' for '--format'; expected text or json (see 'paysize merge --help')"
            ),
        ])
    func usageErrors(_ usage: ([String], String)) throws {
        let result = try PaySizeProcess.run(usage.0)
        #expect(result.status == 2)
        #expect(result.standardError == usage.1 + "\n")
    }

    @Test("help screens") func helpScreens() throws {
        let root = try PaySizeProcess.run(["--help"])
        #expect(root.status == 0)
        #expect(
            root.standardOutput == """
                OVERVIEW: Keep Apple Live Activity payloads inside their size budget and content-state contract.

                USAGE: paysize <subcommand>

                OPTIONS:
                  --version               Show the version.
                  -h, --help              Show help information.

                SUBCOMMANDS:
                  check                   Measure and check APNs Live Activity push payloads.
                  suggest                 Show where a payload's bytes go and every measured way to shrink it.
                  bound                   Bound the encoded size of every value a content-state schema allows.
                  zstd-dictionary         Train a zstd dictionary on a series of payloads (also 'dict').
                  schema                  Compare content-state JSON Schemas across app versions.
                  baseline                Compare a recorded size baseline with a new one.
                  merge                   Merge the summaries of log shards into the summary of the whole.
                  help                    Show help for a subcommand.

                  See 'paysize help <subcommand>' for detailed help.

                """)
        let check = try PaySizeProcess.run(["check", "--help"])
        #expect(check.status == 0)
        #expect(check.standardOutput.hasPrefix("OVERVIEW: Measure and check APNs Live Activity push payloads.\n"))
        #expect(
            check.standardOutput.contains(
                """

                  --fail-on <tier>        Exit 1 when a payload reaches this tier: safe,
                                          monitor, risky, critical or over. Structural errors
                                          always fail. (default: over)

                """))
        #expect(try PaySizeProcess.run(["help", "check"]).standardOutput == check.standardOutput)
    }

    @Test("demo examples pass") func demoExamplesPass() throws {
        let examples = try FileManager.default.contentsOfDirectory(
            atPath: PaySizeProcess.packageRoot.appendingPathComponent("Examples").path
        )
        .filter { $0.hasSuffix(".json") }.sorted().map { "Examples/" + $0 }
        #expect(examples.count >= 4)
        let result = try PaySizeProcess.run(["check"] + examples)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput.contains("critical — 3707 of 4096 bytes"))
    }
}
