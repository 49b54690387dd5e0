@_spi(Internals) import PaySize

/// The summary of one input: payloads per tier, size percentiles, malformed lines, the largest
/// payloads and exact histograms.
///
/// Summaries merge: ``append(_:)`` adds the summary of the input that follows, and the result is
/// the summary of the two inputs concatenated, field for field. `paysize check` builds a log's
/// summary from the summaries of its chunks that way, and `paysize merge` the summary of many
/// shards.
struct LogSummary: Equatable, Sendable {
    /// A malformed line: where, and what was expected.
    struct MalformedLine: Equatable, Sendable {
        var line: Int
        var column: Int?
        var message: String
    }

    /// One of the largest payloads.
    struct LargePayload: Equatable, Sendable {
        var line: Int
        var payloadByteCount: Int
    }

    /// How many malformed lines and largest payloads a summary keeps.
    static let keptLineCount = 10

    /// The input as named (`<stdin>` for `-`).
    var file: String
    var budget: PayloadBudget
    /// The `--fail-on` tier that ``failingPayloadCount`` counts against.
    var failOn: SizeTier
    /// Lines read; a payload file counts as one line.
    var lineCount = 0
    /// Lines holding only whitespace, which are skipped.
    var blankLineCount = 0
    /// Lines that are not one strict JSON text (or hold no payload at `--field`).
    var malformedCount = 0
    /// The first ``keptLineCount`` malformed lines.
    var firstMalformedLines: [MalformedLine] = []
    /// Payloads per tier, in `SizeTier.allCases` order.
    var tierCounts = Array(repeating: 0, count: SizeTier.allCases.count)
    var payloadsWithErrors = 0
    var payloadsWithWarnings = 0
    /// Payloads that reached `failOn` or have an error finding.
    var failingPayloadCount = 0
    var payloadBytes = ByteSizeHistogram()
    var contentStateBytes = ByteSizeHistogram()
    /// Payloads with a content state or attributes, per tier of their ActivityKit figure as the
    /// device writes it (by `budget.deviceWriter`), in `SizeTier.allCases` order.
    var deviceTierCounts = Array(repeating: 0, count: SizeTier.allCases.count)
    /// The ActivityKit figures as the device writes them.
    var deviceActivityKitBytes = ByteSizeHistogram()
    /// The ``keptLineCount`` largest payloads, largest first (earlier lines first among equals).
    var largestPayloads: [LargePayload] = []
    /// Whether every line of the input was read; `false` after `--max-errors` or a read error.
    var isComplete = true

    init(file: String, budget: PayloadBudget, failOn: SizeTier) {
        self.file = file
        self.budget = budget
        self.failOn = failOn
    }

    /// Payloads measured.
    var payloadCount: Int { tierCounts.reduce(0, +) }

    func count(of tier: SizeTier) -> Int {
        tierCounts[SizeTier.allCases.firstIndex(of: tier)!]
    }

    /// Payloads whose ActivityKit figure on the device is in `tier`.
    func deviceCount(of tier: SizeTier) -> Int {
        deviceTierCounts[SizeTier.allCases.firstIndex(of: tier)!]
    }

    /// Payloads over ActivityKit's limit as the device writes them.
    var overOnDeviceCount: Int { deviceCount(of: .over) }

    /// Counts a checked payload on `line`.
    mutating func add(_ payload: CheckedPayload, line: Int) {
        let report = payload.report
        tierCounts[SizeTier.allCases.firstIndex(of: report.tier)!] += 1
        if !report.findings.isEmpty {
            if report.findings.contains(where: { $0.severity == .error }) { payloadsWithErrors += 1 }
            if report.findings.contains(where: { $0.severity == .warning }) { payloadsWithWarnings += 1 }
        }
        if payload.fails { failingPayloadCount += 1 }
        payloadBytes.add(report.judgedByteCount)
        if let bytes = report.contentStateByteCount { contentStateBytes.add(bytes) }
        if let bytes = report.deviceActivityKitByteCount, let tier = report.deviceTier {
            deviceTierCounts[SizeTier.allCases.firstIndex(of: tier)!] += 1
            deviceActivityKitBytes.add(bytes)
        }
        let large = LargePayload(line: line, payloadByteCount: report.judgedByteCount)
        if largestPayloads.count < Self.keptLineCount
            || Self.isLarger(large, largestPayloads[largestPayloads.count - 1])
        {
            addLargePayloads([large])
        }
    }

    /// Counts a malformed line.
    mutating func addMalformed(_ error: InputError, line: Int) {
        malformedCount += 1
        if firstMalformedLines.count < Self.keptLineCount {
            firstMalformedLines.append(
                MalformedLine(line: line, column: error.location?.column, message: error.message))
        }
    }

    /// Adds the summary of the input that follows this one: its lines are numbered after this
    /// one's last line, as in the two inputs concatenated.
    mutating func append(_ next: LogSummary) {
        let offset = lineCount
        lineCount += next.lineCount
        blankLineCount += next.blankLineCount
        malformedCount += next.malformedCount
        for malformed in next.firstMalformedLines where firstMalformedLines.count < Self.keptLineCount {
            var shifted = malformed
            shifted.line += offset
            firstMalformedLines.append(shifted)
        }
        for index in tierCounts.indices { tierCounts[index] += next.tierCounts[index] }
        payloadsWithErrors += next.payloadsWithErrors
        payloadsWithWarnings += next.payloadsWithWarnings
        failingPayloadCount += next.failingPayloadCount
        payloadBytes.add(next.payloadBytes)
        contentStateBytes.add(next.contentStateBytes)
        for index in deviceTierCounts.indices { deviceTierCounts[index] += next.deviceTierCounts[index] }
        deviceActivityKitBytes.add(next.deviceActivityKitBytes)
        addLargePayloads(
            next.largestPayloads.map { LargePayload(line: $0.line + offset, payloadByteCount: $0.payloadByteCount) })
        isComplete = isComplete && next.isComplete
    }

    private mutating func addLargePayloads(_ payloads: [LargePayload]) {
        guard let smallestKept = largestPayloads.last, largestPayloads.count >= Self.keptLineCount else {
            largestPayloads = Array((largestPayloads + payloads).sorted(by: Self.isLarger).prefix(Self.keptLineCount))
            return
        }
        let candidates = payloads.filter { Self.isLarger($0, smallestKept) }
        guard !candidates.isEmpty else { return }
        largestPayloads = Array((largestPayloads + candidates).sorted(by: Self.isLarger).prefix(Self.keptLineCount))
    }

    private static func isLarger(_ lhs: LargePayload, _ rhs: LargePayload) -> Bool {
        lhs.payloadByteCount != rhs.payloadByteCount
            ? lhs.payloadByteCount > rhs.payloadByteCount : lhs.line < rhs.line
    }

    /// The exit status this input earns: 2 for malformed lines or an incomplete read, 1 for a
    /// failing payload, else 0.
    var exitStatus: ExitStatus {
        if malformedCount > 0 || !isComplete { return .badInput }
        return failingPayloadCount > 0 ? .violation : .success
    }
}
