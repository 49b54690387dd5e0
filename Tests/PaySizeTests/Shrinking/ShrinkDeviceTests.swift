import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Advice that holds on every device: savings measured under both of Foundation's writers, plans
/// that reach their target on ActivityKit's figure as the device writes it, roundings that save
/// nothing at 17 digits saying so, and the strategies that keep numbers short under both writers.
@Suite("Advice that holds on every device") struct ShrinkDeviceTests {
    typealias Support = ShrinkTestSupport

    static let ride = "shrink/update-ride-route.json"

    /// A push updating `state`, compact.
    static func update(_ state: String) -> [UInt8] {
        Array(#"{"aps":{"timestamp":1764514800,"event":"update","content-state":\#(state)}}"#.utf8)
    }

    /// ActivityKit's figure of a push as one writer writes it, measured by `DeviceSize`.
    static func deviceBytes(of bytes: [UInt8], writer: DeviceWriter) throws -> Int {
        let root = try JSONScanner.scan(bytes)
        let size = try #require(
            DeviceSize(contentState: root["aps"]?["content-state"], attributes: nil, choice: writer))
        return size.judged.activityKitByteCount
    }

    /// The distance in metres between two points a few metres apart (an equirectangular
    /// approximation, exact to well under a millimetre at this scale).
    static func metres(_ a: (Double, Double), _ b: (Double, Double)) -> Double {
        let metresPerDegree = 111_320.0
        let north = (a.0 - b.0) * metresPerDegree
        let east = (a.1 - b.1) * metresPerDegree * cos(a.0 * .pi / 180)
        return (north * north + east * east).squareRoot()
    }

    // MARK: The ride: over on the device only

