import Foundation
@_spi(Internals) import PaySize
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
        /// ActivityKit's figure as the judged writer writes it (of the largest, for a series),
        /// when the payload has one.
        var deviceByteCount: Int?
        var deviceTier: SizeTier?
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
    /// The columns text output wraps to.
    var width = SuggestOutcome.defaultWidth

    /// What `--lossy` would reach, for a report whose plan leaves lossy moves out and would
    /// end smaller with them: the plan they join, its lossy steps and its costliest change.
    struct LossyReach {
        var plan: ShrinkPlan
        /// The plan's lossy steps, in plan order.
        var lossySteps: [String]
        /// The costliest contract change among the plan's steps.
        var costliestChange: ShrinkContractChange?
    }

    /// What `--lossy` would reach (text and JSON say the same), or `nil` when lossy moves are
    /// allowed already, none was measured, or they would not make the plan smaller.
    var lossyReach: LossyReach? {
        guard !report.allowsLossy, let lossy = report.lossyPlan, lossy.byteCount < report.plan.byteCount else {
            return nil
        }
        let suggestions = Dictionary(report.suggestions.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        return LossyReach(
            plan: lossy, lossySteps: lossy.suggestionIDs.filter { suggestions[$0]?.isLossy == true },
            costliestChange: lossy.suggestionIDs.compactMap { suggestions[$0]?.contractChange }.max())
    }

    /// The columns text wraps to when `COLUMNS` is unset and standard output is not a terminal.
    static let defaultWidth = 100
    /// The narrowest wrapping honoured; a smaller `COLUMNS` is read as this.
    static let minimumWidth = 40

    /// The columns to wrap text to: `COLUMNS` when it holds a positive number, else the
    /// terminal's width when standard output is one (`terminalWidth`), else ``defaultWidth``.
    static func width(columns: String?, terminalWidth: Int?) -> Int {
        if let columns, let value = Int(columns.trimmingCharacters(in: .whitespaces)), value > 0 {
            return max(value, minimumWidth)
        }
        if let terminalWidth, terminalWidth > 0 { return max(terminalWidth, minimumWidth) }
        return defaultWidth
    }

    /// `FILE` or `FILE:LINE` for a payload of a series.
    var name: String {
        line.map { "\(file):\($0)" } ?? file
    }
}
