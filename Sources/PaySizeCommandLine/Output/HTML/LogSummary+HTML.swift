@_spi(Internals) import PaySize

extension LogSummary {
    /// The summary as one self-contained HTML page (`paysize check --summary --format html`): the
    /// figures of the text and JSON summaries, with the size histogram on the tier bands and the
    /// share of pushes per tier drawn beside their tables.
    ///
    /// - Parameter largestPaths: The paths of the ``largestPayloads``, or why the input could not
    ///   be read again for them; `nil` leaves the section out.
    func html(largestPaths: LogPathSizes.Outcome?) -> String {
        var body = "<header><h1>Log summary: \(HTMLPage.escaped(file))</h1><p class=\"lead\">"
        body += "\(counted(lineCount, "line")): \(counted(payloadCount, "payload"))"
        if blankLineCount > 0 { body += ", \(blankLineCount) blank" }
        body += ", \(malformedCount) malformed"
        if !isComplete { body += " <strong>(stopped early: the summary covers the lines read)</strong>" }
        body += ". <strong>\(counted(overOnDeviceCount, "payload")) over on the device</strong> "
        body += "(ActivityKit's \(budget.activityKitLimit)-byte limit, \(HTMLPage.escaped(budget.deviceWriter.phrase)))"
        body += "; \(failingPayloadCount) failing (--fail-on \(failOn)).</p></header>\n"
        body += figuresSection + "\n" + histogramSection + "\n" + tierSection + "\n" + largestSection
        if let largestPaths { body += "\n" + pathsSection(largestPaths) }
        if malformedCount > 0 { body += "\n" + malformedSection }
        return HTMLPage.document(title: "paysize check --summary: \(file)", body: body)
    }

    // MARK: Figures

    private var figuresSection: String {
        var html = "<section aria-labelledby=\"figures-heading\"><h2 id=\"figures-heading\">Sizes</h2>"
        html += "<div class=\"table-wrap\"><table class=\"percentiles\"><caption>Percentiles (nearest rank), in bytes"
        html += "</caption><thead><tr><th scope=\"col\">Figure</th><th scope=\"col\" class=\"num\">p50</th>"
        html += "<th scope=\"col\" class=\"num\">p90</th><th scope=\"col\" class=\"num\">p99</th>"
        html +=
            "<th scope=\"col\" class=\"num\">max</th><th scope=\"col\" class=\"num\">values</th></tr></thead><tbody>"
        let figures = [
            ("payload bytes", payloadBytes), ("content-state bytes", contentStateBytes),
            ("ActivityKit bytes on the device (\(budget.deviceWriter.phrase))", deviceActivityKitBytes),
        ]
        for (name, histogram) in figures {
            html += "<tr><th scope=\"row\">\(HTMLPage.escaped(name))</th>"
            for value in [
                histogram.percentile(50), histogram.percentile(90), histogram.percentile(99), histogram.maximum,
            ] {
                html += "<td class=\"num\">\(value.map(String.init) ?? "none")</td>"
            }
            html += "<td class=\"num\">\(histogram.totalCount)</td></tr>"
        }
        html += "</tbody></table></div>"
        html += "<p>On the device: <strong>\(counted(overOnDeviceCount, "payload")) over</strong> ActivityKit's "
        html += "\(budget.activityKitLimit)-byte limit as \(HTMLPage.escaped(budget.deviceWriter.phrase)) "
        html += "\(budget.deviceWriter == .larger ? "write" : "writes") them.</p>"
        html += "<p>Findings: \(counted(payloadsWithErrors, "payload")) with errors, \(payloadsWithWarnings) with "
        html += "warnings; \(failingPayloadCount) failing (--fail-on \(failOn)).</p></section>"
        return html
    }

    // MARK: Histogram

