@_spi(Internals) import PaySize

/// How `paysize check` reads and judges a log, shared by every worker.
struct LogCheckOptions: Sendable {
    var checker: PayloadChecker
    var failOn: SizeTier
    /// `--field`: where the payload sits in each record; `nil` when the record is the payload.
    var field: JSONPointer?
    /// `--max-input-bytes`: the longest line read.
    var maximumLineByteCount: Int
    /// `--max-decompressed-bytes`: the most a `.zst` log may decompress to.
    var maximumDecompressedByteCount: Int
    /// `--max-errors`: stop after this many malformed lines.
    var maximumErrorCount: Int?
    var reporting: LogReporting

    func emptySummary(file: String) -> LogSummary {
        LogSummary(file: file, budget: checker.budget, failOn: failOn)
    }
}
