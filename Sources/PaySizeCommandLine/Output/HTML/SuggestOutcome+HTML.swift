@_spi(Internals) import PaySize

extension SuggestOutcome {
    /// The treemap's drawing area, under the band strip: 1000 by ``treemapHeight`` units.
    static let treemapTop = 34.0
    static let treemapHeight = 420.0
    /// Light fills for the treemap's cells, one per top-level member; dark text reads on each.
    static let cellFills = ["#9ecae1", "#c7e9c0", "#fdd0a2", "#dadaeb", "#fcbba1", "#c6dbef", "#fee391", "#d9d9d9"]

    /// The report as one self-contained HTML page (`paysize suggest --format html`): the tier
    /// gauge with the device figure beside the figure as sent, the treemap of the bytes by path,
    /// the suggestions, the plan before and after, the redundancy figure and what `--apply` wrote.
    var html: String {
        let budget = report.budget
        var body = "<header><h1>Where the bytes go: \(HTMLPage.escaped(name))</h1>"
        body +=
            "<p class=\"lead\">As sent: \(HTMLPage.verdict(report.tier)) \(report.byteCount) of \(budget.limit) bytes"
        if let device = report.deviceByteCount, let tier = report.deviceTier, let writer = report.deviceWriter {
            body += "; on the device: \(HTMLPage.verdict(tier)) \(device) of \(budget.activityKitLimit) bytes "
            body += "(\(deviceParts) as the \(writer) writer writes it)"
        }
        body += ". Target: \(report.target) (\(HTMLPage.escaped(Self.ceilingText(budget, report.target))))"
        body += report.plan.reachesTarget ? "; the plan reaches it." : "; no plan reaches it."
        body += "</p>"
        if seriesCount > 1 {
            body +=
                "<p>The largest of \(seriesCount) payloads in the series; the others show which values strings take and which members never change.</p>"
        }
        body += "</header>\n"
        body += gaugeSection + "\n" + treemapSection + "\n" + suggestionsSection + "\n" + planSection + "\n"
        body += redundancySection
        if let applied { body += "\n" + appliedSection(applied) }
        return HTMLPage.document(title: "paysize suggest: \(name)", body: body)
    }

    private var deviceParts: String {
        report.deviceFigureHoldsAttributes ? "attributes and content state" : "the content state"
    }

    // MARK: Gauge

    /// The figures the gauge draws: as sent, on the device, and both after the plan.
    private var gaugeRows: [(label: String, bytes: Int, limit: Int, tier: SizeTier, budget: PayloadBudget)] {
        let budget = report.budget
        var rows = [("as sent", report.byteCount, budget.limit, report.tier, budget)]
        if let device = report.deviceByteCount, let tier = report.deviceTier, let writer = report.deviceWriter {
            rows.append(
                ("on the device (\(writer) writer)", device, budget.activityKitLimit, tier, budget.activityKitBudget))
        }
        if !report.plan.suggestionIDs.isEmpty {
            rows.append(("after the plan, as sent", report.plan.byteCount, budget.limit, report.plan.tier, budget))
            if let device = report.plan.deviceByteCount, let tier = report.plan.deviceTier {
                rows.append(
                    ("after the plan, on the device", device, budget.activityKitLimit, tier, budget.activityKitBudget))
            }
        }
        return rows
    }