    private var histogramSection: String {
        let buckets = histogramBuckets
        let end = TierBand.chartEnd(budget, figures: [])
        let plotTop = 40.0
        let plotHeight = 300.0
        let bottom = plotTop + plotHeight
        let largest = max(1, buckets.map(\.count).max() ?? 1)
        var alternative = "Histogram of payload sizes in \(histogramBucketByteCount)-byte buckets on the tier bands "
        alternative += "(\(HTMLChart.tiersInWords(budget))): "
        alternative += buckets.filter { $0.count > 0 }.map { "\($0.label) bytes: \($0.count)" }.joined(separator: "; ")
        alternative += payloadCount == 0 ? "no payloads." : ". The table below lists every bucket."
        var svg = "<svg class=\"chart histogram\" viewBox=\"0 0 1000 \(HTMLPage.number(bottom + 28))\" role=\"img\" "
        svg += "aria-label=\"\(HTMLPage.escaped(alternative))\" data-scale-bytes=\"\(end)\">"
        svg += "<title>\(HTMLPage.escaped(alternative))</title>"
        svg += HTMLChart.bands(budget, end: end, y: 0, height: 32, labelled: true)
        svg += HTMLChart.bands(budget, end: end, y: plotTop, height: plotHeight, labelled: false)
        for bucket in buckets {
            let x0 = HTMLChart.x(bucket.range.lowerBound, end: end)
            let x1 =
                bucket.range.upperBound > budget.limit + 1
                ? HTMLChart.width : HTMLChart.x(bucket.range.upperBound, end: end)
            let barHeight = (plotHeight - 30) * Double(bucket.count) / Double(largest)
            let top = bottom - barHeight
            svg += "<rect class=\"bucket\" data-label=\"\(bucket.label)\" data-count=\"\(bucket.count)\" "
            svg +=
                "x=\"\(HTMLPage.number(x0 + 2))\" y=\"\(HTMLPage.number(top))\" width=\"\(HTMLPage.number(x1 - x0 - 4))\" "
            svg += "height=\"\(HTMLPage.number(barHeight))\" fill=\"#222\">"
            svg += "<title>\(bucket.label) bytes: \(counted(bucket.count, "payload"))</title></rect>"
            if bucket.count > 0 {
                let labelWidth = Double(String(bucket.count).count) * 9 + 6
                svg +=
                    "<rect x=\"\(HTMLPage.number((x0 + x1) / 2 - labelWidth / 2))\" y=\"\(HTMLPage.number(top - 22))\" "
                svg += "width=\"\(HTMLPage.number(labelWidth))\" height=\"19\" fill=\"#fff\"/>"
                svg +=
                    "<text x=\"\(HTMLPage.number((x0 + x1) / 2))\" y=\"\(HTMLPage.number(top - 7))\" font-size=\"15\" "
                svg += "text-anchor=\"middle\">\(bucket.count)</text>"
            }
        }
        svg += HTMLChart.thresholdLines(budget, end: end, top: 0, bottom: bottom)
        svg += HTMLChart.thresholdLabels(budget, end: end, y: bottom + 22)
        svg += "</svg>"

        var table = "<div class=\"table-wrap\"><table class=\"buckets\"><caption>Payload bytes, "
        table += "\(histogramBucketByteCount)-byte buckets</caption><thead><tr><th scope=\"col\">Bytes</th>"
        table += "<th scope=\"col\">Tier</th><th scope=\"col\" class=\"num\">Payloads</th>"
        table += "<th scope=\"col\" class=\"num\">Share</th></tr></thead><tbody>"
        for bucket in buckets {
            let tier = budget.tier(forByteCount: bucket.range.lowerBound)
            table += "<tr><td>\(bucket.label)</td><td>\(tier)"
            if let marker = bucket.marker { table += " (\(HTMLPage.escaped(marker)))" }
            table += "</td><td class=\"num\">\(bucket.count)</td>"
            table += "<td class=\"num\">\(HTMLPage.percent(bucket.count, of: payloadCount))</td></tr>"
        }
        table += "</tbody></table></div>"
        return """
            <section aria-labelledby="histogram-heading"><h2 id="histogram-heading">Payload sizes</h2>
            <figure>\(svg)<figcaption>Payloads per size bucket (bytes as judged) on the tier bands; \
            the last bar counts every payload over the \(budget.limit)-byte limit.</figcaption></figure>
            \(HTMLPage.tierKey(budget, upperBound: end))
            \(table)</section>
            """
    }

    // MARK: Tiers

