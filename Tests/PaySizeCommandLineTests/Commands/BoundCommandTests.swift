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
                "printableBoundedRestBytes", "attributesBytes", "activityKitBytes", "deviceWriter",
                "deviceContentStateBytes", "printableDeviceContentStateBytes", "deviceBoundedRestBytes",
                "printableDeviceBoundedRestBytes", "deviceAttributesBytes", "deviceActivityKitBytes", "limit", "tier",
                "fits", "unbounded", "arrays", "witness", "printableWitness", "deviceWitness", "assumptions",
            ])
        #expect(report["contentStateBytes"] as? Int == 3685)
        #expect(report["printableContentStateBytes"] as? Int == 2597)
        // Nothing is unbounded: the rest is the whole.
        #expect(report["boundedRestBytes"] as? Int == 3685)
        #expect(report["printableBoundedRestBytes"] as? Int == 2597)
        // No Float and no number but the Date's, which is 24 bytes under both writers: the same
        // figures on the device, by the Objective-C writer (the tie's).
        #expect(report["deviceWriter"] as? String == "objc")
        #expect(report["deviceContentStateBytes"] as? Int == 3685)
        #expect(report["printableDeviceContentStateBytes"] as? Int == 2597)
        #expect(report["deviceBoundedRestBytes"] as? Int == 3685)
        #expect(report["printableDeviceBoundedRestBytes"] as? Int == 2597)
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
        #expect(try Self.printed("deviceWitness", in: result.standardOutput).utf8.count == 3685)
    }

    /// The JSON text of a member printed by `--format json`, as printed (members are in order).
    static func printed(_ member: String, in output: String) throws -> Substring {
        let start = try #require(output.range(of: "\"\(member)\":"))
        let rest = output[start.upperBound...]
        let end = try #require(rest.range(of: #","assumptions":"#))
        return rest[..<end.lowerBound]
    }

    /// 200 Floats and a name: 85 bytes of keys, punctuation and the name at its worst
    /// (\u0000 × 10), then each Float and its comma: 16 bytes at its shortest
    /// (-1.17549435e-38), 24 with 17 digits (-3.4028234663852886e+38). The printable name is
    /// 20 bytes shorter.
    static let sensor = """
        {"type":"object","properties":{"readings":{"type":"array","maxItems":200,"items":{"type":"number","x-paysize-number":"Float"}},"name":{"type":"string","maxLength":10}},"required":["name","readings"]}
        """

    @Test("judges the larger writer's figure and names both")
    func judgesTheLargerWritersFigure() throws {
        let folder = try TemporaryFolder()
        try folder.write("sensor.schema.json", Self.sensor)
        let result = try PaySizeProcess.run(["bound", "sensor.schema.json"], in: folder.url)
        #expect(result.status == 1)
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first
                == "sensor.schema.json: at most 3284 bytes, 3264 printable; on the device 4884, 4864 printable (objc writer); over (advisory) against 4096, does not fit"
        )
        #expect(
            lines.dropFirst(2).prefix(8).joined(separator: "\n") == """
                Worst case on the device by path (largest first; one column = 123 bytes):
                  /readings/*             ×200  4600  █████████████████████████████████████···
                  /name                   ×1      62  ·····································█··
                  (keys and punctuation)  ×1     222  ······································██
                  total                         4884

                Arrays (worst bytes per item on the device; more items that fit):
                  /readings: maxItems 200, 24 bytes per item, 33 too many at the worst case
                """)
        #expect(lines.contains { $0.hasPrefix("Device witness (4884 bytes as the objc writer writes it): {") })
        let swift = try PaySizeProcess.run(["bound", "--device-writer", "swift", "sensor.schema.json"], in: folder.url)
        #expect(swift.status == 0)
        #expect(
            swift.standardOutput.hasPrefix(
                "sensor.schema.json: at most 3284 bytes, 3264 printable; on the device 3284, 3264 printable (swift writer); risky (advisory) against 4096, fits\n"
            ))
        #expect(swift.standardOutput.contains("\n  /readings: maxItems 200, 16 bytes per item, 50 more fit\n"))
        #expect(!swift.standardOutput.contains("Device witness"))
        let objc = try PaySizeProcess.run(
            ["bound", "--device-writer", "objc", "--printable", "--limit", "5000", "sensor.schema.json"], in: folder.url
        )
        #expect(objc.status == 0)
        #expect(
            objc.standardOutput.hasPrefix(
                "sensor.schema.json: at most 3284 bytes, 3264 printable; on the device 4884, 4864 printable (objc writer); critical (advisory) against 5000, fits\n"
            ))
    }

    @Test("reports the device fields and a witness that writes the device figure")
    func reportsTheDeviceFields() throws {
        let folder = try TemporaryFolder()
        try folder.write("sensor.schema.json", Self.sensor)
        let result = try PaySizeProcess.run(["bound", "--format", "json", "sensor.schema.json"], in: folder.url)
        #expect(result.status == 1)
        let report = try Self.object(result.standardOutput)
        #expect(report["contentStateBytes"] as? Int == 3284)
        #expect(report["printableContentStateBytes"] as? Int == 3264)
        #expect(report["deviceWriter"] as? String == "objc")
        #expect(report["deviceContentStateBytes"] as? Int == 4884)
        #expect(report["printableDeviceContentStateBytes"] as? Int == 4864)
        #expect(report["deviceBoundedRestBytes"] as? Int == 4884)
        #expect(report["tier"] as? String == "over")
        #expect(report["fits"] as? Bool == false)
        let arrays = try #require(report["arrays"] as? [[String: Any]])
        #expect(arrays.first?["worstBytesPerItem"] as? Int == 24)
        #expect(arrays.first?["moreItemsFit"] as? Int == -33)
        // Printed as the Objective-C writer writes it, and each number read back as a Float and
        // written by the C library's %.17g is itself.
        let printed = try Self.printed("deviceWitness", in: result.standardOutput)
        #expect(printed.utf8.count == 4884)
        let witness = try #require(report["deviceWitness"] as? [String: Any])
        let readings = try #require(witness["readings"] as? [NSNumber])
        #expect(readings.count == 200)
        let texts = try #require(
            try JSONScanner.scan(Array(printed.utf8))["readings"]?.elements?.compactMap(\.numberText))
        #expect(texts.count == 200)
        for text in texts {
            let float = try #require(Float(text))
            #expect(String(format: "%.17g", Double(float)) == text)
        }
        #expect(texts.reduce(0) { $0 + $1.utf8.count } == 200 * 23)
    }

    @Test("an unknown device writer is a usage error")
    func unknownDeviceWriter() throws {
        let result = try PaySizeProcess.run(["bound", "--device-writer", "ios", Self.limited])
        #expect(result.status == 2)
        #expect(result.standardOutput == "")
        #expect(
            result.standardError
                == "paysize: error: unknown writer 'ios' for '--device-writer'; expected swift, objc or larger (see 'paysize bound --help')\n"
        )
    }

    @Test("judges the attributes and the limit") func judgesTheAttributesAndTheLimit() throws {
        let result = try PaySizeProcess.run([
            "bound", "--format", "json", "--attributes-schema", Self.limited, "--limit", "5000", Self.limited,
        ])
        let report = try Self.object(result.standardOutput)
        #expect(report["attributesBytes"] as? Int == 3685)
        #expect(report["activityKitBytes"] as? Int == 7370)
        #expect(report["deviceAttributesBytes"] as? Int == 3685)
        #expect(report["deviceActivityKitBytes"] as? Int == 7370)
        #expect(report["fits"] as? Bool == false)
        #expect(report["tier"] as? String == "over")
        #expect(result.status == 1)
        let printable = try PaySizeProcess.run(["bound", "--printable", "--fail-on", "critical", Self.limited])
        #expect(printable.status == 0)
        #expect(
            printable.standardOutput.hasPrefix(
                "\(Self.limited): at most 3685 bytes, 2597 printable; on the device 3685, 2597 printable (objc writer); monitor (advisory) against 4096, fits\n"
            ))
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

                The rest: at most 117 bytes, 117 printable, with /courierName and /note at their shortest; on the device 117, 117 printable (objc writer)

                """))
    }

    /// Every committed schema is unbounded somewhere; the rest is still bounded. Delivery's, by
    /// hand: {"courierName":"","etaDate":<24>,"note":"","status":"preparing","stopsAway":<20>}: the
    /// optional note at its shortest present form, as a nil one is left out.
    @Test(
        "bounds the rest of committed schemas",
        arguments: [
            ("delivery", 117, 117, ["/courierName", "/note"]),
            ("flight", 129, 129, ["/flight", "/gate"]),
            ("ride", 275, 275, ["/driver/name", "/driver/photo", "/driver/plate", "/position"]),
            (
                "sports", 264, 264,
                [
                    "/away/abbreviation", "/away/logoURL", "/away/name", "/home/abbreviation", "/home/logoURL",
                    "/home/name", "/period/quarter/clock", "/possessionTeam", "/recentPlays",
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
            #expect(paths == bound.unbounded.map(\.path.boundText), "\(file)")
            #expect((report["witness"] as? NSNull == nil) == (bound.witnessJSON != nil), "\(file)")
            #expect(report["deviceContentStateBytes"] as? Int == bound.deviceByteCount, "\(file)")
            #expect(report["printableDeviceContentStateBytes"] as? Int == bound.printableDeviceByteCount, "\(file)")
            #expect(report["deviceBoundedRestBytes"] as? Int == bound.deviceBoundedRestByteCount, "\(file)")
            #expect(report["deviceWriter"] as? String == bound.deviceWriter.name, "\(file)")
        }
    }
}