    private var gaugeSection: String {
        let budget = report.budget
        let rows = gaugeRows
        let end = TierBand.chartEnd(budget, figures: rows.map(\.bytes))
        let rowHeight = 72.0
        let height = 36 + rowHeight * Double(rows.count) + 28
        var alternative = "Tier gauge. "
        alternative += rows.map { "\($0.label): \($0.bytes) of \($0.limit) bytes, \($0.tier)" }.joined(separator: "; ")
        alternative += ". Tiers: \(HTMLChart.tiersInWords(budget))."
        var svg = "<svg class=\"chart gauge\" viewBox=\"0 0 1000 \(HTMLPage.number(height))\" role=\"img\" "
        svg += "aria-label=\"\(HTMLPage.escaped(alternative))\" data-scale-bytes=\"\(end)\">"
        svg += "<title>\(HTMLPage.escaped(alternative))</title>"
        svg += HTMLChart.bands(budget, end: end, y: 0, height: 32, labelled: true)
        for (index, row) in rows.enumerated() {
            let top = 36 + rowHeight * Double(index)
            svg += "<text x=\"4\" y=\"\(HTMLPage.number(top + 20))\" font-size=\"20\">"
            svg += "\(HTMLPage.escaped(row.label)): \(row.bytes) of \(row.limit) bytes — \(row.tier)</text>"
            svg += HTMLChart.bands(row.budget, end: end, y: top + 28, height: 36, labelled: false)
            let width = HTMLChart.x(row.bytes, end: end)
            svg +=
                "<rect class=\"gauge-bar\" data-label=\"\(HTMLPage.escaped(row.label))\" data-bytes=\"\(row.bytes)\" "
            svg +=
                "data-tier=\"\(row.tier)\" x=\"0\" y=\"\(HTMLPage.number(top + 37))\" width=\"\(HTMLPage.number(width))\" "
            svg += "height=\"18\" fill=\"#111\"/>"
        }
        svg += HTMLChart.thresholdLines(budget, end: end, top: 0, bottom: height - 26)
        svg += HTMLChart.thresholdLabels(budget, end: end, y: height - 6)
        svg += "</svg>"

        var table = "<div class=\"table-wrap\"><table class=\"gauge-figures\"><caption>The figures</caption>"
        table += "<thead><tr><th scope=\"col\">Figure</th><th scope=\"col\" class=\"num\">Bytes</th>"
        table += "<th scope=\"col\" class=\"num\">Limit</th><th scope=\"col\" class=\"num\">Headroom</th>"
        table += "<th scope=\"col\">Tier</th></tr></thead><tbody>"
        for row in rows {
            table += "<tr><th scope=\"row\">\(HTMLPage.escaped(row.label))</th><td class=\"num\">\(row.bytes)</td>"
            table += "<td class=\"num\">\(row.limit)</td><td class=\"num\">\(row.limit - row.bytes)</td>"
            table += "<td>\(HTMLPage.verdict(row.tier))</td></tr>"
        }
        if let counts = report.deviceByteCounts, let writer = report.deviceWriter {
            let other: JSONWriter = writer == .objc ? .swift : .objc
            table += "<tr><th scope=\"row\">on the device (\(other) writer, not judged)</th>"
            table += "<td class=\"num\">\(counts[other])</td><td class=\"num\">\(budget.activityKitLimit)</td>"
            table += "<td class=\"num\">\(budget.activityKitLimit - counts[other])</td>"
            table += "<td>\(HTMLPage.verdict(budget.activityKitBudget.tier(forByteCount: counts[other])))</td></tr>"
        }
        table += "</tbody></table></div>"
        return """
            <section aria-labelledby="gauge-heading"><h2 id="gauge-heading">Tier gauge</h2>
            <figure>\(svg)<figcaption>Each black bar is a figure against the tier bands (its limit's \
            bands: ActivityKit's \(budget.activityKitLimit) bytes on the device); dashed lines at \
            \(HTMLChart.thresholds(budget).map(String.init).joined(separator: ", ")) bytes.</figcaption></figure>
            \(HTMLPage.tierKey(budget, upperBound: end))
            \(table)</section>
            """
    }

    // MARK: Treemap

