/// Which checked payloads of a log are reported one by one (malformed lines always are).
enum LogReporting: Sendable {
    /// None: `--summary`.
    case summaryOnly
    /// Payloads with findings or at the `--fail-on` tier: the text and GitHub formats.
    case findingsAndFailures
    /// Every payload: `--format json`.
    case everyPayload
}