    @Test("a route over on the device only reaches safe under the 17-digit writer with every point kept")
    func aRouteOverOnTheDeviceOnlyReachesSafeUnderTheSeventeenDigitWriter() throws {
        let bytes = try ShrinkAdvisorTests.example(Self.ride)
        let report = try ShrinkAdvisor(target: .safe).report(forJSONBytes: bytes)
        Support.checkSavings(report)
        // The body fits as sent; the content state is over ActivityKit's limit as iOS 16 and a
        // re-written push write it (111 coordinate pairs at 17 significant digits).
        #expect(report.byteCount == 2226)
        #expect(report.tier == .monitor)
        #expect(report.deviceByteCount == 4223)
        #expect(report.deviceWriter == .objc)
        #expect(report.deviceTier == .over)
        #expect(report.deviceByteCounts == WrittenByteCounts(swift: 2160, objc: 4223))

        // Without lossy changes: the coordinates as integers, degrees × 10^5, which both
        // writers write as sent.
        #expect(report.plan.suggestionIDs == ["scaled-integers:/aps/content-state/route/*/*"])
        #expect(report.plan.reachesTarget)
        #expect(report.plan.byteCount == 2030)
        #expect(report.plan.tier == .safe)
        #expect(report.plan.deviceByteCount == 1992)
        #expect(report.plan.deviceTier == .safe)
        // Measured apart, under the 17-digit writer alone.
        #expect(try Self.deviceBytes(of: report.plan.jsonBytes, writer: .objc) == 1992)

        // Every point is there and within 1 m of where it was (here: exactly where it was).
        let original = try #require(
            try JSONScanner.scan(bytes).descendant(at: JSONPointer("aps", "content-state", "route"))?.elements)
        let state = try #require(try JSONScanner.scan(report.plan.jsonBytes)["aps"]?["content-state"])
        #expect(state["route"] == nil)
        let scaled = try #require(state["routeE5"]?.elements)
        #expect(scaled.count == 111)
        #expect(original.count == 111)
        for (point, sent) in zip(scaled, original) {
            let integers = try #require(point.elements?.compactMap { $0.numberText.flatMap { Int($0) } })
            let degrees = try #require(sent.elements?.compactMap { $0.numberText.flatMap { Double($0) } })
            try #require(integers.count == 2 && degrees.count == 2)
            let decoded = (Double(integers[0]) / 100_000, Double(integers[1]) / 100_000)
            #expect(Self.metres(decoded, (degrees[0], degrees[1])) <= 1)
            #expect(decoded == (degrees[0], degrees[1]))
        }
    }

    @Test("cuts keep enough items to reach the target on the device")
    func cutsKeepEnoughItemsToReachTheTargetOnTheDevice() throws {
        let bytes = try ShrinkAdvisorTests.example(Self.ride)
        let report = try ShrinkAdvisor(target: .safe, allowsLossy: true).report(forJSONBytes: bytes)
        Support.checkSavings(report)
        // The body alone would need half the points kept; the device needs fewer.
        let downsample = try #require(report.suggestions.first { $0.id == "downsample:/aps/content-state/route" })
        #expect(
            downsample.title.hasSuffix("at /aps/content-state/route to 52, keeping both ends and the sharpest turns"))
        #expect(downsample.newTier == .safe)
        #expect(downsample.newDeviceTier == .safe)
        #expect(downsample.deviceByteCount == 2028)
        // With lossy changes allowed, the cheaper contract change wins: the server sends fewer points.
        #expect(report.plan.suggestionIDs == ["downsample:/aps/content-state/route"])
        #expect(report.plan.deviceTier == .safe)
    }

    @Test("a content state judged by the swift writer only is not over")
    func aContentStateJudgedByTheSwiftWriterOnlyIsNotOver() throws {
        var budget = PayloadBudget()
        budget.deviceWriter = .swift
        let report = try ShrinkAdvisor(budget: budget).report(forJSONBytes: ShrinkAdvisorTests.example(Self.ride))
        Support.checkSavings(report)
        #expect(report.deviceByteCount == 2160)
        #expect(report.deviceWriter == .swift)
        #expect(report.deviceTier == .monitor)
        #expect(report.plan.suggestionIDs == ["scaled-integers:/aps/content-state/route/*/*"])
        // The progress and the fare stay short under the Swift writer: 28 bytes fewer than at 17 digits.
        #expect(report.plan.deviceByteCount == 1964)
        let scaled = try #require(report.suggestions.first { $0.id == "scaled-integers:/aps/content-state/route/*/*" })
        #expect(scaled.deviceSavedBytes == 196)
        #expect(scaled.deviceSavings == WrittenByteCounts(swift: 196, objc: 2231))
    }

    // MARK: Roundings that save nothing at 17 digits

    @Test("two fraction digits of 0.53 save nothing under the 17-digit writer and say so")
    func twoFractionDigitsSaveNothingUnderTheSeventeenDigitWriter() throws {
        let bytes = Self.update(#"{"score":0.5312}"#)
        let (_, rounding) = try Support.suggestion("fewer-digits", in: bytes)
        #expect(rounding.savedBytes == 2)
        #expect(rounding.deviceSavings == WrittenByteCounts(swift: 2, objc: 0))
        #expect(rounding.deviceSavedBytes == 0)
        #expect(
            rounding.title
                == "fewer fraction digits at /aps/content-state/score: 2 fraction digits kept (2 significant below 1), ±0.005 (0.5312 → 0.53); saves nothing as iOS 16 and re-written pushes write it: 0.53 is 19 bytes either way (0.53000000000000003, as 0.5312 is 0.53120000000000001)"
        )
        #expect(
            rounding.description.hasSuffix(
                "saves 2 bytes (82 → 80, safe); on the device (objc writer): saves 0 bytes (29 → 29, safe); server change; lossy"
            ))
    }

    /// An update holding `count` progress values of 0.5312: safe as sent (6 bytes each), over on
    /// the device (19 bytes each at 17 digits).
    static func progressValues(_ count: Int) -> [UInt8] {
        Self.update(#"{"progress":[\#(Array(repeating: "0.5312", count: count).joined(separator: ","))]}"#)
    }

    @Test("a rounding that saves nothing on the device is never what the plan relies on")
    func aRoundingThatSavesNothingOnTheDeviceIsNeverWhatThePlanReliesOn() throws {
        let bytes = Self.progressValues(210)
        let rounding = ShrinkAdvisor(target: .safe, allowsLossy: true, strategies: [.fewerDigits])
        let report = try rounding.report(forJSONBytes: bytes)
        Support.checkSavings(report)
        #expect(report.byteCount == 1550)
        #expect(report.tier == .safe)
        #expect(report.deviceByteCount == 4214)
        let fewer = try #require(report.suggestions.first)
        #expect(fewer.id == "fewer-digits:/aps/content-state/progress/*")
        #expect(fewer.savedBytes == 210)
        #expect(fewer.deviceSavings == WrittenByteCounts(swift: 210, objc: 0))
        #expect(fewer.title.contains("; saves nothing as iOS 16 and re-written pushes write it: 0.531 is 19 bytes"))
        #expect(report.plan.suggestionIDs.isEmpty)
        #expect(!report.plan.reachesTarget)

        let binary = ShrinkAdvisor(target: .safe, allowsLossy: true, strategies: [.fewerDigits, .binaryFractions])
        let both = try binary.report(forJSONBytes: bytes)
        Support.checkSavings(both)
        #expect(both.plan.suggestionIDs == ["binary-fractions:/aps/content-state/progress/*"])
        #expect(both.plan.reachesTarget)
        #expect(both.plan.deviceByteCount == 1694)
        #expect(try Self.deviceBytes(of: both.plan.jsonBytes, writer: .objc) == 1694)
        // Ranked by the figure that binds the payload, the device's: the binary fraction first.
        #expect(both.suggestions.map(\.kind) == ["binary-fractions", "fewer-digits"])
        #expect(both.bestSuggestion?.kind == "binary-fractions")
    }

    // MARK: Binary fractions

    @Test("a progress becomes a multiple of 1/128, saving on the device what it costs as sent")
    func aProgressBecomesAMultipleOfOneOver128() throws {
        let bytes = Self.update(#"{"progress":0.53}"#)
        let (_, binary) = try Support.suggestion(
            "binary-fractions", in: bytes, advisor: ShrinkAdvisor(strategies: [.binaryFractions]))
        #expect(
            binary.title
                == "binary fractions at /aps/content-state/progress: a multiple of 1/128, at most 1/256 (0.0039, ±0.39 % of the whole) off (0.53 → 0.53125, written as is by both writers, against 0.53000000000000003 at 17 digits)"
        )
        // 0.53 (4 bytes as sent, 19 at 17 digits) → 0.53125 (7 bytes under both writers).
        #expect(binary.savedBytes == -3)
        #expect(binary.deviceSavings == WrittenByteCounts(swift: -3, objc: 12))
        #expect(binary.deviceSavedBytes == 12)
        #expect(binary.isLossy && binary.contractChange == .server)
        #expect(
            binary.description.hasSuffix(
                ": adds 3 bytes (83 → 86, safe); on the device (objc writer): saves 12 bytes (32 → 20, safe); server change; lossy"
            ))
        struct Push: Decodable {
            struct APS: Decodable {
                struct State: Decodable { var progress: Double }
                var state: State
                enum CodingKeys: String, CodingKey { case state = "content-state" }
            }
            var aps: APS
        }
        let progress = try JSONDecoder().decode(Push.self, from: Data(binary.jsonBytes)).aps.state.progress
        #expect(progress == 0.53125)
        #expect(abs(progress - 0.53) <= 1.0 / 256)
    }

    @Test("a percentage becomes a multiple of 1/16") func aPercentageBecomesAMultipleOfOneOver16() throws {
        let bytes = Self.update(#"{"batteryPercent":53.27}"#)
        let (_, binary) = try Support.suggestion(
            "binary-fractions", in: bytes, advisor: ShrinkAdvisor(strategies: [.binaryFractions]))
        #expect(binary.title.contains("a multiple of 1/16, at most 0.03125 percentage points off (53.27 → 53.25"))
        // 53.27 (5 bytes, 18 at 17 digits) → 53.25 (5 bytes under both writers).
        #expect(binary.savedBytes == 0)
        #expect(binary.deviceSavings == WrittenByteCounts(swift: 0, objc: 13))
    }

    @Test("coordinates get no binary fraction: within 1 m they need 17 binary places")
    func coordinatesGetNoBinaryFraction() throws {
        let bytes = Self.update(#"{"driver":{"lat":37.774963,"lng":-122.419416}}"#)
        let report = try ShrinkAdvisor(strategies: [.binaryFractions]).report(forJSONBytes: bytes)
        Support.checkSavings(report)
        #expect(report.suggestions.isEmpty)
        let finding = try #require(
            report.zeroSavings.first { $0.id == "binary-fractions:/aps/content-state/driver/lat" })
        #expect(
            finding.title
                == "no short binary fractions at /aps/content-state/driver/lat: within 1 m a coordinate needs 17 binary places (37.774963 → 37.77496337890625, 17 bytes on the device against 9); integers (degrees × 10^5) stay short"
        )
        #expect(finding.howToApply.contains("see the scaled-integers suggestion"))
    }

    @Test("money never becomes a binary fraction") func moneyNeverBecomesABinaryFraction() throws {
        let bytes = Self.update(#"{"fare":23.47,"tip":3.15}"#)
        let report = try ShrinkAdvisor(strategies: [.binaryFractions]).report(forJSONBytes: bytes)
        #expect(report.suggestions.isEmpty && report.zeroSavings.isEmpty)
    }

    // MARK: Scaled integers

    @Test(
        "scaled integers pin their savings under both writers",
        arguments: [
            // Money in cents: "fare" → "fareCents" (+5 bytes of key), 23.47 → 2347 (5 bytes, 18 at 17 digits, → 4).
            (#"{"fare":23.47}"#, "scaled-integers:/aps/content-state/fare", "fareCents", "2347", -4, 9, false),
            // A progress in basis points: 0.53 → 5300; "progressBp" is 2 bytes longer.
            (#"{"progress":0.53}"#, "scaled-integers:/aps/content-state/progress", "progressBp", "5300", -2, 13, false),
            // A percentage in basis points: 53.27 → 5327.
            (
                #"{"batteryPercent":53.27}"#, "scaled-integers:/aps/content-state/batteryPercent", "batteryPercentBp",
                "5327", -1, 12, false
            ),
            // Coordinates with 5 decimals, exactly: 48.85822 (8 bytes, 18 at 17 digits) → 4885822.
            (#"{"lat":48.85822}"#, "scaled-integers:/aps/content-state/lat", "latE5", "4885822", -1, 9, false),
            // Coordinates with 6 decimals: degrees × 10^6 holds them exactly; 37.774927 (9 bytes, 18
            // at 17 digits) → 37774927.
            (#"{"lat":37.774927}"#, "scaled-integers:/aps/content-state/lat", "latE6", "37774927", -1, 8, false),
            // With more than 7 decimals no power of ten up to 10^7 holds them: rounded to 1e-5°,
            // within 0.56 m (lossy); 37.774927123 (12 bytes, 18 at 17 digits) → 3777493.
            (#"{"lat":37.774927123}"#, "scaled-integers:/aps/content-state/lat", "latE5", "3777493", 3, 9, true),
        ] as [(String, String, String, String, Int, Int, Bool)])
    func scaledIntegersPinTheirSavings(_ example: (String, String, String, String, Int, Int, Bool)) throws {
        let (state, id, key, value, saved, objcSaved, lossy) = example
        let (_, suggestion) = try Support.suggestion(
            "scaled-integers", in: Self.update(state), advisor: ShrinkAdvisor(strategies: [.scaledIntegers]))
        #expect(suggestion.id == id)
        #expect(suggestion.savedBytes == saved)
        // The Swift writer writes the number as sent, so its saving is the body's.
        #expect(suggestion.deviceSavings == WrittenByteCounts(swift: saved, objc: objcSaved))
        #expect(suggestion.isLossy == lossy)
        #expect(suggestion.contractChange == .app)
        let written = try #require(try JSONScanner.scan(suggestion.jsonBytes)["aps"]?["content-state"])
        #expect(written.members?.map(\.key) == [key])
        #expect(written[key]?.numberText == value)
    }

    @Test("coordinates take the first of degrees × 10^5, 10^6 or 10^7 that holds them exactly")
    func coordinatesTakeTheFirstPowerThatHoldsThemExactly() throws {
        for (route, key, first) in [
            (#"[[48.85822,2.29582],[48.8584,2.3]]"#, "routeE5", "4885822"),
            (#"[[37.774929,-122.419416],[37.774963,-122.41941]]"#, "routeE6", "37774929"),
            (#"[[37.7749291,-122.419416],[37.774963,-122.41941]]"#, "routeE7", "377749291"),
        ] {
            let (_, suggestion) = try Support.suggestion(
                "scaled-integers", in: Self.update(#"{"route":\#(route)}"#),
                advisor: ShrinkAdvisor(strategies: [.scaledIntegers]))
            #expect(!suggestion.isLossy)
            let scaled = try #require(try JSONScanner.scan(suggestion.jsonBytes)["aps"]?["content-state"]?[key])
            #expect(scaled.elements?.first?.elements?.first?.numberText == first)
        }
    }

    @Test("a rounded coordinate states its error") func aRoundedCoordinateStatesItsError() throws {
        let (_, suggestion) = try Support.suggestion(
            "scaled-integers",
            in: Self.update(#"{"route":[[37.774929123,-122.419416],[37.774963,-122.41941]]}"#),
            advisor: ShrinkAdvisor(strategies: [.scaledIntegers]))
        #expect(
            suggestion.title
                == "coordinates as integer degrees × 10^5 at /aps/content-state/route/*/* under 'routeE5' (37.774929123 → 3777493): 1e-05° is about 1.1 m: a point moves by at most ±0.56 m"
        )
        #expect(suggestion.isLossy)
        let route = try #require(
            try JSONScanner.scan(suggestion.jsonBytes)["aps"]?["content-state"]?["routeE5"]?.elements)
        #expect(
            route.map { $0.elements?.compactMap(\.numberText) ?? [] } == [
                ["3777493", "-12241942"], ["3777496", "-12241941"],
            ])
    }

    @Test("money is scaled only when every amount is whole cents")
    func moneyIsScaledOnlyWhenEveryAmountIsWholeCents() throws {
        let report = try ShrinkAdvisor(strategies: [.scaledIntegers]).report(
            forJSONBytes: Self.update(#"{"prices":[23.47,3.155]}"#))
        #expect(report.suggestions.isEmpty)
        let (_, cents) = try Support.suggestion(
            "scaled-integers", in: Self.update(#"{"prices":[23.47,3.15,12]}"#),
            advisor: ShrinkAdvisor(strategies: [.scaledIntegers]))
        #expect(!cents.isLossy)
        let prices = try #require(
            try JSONScanner.scan(cents.jsonBytes)["aps"]?["content-state"]?["pricesCents"]?.elements)
        #expect(prices.compactMap(\.numberText) == ["2347", "315", "1200"])
    }

    @Test(
        "decimal text scales to an integer exactly or rounded",
        arguments: [
            ("23.47", 2, "2347", true), ("-122.419416", 5, "-12241942", false), ("0.53", 4, "5300", true),
            ("1e-7", 5, "0", false), ("1.5e2", 2, "15000", true), ("-0.000004", 5, "0", false),
            ("0.000005", 5, "1", false), ("12", 2, "1200", true), ("99.995", 2, "10000", false),
        ] as [(String, Int, String, Bool)])
    func decimalTextScalesToAnInteger(_ example: (String, Int, String, Bool)) {
        let scaled = ShrinkStrategy.scaledInteger(example.0, exponent: example.1)
        #expect(scaled?.text == example.2)
        #expect(scaled?.isExact == example.3)
    }

    @Test("the scaled-integer snippet decodes both forms into the same values")
    func theScaledIntegerSnippetDecodesBothFormsIntoTheSameValues() throws {
        let bytes = try ShrinkAdvisorTests.example(Self.ride)
        let report = try ShrinkAdvisor().report(forJSONBytes: bytes)
        let ids = ["scaled-integers:/aps/content-state/route/*/*", "scaled-integers:/aps/content-state/fare"]
        let suggestions = try ids.map { id in try #require(report.suggestions.first { $0.id == id }) }
        // The snippets' lines of init(from:) that read each property, and their ScaledKeys cases.
        var cases: [String] = []
        var reads: [String] = []
        for suggestion in suggestions {
            let lines = suggestion.howToApply.split(separator: "\n").map(String.init)
            let caseLine = try #require(lines.first { $0.hasPrefix("    case ") })
            cases.append(caseLine.trimmingCharacters(in: .whitespaces))
            let read = try #require(lines.firstIndex { $0.contains("try scaled.decodeIfPresent") })
            reads.append(lines[read] + "\n" + lines[read + 1])
        }
        let program = """
            import Foundation

            struct RideState: Codable, Equatable {
                var rideId: String
                var etaMinutes: Int
                var progress: Double
                var fare: Double
                var route: [[Double]]

                private enum ScaledKeys: String, CodingKey {
                    \(cases.joined(separator: "\n        "))
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let scaled = try decoder.container(keyedBy: ScaledKeys.self)
            \(reads.joined(separator: "\n"))
                    rideId = try container.decode(String.self, forKey: .rideId)
                    etaMinutes = try container.decode(Int.self, forKey: .etaMinutes)
                    progress = try container.decode(Double.self, forKey: .progress)
                }
            }

            struct Push<State: Decodable>: Decodable {
                struct APS: Decodable {
                    var state: State
                    enum CodingKeys: String, CodingKey { case state = "content-state" }
                }
                var aps: APS
            }

            let sent = try JSONDecoder().decode(Push<RideState>.self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1])))
            let scaled = try JSONDecoder().decode(Push<RideState>.self, from: Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[2])))
            print(sent.aps.state == scaled.aps.state, sent.aps.state.route.count, sent.aps.state.fare, scaled.aps.state.fare)
            """
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "paysize-scaled-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = folder.appendingPathComponent("main.swift")
        try program.write(to: source, atomically: true, encoding: .utf8)
        let sentFile = folder.appendingPathComponent("sent.json")
        try Data(bytes).write(to: sentFile)
        let scaledFile = folder.appendingPathComponent("scaled.json")
        try Data(report.applying(suggestions).jsonBytes).write(to: scaledFile)
        let executable = folder.appendingPathComponent("snippet").path
        let compile = try ShrinkCutPropertyTests.run(["swiftc", "-swift-version", "6", source.path, "-o", executable])
        #expect(compile.status == 0, "\(compile.output)\n\(program)")
        guard compile.status == 0 else { return }
        let run = try ShrinkCutPropertyTests.run([executable, sentFile.path, scaledFile.path])
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output == "true 111 23.47 23.47\n")
    }

    // MARK: Swift values

    @Test("a Swift value's device figure counts attributes and content state as each writer writes them")
    func aSwiftValuesDeviceFigureCountsAttributesAndContentState() throws {
        struct Attributes: Codable { var rideId: String }
        struct State: Codable {
            var progress: Double
            var etaMinutes: Int
        }
        let report = try ShrinkAdvisor().report(
            attributes: Attributes(rideId: "R-58213"), contentState: State(progress: 0.53, etaMinutes: 14))
        Support.checkSavings(report)
        // {"rideId":"R-58213"} is 20 bytes; {"etaMinutes":14,"progress":0.53} is 33, or 48 at 17 digits.
        #expect(report.byteCount == 53)
        #expect(report.deviceByteCounts == WrittenByteCounts(swift: 53, objc: 68))
        #expect(report.deviceByteCount == 68)
    }
}
