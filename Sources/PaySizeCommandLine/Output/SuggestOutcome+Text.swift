import PaySize

extension SuggestOutcome {
    /// Columns in a breakdown bar.
    static let barWidth = 64
    /// Breakdown rows shown in text; the rest are summed on one line (JSON lists every row).
    static let shownRowCount = 12
    /// The widest path column before paths are shortened from the left.
    static let pathWidth = 44

    /// The text report: headline, breakdown bars, suggestions with how to apply them, the
    /// findings measured at 0 bytes, the plan, the redundancy figure and what `--apply` wrote.
    var text: String {
        let budget = report.budget
        var text = "\(name): \(report.tier) — \(report.byteCount) of \(budget.limit) bytes; "
        text += "target \(report.target) (\(Self.ceilingText(budget, report.target)))\n"
        if seriesCount > 1 {
            text +=
                "  the largest of \(seriesCount) payloads in the series; the others show which values strings take and which members never change\n"
        }
        text += "\n" + breakdownText + "\n" + suggestionsText + "\n" + planText + "\n" + redundancyText
        if let applied {
            let applying =
                applied.suggestionIDs.isEmpty
                ? "nothing applied (no suggestion works without an app change)"
                : "applied: " + applied.suggestionIDs.joined(separator: ", ")
            text += "\nWrote \(applied.file): \(applied.byteCount) bytes (\(applied.tier)); \(applying)\n"
        }
        return text
    }

    private var breakdownText: String {
        let budget = report.budget
        let bytesPerColumn = (max(budget.limit, report.byteCount) + Self.barWidth - 1) / Self.barWidth
        let marks = [budget.monitorThreshold, budget.riskyThreshold, budget.criticalThreshold, budget.limit]
        var text = "Where the bytes go (compact JSON, largest first; each bar runs on from the one above; "
        text += "one column = \(bytesPerColumn) bytes; '|' at "
        text += marks.dropLast().map(String.init).joined(separator: ", ") + " and the \(budget.limit)-byte limit):\n"
        let shown = report.breakdown.rows.prefix(Self.shownRowCount)
        let labels = shown.map { row in
            row.displayPath.count > Self.pathWidth
                ? "…" + String(row.displayPath.suffix(Self.pathWidth - 1)) : row.displayPath
        }
        let pathWidth = max(labels.map(\.count).max() ?? 0, 5)
        let countWidth = (shown.map { "×\($0.count)".count }.max() ?? 2)
        let byteWidth = String(report.byteCount).count
        var start = 0
        for (row, label) in zip(shown, labels) {
            text += "  " + Self.padded(label, pathWidth) + "  " + Self.padded("×\(row.count)", countWidth) + "  "
            text += Self.leftPadded(String(row.totalBytes), byteWidth) + "  "
            text += bar(from: start, count: row.totalBytes, bytesPerColumn: bytesPerColumn, marks: marks) + "\n"
            start += row.totalBytes
        }
        let rest = report.breakdown.rows.dropFirst(Self.shownRowCount)
        if !rest.isEmpty {
            let restBytes = rest.reduce(0) { $0 + $1.totalBytes }
            text += "  " + Self.padded("… \(counted(rest.count, "more row"))", pathWidth + 2 + countWidth) + "  "
            text += Self.leftPadded(String(restBytes), byteWidth) + "  "
            text += bar(from: start, count: restBytes, bytesPerColumn: bytesPerColumn, marks: marks) + "\n"
        }
        text += "  " + Self.padded("total", pathWidth + 2 + countWidth) + "  "
        text += Self.leftPadded(String(report.byteCount), byteWidth) + "  "
        text += bar(from: 0, count: report.byteCount, bytesPerColumn: bytesPerColumn, marks: marks)
        text += "  \(report.tier)\n"
        return text
    }