    private var treemapSection: String {
        let budget = report.budget
        let rows = report.breakdown.rows
        let base = Self.commonBase(of: report.appRegions.map(\.rawValue))
        let end = TierBand.chartEnd(budget, figures: [report.byteCount])
        let mapWidth = HTMLChart.x(report.byteCount, end: end)
        let bottom = Self.treemapTop + Self.treemapHeight
        let treemap = SquarifiedTreemap(
            weights: rows.map(\.totalBytes),
            bounds: .init(x: 0, y: Self.treemapTop, width: mapWidth, height: Self.treemapHeight))
        let groups = Self.groups(of: rows, base: base)
        var alternative =
            "Treemap of the \(report.byteCount) bytes by path, on an axis to \(end) bytes with the tier bands"
        alternative += " (\(HTMLChart.tiersInWords(budget))); the payload reaches the \(report.tier) band. Largest: "
        alternative +=
            rows.prefix(5).map { "\(Self.label(for: $0, base: base)) \($0.totalBytes) bytes" }.joined(separator: ", ")
        alternative += ". The table below lists every path."
        var svg = "<svg class=\"chart treemap\" viewBox=\"0 0 1000 \(HTMLPage.number(bottom + 26))\" role=\"img\" "
        svg += "aria-label=\"\(HTMLPage.escaped(alternative))\" data-total-bytes=\"\(report.byteCount)\" "
        svg += "data-scale-bytes=\"\(end)\" data-map-top=\"\(HTMLPage.number(Self.treemapTop))\" "
        svg += "data-map-height=\"\(HTMLPage.number(Self.treemapHeight))\">"
        svg += "<title>\(HTMLPage.escaped(alternative))</title>"
        svg += HTMLChart.bands(budget, end: end, y: 0, height: 30, labelled: true)
        svg += HTMLChart.bands(budget, end: end, y: Self.treemapTop, height: Self.treemapHeight, labelled: false)
        for (index, (row, rectangle)) in zip(rows, treemap.rectangles).enumerated() where row.totalBytes > 0 {
            let label = Self.label(for: row, base: base)
            let fill = Self.cellFills[groups[index] % Self.cellFills.count]
            svg += "<g class=\"cell\"><rect class=\"cell\" data-path=\"\(HTMLPage.escaped(row.path.rawValue))\" "
            svg += "data-bytes=\"\(row.totalBytes)\" data-count=\"\(row.count)\" "
            svg += "x=\"\(HTMLPage.number(rectangle.x))\" y=\"\(HTMLPage.number(rectangle.y))\" "
            svg += "width=\"\(HTMLPage.number(rectangle.width))\" height=\"\(HTMLPage.number(rectangle.height))\" "
            svg += "fill=\"\(fill)\" stroke=\"#111\" stroke-width=\"1\">"
            svg += "<title>\(HTMLPage.escaped(label)): \(counted(row.totalBytes, "byte")), ×\(row.count)</title></rect>"
            svg += Self.cellLabel(label, bytes: row.totalBytes, in: rectangle)
            svg += "</g>"
        }
        svg += HTMLChart.thresholdLines(budget, end: end, top: 0, bottom: bottom)
        svg += HTMLChart.thresholdLabels(budget, end: end, y: bottom + 22)
        svg += "</svg>"

        var table = "<div class=\"table-wrap\"><table class=\"breakdown\"><caption>Every path, largest first"
        if !base.isEmpty { table += " (paths without a leading / are relative to \(HTMLPage.escaped(base)))" }
        table += "</caption><thead><tr><th scope=\"col\">Path</th><th scope=\"col\" class=\"num\">Count</th>"
        table += "<th scope=\"col\" class=\"num\">Key bytes</th><th scope=\"col\" class=\"num\">Value bytes</th>"
        table += "<th scope=\"col\" class=\"num\">Punctuation</th><th scope=\"col\" class=\"num\">Total</th>"
        table += "<th scope=\"col\" class=\"num\">Share</th></tr></thead><tbody>"
        for row in rows {
            table += "<tr><td class=\"path\">\(HTMLPage.escaped(Self.label(for: row, base: base)))</td>"
            table += "<td class=\"num\">×\(row.count)</td><td class=\"num\">\(row.keyBytes)</td>"
            table += "<td class=\"num\">\(row.valueBytes)</td><td class=\"num\">\(row.punctuationBytes)</td>"
            table += "<td class=\"num\">\(row.totalBytes)</td>"
            table += "<td class=\"num\">\(HTMLPage.percent(row.totalBytes, of: report.byteCount))</td></tr>"
        }
        table += "<tr><th scope=\"row\">total</th><td></td><td></td><td></td><td></td>"
        table += "<td class=\"num\">\(report.byteCount)</td><td class=\"num\">100%</td></tr></tbody></table></div>"
        return """
            <section aria-labelledby="treemap-heading"><h2 id="treemap-heading">Where the bytes go</h2>
            <figure>\(svg)<figcaption>Compact JSON by path: each rectangle's area is its bytes, on the \
            same scale as the tier bands behind it, so the payload's right edge lands in its tier. \
            Array elements and numbered keys (item_*_price) are folded into one path.</figcaption></figure>
            \(table)</section>
            """
    }

