@_spi(Internals) import PaySize

extension SuggestOutcome {
    /// One JSON object with stable fields: `file`, `line` (series only), `seriesCount`,
    /// `payloadBytes`, `limit`, `tier`, `target`, `breakdown` (each `path`, `count`, `keyBytes`,
    /// `valueBytes`, `punctuationBytes`, `totalBytes`), `suggestions` (each `id`, `title`,
    /// `savedBytes`, `newTier`, `paths`, `contractChange`, `howToApply`, `lossy`),
    /// `zeroSavings` (the same fields, `savedBytes` 0), `plan` (the ids chosen), `planBytes`,
    /// `planTier`, `reachesTarget`, `redundancy` (`zstdBytes`, `dictionaryZstdBytes`,
    /// `dictionaryBytes`, `dictionary`) and `applied` (`file`, `payloadBytes`, `tier`,
    /// `suggestions`; `null` without `--apply`).
    var jsonObject: JSONOutputValue {
        var members: [(String, JSONOutputValue)] = [("file", .string(file))]
        if let line { members.append(("line", .int(line))) }
        members += [
            ("seriesCount", .int(seriesCount)),
            ("payloadBytes", .int(report.byteCount)),
            ("limit", .int(report.budget.limit)),
            ("tier", .string(report.tier.rawValue)),
            ("target", .string(report.target.rawValue)),
            (
                "breakdown",
                .array(
                    report.breakdown.rows.map { row in
                        .object([
                            ("path", .string(row.path)),
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
            ("reachesTarget", .bool(report.plan.reachesTarget)),
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
            ("paths", .array(suggestion.paths.map(JSONOutputValue.string))),
            ("contractChange", .string(suggestion.contractChange.rawValue)),
            ("howToApply", .string(suggestion.howToApply)),
            ("lossy", .bool(suggestion.isLossy)),
        ])
    }
}
