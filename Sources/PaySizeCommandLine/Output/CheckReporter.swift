@_spi(Internals) import PaySize

/// Writes `paysize check` results in one of the `--format` forms.
protocol CheckReporter {
    /// Reports one input record as soon as it is checked.
    func report(_ outcome: CheckOutcome)
    /// Closes the run with totals, where the format has a place for them.
    func finish(_ summary: CheckSummary)
    /// Reports the summary of one input (a log, or any input with `--summary`).
    func report(_ summary: LogSummary)
    /// Whether ``report(_:largestPaths:)`` shows the paths of the summary's largest payloads, so
    /// the command reads the input again for them.
    var showsLargestPaths: Bool { get }
    /// Reports the summary of one input with the paths of its largest payloads.
    func report(_ summary: LogSummary, largestPaths: LogPathSizes.Outcome)
}

extension CheckReporter {
    var showsLargestPaths: Bool { false }

    func report(_ summary: LogSummary, largestPaths: LogPathSizes.Outcome) {
        report(summary)
    }
}

/// Totals over a `paysize check` run.
struct CheckSummary {
    var budget: PayloadBudget
    var sizeBasis: PayloadSizeBasis
    var tierCounts: [SizeTier: Int] = [:]
    var errorCount = 0
    var warningCount = 0
    var unreadableCount = 0
    var failingCount = 0

    var checkedCount: Int { tierCounts.values.reduce(0, +) }

    mutating func add(_ outcome: CheckOutcome) {
        switch outcome {
        case .unreadable:
            unreadableCount += 1
        case .checked(let payload):
            tierCounts[payload.report.tier, default: 0] += 1
            for finding in payload.report.findings {
                if finding.severity == .error { errorCount += 1 } else { warningCount += 1 }
            }
            if payload.fails { failingCount += 1 }
        }
    }
}

extension OutputFormat {
    /// The reporter of `paysize check` for this format.
    func reporter(streams: OutputStreams) -> any CheckReporter {
        switch self {
        case .text: TextCheckReporter(streams: streams)
        case .json: JSONCheckReporter(streams: streams)
        case .github: GitHubCheckReporter(streams: streams)
        case .html: HTMLCheckReporter(streams: streams)
        }
    }
}

/// Plural-aware counts for prose: `1 byte`, `2 bytes`.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}

extension PayloadFinding {
    /// The message as the text and GitHub formats show it: the contract severity first
    /// (`dropped: `) and the fix after (`; fix: …`) when the finding has them.
    var displayText: String {
        (code.flatMap { $0.isContract ? "\($0): " : nil } ?? "") + message + (fix.map { "; fix: \($0)" } ?? "")
    }
}