    /// A cell's path and bytes when they fit in it (its last component when the path does not),
    /// else its bytes alone, else nothing: the cell's `title` and the table carry every path.
    private static func cellLabel(_ label: String, bytes: Int, in rectangle: SquarifiedTreemap.Rectangle) -> String {
        let characterWidth = 9.0
        func fits(_ text: String) -> Bool { Double(text.count) * characterWidth + 8 <= rectangle.width }
        guard rectangle.height >= 24 else { return "" }
        let last = label.split(separator: "/").last.map(String.init) ?? label
        var lines: [String]
        if let name = [label, last].first(where: fits) {
            lines = [name]
            if rectangle.height >= 44, fits("\(bytes) B") { lines.append("\(bytes) B") }
        } else if fits("\(bytes)") {
            lines = ["\(bytes)"]
        } else {
            return ""
        }
        var svg = ""
        for (index, line) in lines.enumerated() {
            svg += "<text x=\"\(HTMLPage.number(rectangle.x + 4))\" "
            svg +=
                "y=\"\(HTMLPage.number(rectangle.y + 18 + 20 * Double(index)))\" font-size=\"15\" aria-hidden=\"true\">"
            svg += HTMLPage.escaped(line) + "</text>"
        }
        return svg
    }

    /// For each row, the index of its first path component under `base` among those seen, so the
    /// cells of one member share a fill.
    private static func groups(of rows: [PayloadBreakdown.Row], base: String) -> [Int] {
        var seen: [String: Int] = [:]
        return rows.map { row in
            var path = row.path.rawValue
            if !base.isEmpty, path.hasPrefix(base + "/") { path.removeFirst(base.count + 1) }
            let first = path.split(separator: "/", maxSplits: 1).first.map(String.init) ?? ""
            if let group = seen[first] { return group }
            seen[first] = seen.count
            return seen.count - 1
        }
    }

    // MARK: Suggestions

