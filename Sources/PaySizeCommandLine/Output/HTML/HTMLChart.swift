@_spi(Internals) import PaySize

/// The parts the reports' SVG charts share: a byte axis 1000 units wide, the tier bands drawn
/// along it (pattern and name), the threshold lines and their byte labels.
enum HTMLChart {
    /// The width of every chart's coordinate system.
    static let width = 1000.0

    /// Where `bytes` falls on a chart whose axis runs from 0 to `end` bytes.
    static func x(_ bytes: Int, end: Int) -> Double { width * Double(bytes) / Double(end) }

    /// The tier bands from `y` down `height` units, each filled with its tier's pattern; with
    /// `labelled`, the tier's name is written in the band (in a box, so the pattern never crosses it).
    static func bands(_ budget: PayloadBudget, end: Int, y: Double, height: Double, labelled: Bool) -> String {
        var svg = ""
        for band in TierBand.bands(of: budget, upTo: end) {
            let x0 = x(band.start, end: end)
            let x1 = x(min(band.end, end), end: end)
            svg += "<rect class=\"band\" data-tier=\"\(band.tier)\" x=\"\(HTMLPage.number(x0))\" "
            svg +=
                "y=\"\(HTMLPage.number(y))\" width=\"\(HTMLPage.number(x1 - x0))\" height=\"\(HTMLPage.number(height))\" "
            svg += "fill=\"\(HTMLPage.pattern(band.tier))\"/>"
            if labelled {
                let name = "\(band.tier)"
                let boxWidth = Double(name.count) * 11 + 10
                if x1 - x0 >= boxWidth + 4 {
                    let middle = (x0 + x1) / 2
                    svg += "<rect x=\"\(HTMLPage.number(middle - boxWidth / 2))\" y=\"\(HTMLPage.number(y + 3))\" "
                    svg += "width=\"\(HTMLPage.number(boxWidth))\" height=\"\(HTMLPage.number(height - 6))\" "
                    svg += "fill=\"#fff\" stroke=\"#111\" stroke-width=\"1\" rx=\"3\"/>"
                    svg += "<text x=\"\(HTMLPage.number(middle))\" y=\"\(HTMLPage.number(y + height / 2 + 6))\" "
                    svg += "font-size=\"18\" text-anchor=\"middle\">\(name)</text>"
                }
            }
        }
        return svg
    }

    /// Dashed lines at the three thresholds and at the limit, from `top` to `bottom`.
    static func thresholdLines(_ budget: PayloadBudget, end: Int, top: Double, bottom: Double) -> String {
        var svg = ""
        for threshold in thresholds(budget) where threshold < end {
            let position = HTMLPage.number(x(threshold, end: end))
            svg += "<line x1=\"\(position)\" y1=\"\(HTMLPage.number(top))\" x2=\"\(position)\" "
            svg += "y2=\"\(HTMLPage.number(bottom))\" stroke=\"#111\" stroke-width=\"2\" stroke-dasharray=\"6 4\"/>"
        }
        return svg
    }

    /// The byte figure of each threshold and of the limit, written under the axis at `y`.
    static func thresholdLabels(_ budget: PayloadBudget, end: Int, y: Double) -> String {
        var svg = "<text x=\"2\" y=\"\(HTMLPage.number(y))\" font-size=\"18\">0</text>"
        for threshold in thresholds(budget) where threshold < end {
            svg += "<text x=\"\(HTMLPage.number(x(threshold, end: end)))\" y=\"\(HTMLPage.number(y))\" "
            svg += "font-size=\"18\" text-anchor=\"middle\">\(threshold)</text>"
        }
        return svg
    }

    /// Where monitor, risky and critical start, and the limit.
    static func thresholds(_ budget: PayloadBudget) -> [Int] {
        [budget.monitorThreshold, budget.riskyThreshold, budget.criticalThreshold, budget.limit]
    }

    /// The tiers in words, for a chart's text alternative: `safe below 2048 bytes, monitor from
    /// 2048, risky from 3072, critical from 3584 to 4096, over above 4096`.
    static func tiersInWords(_ budget: PayloadBudget) -> String {
        "safe below \(budget.monitorThreshold) bytes, monitor from \(budget.monitorThreshold), "
            + "risky from \(budget.riskyThreshold), critical from \(budget.criticalThreshold) to \(budget.limit), "
            + "over above \(budget.limit)"
    }
}
