/// `paysize check --summary --format html`: the input's summary as one self-contained page.
///
/// The command accepts the format only with `--summary` and one input, so the page is the whole
/// output; an unreadable input goes to standard error as in the text format.
struct HTMLCheckReporter: CheckReporter {
    let streams: OutputStreams

    func report(_ outcome: CheckOutcome) {
        if case .unreadable(let error) = outcome { streams.writeError(error.diagnostic + "\n") }
    }

    func finish(_ summary: CheckSummary) {}

    func report(_ summary: LogSummary) {
        streams.writeOutput(summary.html(largestPaths: nil))
    }

    var showsLargestPaths: Bool { true }

    func report(_ summary: LogSummary, largestPaths: LogPathSizes.Outcome) {
        streams.writeOutput(summary.html(largestPaths: largestPaths))
    }
}
