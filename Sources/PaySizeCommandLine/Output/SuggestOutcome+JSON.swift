@_spi(Internals) import PaySize

extension SuggestOutcome {
    /// One JSON object with stable fields: `file`, `line` (series only), `seriesCount`,
    /// `payloadBytes`, `limit`, `tier`, `target`, the device's figure (`deviceBytes`,
    /// `deviceLimit`, `deviceWriter`, `deviceTier`, `deviceBytesByWriter` with `swift` and
    /// `objc`; `null`s when the payload holds no content state), `breakdown` (each `path`,
    /// `count`, `keyBytes`, `valueBytes`, `punctuationBytes`, `totalBytes`), `suggestions` (each
    /// `id`, `title`, `savedBytes`, `newTier`, `deviceSavedBytes`, `deviceSavedBytesByWriter`,
    /// `newDeviceTier`, `paths`, `contractChange`, `howToApply`, `lossy`), `zeroSavings` (the
    /// same fields, savings 0), `plan` (the ids chosen), `planBytes`, `planTier`,
    /// `planDeviceBytes`, `planDeviceTier`, `reachesTarget`, `withLossy` (what `--lossy` would
    /// reach: `plan`, `planBytes`, `planTier`, `planDeviceBytes`, `planDeviceTier`,
    /// `reachesTarget`, `lossySteps`, `costliestChange`; `null` when the text names nothing),
    /// `redundancy` (`zstdBytes`,
    /// `dictionaryZstdBytes`, `dictionaryBytes`, `dictionary`) and `applied` (`file`,
    /// `payloadBytes`, `tier`, `deviceBytes`, `deviceTier`, `suggestions`; `null` without
    /// `--apply`).
    var jsonObject: JSONOutputValue {
        var members: [(String, JSONOutputValue)] = [("file", .string(file))]
        if let line { members.append(("line", .int(line))) }
        members += [
            ("seriesCount", .int(seriesCount)),
            ("payloadBytes", .int(report.byteCount)),
            ("limit", .int(report.budget.limit)),
            ("tier", .string(report.tier.rawValue)),
            ("target", .string(report.target.rawValue)),
            ("deviceBytes", .optional(report.deviceByteCount)),
            ("deviceLimit", .int(report.budget.activityKitLimit)),
            ("deviceWriter", .optional(report.deviceWriter?.name)),
            ("deviceTier", .optional(report.deviceTier?.rawValue)),
            ("deviceBytesByWriter", Self.byWriter(report.deviceByteCounts)),
            (
                "breakdown",
                .array(
                    report.breakdown.rows.map { row in
                        .object([
                            ("path", .string(row.path.rawValue)),
                            ("count", .int(row.count)),
                            ("keyBytes", .int(row.keyBytes)),
                            ("valueBytes", .int(row.valueBytes)),
                            ("punctuationBytes", .int(row.punctuationBytes)),
                            ("totalBytes", .int(row.totalBytes)),
                        ])
                    })
            ),
            ("suggestions", .array(report.suggestions.map(Self.object(for:)))),
            ("zeroSavings", .array(report.zeroSavings.map(Self.object(for:)))),
            ("plan", .array(report.plan.suggestionIDs.map(JSONOutputValue.string))),
            ("planBytes", .int(report.plan.byteCount)),
            ("planTier", .string(report.plan.tier.rawValue)),
            ("planDeviceBytes", .optional(report.plan.deviceByteCount)),
            ("planDeviceTier", .optional(report.plan.deviceTier?.rawValue)),
            ("reachesTarget", .bool(report.plan.reachesTarget)),
            (
                "withLossy",
                lossyReach.map { reach in
                    .object([
                        ("plan", .array(reach.plan.suggestionIDs.map(JSONOutputValue.string))),
                        ("planBytes", .int(reach.plan.byteCount)),
                        ("planTier", .string(reach.plan.tier.rawValue)),
                        ("planDeviceBytes", .optional(reach.plan.deviceByteCount)),
                        ("planDeviceTier", .optional(reach.plan.deviceTier?.rawValue)),
                        ("reachesTarget", .bool(reach.plan.reachesTarget)),
                        ("lossySteps", .array(reach.lossySteps.map(JSONOutputValue.string))),
                        ("costliestChange", .optional(reach.costliestChange?.rawValue)),
                    ])
                } ?? .null
            ),
            (
                "redundancy",
                .object([
                    ("zstdBytes", .int(redundancy.zstdByteCount)),
                    ("dictionaryZstdBytes", .optional(redundancy.dictionaryZstdByteCount)),
                    ("dictionaryBytes", .optional(redundancy.dictionaryByteCount)),
                    ("dictionary", .optional(dictionarySource)),
                ])
            ),
            (
                "applied",
                applied.map { applied in
                    .object([
                        ("file", .string(applied.file)),
                        ("payloadBytes", .int(applied.byteCount)),
                        ("tier", .string(applied.tier.rawValue)),
                        ("deviceBytes", .optional(applied.deviceByteCount)),
                        ("deviceTier", .optional(applied.deviceTier?.rawValue)),
                        ("suggestions", .array(applied.suggestionIDs.map(JSONOutputValue.string))),
                    ])
                } ?? .null
            ),
        ]
        return .object(members)
    }

    private static func object(for suggestion: ShrinkSuggestion) -> JSONOutputValue {
        .object([
            ("id", .string(suggestion.id)),
            ("title", .string(suggestion.title)),
            ("savedBytes", .int(suggestion.savedBytes)),
            ("newTier", .string(suggestion.newTier.rawValue)),
            ("deviceSavedBytes", .optional(suggestion.deviceSavedBytes)),
            ("deviceSavedBytesByWriter", byWriter(suggestion.deviceSavings)),
            ("newDeviceTier", .optional(suggestion.newDeviceTier?.rawValue)),
            ("paths", .array(suggestion.paths.map { .string($0.rawValue) })),
            ("contractChange", .string(suggestion.contractChange.rawValue)),
            ("howToApply", .string(suggestion.howToApply)),
            ("lossy", .bool(suggestion.isLossy)),
        ])
    }

    /// `{"swift":…,"objc":…}`, or `null` without a device figure.
    private static func byWriter(_ counts: WrittenByteCounts?) -> JSONOutputValue {
        guard let counts else { return .null }
        return .object([("swift", .int(counts.swift)), ("objc", .int(counts.objc))])
    }
}
