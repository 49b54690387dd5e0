import PaySize

extension BudgetFit {
    /// The best shrinking suggestion of `report` — the one that saves the most without losing
    /// data — with its measured saving, on one line; `nil` when nothing saves a byte.
    static func suggestion(from report: ShrinkReport) -> String? {
        report.bestSuggestion?.description
    }
}
