/// What checking one segment of a log (a run of whole lines) produced, its lines numbered from 1.
struct LogSegmentResult: Sendable {
    /// The segment's summary, as if it were a log of its own.
    var summary: LogSummary
    /// The records to report, in line order: malformed lines always, payloads as the output asks.
    var outcomes: [CheckOutcome] = []
}
