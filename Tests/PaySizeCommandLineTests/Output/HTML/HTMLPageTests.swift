@_spi(Internals) import PaySize
import Testing

@testable import PaySizeCommandLine

@Suite("HTML page parts") struct HTMLPageTests {
    @Test("escaping covers text and both attribute quotes") func escapingCoversTextAndAttributeQuotes() {
        #expect(
            HTMLPage.escaped(#"<script>"a" & 'b'</script>é"#)
                == "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;é")
    }

    @Test("numbers are written to hundredths without a trailing zero") func numbersAreWrittenToHundredths() {
        #expect(
            [0, -0.001, 30.599, 16.276, 420, 0.1 + 0.2].map(HTMLPage.number) == [
                "0", "0", "30.6", "16.28", "420", "0.3",
            ])
        #expect(HTMLPage.percent(1, of: 8) == "12.5%")
        #expect(HTMLPage.percent(3, of: 0) == "0%")
    }

    @Test("the tier bands follow the budget and the over band only past the limit")
    func tierBandsFollowTheBudget() throws {
        let bands = TierBand.bands(of: PayloadBudget(), upTo: 4608)
        #expect(bands.map(\.rangeText) == ["< 2048", "2048–3071", "3072–3583", "3584–4096", "> 4096"])
        #expect(bands.map(\.tier) == SizeTier.allCases)
        #expect(TierBand.bands(of: PayloadBudget(), upTo: 4097).count == 4)
        let custom = try PayloadBudget(
            limit: 5120, monitorThreshold: 1000, riskyThreshold: 2000, criticalThreshold: 5000)
        #expect(
            TierBand.bands(of: custom, upTo: 6000).map(\.rangeText) == [
                "< 1000", "1000–1999", "2000–4999", "5000–5120", "> 5120",
            ])
        #expect(TierBand.chartEnd(PayloadBudget(), figures: [100]) == 4608)
        #expect(TierBand.chartEnd(PayloadBudget(), figures: [5000]) == 5064)
    }

    @Test("the page forbids every fetch and holds no script") func pageForbidsEveryFetchAndHoldsNoScript() {
        let page = HTMLPage.document(title: "a <b> & c", body: "<p>x</p>")
        #expect(page.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n"))
        #expect(
            page.contains(
                #"<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; img-src data:">"#
            ))
        #expect(page.contains("<title>a &lt;b&gt; &amp; c</title>"))
        #expect(page.contains("@media print"))
        for forbidden in ["<script", "<link", "src=", "href=", "@import", "@font-face", "url(http"] {
            #expect(!page.contains(forbidden), "\(forbidden)")
        }
    }
}
