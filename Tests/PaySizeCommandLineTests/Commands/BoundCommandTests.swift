import Foundation
@_spi(Internals) import PaySize
import Testing

/// `paysize bound`, end to end: the fields, the exit statuses, and agreement with the library on
/// every committed schema.
@Suite("paysize bound", .timeLimit(.minutes(2))) struct BoundCommandTests {
    static let limited = "Examples/schemas/delivery-limited.schema.json"

    static func object(_ text: String) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    }

    @Test("reports every field the issue names") func reportsEveryFieldTheIssueNames() throws {
        let result = try PaySizeProcess.run(["bound", "--format", "json", Self.limited])
        #expect(result.status == 0)
        #expect(result.standardError == "")
        let report = try Self.object(result.standardOutput)
        #expect(
            Set(report.keys) == [
                "file", "contentStateBytes", "printableContentStateBytes", "boundedRestBytes",
                "printableBoundedRestBytes", "attributesBytes", "activityKitBytes", "limit", "tier", "fits",
                "unbounded", "arrays", "witness", "printableWitness", "assumptions",
            ])
        #expect(report["contentStateBytes"] as? Int == 3685)
        #expect(report["printableContentStateBytes"] as? Int == 2597)
        // Nothing is unbounded: the rest is the whole.
        #expect(report["boundedRestBytes"] as? Int == 3685)
        #expect(report["printableBoundedRestBytes"] as? Int == 2597)
        #expect(report["tier"] as? String == "critical")
        #expect(report["fits"] as? Bool == true)
        let arrays = try #require(report["arrays"] as? [[String: Any]])
        #expect(arrays.count == 1)
        #expect(arrays.first?["path"] as? String == "/items")
        #expect(arrays.first?["worstBytesPerItem"] as? Int == 218)
        #expect(arrays.first?["moreItemsFit"] as? Int == 1)
        // The witness as printed is what JSONEncoder writes: its own bytes are the bound.
        let witness = try #require(report["witness"])
        let witnessBytes = try JSONSerialization.data(withJSONObject: witness)
        let schema = try PayloadSchema(
            jsonBytes: Array(try Data(contentsOf: PaySizeProcess.packageRoot.appendingPathComponent(Self.limited))))
        #expect(schema.isValid(try JSONScanner.scan(Array(witnessBytes))))
        let printed = try #require(result.standardOutput.range(of: #""witness":"#))
        let rest = result.standardOutput[printed.upperBound...]
        let end = try #require(rest.range(of: #","printableWitness":"#))
        #expect(rest[..<end.lowerBound].utf8.count == 3685)
    }

    @Test("judges the attributes and the limit") func judgesTheAttributesAndTheLimit() throws {
        let result = try PaySizeProcess.run([
            "bound", "--format", "json", "--attributes-schema", Self.limited, "--limit", "5000", Self.limited,
        ])
        let report = try Self.object(result.standardOutput)
        #expect(report["attributesBytes"] as? Int == 3685)
        #expect(report["activityKitBytes"] as? Int == 7370)
        #expect(report["fits"] as? Bool == false)
        #expect(report["tier"] as? String == "over")
        #expect(result.status == 1)
        let printable = try PaySizeProcess.run(["bound", "--printable", "--fail-on", "critical", Self.limited])
        #expect(printable.status == 0)
        #expect(
            printable.standardOutput.hasPrefix(
                "\(Self.limited): at most 3685 bytes, 2597 printable; monitor (advisory) against 4096, fits\n"))
        let failing = try PaySizeProcess.run(["bound", "--fail-on", "critical", Self.limited])
        #expect(failing.status == 1)
    }

    @Test("names unbounded places with the fix") func namesUnboundedPlacesWithTheFix() throws {
        let result = try PaySizeProcess.run(["bound", "Schemas/examples/delivery.schema.json"])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.hasPrefix(
                """
                Schemas/examples/delivery.schema.json: unbounded: 2 places have no limit

                Unbounded:
                  /courierName: a string without maxLength; add maxLength to /courierName
                  /note: a string without maxLength; add maxLength to /note

                The rest: at most 119 bytes, 119 printable, with /courierName and /note at their shortest

                """))
    }

    /// Every committed schema is unbounded somewhere; the rest is still bounded. Delivery's, by
    /// hand: {"courierName":"","etaDate":<24>,"note":null,"status":"preparing","stopsAway":<20>}.
    @Test(
        "bounds the rest of committed schemas",
        arguments: [
            ("delivery", 119, 119, ["/courierName", "/note"]),
            ("flight", 131, 131, ["/flight", "/gate"]),
            ("ride", 277, 277, ["/driver/name", "/driver/photo", "/driver/plate", "/position"]),
            (
                "sports", 266, 266,
                [
                    "/away/abbreviation", "/away/logoURL", "/away/name", "/home/abbreviation", "/home/logoURL",
                    "/home/name", "/period/pregame", "/period/quarter/clock", "/period/final", "/possessionTeam",
                    "/recentPlays",
                ]
            ),
            ("timer", 117, 117, ["/label", "/laps"]),
        ])
    func boundsTheRestOfCommittedSchemas(_ example: (String, Int, Int, [String])) throws {
        let file = "Schemas/examples/\(example.0).schema.json"
        let result = try PaySizeProcess.run(["bound", "--format", "json", file])
        #expect(result.status == 1)
        let report = try Self.object(result.standardOutput)
        #expect(report["contentStateBytes"] is NSNull)
        #expect(report["boundedRestBytes"] as? Int == example.1, "\(file)")
        #expect(report["printableBoundedRestBytes"] as? Int == example.2, "\(file)")
        let paths = (report["unbounded"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == example.3, "\(file)")
    }

    @Test("bad input is exit two") func badInputIsExitTwo() throws {
        let missing = try PaySizeProcess.run(["bound", "missing.schema.json"])
        #expect(missing.status == 2)
        #expect(missing.standardOutput == "")
        #expect(missing.standardError == "missing.schema.json: error: cannot open file: no such file or directory\n")
        let both = try PaySizeProcess.run(["bound", "--broadcast", "--limit", "3000", Self.limited])
        #expect(both.status == 2)
        #expect(
            both.standardError
                == "paysize: error: '--broadcast' and '--limit' cannot be combined (see 'paysize bound --help')\n")
    }

    /// The CLI and `WorstCaseBound` agree on every committed schema.
    @Test("agrees with the library on committed schemas") func agreesWithTheLibraryOnCommittedSchemas() throws {
        let folder = PaySizeProcess.packageRoot.appendingPathComponent("Schemas/examples")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
            .sorted()
        #expect(files.count >= 5)
        for file in files.map({ "Schemas/examples/" + $0 }) + [Self.limited] {
            let bytes = Array(try Data(contentsOf: PaySizeProcess.packageRoot.appendingPathComponent(file)))
            let bound = WorstCaseBound(schema: try PayloadSchema(jsonBytes: bytes))
            let report = try Self.object(try PaySizeProcess.run(["bound", "--format", "json", file]).standardOutput)
            #expect(report["contentStateBytes"] as? Int == bound.byteCount, "\(file)")
            #expect(report["printableContentStateBytes"] as? Int == bound.printableByteCount, "\(file)")
            #expect(report["boundedRestBytes"] as? Int == bound.boundedRestByteCount, "\(file)")
            #expect(report["printableBoundedRestBytes"] as? Int == bound.printableBoundedRestByteCount, "\(file)")
            let paths = (report["unbounded"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
            #expect(paths == bound.unbounded.map(\.path), "\(file)")
            #expect((report["witness"] as? NSNull == nil) == (bound.witnessJSON != nil), "\(file)")
        }
    }
}
