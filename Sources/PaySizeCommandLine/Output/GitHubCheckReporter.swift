@_spi(Internals) import PaySize

/// GitHub Actions workflow commands: a notice, warning or error per payload, and one per finding,
/// anchored to the file, line and column so they show on the pull request's diff.
struct GitHubCheckReporter: CheckReporter {
    let streams: OutputStreams

    func report(_ outcome: CheckOutcome) {
        switch outcome {
        case .unreadable(let error):
            streams.writeError(error.diagnostic + "\n")
            streams.writeOutput(
                command(
                    "error", file: error.file, location: error.location, title: "PaySize: unreadable payload",
                    message: error.message) + "\n")
        case .checked(let payload):
            let report = payload.report
            let level: String
            if payload.reachesFailingTier {
                level = "error"
            } else {
                level = report.tier >= .risky ? "warning" : "notice"
            }
            var text =
                command(
                    level, file: payload.record.file,
                    location: payload.record.line.map { TextPosition(line: $0, column: 1) },
                    title: "PaySize: \(report.tier) (advisory)",
                    message:
                        "\(report.judgedByteCount) of \(report.budget.limit) bytes (\(report.sizeBasis == .asWritten ? "as written" : "compact JSON")), headroom \(report.headroom) bytes"
                ) + "\n"
            for finding in report.findings {
                text +=
                    command(
                        finding.severity.rawValue, file: payload.record.file, location: payload.location(of: finding),
                        title: "PaySize: \(finding.path)",
                        message: finding.displayText) + "\n"
            }
            streams.writeOutput(text)
        }
    }

    func finish(_ summary: CheckSummary) {}

    /// One notice with the summary's counts and percentiles (the histogram stays in the text format).
    func report(_ summary: LogSummary) {
        // The headline, the tiers, the three size lines (payload, content state, on the device)
        // and the findings.
        let lines = summary.text.split(separator: "\n").prefix(6).map { $0.drop(while: { $0 == " " }) }
        streams.writeOutput(
            command(
                summary.exitStatus == .success ? "notice" : "error", file: summary.file, location: nil,
                title: "PaySize summary", message: lines.joined(separator: "\n")) + "\n")
    }

    private func command(_ level: String, file: String, location: TextPosition?, title: String, message: String)
        -> String
    {
        var properties = "file=\(escapeProperty(file))"
        if let location { properties += ",line=\(location.line),col=\(location.column)" }
        properties += ",title=\(escapeProperty(title))"
        return "::\(level) \(properties)::\(escapeData(message))"
    }

    /// Workflow-command data escaping: `%`, CR and LF.
    private func escapeData(_ text: String) -> String {
        text.replacing("%", with: "%25").replacing("\r", with: "%0D").replacing("\n", with: "%0A")
    }

    /// Property escaping adds `:` and `,`.
    private func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }
}