    private var tierSection: String {
        let deviceTotal = deviceTierCounts.reduce(0, +)
        let rows: [(label: String, counts: [Int], total: Int)] = [
            ("as sent", tierCounts, payloadCount),
            ("on the device (\(budget.deviceWriter.phrase))", deviceTierCounts, deviceTotal),
        ]
        let barHeight = 44.0
        let rowHeight = 80.0
        var alternative = "Share of pushes per tier. "
        alternative +=
            rows.map { row in
                "\(row.label): "
                    + zip(SizeTier.allCases, row.counts).map { "\($1) \($0) (\(HTMLPage.percent($1, of: row.total)))" }
                    .joined(separator: ", ")
            }
            .joined(separator: "; ")
        var svg = "<svg class=\"chart tiers\" viewBox=\"0 0 1000 \(HTMLPage.number(rowHeight * Double(rows.count)))\" "
        svg +=
            "role=\"img\" aria-label=\"\(HTMLPage.escaped(alternative))\"><title>\(HTMLPage.escaped(alternative))</title>"
        for (index, row) in rows.enumerated() {
            let top = rowHeight * Double(index)
            svg += "<text x=\"2\" y=\"\(HTMLPage.number(top + 22))\" font-size=\"20\">"
            svg += "\(HTMLPage.escaped(row.label)): \(counted(row.total, "payload"))</text>"
            var x = 0.0
            let y = top + 30
            guard row.total > 0 else {
                svg +=
                    "<rect x=\"0\" y=\"\(HTMLPage.number(y))\" width=\"1000\" height=\"\(HTMLPage.number(barHeight))\" "
                svg += "fill=\"#fff\" stroke=\"#111\"/>"
                continue
            }
            for (tier, count) in zip(SizeTier.allCases, row.counts) where count > 0 {
                let width = HTMLChart.width * Double(count) / Double(row.total)
                svg +=
                    "<rect class=\"share\" data-tier=\"\(tier)\" data-count=\"\(count)\" x=\"\(HTMLPage.number(x))\" "
                svg +=
                    "y=\"\(HTMLPage.number(y))\" width=\"\(HTMLPage.number(width))\" height=\"\(HTMLPage.number(barHeight))\" "
                svg += "fill=\"\(HTMLPage.pattern(tier))\" stroke=\"#111\"/>"
                // The tier and its share, or the share alone in a narrow segment (its pattern and
                // the table name the tier).
                let share = HTMLPage.percent(count, of: row.total)
                let label = ["\(tier) \(share)", share].first { Double($0.count) * 9.5 + 12 <= width } ?? ""
                let labelWidth = Double(label.count) * 9.5 + 8
                if !label.isEmpty {
                    svg +=
                        "<rect x=\"\(HTMLPage.number(x + width / 2 - labelWidth / 2))\" y=\"\(HTMLPage.number(y + 11))\" "
                    svg += "width=\"\(HTMLPage.number(labelWidth))\" height=\"22\" fill=\"#fff\" rx=\"3\"/>"
                    svg +=
                        "<text x=\"\(HTMLPage.number(x + width / 2))\" y=\"\(HTMLPage.number(y + 28))\" font-size=\"17\" "
                    svg += "text-anchor=\"middle\">\(label)</text>"
                }
                x += width
            }
        }
        svg += "</svg>"
        var table = "<div class=\"table-wrap\"><table class=\"tiers\"><caption>Pushes per tier</caption><thead><tr>"
        table +=
            "<th scope=\"col\">Tier</th><th scope=\"col\" class=\"num\">As sent</th><th scope=\"col\" class=\"num\">Share</th>"
        table +=
            "<th scope=\"col\" class=\"num\">On the device</th><th scope=\"col\" class=\"num\">Share</th></tr></thead><tbody>"
        for tier in SizeTier.allCases {
            table += "<tr><th scope=\"row\">\(HTMLPage.verdict(tier))</th><td class=\"num\">\(count(of: tier))</td>"
            table += "<td class=\"num\">\(HTMLPage.percent(count(of: tier), of: payloadCount))</td>"
            table += "<td class=\"num\">\(deviceCount(of: tier))</td>"
            table += "<td class=\"num\">\(HTMLPage.percent(deviceCount(of: tier), of: deviceTotal))</td></tr>"
        }
        table += "</tbody></table></div>"
        return """
            <section aria-labelledby="tiers-heading"><h2 id="tiers-heading">Pushes per tier</h2>
            <figure>\(svg)<figcaption>Tiers are advisory: \(HTMLChart.tiersInWords(budget)) \
            (ActivityKit's \(budget.activityKitLimit) bytes on the device).</figcaption></figure>
            \(table)</section>
            """
    }

