import PaySizeCommandLine
import Testing

/// `paysize check` inputs the FuzzCheck target once failed on (Fuzz/Regressions/FuzzCheck/), run
/// in process as the fuzz target runs them.
@Suite("paysize check regressions") struct CheckCommandRegressionTests {
    /// Bad input gets exactly one line on standard error, even when a key holds control characters.
    @Test(
        "a control character in a key gives one diagnostic line",
        arguments: [
            (#"{"a\nb":x}"#, #"<stdin>:1:9: error: /a\nb: expected a JSON value, found 'x' (byte 8)"#),
            (
                #"{"a\tb":1,"a\tb":2}"#,
                #"<stdin>:1:11: error: (root): expected unique keys, found duplicate key 'a\tb' (first at byte 1) (byte 10)"#
            ),
        ])
    func controlCharacterKeyGivesOneDiagnosticLine(payload: String, diagnostic: String) {
        for format in ["text", "json", "github"] {
            let streams = OutputStreams.capturing(standardInput: Array(payload.utf8))
            let status = PaySizeCommand.main(arguments: ["check", "--format", format, "-"], streams: streams)
            #expect(status == .badInput)
            #expect(streams.errorText == diagnostic + "\n", "--format \(format)")
        }
    }
}