    /// One bar: `█` where the row's bytes fall (at least one column), `|` at tier boundaries
    /// and the limit, `·` elsewhere.
    private func bar(from start: Int, count: Int, bytesPerColumn: Int, marks: [Int]) -> String {
        let markColumns = Set(marks.map { $0 / bytesPerColumn })
        var columns: [Character] = (0..<Self.barWidth).map { column in
            let middle = column * bytesPerColumn + bytesPerColumn / 2
            if middle >= start, middle < start + count { return "█" }
            return markColumns.contains(column) ? "|" : "·"
        }
        if count > 0, !columns.contains("█") { columns[min(start / bytesPerColumn, Self.barWidth - 1)] = "█" }
        return String(columns) + (markColumns.contains(Self.barWidth) ? "|" : "")
    }

    private var suggestionsText: String {
        guard !report.suggestions.isEmpty else {
            return "Suggestions: none; no strategy saves a byte on this payload\n"
                + zeroSavingsText
        }
        var text = "Suggestions, largest saving first (each measured alone on this payload):\n"
        for (index, suggestion) in report.suggestions.enumerated() {
            text += "  \(index + 1). \(suggestion.title)\n"
            text += "     saves \(suggestion.savedBytes) bytes → \(suggestion.byteCount) (\(suggestion.newTier))"
            text += " · contract change: \(suggestion.contractChange)" + (suggestion.isLossy ? " · lossy" : "")
            text += " · id \(suggestion.id)\n"
            for line in suggestion.howToApply.split(separator: "\n", omittingEmptySubsequences: false) {
                text += "     " + line + "\n"
            }
        }
        return text + zeroSavingsText
    }

    private var zeroSavingsText: String {
        guard !report.zeroSavings.isEmpty else { return "" }
        var text = "\nMeasured at 0 bytes (nothing to gain in JSON):\n"
        for finding in report.zeroSavings { text += "  - \(finding.title)\n" }
        return text
    }

    private var planText: String {
        let plan = report.plan
        let budget = report.budget
        var text =
            "Plan for target \(report.target) (fewest contract changes first, then fewest bytes; measured with every step applied):\n"
        if plan.suggestionIDs.isEmpty, plan.reachesTarget {
            return text + "  nothing to change: the payload is \(report.tier) already\n"
        }
        let suggestions = Dictionary(report.suggestions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, id) in plan.suggestionIDs.enumerated() {
            text += "  \(index + 1). \(id) (\(suggestions[id].map { "\($0.contractChange)" } ?? "?"))\n"
        }
        text += "  → \(plan.byteCount) of \(budget.limit) bytes, \(plan.tier): "
        text += plan.reachesTarget ? "reaches \(report.target)\n" : "no plan reaches \(report.target)\n"
        if !report.allowsLossy, report.suggestions.contains(where: \.isLossy) {
            text += "  lossy suggestions were left out; --lossy lets them join\n"
        }
        return text
    }

    private var redundancyText: String {
        var text =
            "Redundancy: zstd (level 19) packs the \(redundancy.byteCount) bytes into \(redundancy.zstdByteCount)"
        text += " (\(Self.percent(redundancy.zstdByteCount, of: redundancy.byteCount)))"
        if let withDictionary = redundancy.dictionaryZstdByteCount, let source = dictionarySource,
            let size = redundancy.dictionaryByteCount
        {
            text += "; with \(source) (\(size) bytes), into \(withDictionary)"
            text += " (\(Self.percent(withDictionary, of: redundancy.byteCount)))"
        }
        return text + "\n"
    }

    private static func percent(_ part: Int, of whole: Int) -> String {
        whole > 0 ? "\(Int((Double(part) * 100 / Double(whole)).rounded()))%" : "0%"
    }

    private static func ceilingText(_ budget: PayloadBudget, _ tier: SizeTier) -> String {
        tier == .over ? "any size" : "at most \(budget.largestByteCount(in: tier)) bytes"
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func leftPadded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
    }
}