    // MARK: Largest and malformed

    private var largestSection: String {
        var html = "<section aria-labelledby=\"largest-heading\"><h2 id=\"largest-heading\">Largest payloads</h2>"
        guard !largestPayloads.isEmpty else { return html + "<p>None.</p></section>" }
        html += "<div class=\"table-wrap\"><table class=\"largest\"><caption>The \(largestPayloads.count) largest, "
        html += "largest first</caption><thead><tr><th scope=\"col\" class=\"num\">Line</th>"
        html += "<th scope=\"col\" class=\"num\">Bytes</th><th scope=\"col\">Tier</th></tr></thead><tbody>"
        for payload in largestPayloads {
            html += "<tr><td class=\"num\">\(payload.line)</td><td class=\"num\">\(payload.payloadByteCount)</td>"
            html += "<td>\(HTMLPage.verdict(budget.tier(forByteCount: payload.payloadByteCount)))</td></tr>"
        }
        return html + "</tbody></table></div></section>"
    }

    /// Paths shown: enough to name where most bytes go, few enough to read at a glance.
    static let shownPathCount = 15

    private func pathsSection(_ outcome: LogPathSizes.Outcome) -> String {
        var html = "<section aria-labelledby=\"paths-heading\"><h2 id=\"paths-heading\">"
        let sizes: LogPathSizes
        switch outcome {
        case .unavailable(let reason): return html + "Largest paths</h2><p>\(HTMLPage.escaped(reason))</p></section>"
        case .collected(let collected): sizes = collected
        }
        html += "Largest paths in the \(counted(sizes.payloadCount, "largest payload"))</h2>"
        guard sizes.payloadCount > 0 else { return html + "<p>None.</p></section>" }
        html += "<p class=\"note\">The summary keeps its \(LogSummary.keptLineCount) largest payloads; these "
        html += "are read again and split by path as <code>paysize suggest</code> splits one (compact JSON: "
        html += "keys, values and punctuation; array elements folded into <code>*</code>, numbered keys into one "
        html += "family), then added up per path over those \(sizes.payloadCount) payloads, "
        html += "\(sizes.byteCount) bytes in all.</p>"
        let rows = sizes.rows
        html += "<div class=\"table-wrap\"><table class=\"paths\"><caption>The \(min(rows.count, Self.shownPathCount)) "
        html += "of \(counted(rows.count, "path")) with the most bytes, most first</caption><thead><tr>"
        html += "<th scope=\"col\">Path</th><th scope=\"col\" class=\"num\">Total bytes</th>"
        html += "<th scope=\"col\" class=\"num\">Share</th><th scope=\"col\" class=\"num\">Most in one</th>"
        html += "<th scope=\"col\" class=\"num\">Payloads with it</th></tr></thead><tbody>"
        for row in rows.prefix(Self.shownPathCount) {
            html += "<tr><td class=\"path\">\(HTMLPage.escaped(row.path.description))</td>"
            html += "<td class=\"num\">\(row.totalBytes)</td>"
            html += "<td class=\"num\">\(HTMLPage.percent(row.totalBytes, of: sizes.byteCount))</td>"
            html += "<td class=\"num\">\(row.maximumBytes)</td>"
            html += "<td class=\"num\">\(row.payloadCount) of \(sizes.payloadCount)</td></tr>"
        }
        return html + "</tbody></table></div></section>"
    }

    private var malformedSection: String {
        var html =
            "<section aria-labelledby=\"malformed-heading\"><h2 id=\"malformed-heading\">Malformed lines</h2><ul>"
        for malformed in firstMalformedLines {
            let place = malformed.column.map { "\(malformed.line):\($0)" } ?? "\(malformed.line)"
            html +=
                "<li><code>\(HTMLPage.escaped("\(file):\(place)"))</code>: \(HTMLPage.escaped(malformed.message))</li>"
        }
        if malformedCount > firstMalformedLines.count {
            html += "<li>… \(malformedCount - firstMalformedLines.count) more</li>"
        }
        return html + "</ul></section>"
    }
}
