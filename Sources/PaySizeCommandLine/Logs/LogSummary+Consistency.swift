@_spi(Internals) import PaySize

extension LogSummary {
    /// The largest count a summary field may hold: 2^53, the largest integer that every JSON reader
    /// keeps exactly (I-JSON, RFC 7493). Sums of a few such counts stay far from `Int.max`.
    static let maximumCount = 1 << 53

    /// Checks that a complete summary read back from a file agrees with itself, as every summary
    /// `paysize check` writes does: its lines are its blank lines, payloads and malformed lines;
    /// the tier counts and the payload histogram add up to the payloads; the sizes' counts and
    /// percentiles are those of the histograms; the kept malformed lines and largest payloads are
    /// as many as there should be and lie within the lines; the payloads with errors, with
    /// warnings and failing are counts the tiers allow.
    ///
    /// A summary edited by hand or cut from another would otherwise merge into a whole whose
    /// figures are wrong without a sign.
    ///
    /// - Throws: ``InputError`` naming the first field that disagrees, placed in the summary file.
    func checkConsistency(_ reader: SummaryFieldReader) throws(InputError) {
        let payloadsPointer = JSONPointer("payloads")
        let payloads = try reader.integer(payloadsPointer)
        guard payloads == payloadCount else {
            throw reader.error("expected \(payloadCount), the sum of 'tiers', found \(payloads)", at: payloadsPointer)
        }
        let parts = blankLineCount + payloadCount + malformedCount
        guard lineCount == parts else {
            throw reader.error(
                "expected \(parts), the sum of 'blankLines' (\(blankLineCount)), 'payloads' (\(payloadCount)) and 'malformed' (\(malformedCount)), found \(lineCount)",
                at: JSONPointer("lines"))
        }
        guard payloadBytes.totalCount == payloadCount else {
            throw reader.error(
                "expected counts adding up to the \(payloadCount) payloads, found \(payloadBytes.totalCount)",
                at: JSONPointer("histogram", "payloadBytes"))
        }
        guard contentStateBytes.totalCount <= payloadCount else {
            throw reader.error(
                "expected counts adding up to at most the \(payloadCount) payloads, found \(contentStateBytes.totalCount)",
                at: JSONPointer("histogram", "contentStateBytes"))
        }
        let onDevice = deviceTierCounts.reduce(0, +)
        guard onDevice <= payloadCount else {
            throw reader.error(
                "expected counts adding up to at most the \(payloadCount) payloads, found \(onDevice)",
                at: JSONPointer("deviceTiers"))
        }
        guard deviceActivityKitBytes.totalCount == onDevice else {
            throw reader.error(
                "expected counts adding up to the \(onDevice) payloads of 'deviceTiers', found \(deviceActivityKitBytes.totalCount)",
                at: JSONPointer("histogram", "deviceActivityKitBytes"))
        }
        let overPointer = JSONPointer("overOnDevice")
        let over = try reader.integer(overPointer)
        guard over == overOnDeviceCount else {
            throw reader.error(
                "expected \(overOnDeviceCount), the 'over' count of 'deviceTiers', found \(over)", at: overPointer)
        }
        try checkSizes(payloadBytes, at: "payloadBytes", reader)
        try checkSizes(contentStateBytes, at: "contentStateBytes", reader)
        try checkSizes(deviceActivityKitBytes, at: "deviceActivityKitBytes", reader)
        try checkCounts(reader)
        try checkKeptLines(reader)
    }

    /// `count`, `p50`, `p90`, `p99` and `max` of `field` must be those of its histogram.
    private func checkSizes(
        _ histogram: ByteSizeHistogram, at field: String, _ reader: SummaryFieldReader
    ) throws(InputError) {
        let expected: [(String, Int?)] = [
            ("count", histogram.totalCount), ("p50", histogram.percentile(50)), ("p90", histogram.percentile(90)),
            ("p99", histogram.percentile(99)), ("max", histogram.maximum),
        ]
        for (name, value) in expected {
            let pointer = JSONPointer(field, name)
            let found = try reader.optionalInteger(pointer)
            guard found == value else {
                func text(_ value: Int?) -> String { value.map { String($0) } ?? "null" }
                throw reader.error(
                    "expected \(text(value)), the \(name) of /histogram/\(field), found \(text(found))", at: pointer)
            }
        }
    }

