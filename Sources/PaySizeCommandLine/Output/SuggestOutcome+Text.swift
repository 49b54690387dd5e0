import Foundation
@_spi(Internals) import PaySize

extension SuggestOutcome {
    /// The most columns in a breakdown bar (fewer when the text width leaves less).
    static let barWidth = 64
    /// Breakdown rows shown in text; the rest are summed on one line (JSON lists every row).
    static let shownRowCount = 12

    /// The text report: headline, breakdown bars, suggestions with how to apply them, the
    /// findings measured at 0 bytes, the plan, the redundancy figure and what `--apply` wrote.
    var text: String {
        let budget = report.budget
        var text = Self.wrapped(
            "\(name): \(report.tier) — \(report.byteCount) of \(budget.limit) bytes; "
                + "target \(report.target) (\(Self.ceilingText(budget, report.target)))", width: width, rest: "  ")
        text += "\n"
        if let device = report.deviceByteCount, let writer = report.deviceWriter, let tier = report.deviceTier,
            let counts = report.deviceByteCounts
        {
            let parts = report.deviceFigureHoldsAttributes ? "attributes and content state" : "the content state"
            let other: JSONWriter = writer == .objc ? .swift : .objc
            text +=
                Self.wrapped(
                    "on the device: \(tier) — \(device) of \(budget.activityKitLimit) bytes, \(parts) as the \(writer) writer writes it (\(counts[other]) as the \(other) writer does)",
                    width: width, first: "  ", rest: "    ") + "\n"
        }
        if seriesCount > 1 {
            text +=
                Self.wrapped(
                    "the largest of \(seriesCount) payloads in the series; the others show which values strings take and which members never change",
                    width: width, first: "  ", rest: "  ") + "\n"
        }
        text += "\n" + breakdownText + "\n" + suggestionsText + "\n" + planText + "\n" + redundancyText
        if let applied {
            let applying =
                applied.suggestionIDs.isEmpty
                ? "nothing applied (no step of the plan works without an app change)"
                : "applied: " + applied.suggestionIDs.joined(separator: ", ")
            var device = ""
            if let bytes = applied.deviceByteCount, let tier = applied.deviceTier {
                device = "; on the device \(counted(bytes, "byte")) (\(tier))"
            }
            text +=
                "\n"
                + Self.wrapped(
                    "Wrote \(applied.file): \(counted(applied.byteCount, "byte")) (\(applied.tier))\(device); \(applying)",
                    width: width, rest: "  ") + "\n"
        }
        return text
    }

    private var breakdownText: String {
        let budget = report.budget
        let base = Self.commonBase(of: report.appRegions.map(\.rawValue))
        let shown = report.breakdown.rows.prefix(Self.shownRowCount)
        let labels = shown.map { Self.label(for: $0, base: base) }
        let pathWidth = max(labels.map(\.count).max() ?? 0, 5)
        let countWidth = (shown.map { "×\($0.count)".count }.max() ?? 2)
        let byteWidth = String(report.byteCount).count
        // The bars take what the labels leave of the width (the total's tier name included),
        // at most 64 columns and at least 16.
        let leading = 2 + pathWidth + 2 + countWidth + 2 + byteWidth + 2
        let barWidth = min(Self.barWidth, max(16, width - leading - 2 - "  \(report.tier)".count))
        let bytesPerColumn = (max(budget.limit, report.byteCount) + barWidth - 1) / barWidth
        let marks = [budget.monitorThreshold, budget.riskyThreshold, budget.criticalThreshold, budget.limit]
        var text = "Where the bytes go (compact JSON, largest first; each bar runs on from the one above; "
        text += "one column = \(bytesPerColumn) bytes; '|' at "
        text += marks.dropLast().map(String.init).joined(separator: ", ") + " and the \(budget.limit)-byte limit"
        if !base.isEmpty { text += "; paths without a leading '/' are relative to \(base)" }
        text = Self.wrapped(text + "):", width: width) + "\n"
        var start = 0
        for (row, label) in zip(shown, labels) {
            text += "  " + Self.padded(label, pathWidth) + "  " + Self.padded("×\(row.count)", countWidth) + "  "
            text += Self.leftPadded(String(row.totalBytes), byteWidth) + "  "
            text +=
                bar(from: start, count: row.totalBytes, bytesPerColumn: bytesPerColumn, marks: marks, width: barWidth)
                + "\n"
            start += row.totalBytes
        }
        let rest = report.breakdown.rows.dropFirst(Self.shownRowCount)
        if !rest.isEmpty {
            let restBytes = rest.reduce(0) { $0 + $1.totalBytes }
            text += "  " + Self.padded("… \(counted(rest.count, "more row"))", pathWidth + 2 + countWidth) + "  "
            text += Self.leftPadded(String(restBytes), byteWidth) + "  "
            text +=
                bar(from: start, count: restBytes, bytesPerColumn: bytesPerColumn, marks: marks, width: barWidth) + "\n"
        }
        text += "  " + Self.padded("total", pathWidth + 2 + countWidth) + "  "
        text += Self.leftPadded(String(report.byteCount), byteWidth) + "  "
        text += bar(from: 0, count: report.byteCount, bytesPerColumn: bytesPerColumn, marks: marks, width: barWidth)
        text += "  \(report.tier)\n"
        return text
    }

