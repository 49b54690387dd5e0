@_spi(Internals) import PaySize

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// Which reader checks each line.
    var path: Path = .configured

    /// Which reader checks a log's lines, for triage: both give the same answers.
    enum Path: Sendable, Equatable {
        /// `JSONMeasuringScanner` with its shortcuts (`Sources/PaySizeJSON/README.md`), and the
        /// `aps` rules on an outline, the strict path only for a line with findings or an error.
        case fast
        /// The strict path for every line: `JSONScanner` builds the tree and `PayloadChecker`
        /// checks it, as for a payload file; the measuring scanner never runs.
        case plain

        /// `.plain` when the environment variable `PAYSIZE_SCANNER` is `plain`, `.fast` otherwise.
        /// Read once, the first time a log is checked.
        static let configured: Path = {
            guard let value = getenv("PAYSIZE_SCANNER") else { return .fast }
            return String(cString: value) == "plain" ? .plain : .fast
        }()
    }

    func emptySummary(file: String) -> LogSummary {
        LogSummary(file: file, budget: checker.budget, failOn: failOn)
    }
}
