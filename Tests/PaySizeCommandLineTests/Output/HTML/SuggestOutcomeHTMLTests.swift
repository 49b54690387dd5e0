@_spi(Internals) import PaySize
import Testing

@testable import PaySizeCommandLine

/// `paysize suggest --format html`, run in process: the page's structure, read back from its markup.
@Suite("paysize suggest --format html") struct SuggestOutcomeHTMLTests {
    /// The small delivery update of the text tests: 141 bytes as sent, 75 on the device.
    static let small =
        #"{"aps":{"timestamp":1764514800,"event":"update","content-state":{"courierName":"Sam","note":null,"logo":"https:\/\/cdn.example.com\/a.png"}}}"#

    struct Cell {
        var path: String
        var bytes: Int
        var x, y, width, height: Double
    }

    static func page(_ payload: String, _ arguments: [String] = []) -> (
        status: PaySizeCommandLine.ExitStatus, html: String, error: String
    ) {
        let streams = OutputStreams.capturing(standardInput: Array(payload.utf8))
        let status = PaySizeCommand.main(
            arguments: ["suggest", "--format", "html"] + arguments + ["-"], streams: streams)
        return (status, streams.outputText, streams.errorText)
    }

    static func cells(in html: String) throws -> [Cell] {
        let pattern = try Regex(
            #"<rect class="cell" data-path="([^"]*)" data-bytes="(\d+)" data-count="\d+" x="([-\d.]+)" y="([-\d.]+)" width="([\d.]+)" height="([\d.]+)""#
        )
        return html.matches(of: pattern).map { match in
            let text = (1...6).map { String(match.output[$0].substring!) }
            return Cell(
                path: text[0], bytes: Int(text[1])!, x: Double(text[2])!, y: Double(text[3])!, width: Double(text[4])!,
                height: Double(text[5])!)
        }
    }

    @Test("the treemap's cells hold every byte and their areas are proportional to them")
    func treemapCellsHoldEveryByteProportionally() throws {
        let (status, html, error) = Self.page(Self.small)
        #expect(status == .success)
        #expect(error == "")
        let cells = try Self.cells(in: html)
        #expect(
            cells.map(\.path) == [
                "/aps/content-state/logo", "/aps/timestamp", "/aps/content-state", "/aps/content-state/courierName",
                "/aps/event", "/aps/content-state/note", "/aps", "",
            ])
        #expect(cells.map(\.bytes) == [42, 22, 19, 19, 17, 12, 8, 2])
        #expect(cells.reduce(0) { $0 + $1.bytes } == 141)
        #expect(
            html.contains(#"data-total-bytes="141" data-scale-bytes="4608" data-map-top="34" data-map-height="420""#))
        // A byte is 1000 × 420 / 4608 square units; each side is rounded to hundredths.
        let unit = 1000 * 420 / 4608.0
        for cell in cells {
            let tolerance = 0.005 * (cell.width + cell.height) + 0.0001
            #expect(abs(cell.width * cell.height - Double(cell.bytes) * unit) <= tolerance, "\(cell.path)")
            #expect(cell.x >= 0 && cell.x + cell.width <= 30.6 + 0.01 && cell.y >= 34 && cell.y + cell.height <= 454.01)
        }
        // Together, within the sides' rounding: a ten-thousandth of the whole.
        let area = cells.reduce(0) { $0 + $1.width * $1.height }
        #expect(abs(area - 141 * unit) < 0.0001 * 141 * unit)
    }