    /// One bar: `█` where the row's bytes fall (at least one column), `|` at tier boundaries
    /// and the limit, `·` elsewhere.
    private func bar(from start: Int, count: Int, bytesPerColumn: Int, marks: [Int], width: Int) -> String {
        let markColumns = Set(marks.map { $0 / bytesPerColumn })
        var columns: [Character] = (0..<width).map { column in
            let middle = column * bytesPerColumn + bytesPerColumn / 2
            if middle >= start, middle < start + count { return "█" }
            return markColumns.contains(column) ? "|" : "·"
        }
        if count > 0, !columns.contains("█") { columns[min(start / bytesPerColumn, width - 1)] = "█" }
        return String(columns) + (markColumns.contains(width) ? "|" : "")
    }

    private var suggestionsText: String {
        guard !report.suggestions.isEmpty else {
            return "Suggestions: none; no strategy saves a byte on this payload\n"
                + zeroSavingsText
        }
        let base = Self.commonBase(of: report.appRegions.map(\.rawValue))
        var header =
            "Suggestions, cheapest contract change first (none, then server, then app), then largest saving; each measured alone on this payload"
        if !base.isEmpty { header += "; paths relative to \(base)" }
        var text = Self.wrapped(header + ":", width: width) + "\n"
        for (index, suggestion) in report.suggestions.enumerated() {
            let number = "  \(index + 1). "
            let indent = String(repeating: " ", count: number.count)
            text +=
                Self.wrapped(Self.relative(suggestion.title, to: base), width: width, first: number, rest: indent)
                + "\n"
            var figures = Self.savingText(suggestion.savedBytes, after: suggestion.byteCount, tier: suggestion.newTier)
            figures += " · cost: \(Self.costText(suggestion.contractChange))" + (suggestion.isLossy ? " · lossy" : "")
            figures += " · id \(suggestion.id)"
            text += Self.wrapped(figures, width: width, first: indent, rest: indent + "  ") + "\n"
            if let device = Self.deviceSavingText(suggestion) {
                text += Self.wrapped("on the device " + device, width: width, first: indent, rest: indent + "  ") + "\n"
            }
            for line in Self.relative(suggestion.howToApply, to: base).split(
                separator: "\n", omittingEmptySubsequences: false)
            {
                if Self.isCode(line) {
                    text += indent + line + "\n"
                } else {
                    text += Self.wrapped(String(line), width: width, first: indent, rest: indent) + "\n"
                }
            }
        }
        return text + zeroSavingsText
    }

    /// `saves N bytes → after (tier)`, or `adds N bytes → …` when the figure grows.
    static func savingText(_ saved: Int, after: Int, tier: SizeTier) -> String {
        "\(saved < 0 ? "adds" : "saves") \(counted(abs(saved), "byte")) → \(after) (\(tier))"
    }

    /// A suggestion's saving on ActivityKit's figure: the judged writer's with the figure after
    /// and its tier, then the other writer's (`(objc writer): saves 2254 bytes → 1969 (safe);
    /// swift writer: saves 190`); `nil` when the payload has no device figure.
    static func deviceSavingText(_ suggestion: ShrinkSuggestion) -> String? {
        guard let saved = suggestion.deviceSavedBytes, let after = suggestion.deviceByteCount,
            let tier = suggestion.newDeviceTier, let writer = suggestion.deviceWriter,
            let savings = suggestion.deviceSavings
        else { return nil }
        let other: JSONWriter = writer == .objc ? .swift : .objc
        let otherSaved = savings[other]
        return "(\(writer) writer): \(savingText(saved, after: after, tier: tier)); \(other) writer: "
            + "\(otherSaved < 0 ? "adds" : "saves") \(abs(otherSaved))"
    }

    /// `text` with every path under `base` written relative to it (`/aps/content-state/legs/*` → `legs/*`).
    private static func relative(_ text: String, to base: String) -> String {
        guard !base.isEmpty else { return text }
        var result = text.replacingOccurrences(of: " " + base + "/", with: " ")
        result = result.replacingOccurrences(of: "(" + base + "/", with: "(")
        if result.hasPrefix(base + "/") { result.removeFirst(base.count + 1) }
        return result
    }

    /// What a contract change costs, as the suggestions say it.
    static func costText(_ change: ShrinkContractChange) -> String {
        switch change {
        case .none: "none (a server setting)"
        case .server: "server (no app release)"
        case .app: "app (an App Store release; running activities keep the old form until they end)"
        }
    }

