import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

/// A state whose note grows: `{"courierName":"Ana","note":"…"}` is 31 bytes plus the note.
struct NoteState: Codable, Sendable {
    var courierName = "Ana"
    var note: String

    /// 100 bytes: `(root)` 2, `/courierName` 19, `/note` 79 (its comma, key, colon and value).
    static let baseline = NoteState(note: String(repeating: "x", count: 69))
    /// 106 bytes, 6 % more, all of it in `/note`.
    static let grownBySixPercent = NoteState(note: String(repeating: "x", count: 75))
}

@Suite("Size baselines")
struct SizeBaselineTests {
    static let recordedText = """
        {
          "byteCount" : 100,
          "measuredAs" : "PayloadEncoder with JSONEncoder's default strategies (as the device encodes), compact",
          "name" : "on-the-way",
          "paths" : [
            {
              "byteCount" : 2,
              "count" : 1,
              "path" : "(root)"
            },
            {
              "byteCount" : 19,
              "count" : 1,
              "path" : "/courierName"
            },
            {
              "byteCount" : 79,
              "count" : 1,
              "path" : "/note"
            }
          ]
        }

        """

    /// A folder holding the 100-byte baseline of ``NoteState/baseline``.
    static func recordedBaseline() throws -> (TemporaryFolder, URL) {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("on-the-way.size.json")
        try Data(recordedText.utf8).write(to: file)
        return (folder, file)
    }

