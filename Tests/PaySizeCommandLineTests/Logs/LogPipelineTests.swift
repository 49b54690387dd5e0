import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport
import Testing

@testable import PaySizeCommandLine

/// The log path in process: the fast path gives exactly what `PayloadChecker` gives, and the
/// pipeline's output does not depend on how the log is cut into segments or how many threads
/// check them.
@Suite("The log pipeline") struct LogPipelineTests {
    static func options(
        field: JSONPointer? = nil, maximumLineByteCount: Int = 1 << 20, maximumErrorCount: Int? = nil,
        reporting: LogReporting = .everyPayload, failOn: SizeTier = .over, path: LogCheckOptions.Path = .fast
    ) -> LogCheckOptions {
        LogCheckOptions(
            checker: PayloadChecker(), failOn: failOn, field: field, maximumLineByteCount: maximumLineByteCount,
            maximumDecompressedByteCount: 1 << 30, maximumErrorCount: maximumErrorCount, reporting: reporting,
            path: path)
    }

    /// What the strict path says of a line: `PayloadChecker` on the bytes (a CR ending a CRLF
    /// line is the line break's, not the line's), or the scanner's error.
    static func strictOutcome(_ line: [UInt8], line number: Int, failOn: SizeTier = .over) -> String {
        let bytes = line.last == 0x0D ? Array(line.dropLast()) : line
        let line = number
        do {
            let report = try PayloadChecker().check(bytes)
            let payload = CheckedPayload(
                record: PayloadRecord(file: "f", line: line, bytes: bytes), report: report, failOn: failOn)
            return JSONCheckReporter.object(for: .checked(payload)).text
        } catch let error as JSONScanError {
            return JSONCheckReporter.object(for: .unreadable(InputError(file: "f", scanError: error, firstLine: line)))
                .text
        } catch {
            return "\(error)"
        }
    }

    static func text(of outcome: LogLineOutcome) -> String {
        switch outcome {
        case .blank: "blank"
        case .malformed(let error): JSONCheckReporter.object(for: .unreadable(error)).text
        case .checked(let payload): JSONCheckReporter.object(for: .checked(payload)).text
        }
    }

