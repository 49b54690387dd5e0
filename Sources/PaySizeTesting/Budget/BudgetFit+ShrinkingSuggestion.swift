import PaySize

extension BudgetFit {
    /// An encoded value that is over its ceiling, as the shrinking engine is asked about it.
    enum EncodedSubject {
        case activity(attributes: [UInt8], contentState: [UInt8])
        case contentState([UInt8])
        case payload([UInt8])
    }

    /// The best shrinking suggestion for `encoded`, with its measured saving, in one line.
    ///
    /// - Returns: `nil` for now: failure messages list the largest fields alone until the
    ///   shrinking engine can be asked.
    static func shrinkingSuggestion(for encoded: EncodedSubject, within ceiling: SizeCeiling) -> String? {
        nil
    }
}