    /// Payloads with errors, with warnings and failing, against the payloads and the tiers.
    private func checkCounts(_ reader: SummaryFieldReader) throws(InputError) {
        for (name, count) in [
            ("payloadsWithErrors", payloadsWithErrors), ("payloadsWithWarnings", payloadsWithWarnings),
        ]
        where count > payloadCount {
            throw reader.error("expected at most the \(payloadCount) payloads, found \(count)", at: JSONPointer(name))
        }
        // Over ActivityKit's limit on the device is an error finding.
        guard overOnDeviceCount <= payloadsWithErrors else {
            throw reader.error(
                "expected at least \(overOnDeviceCount) (the payloads over on the device), found \(payloadsWithErrors)",
                at: JSONPointer("payloadsWithErrors"))
        }
        // A payload fails when it, or its ActivityKit figure on the device, reaches the --fail-on
        // tier, or it has an error finding.
        let reaching = zip(SizeTier.allCases, tierCounts).reduce(0) { $0 + ($1.0 >= failOn ? $1.1 : 0) }
        let reachingOnDevice = zip(SizeTier.allCases, deviceTierCounts).reduce(0) { $0 + ($1.0 >= failOn ? $1.1 : 0) }
        let most = min(payloadCount, reaching + reachingOnDevice + payloadsWithErrors)
        guard failingPayloadCount >= max(reaching, reachingOnDevice), failingPayloadCount <= most else {
            throw reader.error(
                "expected from \(max(reaching, reachingOnDevice)) (the payloads of 'tiers' or 'deviceTiers' from '\(failOn)') to \(most) (with the payloads with errors), found \(failingPayloadCount)",
                at: JSONPointer("failing"))
        }
    }

    /// The first malformed lines and the largest payloads: as many as kept, within the lines, in order.
    private func checkKeptLines(_ reader: SummaryFieldReader) throws(InputError) {
        let keptMalformed = min(malformedCount, Self.keptLineCount)
        guard firstMalformedLines.count == keptMalformed else {
            throw reader.error(
                "expected \(keptMalformed) entries (the first \(Self.keptLineCount) of the \(malformedCount) malformed lines), found \(firstMalformedLines.count)",
                at: JSONPointer("firstMalformed"))
        }
        var previousLine = 0
        for (index, malformed) in firstMalformedLines.enumerated() {
            guard malformed.line > previousLine, malformed.line <= lineCount else {
                throw reader.error(
                    "expected a line from \(previousLine + 1) to \(lineCount), found \(malformed.line)",
                    at: JSONPointer("firstMalformed").appending(index: index).appending("line"))
            }
            previousLine = malformed.line
        }
        let keptLargest = min(payloadCount, Self.keptLineCount)
        guard largestPayloads.count == keptLargest else {
            throw reader.error(
                "expected \(keptLargest) entries (the largest \(Self.keptLineCount) of the \(payloadCount) payloads), found \(largestPayloads.count)",
                at: JSONPointer("worst"))
        }
        for (index, large) in largestPayloads.enumerated() where !(1...max(lineCount, 1)).contains(large.line) {
            throw reader.error(
                "expected a line from 1 to \(lineCount), found \(large.line)",
                at: JSONPointer("worst").appending(index: index).appending("line"))
        }
        if let largest = largestPayloads.first, largest.payloadByteCount != payloadBytes.maximum {
            throw reader.error(
                "expected \(payloadBytes.maximum ?? 0), the max of /histogram/payloadBytes, found \(largest.payloadByteCount)",
                at: JSONPointer("worst").appending(index: 0).appending("payloadBytes"))
        }
    }
}