    @Test("the gauge puts the device figure beside the figure as sent, with the tier bands")
    func gaugeShowsDeviceFigureBesideFigureAsSent() throws {
        let html = Self.page(Self.small).html
        #expect(
            html.contains(
                #"As sent: <span class="verdict tier-safe">safe</span> 141 of 4096 bytes; on the device: <span class="verdict tier-safe">safe</span> 75 of 4096 bytes (the content state as the objc writer writes it). Target: safe (at most 2047 bytes); the plan reaches it."#
            ))
        #expect(
            html.contains(
                ##"<rect class="gauge-bar" data-label="as sent" data-bytes="141" data-tier="safe" x="0" y="73" width="30.6" height="18" fill="#111"/>"##
            ))
        #expect(
            html.contains(
                ##"<rect class="gauge-bar" data-label="on the device (objc writer)" data-bytes="75" data-tier="safe" x="0" y="145" width="16.28" height="18" fill="#111"/>"##
            ))
        #expect(
            html.contains(
                "<tr><th scope=\"row\">on the device (swift writer, not judged)</th><td class=\"num\">75</td>"))
        for tier in ["safe", "monitor", "risky", "critical", "over"] {
            #expect(html.contains("text-anchor=\"middle\">\(tier)</text>"), "\(tier)")
            #expect(html.contains("<rect class=\"band\" data-tier=\"\(tier)\""), "\(tier)")
        }
        for key in [
            "safe: &lt; 2048", "monitor: 2048–3071", "risky: 3072–3583", "critical: 3584–4096", "over: &gt; 4096",
        ] {
            #expect(html.contains("</svg>\(key)</li>"), "\(key)")
        }
        #expect(
            html.contains(
                #"role="img" aria-label="Tier gauge. as sent: 141 of 4096 bytes, safe; on the device (objc writer): 75 of 4096 bytes, safe. Tiers: safe below 2048 bytes, monitor from 2048, risky from 3072, critical from 3584 to 4096, over above 4096.""#
            ))
    }

    @Test("the suggestions come ranked with savings and costs, and the plan before and after")
    func suggestionsAndPlanBeforeAndAfter() throws {
        let html = Self.page(Self.small).html
        let ids = try Regex(#"<li data-id="([^"]*)" data-saved-bytes="(\d+)">"#)
        #expect(
            html.matches(of: ids).map { "\($0.output[1].substring!)=\($0.output[2].substring!)" } == [
                "escaping=3", "drop-nulls=12", "shorter-keys:/aps/content-state=16",
            ])
        #expect(
            html.contains(
                #"<p class="figures">As sent: saves 12 bytes → 129 (safe) <span class="verdict tier-safe">safe</span></p>"#
            ))
        #expect(html.contains("Cost: <strong>server</strong> — server (no app release)"))
        #expect(html.contains("<pre><code>enum CodingKeys: String, CodingKey {\n    case courierName = &quot;c&quot;"))
        #expect(
            html.contains(
                #"<p>Nothing to change: the payload is <span class="verdict tier-safe">safe</span> already.</p>"#))

        let bloated = try String(contentsOfFile: "Examples/shrink/update-match-bloated.json", encoding: .utf8)
        let plan = Self.page(bloated).html
        #expect(plan.contains(#"<caption>Before and after the plan</caption>"#))
        #expect(
            plan.contains(
                #"<tr><th scope="row">as sent (of 4096)</th><td class="num">3677</td><td><span class="verdict tier-critical">critical</span></td><td class="num">2003</td><td><span class="verdict tier-safe">safe</span></td><td class="num">1674</td></tr>"#
            ))
        #expect(
            plan.contains(#"<tr><th scope="row">on the device (of 4096, objc writer)</th><td class="num">3587</td>"#))
    }

    @Test("a hostile key is shown as text, never as markup") func hostileKeyIsShownAsText() throws {
        let payload =
            #"{"aps":{"timestamp":1,"event":"update","content-state":{"<script>alert(1)</script>":1,"a\"b&c":"<img src=x>"}}}"#
        let (status, html, _) = Self.page(payload)
        #expect(status == .success)
        for raw in ["<script", "<img", #"a"b&c"#, "alert(1)</"] {
            #expect(!html.contains(raw), "\(raw)")
        }
        #expect(html.contains(#"data-path="/aps/content-state/&lt;script&gt;alert(1)&lt;~1script&gt;""#))
        #expect(html.contains(#"data-path="/aps/content-state/a&quot;b&amp;c""#))
        #expect(html.contains(#"<td class="path">&lt;script&gt;alert(1)&lt;~1script&gt;</td>"#))
        // Every tag the page opens is one the writer writes.
        let tags = Set(html.matches(of: try Regex(#"<([a-zA-Z][a-zA-Z0-9]*)"#)).map { String($0.output[1].substring!) })
        let written: Set = [
            "html", "head", "meta", "title", "style", "body", "svg", "defs", "pattern", "rect", "line", "main",
            "header",
            "h1", "h2", "h3", "p", "span", "section", "figure", "text", "g", "figcaption", "ul", "li", "div", "table",
            "caption", "thead", "tr", "th", "tbody", "td", "ol", "strong", "code", "pre",
        ]
        #expect(tags.subtracting(written).isEmpty, "\(tags.subtracting(written))")
    }

    @Test("html takes one input and names the formats in its usage error") func htmlTakesOneInput() {
        let streams = OutputStreams.capturing()
        #expect(
            PaySizeCommand.main(arguments: ["suggest", "--format", "html", "a.json", "b.json"], streams: streams)
                == .badInput)
        #expect(
            streams.errorText
                == "paysize: error: '--format html' writes one page, so give one input, found 2 (see 'paysize suggest --help')\n"
        )
        let unknown = OutputStreams.capturing()
        #expect(
            PaySizeCommand.main(arguments: ["suggest", "--format", "xml", "a.json"], streams: unknown) == .badInput)
        #expect(
            unknown.errorText
                == "paysize: error: unknown format 'xml' for '--format'; expected text, json or html (see 'paysize suggest --help')\n"
        )
    }
}