    private var suggestionsSection: String {
        let base = Self.commonBase(of: report.appRegions.map(\.rawValue))
        var html = "<section aria-labelledby=\"suggestions-heading\"><h2 id=\"suggestions-heading\">Suggestions</h2>"
        guard !report.suggestions.isEmpty else {
            return html + "<p>None: no strategy saves a byte on this payload.</p>" + zeroSavingsHTML + "</section>"
        }
        html += "<p class=\"note\">Cheapest contract change first (none, then server, then app), then largest saving; "
        html += "each measured alone on this payload"
        if !base.isEmpty { html += "; paths relative to \(HTMLPage.escaped(base))" }
        html += ".</p><ol class=\"suggestions\">"
        for suggestion in report.suggestions {
            html += "<li data-id=\"\(HTMLPage.escaped(suggestion.id))\" data-saved-bytes=\"\(suggestion.savedBytes)\">"
            html += "<p><strong>\(HTMLPage.escaped(Self.relative(suggestion.title, to: base)))</strong></p>"
            html += "<p class=\"figures\">As sent: "
            html += HTMLPage.escaped(
                Self.savingText(suggestion.savedBytes, after: suggestion.byteCount, tier: suggestion.newTier))
            html += " \(HTMLPage.verdict(suggestion.newTier))</p>"
            if let device = Self.deviceSavingText(suggestion) {
                html += "<p class=\"figures\">On the device \(HTMLPage.escaped(device))</p>"
            }
            html += "<p class=\"figures\">Cost: <strong>\(suggestion.contractChange)</strong> — "
            html += HTMLPage.escaped(Self.costText(suggestion.contractChange))
            if suggestion.isLossy { html += " · <strong>lossy</strong>" }
            html += " · id <code>\(HTMLPage.escaped(suggestion.id))</code></p>"
            html += Self.instructionsHTML(Self.relative(suggestion.howToApply, to: base))
            html += "</li>"
        }
        return html + "</ol>" + zeroSavingsHTML + "</section>"
    }

