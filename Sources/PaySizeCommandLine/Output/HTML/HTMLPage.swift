@_spi(Internals) import PaySize

/// The pieces `--format html` builds its reports from: one self-contained page, its styles, the
/// tier bands and the escaping every string from a payload or a file name goes through.
///
/// A page holds no script and names no resource: its Content-Security-Policy forbids any fetch,
/// so it reads the same with scripts off, offline and printed. Charts are inline SVG with a text
/// alternative and a table beside them; every tier is named in text and drawn with its own
/// pattern, so no figure is carried by colour alone.
enum HTMLPage {
    /// `text` safe inside HTML text and inside a double- or single-quoted attribute value.
    static func escaped(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.unicodeScalars.append(character)
            }
        }
        return result
    }

    /// A coordinate rounded to hundredths, written without a trailing `.0`: SVG attributes stay short
    /// and a reader of `data-` attributes gets the same numbers the drawing uses.
    static func number(_ value: Double) -> String {
        let rounded = (value * 100).rounded() / 100
        if rounded == 0 { return "0" }
        if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int(rounded)) }
        return String(rounded)
    }

    /// `part` of `whole` as a percentage with one decimal (`12.5%`), `0%` when `whole` is 0.
    static func percent(_ part: Int, of whole: Int) -> String {
        guard whole > 0 else { return "0%" }
        let tenths = (Double(part) * 1000 / Double(whole)).rounded()
        return number(tenths / 10) + "%"
    }

    /// The whole document: `title` escaped here, `body` already markup.
    static func document(title: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="generator" content="paysize">
        <title>\(escaped(title))</title>
        <style>
        \(styles)
        </style>
        </head>
        <body>
        \(patternDefinitions)
        <main>
        \(body)
        </main>
        </body>
        </html>

        """
    }

    /// System fonts only (no download); dark text on light fills, every pair above a 7:1 contrast.
    static let styles = """
        :root { color-scheme: light; }
        * { box-sizing: border-box; }
        body { margin: 0; font: 15px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "DejaVu Sans", sans-serif; color: #111; background: #fff; }
        main { max-width: 1160px; margin: 0 auto; padding: 16px; }
        h1 { font-size: 1.45em; margin: 0 0 4px; overflow-wrap: anywhere; }
        h2 { font-size: 1.15em; margin: 28px 0 8px; border-bottom: 1px solid #999; padding-bottom: 2px; }
        p { margin: 6px 0; }
        .lead { font-size: 1.05em; }
        .verdict { display: inline-block; padding: 1px 8px; border: 2px solid #111; border-radius: 4px; font-weight: 700; }
        .tier-safe { background: #d9f0d3; } .tier-monitor { background: #fff2b3; } .tier-risky { background: #ffd9b3; }
        .tier-critical { background: #ffc2c2; } .tier-over { background: #e3c8f0; }
        figure { margin: 8px 0 12px; }
        figcaption { font-size: 0.9em; color: #333; margin-top: 4px; }
        svg.chart { display: block; width: 100%; height: auto; }
        svg.chart text { font-family: system-ui, -apple-system, "DejaVu Sans", sans-serif; fill: #111; }
        .table-wrap { overflow-x: auto; }
        table { border-collapse: collapse; margin: 6px 0 12px; font-size: 0.92em; }
        caption { text-align: left; font-weight: 600; padding: 2px 0 4px; }
        th, td { border: 1px solid #bbb; padding: 3px 8px; vertical-align: top; text-align: left; }
        td.num, th.num { text-align: right; font-variant-numeric: tabular-nums; white-space: nowrap; }
        td.path { font-family: ui-monospace, "DejaVu Sans Mono", monospace; overflow-wrap: anywhere; }
        ol.suggestions > li { margin: 0 0 14px; }
        .figures { margin: 2px 0; }
        pre { background: #f3f3f3; border: 1px solid #ccc; padding: 6px 8px; overflow-x: auto; white-space: pre-wrap; font-size: 0.88em; }
        .key { display: flex; flex-wrap: wrap; gap: 6px 14px; padding: 0; margin: 6px 0; list-style: none; font-size: 0.9em; }
        .swatch { display: inline-block; width: 1.6em; height: 1em; vertical-align: -0.15em; border: 1px solid #111; margin-right: 4px; }
        .note { color: #333; font-size: 0.9em; }
        @media (max-width: 600px) {
          body { font-size: 14px; } main { padding: 10px; } th, td { padding: 2px 5px; } td.path { min-width: 13em; }
        }
        @media print {
          body { font-size: 10pt; } main { max-width: none; padding: 0; }
          h2 { break-after: avoid; } figure, table, li { break-inside: avoid; }
          .table-wrap { overflow: visible; }
          * { -webkit-print-color-adjust: exact; print-color-adjust: exact; }
        }
        """

    /// The light fill of each tier, as text backgrounds and pattern grounds use it.
    static func fill(_ tier: SizeTier) -> String {
        switch tier {
        case .safe: "#d9f0d3"
        case .monitor: "#fff2b3"
        case .risky: "#ffd9b3"
        case .critical: "#ffc2c2"
        case .over: "#e3c8f0"
        }
    }

    /// `url(#tier-…)`: the tier's pattern, defined once per page by ``patternDefinitions``.
    static func pattern(_ tier: SizeTier) -> String { "url(#tier-\(tier.rawValue))" }

    /// One pattern per tier, denser as the tier worsens: plain, sparse lines, dense lines, a
    /// cross-hatch, a dense cross-hatch. Referenced by every chart of the page.
    static var patternDefinitions: String {
        var defs = ""
        let spacing: [SizeTier: (gap: Int, crossed: Bool)] = [
            .safe: (0, false), .monitor: (12, false), .risky: (6, false), .critical: (8, true), .over: (5, true),
        ]
        for tier in SizeTier.allCases {
            let (gap, crossed) = spacing[tier]!
            let size = max(gap, 4)
            defs += "<pattern id=\"tier-\(tier.rawValue)\" width=\"\(size)\" height=\"\(size)\" "
            defs += "patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\">"
            defs += "<rect width=\"\(size)\" height=\"\(size)\" fill=\"\(fill(tier))\"/>"
            if gap > 0 {
                defs += "<line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"\(size)\" stroke=\"#555\" stroke-width=\"1.2\"/>"
                if crossed {
                    defs += "<line x1=\"0\" y1=\"0\" x2=\"\(size)\" y2=\"0\" stroke=\"#555\" stroke-width=\"1.2\"/>"
                }
            }
            defs += "</pattern>"
        }
        return
            "<svg width=\"0\" height=\"0\" style=\"position:absolute\" aria-hidden=\"true\" focusable=\"false\"><defs>\(defs)</defs></svg>"
    }

    /// A key to the tier patterns: each swatch beside its tier's name and bytes.
    static func tierKey(_ budget: PayloadBudget, upperBound: Int) -> String {
        var items = ""
        for band in TierBand.bands(of: budget, upTo: upperBound) {
            items += "<li><svg class=\"swatch\" viewBox=\"0 0 24 14\" aria-hidden=\"true\" focusable=\"false\">"
            items += "<rect width=\"24\" height=\"14\" fill=\"\(pattern(band.tier))\"/></svg>"
            items += "\(band.tier): \(escaped(band.rangeText))</li>"
        }
        return "<ul class=\"key\" aria-label=\"tier key\">\(items)</ul>"
    }

    /// `<span class="verdict tier-…">tier</span>`: a tier named in text on its fill.
    static func verdict(_ tier: SizeTier) -> String {
        "<span class=\"verdict tier-\(tier.rawValue)\">\(tier)</span>"
    }
}

/// The bytes one advisory tier covers under a budget, as the charts draw it.
struct TierBand: Equatable {
    var tier: SizeTier
    /// The first size in the tier.
    var start: Int
    /// The size after the last one drawn (the limit plus one for critical; the chart's end for over).
    var end: Int

    /// `< 2048`, `2048–3071`, `3584–4096`, `> 4096`.
    var rangeText: String {
        switch tier {
        case .safe: "< \(end)"
        case .over: "> \(start - 1)"
        default: "\(start)–\(end - 1)"
        }
    }

    /// Every tier's band from 0 to `upperBound` (the over band only when `upperBound` passes the limit).
    static func bands(of budget: PayloadBudget, upTo upperBound: Int) -> [TierBand] {
        var bands = [
            TierBand(tier: .safe, start: 0, end: budget.monitorThreshold),
            TierBand(tier: .monitor, start: budget.monitorThreshold, end: budget.riskyThreshold),
            TierBand(tier: .risky, start: budget.riskyThreshold, end: budget.criticalThreshold),
            TierBand(tier: .critical, start: budget.criticalThreshold, end: budget.limit + 1),
        ]
        if upperBound > budget.limit + 1 {
            bands.append(TierBand(tier: .over, start: budget.limit + 1, end: upperBound))
        }
        return bands
    }

    /// How far a chart of `budget` runs: an eighth past the limit, so the over band always shows,
    /// or past the largest of `figures`.
    static func chartEnd(_ budget: PayloadBudget, figures: [Int]) -> Int {
        max(budget.limit + budget.limit / 8, (figures.max() ?? 0) + budget.limit / 64)
    }
}