    /// Whether a line of a suggestion's instructions is Swift code (kept as written) rather than prose.
    private static func isCode(_ line: Substring) -> Bool {
        guard let first = line.first else { return true }
        if first == " " || first == "}" || first == "@" { return true }
        for keyword in ["enum ", "struct ", "extension ", "let ", "var ", "func ", "import ", "case "]
        where line.hasPrefix(keyword) {
            return true
        }
        return line.hasSuffix("{")
    }

    /// `text` wrapped at spaces to `width` columns, the first line after `first` and the others
    /// after `rest`; a word longer than a line stays whole.
    static func wrapped(_ text: String, width: Int, first: String = "", rest: String = "") -> String {
        var lines: [String] = []
        var line = first
        var lineHasWord = false
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            if lineHasWord, line.count + 1 + word.count > width {
                lines.append(line)
                line = rest + word
            } else {
                line += (lineHasWord ? " " : "") + word
            }
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    /// The longest path every region starts with (`/aps/content-state` for one region, `/aps`
    /// for attributes and content state), or `""` when the payload is a bare content state.
    static func commonBase(of regions: [String]) -> String {
        guard var base = regions.first else { return "" }
        for region in regions.dropFirst() {
            while !(region == base || region.hasPrefix(base + "/")) {
                guard let slash = base.lastIndex(of: "/") else { return "" }
                base = String(base[..<slash])
            }
        }
        return base
    }

    /// A breakdown row's path relative to `base` (no leading `/`; `.` for the base itself), or
    /// absolute when it lies outside.
    private static func label(for row: PayloadBreakdown.Row, base: String) -> String {
        guard !base.isEmpty else { return row.displayPath }
        if row.path.rawValue == base { return "." }
        guard row.path.rawValue.hasPrefix(base + "/") else { return row.displayPath }
        return String(row.displayPath.dropFirst(base.count + 1))
    }

    private var zeroSavingsText: String {
        guard !report.zeroSavings.isEmpty else { return "" }
        var text = "\nMeasured at 0 bytes (nothing to gain in JSON, as sent or on the device):\n"
        let base = Self.commonBase(of: report.appRegions.map(\.rawValue))
        for finding in report.zeroSavings {
            text +=
                Self.wrapped(Self.relative(finding.title, to: base), width: width, first: "  - ", rest: "    ") + "\n"
        }
        return text
    }

    private var planText: String {
        let plan = report.plan
        let budget = report.budget
        var text =
            Self.wrapped(
                "Plan for target \(report.target) (fewest contract changes first, then fewest bytes; measured with every step applied):",
                width: width) + "\n"
        if plan.suggestionIDs.isEmpty, plan.reachesTarget {
            return text + "  nothing to change: the payload is \(report.tier) already\n"
        }
        let suggestions = Dictionary(report.suggestions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for (index, id) in plan.suggestionIDs.enumerated() {
            text += "  \(index + 1). \(id) (cost: \(suggestions[id].map { "\($0.contractChange)" } ?? "?"))\n"
        }
        text += "  → \(plan.byteCount) of \(budget.limit) bytes, \(plan.tier)"
        if let device = plan.deviceByteCount, let tier = plan.deviceTier, let writer = plan.deviceWriter {
            text += "; on the device \(device) of \(budget.activityKitLimit) bytes, \(tier) (\(writer) writer)"
        }
        text += ": "
        text += plan.reachesTarget ? "reaches \(report.target)\n" : "no plan reaches \(report.target)\n"
        if !report.allowsLossy, let lossy = report.lossyPlan, lossy.byteCount < plan.byteCount {
            // Name what the lossy route reaches and what it costs, so a one-line server cut is
            // not hidden behind an app release.
            let lost = lossy.suggestionIDs.filter { suggestions[$0]?.isLossy == true }
            var line = "with --lossy: \(lossy.byteCount) of \(budget.limit) bytes, \(lossy.tier)"
            if let device = lossy.deviceByteCount, let tier = lossy.deviceTier {
                line += "; on the device \(device) bytes, \(tier)"
            }
            line += lossy.reachesTarget ? ", reaches \(report.target)" : ", still short of \(report.target)"
            let costs = lossy.suggestionIDs.compactMap { suggestions[$0]?.contractChange }
            let worst = costs.max().map { "\($0)" } ?? "none"
            line +=
                ", by \(lossy.suggestionIDs.count) step\(lossy.suggestionIDs.count == 1 ? "" : "s") (costliest: \(worst) change), losing what \(lost.joined(separator: ", ")) drop\(lost.count == 1 ? "s" : "")"
            text += Self.wrapped(line, width: width, first: "  ", rest: "    ") + "\n"
        } else if !report.allowsLossy, report.suggestions.contains(where: \.isLossy) {
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
        return Self.wrapped(text, width: width, rest: "  ") + "\n"
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