    /// A suggestion's instructions: prose lines as paragraphs, runs of Swift code as one `pre` block.
    private static func instructionsHTML(_ text: String) -> String {
        var html = ""
        var code: [String] = []
        func flush() {
            guard !code.isEmpty else { return }
            html += "<pre><code>" + HTMLPage.escaped(code.joined(separator: "\n")) + "</code></pre>"
            code = []
        }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if isCode(line), !line.isEmpty {
                code.append(String(line))
            } else if !line.isEmpty {
                flush()
                html += "<p>\(HTMLPage.escaped(String(line)))</p>"
            }
        }
        flush()
        return html
    }

    private var zeroSavingsHTML: String {
        guard !report.zeroSavings.isEmpty else { return "" }
        let base = Self.commonBase(of: report.appRegions.map(\.rawValue))
        var html =
            "<h3>Measured at 0 bytes</h3><p class=\"note\">Nothing to gain in JSON, as sent or on the device.</p><ul>"
        for finding in report.zeroSavings {
            html += "<li>\(HTMLPage.escaped(Self.relative(finding.title, to: base)))</li>"
        }
        return html + "</ul>"
    }

    // MARK: Plan

    private var planSection: String {
        let plan = report.plan
        let budget = report.budget
        var html =
            "<section aria-labelledby=\"plan-heading\"><h2 id=\"plan-heading\">Plan for target \(report.target)</h2>"
        html +=
            "<p class=\"note\">Fewest contract changes first, then fewest bytes; measured with every step applied.</p>"
        if plan.suggestionIDs.isEmpty, plan.reachesTarget {
            return html + "<p>Nothing to change: the payload is \(HTMLPage.verdict(report.tier)) already.</p></section>"
        }
        let suggestions = Dictionary(report.suggestions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        html += "<ol class=\"plan-steps\">"
        for id in plan.suggestionIDs {
            let suggestion = suggestions[id]
            html += "<li><code>\(HTMLPage.escaped(id))</code>"
            if let suggestion {
                html +=
                    " — \(HTMLPage.escaped(Self.relative(suggestion.title, to: Self.commonBase(of: report.appRegions.map(\.rawValue)))))"
                html += " (cost: \(suggestion.contractChange); saves \(suggestion.savedBytes) alone)"
            }
            html += "</li>"
        }
        html += "</ol>"
        html += "<div class=\"table-wrap\"><table class=\"plan\"><caption>Before and after the plan</caption>"
        html +=
            "<thead><tr><th scope=\"col\"></th><th scope=\"col\" class=\"num\">Before</th><th scope=\"col\">Tier</th>"
        html += "<th scope=\"col\" class=\"num\">After</th><th scope=\"col\">Tier</th>"
        html += "<th scope=\"col\" class=\"num\">Saved</th></tr></thead><tbody>"
        html += "<tr><th scope=\"row\">as sent (of \(budget.limit))</th><td class=\"num\">\(report.byteCount)</td>"
        html += "<td>\(HTMLPage.verdict(report.tier))</td><td class=\"num\">\(plan.byteCount)</td>"
        html +=
            "<td>\(HTMLPage.verdict(plan.tier))</td><td class=\"num\">\(report.byteCount - plan.byteCount)</td></tr>"
        if let before = report.deviceByteCount, let beforeTier = report.deviceTier, let after = plan.deviceByteCount,
            let afterTier = plan.deviceTier
        {
            let writer = plan.deviceWriter ?? report.deviceWriter
            html += "<tr><th scope=\"row\">on the device (of \(budget.activityKitLimit)"
            html += writer.map { ", \($0) writer" } ?? ""
            html += ")</th><td class=\"num\">\(before)</td><td>\(HTMLPage.verdict(beforeTier))</td>"
            html += "<td class=\"num\">\(after)</td><td>\(HTMLPage.verdict(afterTier))</td>"
            html += "<td class=\"num\">\(before - after)</td></tr>"
        }
        html += "</tbody></table></div>"
        html +=
            "<p><strong>\(plan.reachesTarget ? "Reaches \(report.target)." : "No plan reaches \(report.target).")</strong></p>"
        if !report.allowsLossy, let lossy = report.lossyPlan, lossy.byteCount < plan.byteCount {
            let lost = lossy.suggestionIDs.filter { suggestions[$0]?.isLossy == true }
            var line = "With --lossy: \(lossy.byteCount) of \(budget.limit) bytes, \(lossy.tier)"
            if let device = lossy.deviceByteCount, let tier = lossy.deviceTier {
                line += "; on the device \(device) bytes, \(tier)"
            }
            line += lossy.reachesTarget ? ", reaches \(report.target)" : ", still short of \(report.target)"
            line += ", losing what \(lost.joined(separator: ", ")) drop\(lost.count == 1 ? "s" : "")."
            html += "<p>\(HTMLPage.escaped(line))</p>"
        } else if !report.allowsLossy, report.suggestions.contains(where: \.isLossy) {
            html += "<p class=\"note\">Lossy suggestions were left out; --lossy lets them join.</p>"
        }
        return html + "</section>"
    }

    // MARK: Redundancy and --apply

    private var redundancySection: String {
        var text = "zstd (level 19) packs the \(redundancy.byteCount) bytes into \(redundancy.zstdByteCount)"
        text += " (\(HTMLPage.percent(redundancy.zstdByteCount, of: redundancy.byteCount)))"
        if let withDictionary = redundancy.dictionaryZstdByteCount, let source = dictionarySource,
            let size = redundancy.dictionaryByteCount
        {
            text += "; with \(source) (\(size) bytes), into \(withDictionary)"
            text += " (\(HTMLPage.percent(withDictionary, of: redundancy.byteCount)))"
        }
        return
            "<section aria-labelledby=\"redundancy-heading\"><h2 id=\"redundancy-heading\">Redundancy</h2><p>\(HTMLPage.escaped(text)).</p></section>"
    }

    private func appliedSection(_ applied: Applied) -> String {
        var text = "Wrote \(applied.file): \(counted(applied.byteCount, "byte")) (\(applied.tier))"
        if let bytes = applied.deviceByteCount, let tier = applied.deviceTier {
            text += "; on the device \(counted(bytes, "byte")) (\(tier))"
        }
        text +=
            applied.suggestionIDs.isEmpty
            ? "; nothing applied (no step of the plan works without an app change)"
            : "; applied: " + applied.suggestionIDs.joined(separator: ", ")
        return
            "<section aria-labelledby=\"applied-heading\"><h2 id=\"applied-heading\">Applied</h2><p>\(HTMLPage.escaped(text)).</p></section>"
    }
}
