@_spi(Internals) import PaySize

/// Human-readable verdicts: one headline per payload, its parts, its findings in compiler style.
///
/// Colour only when standard output is a terminal and `NO_COLOR` is unset.
struct TextCheckReporter: CheckReporter {
    let streams: OutputStreams

    func report(_ outcome: CheckOutcome) {
        switch outcome {
        case .unreadable(let error):
            streams.writeError(error.diagnostic + "\n")
        case .checked(let payload):
            let report = payload.report
            var text = "\(payload.name): \(paint(report.tier.rawValue, tierColor(report.tier))) — "
            text += "\(report.judgedByteCount) of \(report.budget.limit) bytes, "
            text +=
                report.headroom >= 0
                ? "\(counted(report.headroom, "byte")) of headroom\n" : "\(-report.headroom) bytes over the limit\n"
            var parts: [String] = []
            if let event = report.event { parts.append("event \(event)") }
            if let bytes = report.contentStateByteCount { parts.append("content-state \(counted(bytes, "byte"))") }
            if let bytes = report.attributesByteCount { parts.append("attributes \(counted(bytes, "byte"))") }
            if let bytes = report.activityKitByteCount {
                parts.append("ActivityKit (attributes + content-state) \(counted(bytes, "byte"))")
            }
            if report.inputByteCount != report.payloadByteCount {
                parts.append(
                    report.sizeBasis == .asWritten
                        ? "compact \(counted(report.payloadByteCount, "byte"))"
                        : "\(counted(report.inputByteCount, "byte")) as written")
            }
            if !parts.isEmpty { text += "  " + parts.joined(separator: " · ") + "\n" }
            if let line = Self.deviceLine(report) { text += "  " + line + "\n" }
            for finding in report.findings {
                let place = payload.location(of: finding).map { "\(payload.record.file):\($0)" } ?? payload.record.file
                let label = finding.severity == .error ? paint("error", "31") : paint("warning", "33")
                text += "  \(place): \(label): \(finding.path): \(finding.displayText)\n"
            }
            streams.writeOutput(text)
        }
    }

    func report(_ summary: LogSummary) {
        streams.writeOutput(summary.text)
    }

    func finish(_ summary: CheckSummary) {
        var tiers: [String] = []
        for tier in SizeTier.allCases {
            if let count = summary.tierCounts[tier], count > 0 { tiers.append("\(count) \(tier)") }
        }
        var line = "\(counted(summary.checkedCount, "payload")) checked"
        if !tiers.isEmpty { line += " (" + tiers.joined(separator: ", ") + ")" }
        line += "; \(counted(summary.errorCount, "error")), \(counted(summary.warningCount, "warning"))"
        if summary.unreadableCount > 0 { line += "; \(summary.unreadableCount) unreadable" }
        let budget = summary.budget
        let measured =
            summary.sizeBasis == .asWritten
            ? "bytes as written (whitespace included)"
            : "bytes of compact JSON (whitespace outside strings removed, tokens as written)"
        streams.writeOutput(
            line + "\n"
                + "Sizes are \(measured) against a \(budget.limit)-byte limit; "
                + "tiers are advisory (monitor from \(budget.monitorThreshold), risky from \(budget.riskyThreshold), critical from \(budget.criticalThreshold)).\n"
        )
    }

    /// The ActivityKit figure as the device writes it, when it differs from the figure as sent:
    /// `on the device (objc writer): 4827 of 4096 bytes for ActivityKit, 731 over; swift writer 2027`
    /// (`either writer` when the two agree, as for a `/` the device escapes).
    static func deviceLine(_ report: PayloadReport) -> String? {
        guard let device = report.device else { return nil }
        let sent = (report.contentStateByteCount ?? 0) + (report.attributesByteCount ?? 0)
        let bytes = device.judged.activityKitByteCount
        guard device.all.contains(where: { $0.activityKitByteCount != sent }) else { return nil }
        let limit = report.budget.activityKitLimit
        var line = "on the device (\(device.judgedWriterName)): \(bytes) of \(limit) bytes for ActivityKit, "
        line += bytes > limit ? "\(bytes - limit) over" : "\(report.deviceTier!)"
        for other in device.all where other.writer != device.judged.writer && !device.writersAgree {
            line += "; \(other.writer) writer \(other.activityKitByteCount)"
        }
        return line
    }

    private func tierColor(_ tier: SizeTier) -> String {
        switch tier {
        case .safe: "32"
        case .monitor: "36"
        case .risky: "33"
        case .critical: "35"
        case .over: "1;31"
        }
    }

    private func paint(_ text: String, _ code: String) -> String {
        streams.allowsColor ? "\u{1B}[\(code)m\(text)\u{1B}[0m" : text
    }
}
