import Foundation
import Testing

/// `paysize baseline diff`, end to end: exact output and exit status.
@Suite("paysize baseline", .timeLimit(.minutes(2))) struct BaselineCommandTests {
    /// A baseline file as `expectSizeBaseline` writes it, with `/note` at `noteBytes`.
    static func baseline(noteBytes: Int, extraPath: Bool = false) -> String {
        let extra = extraPath ? #"    { "byteCount" : 14, "count" : 1, "path" : "/stopsAway" },"# + "\n" : ""
        let total = 2 + 20 + noteBytes + (extraPath ? 14 : 0)
        return """
            {
              "byteCount" : \(total),
              "measuredAs" : "PayloadEncoder with JSONEncoder's default strategies (as the device encodes), compact",
              "name" : "on-the-way",
              "paths" : [
                { "byteCount" : 2, "count" : 1, "path" : "(root)" },
                { "byteCount" : 20, "count" : 1, "path" : "/courierName" },
            \(extra)    { "byteCount" : \(noteBytes), "count" : 1, "path" : "/note" }
              ]
            }

            """
    }

    @Test("growth past the default tolerance exits one and names the path")
    func growthPastTheDefaultToleranceExitsOneAndNamesThePath() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write("old.size.json", Self.baseline(noteBytes: 978))
        let new = try folder.write("new.size.json", Self.baseline(noteBytes: 1038))
        let result = try PaySizeProcess.run(["baseline", "diff", old, new])
        #expect(result.status == 1)
        #expect(result.standardError == "")
        #expect(
            result.standardOutput == """
                size baseline 'on-the-way' grew from 1000 to 1060 bytes (+60, +6.0 %), past the 5 % tolerance (at most 1050 bytes)
                growth by path:
                  /note: 978 → 1038 bytes (+60)

                """)
    }

    @Test("growth within a tolerance in percent or bytes exits zero")
    func growthWithinAToleranceInPercentOrBytesExitsZero() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write("old.size.json", Self.baseline(noteBytes: 978))
        let new = try folder.write("new.size.json", Self.baseline(noteBytes: 1038))
        let percent = try PaySizeProcess.run(["baseline", "diff", "--tolerance", "10%", old, new])
        #expect(percent.status == 0)
        #expect(
            percent.standardOutput.hasPrefix(
                "size baseline 'on-the-way' grew from 1000 to 1060 bytes (+60, +6.0 %), within the 10 % tolerance (at most 1100 bytes)\n"
            ))
        let bytes = try PaySizeProcess.run(["baseline", "diff", "--tolerance", "60", old, new])
        #expect(bytes.status == 0)
        #expect(bytes.standardOutput.contains("within the 60 bytes tolerance (at most 1060 bytes)"))
        let oneByteShort = try PaySizeProcess.run(["baseline", "diff", "--tolerance", "59", old, new])
        #expect(oneByteShort.status == 1)
        #expect(oneByteShort.standardOutput.contains("past the 59 bytes tolerance (at most 1059 bytes)"))
    }

    @Test("new and shrunk paths are listed after the growth") func newAndShrunkPathsAreListedAfterTheGrowth() throws {
        let folder = try TemporaryFolder()
        let old = try folder.write("old.size.json", Self.baseline(noteBytes: 978))
        let new = try folder.write("new.size.json", Self.baseline(noteBytes: 900, extraPath: true))
        let result = try PaySizeProcess.run(["baseline", "diff", old, new])
        #expect(result.status == 0)
        #expect(
            result.standardOutput == """
                size baseline 'on-the-way' shrank from 1000 to 936 bytes (-64, -6.4 %), within the 5 % tolerance (at most 1050 bytes)
                growth by path:
                  /stopsAway: (new) → 14 bytes (+14)
                  /note: 978 → 900 bytes (-78)

                """)
    }

    @Test("unreadable baselines are bad input") func unreadableBaselinesAreBadInput() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("good.size.json", Self.baseline(noteBytes: 978))
        let notJSON = try folder.write("broken.size.json", "{\"byteCount\": 12,,}")
        let missingKey = try folder.write("partial.size.json", #"{"byteCount": 12, "name": "x", "paths": []}"#)
        let wrongType = try folder.write(
            "typed.size.json",
            #"{"byteCount": 2, "measuredAs": "", "name": "x", "paths": [{"byteCount": "2", "count": 1, "path": "(root)"}]}"#
        )
        let wrongSum = try folder.write(
            "sum.size.json",
            #"{"byteCount": 5, "measuredAs": "", "name": "x", "paths": [{"byteCount": 2, "count": 1, "path": "(root)"}]}"#
        )
        let cases: [(String, String)] = [
            (
                notJSON,
                "\(notJSON):1:18: error: (root): expected an object key (a string) after ',', found ',' (byte 17)"
            ),
            (missingKey, "\(missingKey): error: not a size baseline: missing key 'measuredAs'"),
            (wrongType, "\(wrongType): error: not a size baseline: /paths/0/byteCount: expected an integer"),
            (
                wrongSum,
                "\(wrongSum): error: not a size baseline: /byteCount: expected the sum of its paths' bytes, 2, found 5"
            ),
            (folder.url.appendingPathComponent("none.json").path, ""),
        ]
        for (path, diagnostic) in cases {
            let result = try PaySizeProcess.run(["baseline", "diff", good, path])
            #expect(result.status == 2, "\(path)")
            #expect(result.standardOutput == "", "\(path)")
            if !diagnostic.isEmpty {
                #expect(result.standardError == diagnostic + "\n")
            } else {
                #expect(result.standardError.hasPrefix("\(path): error: "))
            }
        }
    }

    @Test("usage errors exit two") func usageErrorsExitTwo() throws {
        let one = try PaySizeProcess.run(["baseline", "diff", "only.json"])
        #expect(one.status == 2)
        #expect(
            one.standardError
                == "paysize: error: expected two baseline files, <old> and <new>, found 1 (see 'paysize baseline diff --help')\n"
        )
        let tolerance = try PaySizeProcess.run(["baseline", "diff", "--tolerance", "five", "a", "b"])
        #expect(tolerance.status == 2)
        #expect(
            tolerance.standardError
                == "paysize: error: invalid value 'five' for '--tolerance'; expected a percentage such as 5% or a byte count such as 40 (see 'paysize baseline diff --help')\n"
        )
        let subcommand = try PaySizeProcess.run(["baseline", "dif"])
        #expect(subcommand.status == 2)
        #expect(
            subcommand.standardError
                == "paysize: error: unknown subcommand 'baseline dif'; did you mean 'diff'? (see 'paysize baseline --help')\n"
        )
    }
}
