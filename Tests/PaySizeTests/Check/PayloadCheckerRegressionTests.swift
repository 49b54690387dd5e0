@_spi(Internals) import PaySize
import Testing

/// Payloads the FuzzCheck target (Fuzz/) once failed on, kept as unit tests; each also lives in
/// `Fuzz/Regressions/FuzzCheck/`, replayed before every fuzz run.
@Suite("PayloadChecker regressions") struct PayloadCheckerRegressionTests {
    /// Regressions/FuzzCheck/control-character-in-finding-message.json: a finding quoted the
    /// payload's `event` string raw, so an escaped newline in it split the message (and the text
    /// report) over two lines. Messages are one line (a diagnostic never spans lines); keys are quoted the same way.
    @Test(
        "findings quote payload text on one line",
        arguments: [
            #"{"aps":{"event":"a\nb","timestamp":1}}"#,
            #"{"aps":{"event":"update","timestamp":1,"content-state":{},"x\ty":1,"alert":{"\r":1}},"\u001b[31m":2}"#,
        ])
    func findingsQuotePayloadTextOnOneLine(payload: String) throws {
        let report = try PayloadChecker().check(Array(payload.utf8))
        #expect(!report.findings.isEmpty)
        for finding in report.findings {
            #expect(
                !finding.message.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "\(finding.message.debugDescription)")
        }
    }
}
