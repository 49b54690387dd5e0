@_spi(Internals) import PaySize

extension LogSummary {
    /// The summary as one JSON object, the last line `--format json` writes for an input and what
    /// `paysize merge` reads back.
    ///
    /// Fields: `file`, `kind` (`"summary"`), `complete`, `limit`, `thresholds` (`monitor`, `risky`,
    /// `critical`), `failOn`, `lines`, `blankLines`, `payloads`, `malformed`, `firstMalformed`
    /// (`line`, `column`, `message`), `tiers` (a count per tier), `payloadsWithErrors`,
    /// `payloadsWithWarnings`, `failing`, `payloadBytes` and `contentStateBytes` (`count`, `p50`,
    /// `p90`, `p99`, `max`), `deviceWriter` (`swift`, `objc` or `larger`), `deviceTiers` (a count
    /// per tier of the ActivityKit figure as the device writes it), `overOnDevice` (payloads over
    /// ActivityKit's limit on the device), `deviceActivityKitBytes` (sizes, as above), `worst`
    /// (`line`, `payloadBytes`) and `histogram` (`payloadBytes`, `contentStateBytes` and
    /// `deviceActivityKitBytes`: `[bytes, count]` pairs for every size seen, so summaries merge
    /// exactly).
    var jsonValue: JSONOutputValue {
        func sizes(_ histogram: ByteSizeHistogram) -> JSONOutputValue {
            .object([
                ("count", .int(histogram.totalCount)),
                ("p50", .optional(histogram.percentile(50))),
                ("p90", .optional(histogram.percentile(90))),
                ("p99", .optional(histogram.percentile(99))),
                ("max", .optional(histogram.maximum)),
            ])
        }
        func pairs(_ histogram: ByteSizeHistogram) -> JSONOutputValue {
            .array(histogram.pairs.map { .array([.int($0.byteCount), .int($0.count)]) })
        }
        return .object([
            ("file", .string(file)),
            ("kind", .string("summary")),
            ("complete", .bool(isComplete)),
            ("limit", .int(budget.limit)),
            (
                "thresholds",
                .object([
                    ("monitor", .int(budget.monitorThreshold)), ("risky", .int(budget.riskyThreshold)),
                    ("critical", .int(budget.criticalThreshold)),
                ])
            ),
            ("failOn", .string(failOn.rawValue)),
            ("lines", .int(lineCount)),
            ("blankLines", .int(blankLineCount)),
            ("payloads", .int(payloadCount)),
            ("malformed", .int(malformedCount)),
            (
                "firstMalformed",
                .array(
                    firstMalformedLines.map {
                        .object([
                            ("line", .int($0.line)), ("column", .optional($0.column)), ("message", .string($0.message)),
                        ])
                    })
            ),
            ("tiers", .object(SizeTier.allCases.map { ($0.rawValue, .int(count(of: $0))) })),
            ("payloadsWithErrors", .int(payloadsWithErrors)),
            ("payloadsWithWarnings", .int(payloadsWithWarnings)),
            ("failing", .int(failingPayloadCount)),
            ("payloadBytes", sizes(payloadBytes)),
            ("contentStateBytes", sizes(contentStateBytes)),
            ("deviceWriter", .string(budget.deviceWriter.name)),
            ("deviceTiers", .object(SizeTier.allCases.map { ($0.rawValue, .int(deviceCount(of: $0))) })),
            ("overOnDevice", .int(overOnDeviceCount)),
            ("deviceActivityKitBytes", sizes(deviceActivityKitBytes)),
            (
                "worst",
                .array(
                    largestPayloads.map {
                        .object([("line", .int($0.line)), ("payloadBytes", .int($0.payloadByteCount))])
                    })
            ),
            (
                "histogram",
                .object([
                    ("payloadBytes", pairs(payloadBytes)), ("contentStateBytes", pairs(contentStateBytes)),
                    ("deviceActivityKitBytes", pairs(deviceActivityKitBytes)),
                ])
            ),
        ])
    }

    /// Reads a summary object that `paysize check --format json` wrote.
    ///
    /// The percentiles and `payloads` follow from the histograms and tiers: ``checkConsistency(_:)``
    /// compares them.
    ///
    /// - Throws: ``InputError`` naming the field that is missing or out of shape, placed in the
    ///   summary file.
    init(reading reader: SummaryFieldReader) throws(InputError) {
        let limit = try reader.integer(JSONPointer("limit"))
        let thresholds = JSONPointer("thresholds")
        var budget: PayloadBudget
        do {
            budget = try PayloadBudget(
                limit: limit, monitorThreshold: try reader.integer(thresholds.appending("monitor")),
                riskyThreshold: try reader.integer(thresholds.appending("risky")),
                criticalThreshold: try reader.integer(thresholds.appending("critical")))
        } catch let error as InputError {
            throw error
        } catch {
            throw reader.error("\(error)", at: thresholds)
        }
        let writerText = try reader.string(JSONPointer("deviceWriter"))
        guard let deviceWriter = DeviceWriter(name: writerText) else {
            throw reader.error(
                "expected 'swift', 'objc' or 'larger', found '\(writerText)'", at: JSONPointer("deviceWriter"))
        }
        budget.deviceWriter = deviceWriter
        let failOnText = try reader.string(JSONPointer("failOn"))
        guard let failOn = SizeTier(rawValue: failOnText) else {
            throw reader.error(
                "expected a tier (safe, monitor, risky, critical or over), found '\(failOnText)'",
                at: JSONPointer("failOn"))
        }
        self.init(file: try reader.string(JSONPointer("file")), budget: budget, failOn: failOn)
        isComplete = try reader.bool(JSONPointer("complete"))
        lineCount = try reader.integer(JSONPointer("lines"))
        blankLineCount = try reader.integer(JSONPointer("blankLines"))
        malformedCount = try reader.integer(JSONPointer("malformed"))
        let malformed = JSONPointer("firstMalformed")
        for index in 0..<(try reader.arrayCount(malformed)) {
            let entry = malformed.appending(index: index)
            firstMalformedLines.append(
                MalformedLine(
                    line: try reader.integer(entry.appending("line")),
                    column: try reader.optionalInteger(entry.appending("column")),
                    message: try reader.string(entry.appending("message"))))
        }
        for (index, tier) in SizeTier.allCases.enumerated() {
            tierCounts[index] = try reader.integer(JSONPointer("tiers", tier.rawValue))
        }
        for (index, tier) in SizeTier.allCases.enumerated() {
            deviceTierCounts[index] = try reader.integer(JSONPointer("deviceTiers", tier.rawValue))
        }
        payloadsWithErrors = try reader.integer(JSONPointer("payloadsWithErrors"))
        payloadsWithWarnings = try reader.integer(JSONPointer("payloadsWithWarnings"))
        failingPayloadCount = try reader.integer(JSONPointer("failing"))
        let worst = JSONPointer("worst")
        for index in 0..<(try reader.arrayCount(worst)) {
            let entry = worst.appending(index: index)
            largestPayloads.append(
                LargePayload(
                    line: try reader.integer(entry.appending("line")),
                    payloadByteCount: try reader.integer(entry.appending("payloadBytes"))))
        }
        payloadBytes = try reader.histogram(JSONPointer("histogram", "payloadBytes"))
        contentStateBytes = try reader.histogram(JSONPointer("histogram", "contentStateBytes"))
        deviceActivityKitBytes = try reader.histogram(JSONPointer("histogram", "deviceActivityKitBytes"))
    }
}
