@_spi(Internals) import PaySize

/// One JSON object per input record, each on its own line (JSON Lines), with stable fields.
///
/// A checked payload: `file`, `line` (JSON Lines records only), `payloadBytes`, `fileBytes`,
/// `judgedBytes`, `limit`, `tier`, `headroom`, `contentStateBytes`, `attributesBytes`, `activityKitBytes`,
/// `deviceContentStateBytes`, `deviceAttributesBytes` (start), `deviceActivityKitBytes`,
/// `deviceWriter` (`swift` or `objc`: the writer behind the device figures), `deviceTier`,
/// `refused`, `event`, `fails`, `findings` (`severity`, `code`, `path`, `message`, `contract`,
/// `fix`, `line`, `column`) and `measurement`. An unreadable input: `file`, `error` (`message`, `line`, `column`,
/// `byteOffset`, `path`).
struct JSONCheckReporter: CheckReporter {
    let streams: OutputStreams

    func report(_ outcome: CheckOutcome) {
        if case .unreadable(let error) = outcome { streams.writeError(error.diagnostic + "\n") }
        streams.writeOutput(Self.object(for: outcome).text + "\n")
    }

    func finish(_ summary: CheckSummary) {}

    /// The summary object (``LogSummary/jsonValue``), after the input's payload objects.
    func report(_ summary: LogSummary) {
        streams.writeOutput(summary.jsonValue.text + "\n")
    }

    static func object(for outcome: CheckOutcome) -> JSONOutputValue {
        switch outcome {
        case .unreadable(let error):
            var members: [(String, JSONOutputValue)] = [("file", .string(error.file))]
            members.append(
                (
                    "error",
                    .object([
                        ("message", .string(error.message)),
                        ("line", .optional(error.location?.line)),
                        ("column", .optional(error.location?.column)),
                        ("byteOffset", .optional(error.byteOffset)),
                        ("path", .optional(error.path?.rawValue)),
                    ])
                ))
            return .object(members)
        case .checked(let payload):
            let report = payload.report
            var members: [(String, JSONOutputValue)] = [("file", .string(payload.record.file))]
            if let line = payload.record.line { members.append(("line", .int(line))) }
            members += [
                ("payloadBytes", .int(report.payloadByteCount)),
                ("fileBytes", .int(report.inputByteCount)),
                ("judgedBytes", .int(report.judgedByteCount)),
                ("limit", .int(report.budget.limit)),
                ("tier", .string(report.tier.rawValue)),
                ("headroom", .int(report.headroom)),
                ("contentStateBytes", .optional(report.contentStateByteCount)),
                ("attributesBytes", .optional(report.attributesByteCount)),
                ("activityKitBytes", .optional(report.activityKitByteCount)),
                ("deviceContentStateBytes", .optional(report.deviceContentStateByteCount)),
                ("deviceAttributesBytes", .optional(report.deviceAttributesByteCount)),
                ("deviceActivityKitBytes", .optional(report.deviceActivityKitByteCount)),
                ("deviceWriter", .optional(report.deviceWriter?.name)),
                ("deviceTier", .optional(report.deviceTier?.rawValue)),
                ("refused", .bool(report.isRefused)),
                ("event", .optional(report.event)),
                ("fails", .bool(payload.fails)),
                (
                    "findings",
                    .array(
                        report.findings.map { finding in
                            let location = payload.location(of: finding)
                            return .object([
                                ("severity", .string(finding.severity.rawValue)),
                                ("code", .optional(finding.code?.description)),
                                ("path", .string(finding.path.rawValue)),
                                ("message", .string(finding.message)),
                                ("contract", .optional(finding.code.flatMap { $0.isContract ? $0.description : nil })),
                                ("fix", .optional(finding.fix)),
                                ("line", .optional(location?.line)),
                                ("column", .optional(location?.column)),
                            ])
                        })
                ),
                ("measurement", .string(report.sizeBasis.measurement)),
            ]
            return .object(members)
        }
    }
}