    /// Seeded random pushes, good and bad: every rule's keys with right and wrong values, keys
    /// spelled with escapes, keys outside aps, damaged texts. The fast path must give the strict
    /// path's report (or error) for each, byte for byte in JSON.
    @Test("fast path gives the payload checker's report", arguments: 0..<6)
    func fastPathGivesThePayloadCheckersReport(seed: UInt64) {
        var random = SplitMix64(seed: seed &+ 77)
        let checker = LogLineChecker(options: Self.options())
        var fastCount = 0
        for _ in 0..<800 {
            var bytes = Array(RandomPush.line(using: &random).utf8)
            if random.chance(15) { RandomJSONText.damage(&bytes, using: &random) }
            // Whitespace around the payload, as CRLF logs and hand edits leave it, counts as written.
            if random.chance(10) { bytes += Array(["\r", " ", "\t \r"][Int(random.next() % 3)].utf8) }
            if random.chance(5) { bytes.insert(UInt8(ascii: " "), at: 0) }
            let outcome = bytes.withUnsafeBytes { checker.checkLine($0, line: 7, file: "f") }
            if case .blank = outcome { continue }
            #expect(
                Self.text(of: outcome) == Self.strictOutcome(bytes, line: 7),
                "\(String(decoding: bytes, as: UTF8.self))")
            if case .checked(let payload) = outcome, payload.record.bytes.isEmpty { fastCount += 1 }
        }
        // Most pushes are valid and free of findings, so most take the fast path.
        #expect(fastCount > 100)
    }

    /// What the strict path reports for a line: `PayloadChecker` on its bytes.
    static func strictReport(_ line: [UInt8]) throws -> PayloadReport {
        try PayloadChecker().check(line.last == 0x0D ? Array(line.dropLast()) : line)
    }

    /// Seeded random pushes whose content states (and a start's attributes) hold numbers of
    /// every kind, escapes and slashes, from a few bytes to past ActivityKit's limit as the
    /// Objective-C writer writes them: each line's report, device figures included, is
    /// `PayloadChecker`'s, both as a value and byte for byte in JSON.
    @Test("fast path gives the payload checker's device figures", arguments: 0..<6)
    func fastPathGivesThePayloadCheckersDeviceFigures(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 4200)
        let checker = LogLineChecker(options: Self.options())
        var fastCount = 0
        var grownCount = 0
        var overOnDeviceCount = 0
        for _ in 0..<300 {
            let bytes = Array(RandomPush.numericLine(using: &random).utf8)
            let outcome = bytes.withUnsafeBytes { checker.checkLine($0, line: 3, file: "f") }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(Self.text(of: outcome) == Self.strictOutcome(bytes, line: 3), "\(text)")
            guard case .checked(let payload) = outcome else {
                Issue.record("expected a checked payload: \(text)")
                continue
            }
            let strict = try Self.strictReport(bytes)
            #expect(payload.report == strict, "\(text)")
            #expect(
                payload.report.device?.judged.firstGrownNumber?.written
                    == strict.device?.judged.firstGrownNumber?.written)
            if payload.record.bytes.isEmpty { fastCount += 1 }
            if (strict.device?.judged.grownNumberCount ?? 0) > 0 { grownCount += 1 }
            if strict.isOverOnDevice { overOnDeviceCount += 1 }
        }
        // Most lines take the fast path with numbers that grow; some are over on the device,
        // which an error finding sends to the strict path.
        #expect(fastCount > 150)
        #expect(grownCount > 150)
        #expect(overOnDeviceCount > 10)
    }

    /// A line whose content state grows on the device but stays under the limit takes the fast
    /// path, and its device figures are the strict path's to the byte and the first grown number.
    @Test("a content state under the limit with growing numbers takes the fast path")
    func aContentStateUnderTheLimitWithGrowingNumbersTakesTheFastPath() throws {
        let checker = LogLineChecker(options: Self.options())
        let state = #"{"fare":1.91,"lat":52.123456,"lon":13.404954,"progress":0.5,"eta":786193800.7,"n":3}"#
        let line = Array(DeviceFixtures.update(state).utf8)
        let outcome = line.withUnsafeBytes { checker.checkLine($0, line: 1, file: "f") }
        guard case .checked(let payload) = outcome else {
            Issue.record("expected a checked payload")
            return
        }
        #expect(payload.record.bytes.isEmpty, "the fast path")
        let report = payload.report
        #expect(report == (try Self.strictReport(line)))
        #expect(report.contentStateByteCount == 84)
        // 1.91, 52.123456 and 786193800.7 grow by 14, 9 and 7 bytes at 17 digits.
        #expect(report.deviceContentStateByteCount == 114)
        #expect(report.deviceWriter == .objc)
        let objc = try #require(report.device?.figures(of: .objc)?.contentState)
        #expect(objc.grownNumberCount == 3)
        #expect(objc.firstGrownNumber?.sent == "1.91")
        #expect(objc.firstGrownNumber?.written == "1.9099999999999999")
        #expect(report.device?.figures(of: .swift)?.contentState?.byteCount == 84)
        #expect(report.findings.isEmpty)
    }

    /// Forum thread 845605: a 2027-byte content state holding 200 values of `1.91` is 4827 bytes
    /// as the device writes it. The line is refused on the device (exit 1, the finding naming
    /// the number); judged by the Swift writer alone it passes (exit 0).
    @Test("the forum's content state is over on the device, and passes for the Swift writer")
    func theForumsContentStateIsOverOnTheDevice() throws {
        let line = DeviceFixtures.update(DeviceFixtures.forumState)
        let bytes = Array(line.utf8)
        let checker = LogLineChecker(options: Self.options())
        let outcome = bytes.withUnsafeBytes { checker.checkLine($0, line: 1, file: "f") }
        guard case .checked(let payload) = outcome else {
            Issue.record("expected a checked payload")
            return
        }
        #expect(payload.report == (try Self.strictReport(bytes)))
        #expect(payload.report.contentStateByteCount == 2027)
        #expect(payload.report.deviceActivityKitByteCount == 4827)
        #expect(
            payload.report.findings.map(\.message) == [
                "the content state is 4827 bytes as the device writes it (objc writer), over ActivityKit's 4096-byte limit by 731; as sent, 2027 bytes: 200 numbers grow to 17 significant digits ('1.91' is written '1.9099999999999999'), as iOS 16's JSONEncoder and a push re-written on the device write them; the device drops the update without an error"
            ])
        #expect(payload.report.findings.map(\.code) == [.overLimit])

        let refused = OutputStreams.capturing(standardInput: bytes + [0x0A])
        #expect(PaySizeCommand.main(arguments: ["check", "--lines", "-"], streams: refused) == .violation)
        #expect(refused.outputText.contains("'1.91' is written '1.9099999999999999'"))
        let swift = OutputStreams.capturing(standardInput: bytes + [0x0A])
        #expect(
            PaySizeCommand.main(arguments: ["check", "--lines", "--device-writer", "swift", "-"], streams: swift)
                == .success)
        #expect(swift.errorText == "")
    }

    /// Found by FuzzLogLines (Fuzz/Regressions/FuzzLogLines/crlf-start-push.jsonl): the CR of a
    /// CRLF line break is not part of the line as logged, in the fast path as in the strict one.
    @Test("carriage return ending a line is not counted") func carriageReturnEndingALineIsNotCounted() {
        let checker = LogLineChecker(options: Self.options())
        let line =
            Array(
                #"{"aps":{"timestamp":1764500400,"event":"start","attributes-type":"A","attributes":{"x":[1,2]},"alert":{"title":"t","body":"b"},"content-state":{}}}"#
                    .utf8) + [0x0D]
        let outcome = line.withUnsafeBytes { checker.checkLine($0, line: 3, file: "f") }
        guard case .checked(let payload) = outcome else {
            Issue.record("expected a checked payload")
            return
        }
        #expect(payload.report.inputByteCount == 147)
        #expect(payload.report.payloadByteCount == 147)
        #expect(Self.text(of: outcome) == Self.strictOutcome(line, line: 3))
    }

    /// Found by FuzzLogLines (Fuzz/Regressions/FuzzLogLines/zero-width-no-break-space-starts-event.jsonl):
    /// an `event` that starts with U+FEFF (ZERO WIDTH NO-BREAK SPACE, written raw) beside a key
    /// with an escape. Both paths were right and agreed; the fuzz target read the report with
    /// `JSONSerialization`, which drops a raw U+FEFF that starts a string, and now reads it with
    /// `JSONDecoder`. The report keeps the character, in the fast path as in `PayloadChecker`.
    @Test("zero width no break space starting the event is kept") func zeroWidthNoBreakSpaceStartingTheEventIsKept()
        throws
    {
        struct Record: Decodable { var event: String? }
        let checker = LogLineChecker(options: Self.options())
        let line = Array(
            #"{"aps":{"timestamp":1764500400,"event":"\#u{FEFF}ate","cont\tent-otate":{"eta":5,"name":"Caf\u00e9"},"stale-date":1764504000,"relevance-score":50}}"#
                .utf8)
        #expect(line.count == 141)
        let outcome = line.withUnsafeBytes { checker.checkLine($0, line: 1, file: "f") }
        let text = Self.text(of: outcome)
        #expect(text == Self.strictOutcome(line, line: 1))
        #expect(try JSONDecoder().decode(Record.self, from: Data(text.utf8)).event == "\u{FEFF}ate")
    }

    /// With --field, a payload inside a record gives the report of the payload on its own (its
    /// findings placed in the record's line).
    @Test("field gives the report of the embedded payload", arguments: 0..<3)
    func fieldGivesTheReportOfTheEmbeddedPayload(seed: UInt64) throws {
        var random = SplitMix64(seed: seed &+ 500)
        let checker = LogLineChecker(options: Self.options(field: JSONPointer("request", "body")))
        for _ in 0..<300 {
            let payload = RandomPush.line(using: &random)
            let record = #"{"id":12,"request":{"method":"POST","body":\#(payload)},"ok":true}"#
            let bytes = Array(record.utf8)
            let outcome = bytes.withUnsafeBytes { checker.checkLine($0, line: 3, file: "f") }
            let expected: String
            if let root = try? JSONScanner.scan(bytes),
                let element = root.descendant(at: JSONPointer("request", "body"))
            {
                let report = PayloadChecker().check(element, inputByteCount: element.byteRange.count)
                expected =
                    JSONCheckReporter.object(
                        for: .checked(
                            CheckedPayload(
                                record: PayloadRecord(file: "f", line: 3, bytes: bytes), report: report,
                                failOn: .over))
                    ).text
            } else {
                expected = Self.strictOutcome(bytes, line: 3)
            }
            #expect(Self.text(of: outcome) == expected, "\(record)")
        }
    }

    /// A log with every kind of line, cut into segments of every size and checked by 1 to 4
    /// threads: the same outcomes in the same order and the same summary as line by line.
    /// `PAYSIZE_SCANNER=plain`: every line takes the strict path, and the outcomes and summary are
    /// the fast path's, device figures and `--field` payloads (objects and strings) included.
    @Test("the plain path gives the fast path's answers", arguments: [nil, "body"])
    func plainPathGivesTheFastPathsAnswers(field: String?) {
        var random = SplitMix64(seed: 41)
        var lines: [String] = []
        for index in 0..<300 {
            var line = random.chance(3) ? RandomPush.numericLine(using: &random) : RandomPush.line(using: &random)
            if index % 29 == 3 { line = String(line.dropLast(2)) }
            if let field {
                // Every other record holds its payload as JSON text in a string.
                let quoted = line.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"")
                let body = index % 2 == 0 ? line : "\"" + quoted + "\""
                line = #"{"id":\#(index),"\#(field)":\#(body)}"#
            }
            lines.append(line)
        }
        let log = Array((lines.joined(separator: "\n") + "\n").utf8)
        func run(_ path: LogCheckOptions.Path) -> (LogSummary, [String], Int) {
            let options = Self.options(field: field.map { JSONPointer($0) }, path: path)
            var reported: [String] = []
            var strictCount = 0
            let (summary, _) = LogPipeline(options: options, segmentByteCount: 4096, workerCount: 2).check(
                .memory(log), file: "log"
            ) { outcome in
                reported.append(JSONCheckReporter.object(for: outcome).text)
                if case .checked(let payload) = outcome, !payload.record.bytes.isEmpty { strictCount += 1 }
            }
            return (summary, reported, strictCount)
        }
        let (fastSummary, fastReported, fastStrictCount) = run(.fast)
        let (plainSummary, plainReported, plainStrictCount) = run(.plain)
        #expect(plainSummary == fastSummary)
        #expect(plainReported == fastReported)
        // Every payload of the plain run was read by the strict path; in the fast run, those with
        // findings were (most random pushes have some), the others were not.
        #expect(plainStrictCount == fastSummary.payloadCount)
        #expect(fastStrictCount < fastSummary.payloadCount - 40)
    }

    @Test("output does not depend on segments or threads") func outputDoesNotDependOnSegmentsOrThreads() {
        var random = SplitMix64(seed: 9)
        var lines: [String] = []
        for index in 0..<400 {
            switch index % 37 {
            case 5: lines.append("")
            case 9: lines.append("   \r")
            case 13: lines.append(#"{"aps":"#)
            case 21: lines.append(String(repeating: "y", count: 700))
            default: lines.append(RandomPush.line(using: &random) + (index % 3 == 0 ? "\r" : ""))
            }
        }
        let log = Array((lines.joined(separator: "\n") + "\n").utf8)
        for (reporting, maximumErrorCount) in [
            (LogReporting.everyPayload, nil), (.findingsAndFailures, 7), (.summaryOnly, nil),
        ] {
            let options = Self.options(
                maximumLineByteCount: 600, maximumErrorCount: maximumErrorCount, reporting: reporting)
            // Line by line, without the pipeline.
            let checker = LogLineChecker(options: options)
            var expected = LogSegmentResult(summary: options.emptySummary(file: "log"))
            for (index, line) in lines.enumerated() {
                let bytes = Array(line.utf8)
                let outcome = bytes.withUnsafeBytes { checker.checkLine($0, line: index + 1, file: "log") }
                expected.summary.lineCount = index + 1
                checker.record(outcome, line: index + 1, in: &expected)
                if let maximumErrorCount, expected.summary.malformedCount == maximumErrorCount {
                    expected.summary.isComplete = false
                    break
                }
            }
            let expectedOutcomes = expected.outcomes.map { JSONCheckReporter.object(for: $0).text }
            for segmentByteCount in [1, 50, 997, 4096, 1 << 20] {
                for workerCount in [1, 2, 4] {
                    let pipeline = LogPipeline(
                        options: options, segmentByteCount: segmentByteCount, workerCount: workerCount)
                    var reported: [String] = []
                    let (summary, _) = pipeline.check(.memory(log), file: "log") {
                        reported.append(JSONCheckReporter.object(for: $0).text)
                    }
                    #expect(summary == expected.summary, "segments of \(segmentByteCount), \(workerCount) threads")
                    #expect(reported == expectedOutcomes, "segments of \(segmentByteCount), \(workerCount) threads")
                }
            }
        }
    }

    /// The outline reads the `aps` keys and the events as constants matched by their bytes: each
    /// is recognized, and a text differing in any one byte, or one byte longer or shorter, is not.
    @Test("aps keys and events are recognized by their bytes")
    func apsKeysAndEventsAreRecognizedByTheirBytes() {
        let keys = [
            "event", "alert", "events", "timestamp", "stale-date", "attributes", "content-state", "dismissal-date",
            "relevance-score", "attributes-type", "input-push-token", "input-push-channel",
        ]
        func variants(_ text: String) -> [[UInt8]] {
            let bytes = Array(text.utf8)
            var result = [Array(bytes.dropLast()), bytes + [UInt8(ascii: "s")]]
            for index in bytes.indices {
                var changed = bytes
                changed[index] ^= 0x01
                result.append(changed)
            }
            return result
        }
        for key in keys {
            #expect(Array(key.utf8).withUnsafeBytes { MeasuredValueReader.knownKey($0) } == key)
            // ("event" with an "s" is "events", and the other way round.)
            for variant in variants(key) where !keys.contains(String(decoding: variant, as: UTF8.self)) {
                #expect(
                    variant.withUnsafeBytes { MeasuredValueReader.knownKey($0) } == nil,
                    "\(String(decoding: variant, as: UTF8.self))")
            }
        }
        for event in ["update", "start", "end"] {
            #expect(Array(event.utf8).withUnsafeBytes { MeasuredValueReader.knownEvent($0) } == event)
            #expect(Array(event.utf8).withUnsafeBytes { MeasuredValueReader.knownKey($0) } == nil)
            for variant in variants(event) {
                #expect(variant.withUnsafeBytes { MeasuredValueReader.knownEvent($0) } == nil)
            }
        }
    }

    @Test("histogram percentiles are nearest rank") func histogramPercentilesAreNearestRank() {
        var histogram = ByteSizeHistogram()
        for size in [5, 1, 3, 3, 9000, 2, 8191] { histogram.add(size) }
        #expect(histogram.totalCount == 7)
        #expect(histogram.percentile(50) == 3)
        #expect(histogram.percentile(90) == 9000)
        #expect(histogram.percentile(1) == 1)
        #expect(histogram.maximum == 9000)
        #expect(
            histogram.pairs.map { [$0.byteCount, $0.count] } == [
                [1, 1], [2, 1], [3, 2], [5, 1], [8191, 1], [9000, 1],
            ])
        #expect(histogram.count(in: 3..<8192) == 4)
        #expect(ByteSizeHistogram().percentile(50) == nil)
    }

    @Test("progress line text") func progressLineText() {
        #expect(
            ProgressLine.text(file: "a.jsonl", byteCount: 120_000_000, totalByteCount: 480_000_000, elapsedSeconds: 0.2)
                == "a.jsonl: 120.0 MB of 480.0 MB (25%), 600.0 MB/s, 1 s left")
        #expect(
            ProgressLine.text(file: "<stdin>", byteCount: 1500, totalByteCount: nil, elapsedSeconds: 1)
                == "<stdin>: 1.5 kB, 1.5 kB/s")
        #expect(ProgressLine.decimalBytes(999) == "999 B")
        #expect(ProgressLine.decimalBytes(3_400_000_000) == "3.4 GB")
        // Not a terminal: no progress line at all.
        #expect(ProgressLine(file: "a", totalByteCount: 1, streams: .capturing()) == nil)
    }

    /// On a terminal the line is drawn in place and cleared before anything else is written.
    @Test("progress line is cleared before diagnostics") func progressLineIsClearedBeforeDiagnostics() {
        let streams = OutputStreams.capturing(errorIsTerminal: true)
        let progress = ProgressLine(file: "a.jsonl", totalByteCount: 100, streams: streams)!
        Thread.sleep(forTimeInterval: 0.3)
        progress.update(50)
        progress.clear()
        progress.clear()
        #expect(streams.errorText.hasPrefix("\ra.jsonl: 50 B of 100 B (50%), "))
        #expect(streams.errorText.hasSuffix(" s left\u{1B}[K\r\u{1B}[K"))
    }
}

