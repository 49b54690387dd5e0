@_spi(Internals) import PaySize
import Testing

@testable import PaySizeCommandLine

/// `paysize check --summary --format html`, run in process on a log read from standard input.
@Suite("paysize check --summary --format html") struct LogSummaryHTMLTests {
    /// An update whose content state holds `padding` characters of note.
    static func line(_ padding: Int) -> String {
        #"{"aps":{"timestamp":1,"event":"update","content-state":{"note":""# + String(repeating: "x", count: padding)
            + #""}}}"#
    }

    @Test("the page shows the summary's figures, histogram and tiers") func pageShowsSummaryFigures() throws {
        let lines = [Self.line(100), Self.line(2500), Self.line(4100)]
        let sizes = lines.map(\.utf8.count)
        #expect(sizes == [168, 2568, 4168])
        let streams = OutputStreams.capturing(standardInput: Array((lines.joined(separator: "\n") + "\n").utf8))
        let status = PaySizeCommand.main(
            arguments: ["check", "--summary", "--format", "html", "--lines", "-"], streams: streams)
        #expect(status == .violation)
        #expect(streams.errorText == "")
        let html = streams.outputText
        #expect(html.contains("<h1>Log summary: &lt;stdin&gt;</h1>"))
        #expect(html.contains("3 lines: 3 payloads, 0 malformed. <strong>1 payload over on the device</strong>"))
        #expect(
            html.contains(
                #"<tr><th scope="row">payload bytes</th><td class="num">2568</td><td class="num">4168</td><td class="num">4168</td><td class="num">4168</td><td class="num">3</td></tr>"#
            ))
        #expect(html.contains(#"<tr><th scope="row">content-state bytes</th><td class="num">2511</td>"#))
        let buckets = try Regex(#"<rect class="bucket" data-label="([^"]*)" data-count="(\d+)""#)
        let counts = html.matches(of: buckets).map { (String($0.output[1].substring!), Int($0.output[2].substring!)!) }
        #expect(counts.count == 17)
        #expect(counts.filter { $0.1 > 0 }.map { "\($0.0)=\($0.1)" } == ["0–255=1", "2560–2815=1", "over 4096=1"])
        #expect(
            html.contains(
                #"<tr><th scope="row"><span class="verdict tier-monitor">monitor</span></th><td class="num">1</td><td class="num">33.3%</td><td class="num">1</td><td class="num">33.3%</td></tr>"#
            ))
        #expect(html.contains(#"<rect class="share" data-tier="over" data-count="1""#))
        #expect(
            html.contains(
                #"<tr><td class="num">3</td><td class="num">4168</td><td><span class="verdict tier-over">over</span></td></tr>"#
            ))
        #expect(!html.contains("<script"))
    }

    @Test("html needs the summary and one input") func htmlNeedsSummaryAndOneInput() {
        for (arguments, message) in [
            (["check", "--format", "html", "a.json"], "'--format html' draws a summary; add '--summary'"),
            (
                ["check", "--summary", "--format", "html", "a.jsonl", "b.jsonl"],
                "'--format html' writes one page, so give one input, found 2"
            ),
        ] {
            let streams = OutputStreams.capturing()
            #expect(PaySizeCommand.main(arguments: arguments, streams: streams) == .badInput)
            #expect(streams.errorText == "paysize: error: \(message) (see 'paysize check --help')\n")
        }
    }
}
