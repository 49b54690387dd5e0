@_spi(Internals) import PaySize

/// What checking one input record produced: a report, or the reason it could not be read.
enum CheckOutcome {
    case checked(CheckedPayload)
    case unreadable(InputError)
}

/// A payload's report together with where it came from and the verdict under `--fail-on`.
struct CheckedPayload {
    var record: PayloadRecord
    var report: PayloadReport
    /// Whether the payload's tier, or its ActivityKit figure's on the device, reached `--fail-on`.
    var reachesFailingTier: Bool

    init(record: PayloadRecord, report: PayloadReport, failOn: SizeTier) {
        self.record = record
        self.report = report
        reachesFailingTier = max(report.tier, report.deviceTier ?? .safe) >= failOn
    }

    /// Whether this payload fails the run: its tier reached `--fail-on` or a finding is an error.
    var fails: Bool { reachesFailingTier || report.hasErrors }

    /// `FILE` or `FILE:LINE` for a JSON Lines record.
    var name: String {
        record.line.map { "\(record.file):\($0)" } ?? record.file
    }

    /// Where a finding sits in the input file, from its byte offset in the record.
    func location(of finding: PayloadFinding) -> TextPosition? {
        guard let offset = finding.byteOffset else { return nil }
        var location = TextPosition(byteOffset: offset, in: record.bytes)
        if let line = record.line { location.line += line - 1 }
        return location
    }
}