/// Random Live Activity pushes for the differential tests.
enum RandomPush {
    static func line(using random: inout SplitMix64) -> String {
        var members: [String] = []
        func maybe(_ percent: Int, _ member: @autoclosure () -> String) {
            if random.chance(percent) { members.append(member()) }
        }
        let events = [#""update""#, #""start""#, #""end""#, #""finish""#, "3", "null"]
        let dates = ["1764500400", "1764500400123", "752000000", "-5", "1.5", #""1764500400""#, "17645004001"]
        maybe(95, #""timestamp":\#(dates[Int(random.next() % (random.chance(80) ? 1 : 7))])"#)
        maybe(
            95,
            #""\#(random.chance(5) ? "\\u0065vent" : "event")":\#(events[Int(random.next() % (random.chance(80) ? 1 : 6))])"#
        )
        maybe(85, #""content-state":\#(random.chance(90) ? state(using: &random) : "[1,2]")"#)
        maybe(30, #""stale-date":\#(dates[Int(random.next() % 3)])"#)
        maybe(10, #""dismissal-date":1764504000"#)
        maybe(40, #""relevance-score":\#(random.chance(90) ? "75.5" : #""high""#)"#)
        maybe(20, #""alert":\#(alert(using: &random))"#)
        maybe(15, #""attributes-type":"DeliveryAttributes""#)
        maybe(15, #""attributes":\#(random.chance(90) ? state(using: &random) : "true")"#)
        maybe(3, #""input-push-token":\#(random.chance(50) ? "1" : "2")"#)
        maybe(3, #""events":"update""#)
        maybe(3, #""badge":1"#)
        var root = #""aps":{\#(members.shuffled(using: &random).joined(separator: ","))}"#
        if random.chance(5) { root += #","extra":{"a":1}"# }
        if random.chance(3) { root = #""\u0061ps":{"event":"update"}"# }
        return "{" + root + "}"
    }

    static func state(using random: inout SplitMix64) -> String {
        let count = Int(random.next() % 6)
        let fields = (0..<count).map { index in
            [
                #""eta\#(index)":\#(random.next() % 90)"#, #""name\#(index)":"Caf\u00e9 \#(index) \\\"x\\\"""#,
                #""items\#(index)":[{"n":"a","q":1},{"n":"b","q":2.5}]"#, #""ok\#(index)":true"#,
                #""note\#(index)":"\#(String(repeating: "long text ", count: Int(random.next() % 40)))""#,
            ][Int(random.next() % 5)]
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    /// A push whose content state (and, on a start, attributes) holds numbers of every kind
    /// among strings with escapes and slashes, padded to a random size: some under ActivityKit's
    /// limit whichever writer writes them, some over it for the Objective-C writer only.
    static func numericLine(using random: inout SplitMix64) -> String {
        let isStart = random.chance(20)
        var members = [
            #""timestamp":1764500400"#, isStart ? #""event":"start""# : #""event":"update""#,
            #""content-state":\#(numericState(using: &random))"#,
        ]
        if isStart {
            members += [
                #""attributes-type":"A""#, #""attributes":\#(numericState(using: &random))"#,
                #""alert":{"title":"T","body":"B"}"#,
            ]
        }
        if random.chance(30) {
            members.append(#""relevance-score":\#(["75.5", "0.1", "100", "1e2"].randomElement(using: &random)!)"#)
        }
        return #"{"aps":{"# + members.joined(separator: ",") + "}}"
    }

    static func numericState(using random: inout SplitMix64) -> String {
        func number() -> String {
            switch Int(random.next() % 4) {
            case 0: return RandomJSONText.numbers.randomElement(using: &random)!
            case 1: return "\(Double(Int.random(in: -99_999...99_999, using: &random)) / 100)"
            case 2: return "\(Double(bitPattern: random.next() >> 2))"
            default: return "\(Int.random(in: -1000...1000, using: &random))"
            }
        }
        var fields: [String] = []
        for index in 0..<Int(random.next() % 12) {
            switch Int(random.next() % 5) {
            case 0: fields.append(#""n\#(index)":\#(number())"#)
            case 1:
                fields.append(
                    #""list\#(index)":[\#((0..<Int(random.next() % 6)).map { _ in number() }.joined(separator: ","))]"#)
            case 2: fields.append(#""s\#(index)":"\#(RandomJSONText.strings.randomElement(using: &random)!)""#)
            case 3: fields.append(#""o\#(index)":{"x":\#(number()),"u\/v":"a/b"}"#)
            default:
                fields.append(
                    #""many\#(index)":[\#(Array(repeating: "1.91", count: Int(random.next() % 150)).joined(separator: ","))]"#
                )
            }
        }
        if random.chance(50) {
            fields.append(#""note":"\#(String(repeating: "x", count: Int(random.next() % 2500)))""#)
        }
        return "{" + fields.joined(separator: ",") + "}"
    }

    static func alert(using random: inout SplitMix64) -> String {
        [
            #"{"title":"On the way","body":"ETA 5 min"}"#, #"{"title":{"loc-key":"eta","loc-args":["5"]}}"#,
            #"{"title":{"loc-args":[5]}}"#, #""plain""#, #"{"title":"x","color":"red"}"#,
        ][Int(random.next() % 5)]
    }
}
