@_spi(Internals) import PaySize

extension LogSummary {
    /// The widest bar of the histogram, in characters.
    static let barWidth = 40

    /// The summary for a terminal: counts, tiers, percentiles, the largest payloads and a
    /// histogram of payload sizes in 256-byte buckets up to the limit, tier boundaries marked.
    var text: String {
        var lines: [String] = []
        var headline = "\(file): summary of \(counted(lineCount, "line")): \(counted(payloadCount, "payload"))"
        if blankLineCount > 0 { headline += ", \(blankLineCount) blank" }
        headline += ", \(malformedCount) malformed"
        if !isComplete { headline += " (stopped early: the summary covers the lines read)" }
        lines.append(headline)
        lines.append(
            "  tiers (advisory): "
                + SizeTier.allCases.map { "\(count(of: $0)) \($0)" }.joined(separator: ", "))
        lines.append("  payload bytes: " + Self.percentiles(payloadBytes))
        lines.append("  content-state bytes: " + Self.percentiles(contentStateBytes))
        lines.append(
            "  on the device (\(budget.deviceWriter.phrase)): \(counted(overOnDeviceCount, "payload")) over ActivityKit's \(budget.activityKitLimit)-byte limit; ActivityKit bytes "
                + Self.percentiles(deviceActivityKitBytes))
        lines.append(
            "  findings: \(counted(payloadsWithErrors, "payload")) with errors, \(payloadsWithWarnings) with warnings; "
                + "\(failingPayloadCount) failing (--fail-on \(failOn))")
        if !largestPayloads.isEmpty {
            lines.append(
                "  largest: "
                    + largestPayloads.map { "line \($0.line) (\(counted($0.payloadByteCount, "byte")))" }
                    .joined(separator: ", "))
        }
        for malformed in firstMalformedLines {
            let place = malformed.column.map { "\(malformed.line):\($0)" } ?? "\(malformed.line)"
            lines.append("  malformed: \(file):\(place): \(malformed.message)")
        }
        if malformedCount > firstMalformedLines.count {
            lines.append("  malformed: … \(malformedCount - firstMalformedLines.count) more")
        }
        if payloadCount > 0 { lines += histogramLines }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func percentiles(_ histogram: ByteSizeHistogram) -> String {
        guard let maximum = histogram.maximum else { return "none" }
        return "p50 \(histogram.percentile(50)!), p90 \(histogram.percentile(90)!), p99 \(histogram.percentile(99)!), "
            + "max \(maximum) (\(counted(histogram.totalCount, "value")))"
    }

    /// One bucket of the payload-size histogram.
    struct HistogramBucket: Equatable {
        /// `0–255`, or `over 4096` for the last bucket.
        var label: String
        /// The sizes it counts.
        var range: Range<Int>
        var count: Int
        /// Where a tier starts inside it (`monitor from 2048 bytes`), or the limit for the last one.
        var marker: String?
    }

    /// The bytes each histogram bucket spans: 256 up to a 16 KB limit, wider past it.
    var histogramBucketByteCount: Int { 256 * max(1, (budget.limit + 256 * 64 - 1) / (256 * 64)) }

    /// Buckets of ``histogramBucketByteCount`` bytes up to the limit, then one for payloads over it;
    /// each marks the tier that starts inside it.
    var histogramBuckets: [HistogramBucket] {
        let limit = budget.limit
        let bucketByteCount = histogramBucketByteCount
        var rows: [HistogramBucket] = []
        let boundaries: [(SizeTier, Int)] = [
            (.monitor, budget.monitorThreshold), (.risky, budget.riskyThreshold), (.critical, budget.criticalThreshold),
        ]
        var start = 0
        while start <= limit {
            var end = start + bucketByteCount
            if end >= limit { end = limit + 1 }  // the limit itself is the last size within it
            let markers = boundaries.filter { $0.1 >= start && $0.1 < end }.map { "\($0.0) from \($0.1) bytes" }
            rows.append(
                HistogramBucket(
                    label: "\(start)–\(end - 1)", range: start..<end, count: payloadBytes.count(in: start..<end),
                    marker: markers.isEmpty ? nil : markers.joined(separator: ", ")))
            start = end
        }
        rows.append(
            HistogramBucket(
                label: "over \(limit)", range: (limit + 1)..<Int.max,
                count: payloadBytes.count(in: (limit + 1)..<Int.max),
                marker: "over the \(limit)-byte limit"))
        return rows
    }

    /// Rows of 256-byte buckets up to the limit (wider for limits past 16 KB), then one row for
    /// payloads over it; a marker line before the bucket where each tier starts.
    private var histogramLines: [String] {
        let bucketByteCount = histogramBucketByteCount
        let rows = histogramBuckets
        let largest = max(1, rows.map(\.count).max() ?? 1)
        let labelWidth = rows.map(\.label.count).max() ?? 0
        var lines = ["  payload bytes, \(bucketByteCount)-byte buckets:"]
        for row in rows {
            if let marker = row.marker {
                lines.append("    " + String(repeating: " ", count: labelWidth) + "  ── \(marker)")
            }
            let width = row.count == 0 ? 0 : max(1, row.count * Self.barWidth / largest)
            let label = String(repeating: " ", count: labelWidth - row.label.count) + row.label
            lines.append("    \(label)  \(String(repeating: "█", count: width))\(width > 0 ? " " : "")\(row.count)")
        }
        return lines
    }
}
