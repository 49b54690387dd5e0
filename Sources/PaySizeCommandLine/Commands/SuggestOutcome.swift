import PaySize
import PaySizeCompression

/// What `paysize suggest` found for one input: the report on its (largest) payload, the
/// redundancy figure, and what `--apply` wrote.
struct SuggestOutcome {
    /// The file `--apply` wrote.
    struct Applied {
        var file: String
        /// The size of the written payload (of the largest line, for a series).
        var byteCount: Int
        var tier: SizeTier
        var suggestionIDs: [String]
    }

    /// The input as named (`<stdin>` for `-`).
    var file: String
    /// The line of the measured payload in a series, `nil` for a payload file.
    var line: Int?
    /// How many payloads the input holds.
    var seriesCount: Int
    var report: ShrinkReport
    var redundancy: PayloadRedundancy
    /// Where the zstd dictionary came from, when there was one.
    var dictionarySource: String?
    var applied: Applied?

    /// `FILE` or `FILE:LINE` for a payload of a series.
    var name: String {
        line.map { "\(file):\($0)" } ?? file
    }
}