    @Test("a missing baseline is recorded beside the snapshots, by path, and fails naming it")
    func recordsAMissingBaseline() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("on-the-way.size.json")
        let check = SizeBaselineCheck(
            NoteState.baseline, named: "on-the-way", file: file, environment: ["PAYSIZE_RECORD": "missing"])
        #expect(check.status == .recorded)
        #expect(check.byteCount == 100)
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == Self.recordedText)
        #expect(
            check.failureMessage
                == "no size baseline 'on-the-way' at '\(file.path)': recorded 100 bytes under record mode 'missing' (from PAYSIZE_RECORD); review it, commit it and run the test again"
        )
    }

    @Test("a 6 % growth fails the default 5 % tolerance and names the path that grew")
    func catchesSixPercentGrowth() throws {
        let (folder, file) = try Self.recordedBaseline()
        defer { withExtendedLifetime(folder) {} }
        let check = SizeBaselineCheck(
            NoteState.grownBySixPercent, named: "on-the-way", file: file, environment: ["PAYSIZE_RECORD": "never"])
        #expect(check.status == .grew)
        #expect(check.byteCount == 106)
        #expect(check.baselineByteCount == 100)
        #expect(
            check.failureMessage == """
                size baseline 'on-the-way' grew from 100 to 106 bytes (+6, +6.0 %), past the 5 % tolerance (at most 105 bytes)
                growth by path:
                  /note: 79 → 85 bytes (+6)
                baseline file: '\(file.path)'; if the growth is intended, run with PAYSIZE_RECORD=failed and commit it
                """)
        #expect(String(decoding: try Data(contentsOf: file), as: UTF8.self) == Self.recordedText)
        // 5 % is the most that passes.
        let fivePercent = NoteState(note: String(repeating: "x", count: 74))
        let within = SizeBaselineCheck(fivePercent, named: "on-the-way", file: file, environment: [:])
        #expect(within.status == .withinTolerance)
        #expect(within.failureMessage == nil)
        #expect(
            within.report == [
                "size baseline 'on-the-way' grew from 100 to 105 bytes (+5, +5.0 %), within the 5 % tolerance (at most 105 bytes)",
                "growth by path:", "  /note: 79 → 84 bytes (+5)",
            ])
    }

    @Test("the tolerance is set in percent or in bytes")
    func toleranceInPercentOrBytes() throws {
        let (folder, file) = try Self.recordedBaseline()
        defer { withExtendedLifetime(folder) {} }
        let state = NoteState.grownBySixPercent
        let environment = ["PAYSIZE_RECORD": "never"]
        #expect(
            SizeBaselineCheck(state, named: "on-the-way", file: file, tolerance: .percent(6), environment: environment)
                .isPassing)
        #expect(
            SizeBaselineCheck(state, named: "on-the-way", file: file, tolerance: .bytes(6), environment: environment)
                .isPassing)
        let bytes = SizeBaselineCheck(
            state, named: "on-the-way", file: file, tolerance: .bytes(5), environment: environment)
        #expect(bytes.status == .grew)
        #expect(
            bytes.report.first
                == "size baseline 'on-the-way' grew from 100 to 106 bytes (+6, +6.0 %), past the 5 bytes tolerance (at most 105 bytes)"
        )
        let percent = SizeBaselineCheck(
            state, named: "on-the-way", file: file, tolerance: .percent(2.5), environment: environment)
        #expect(percent.report.first?.hasSuffix("past the 2.5 % tolerance (at most 102 bytes)") == true)
    }

    @Test("record modes: 'failed' rewrites a growth, 'all' any change, CI never writes")
    func recordModes() throws {
        let (folder, file) = try Self.recordedBaseline()
        defer { withExtendedLifetime(folder) {} }
        let grown = NoteState.grownBySixPercent
        let inCI = SizeBaselineCheck(
            grown, named: "on-the-way", file: file, environment: ["PAYSIZE_RECORD": "failed", "CI": "true"])
        #expect(inCI.status == .grew)
        #expect(
            inCI.failureMessage?.hasSuffix(
                "not re-recorded in CI (CI is set): if the growth is intended, re-record it locally with PAYSIZE_RECORD=failed and commit it"
            ) == true)
        let missingInCI = SizeBaselineCheck(
            grown, named: "other", file: folder.url.appendingPathComponent("other.size.json"), environment: ["CI": "1"])
        #expect(missingInCI.status == .missing)
        #expect(!FileManager.default.fileExists(atPath: folder.url.appendingPathComponent("other.size.json").path))

        let failed = SizeBaselineCheck(
            grown, named: "on-the-way", file: file, environment: ["PAYSIZE_RECORD": "failed"])
        #expect(failed.status == .rerecorded)
        #expect(SizeBaselineCheck(grown, named: "on-the-way", file: file, environment: [:]).baselineByteCount == 106)

        // 'all' rewrites a baseline that changed at all, even within the tolerance.
        let small = NoteState(note: String(repeating: "x", count: 70))
        let all = SizeBaselineCheck(small, named: "on-the-way", file: file, environment: ["PAYSIZE_RECORD": "all"])
        #expect(all.status == .rerecorded)
        let after = SizeBaselineCheck(small, named: "on-the-way", file: file, environment: [:])
        #expect(after.status == .withinTolerance)
        #expect(after.baselineByteCount == 101)
    }

    @Test("bad names, unreadable baselines and values that cannot be encoded are reported")
    func problems() throws {
        let (folder, file) = try Self.recordedBaseline()
        let badName = SizeBaselineCheck(
            NoteState.baseline, named: "../up", file: file, environment: ["PAYSIZE_RECORD": "never"])
        #expect(
            badName.failureMessage
                == "cannot check size baseline '../up': expected a name of letters, digits, '.', '-' and '_'")
        let broken = folder.url.appendingPathComponent("broken.size.json")
        try Data(#"{"byteCount": 1}"#.utf8).write(to: broken)
        let unreadable = SizeBaselineCheck(
            NoteState.baseline, named: "broken", file: broken, environment: ["PAYSIZE_RECORD": "never"])
        #expect(unreadable.failureMessage == "'\(broken.path)' is not a size baseline: missing key 'name'")
        let nan = SizeBaselineCheck(
            GaugeState(reading: .nan, unit: "bar"), named: "gauge", file: file, environment: ["PAYSIZE_RECORD": "never"]
        )
        #expect(
            nan.failureMessage
                == "cannot encode the value of size baseline 'gauge': unable to encode Double.nan directly in JSON (at /reading)"
        )
    }

    @Test("expectSizeBaseline records the growth at the caller's line")
    func swiftTestingEntry() throws {
        let (folder, file) = try Self.recordedBaseline()
        let line = #line + 3
        withSchemaRecordMode(.never) {
            withKnownIssue {
                expectSizeBaseline(NoteState.grownBySixPercent, named: "on-the-way", folder: folder.url.path)
            } matching: { issue in
                let text = issue.comments.map(\.rawValue).joined()
                return issue.sourceLocation?.line == line
                    && text.hasPrefix(
                        "size baseline 'on-the-way' grew from 100 to 106 bytes (+6, +6.0 %), past the 5 % tolerance (at most 105 bytes)\ngrowth by path:\n  /note: 79 → 85 bytes (+6)\nbaseline file: '\(file.path)'"
                    )
            }
        }
    }

    @Test("every path reads back from the file: a key spelled '*' apart from every element")
    func everyPathReadsBackFromTheFile() throws {
        // Keys spelled `*`, a newline (`\n` in the file) and a backslash before `n` (`\\n`).
        let bytes = Array(#"{"*":[{"*":1,"a\nb":2,"x\\ny":3}],"legs":[4,5]}"#.utf8)
        let baseline = try SizeBaseline(name: "stars", jsonBytes: bytes)
        let text = String(decoding: baseline.fileBytes, as: UTF8.self)
        #expect(text.contains(#""path" : "/~2/*/~2""#))
        #expect(text.contains(#""path" : "/~2/*/a\\nb""#))
        #expect(text.contains(#""path" : "/~2/*/x\\\\ny""#))
        #expect(text.contains(#""path" : "/legs/*""#))
        let read = try SizeBaseline(fileBytes: baseline.fileBytes)
        #expect(read == baseline)
        #expect(read.paths.map(\.path).contains(JSONPointer(components: [.key("*"), .anyIndex, .key("*")])))
        let comparison = SizeBaselineComparison(old: read, new: baseline, tolerance: .percent(5))
        #expect(comparison.changes.isEmpty)
    }

    @Test("a file written before patterns had a type reads as it was meant")
    func aFileWrittenBeforePatternsHadATypeReads() throws {
        // The text an earlier PaySize wrote for {"legs":[{"gate":"B20"},{"gate":"B21"}]}.
        let earlier = """
            {
              "byteCount" : 40,
              "measuredAs" : "PayloadEncoder with JSONEncoder's default strategies (as the device encodes), compact",
              "name" : "legs",
              "paths" : [
                { "byteCount" : 2, "count" : 1, "path" : "(root)" },
                { "byteCount" : 9, "count" : 1, "path" : "/legs" },
                { "byteCount" : 5, "count" : 2, "path" : "/legs/*" },
                { "byteCount" : 24, "count" : 2, "path" : "/legs/*/gate" }
              ]
            }
            """
        let read = try SizeBaseline(fileBytes: Array(earlier.utf8))
        let measured = try SizeBaseline(
            name: "legs", jsonBytes: Array(#"{"legs":[{"gate":"B20"},{"gate":"B21"}]}"#.utf8))
        #expect(read == measured)
        #expect(SizeBaselineComparison(old: read, new: measured, tolerance: .percent(5)).lines.count == 1)
        let written = String(decoding: measured.fileBytes, as: UTF8.self)
        #expect(written.contains(#""path" : "/legs/*/gate""#))
        #expect(throws: SizeBaselineError.self) {
            try SizeBaseline(fileBytes: Array(earlier.replacingOccurrences(of: "\"/legs\"", with: "\"legs\"").utf8))
        }
    }
}
