/// A measured way to shrink a payload: what changes, exactly how many bytes it saves, and how
/// to apply it.
///
/// ``savedBytes`` is never an estimate: the suggestion's edit was applied to the payload and
/// the result measured; ``jsonBytes`` is that result.
///
/// ```swift
/// let best = try ShrinkAdvisor().report(forJSONBytes: payload).bestSuggestion
/// print(best?.description ?? "nothing to shrink")
/// // shorter CodingKeys for 9 keys at /aps/content-state/legs/*: saves 1104 bytes (3707 → 2603, monitor); app change
/// ```
public struct ShrinkSuggestion: Sendable, CustomStringConvertible {
    /// Unique within its report: the kind, then the path it concerns when there is one, such as
    /// `shorter-keys:/aps/content-state/legs/*` (`(root)` for the root).
    public var id: String
    /// The kind of suggestion, such as `shorter-keys` or `smaller-integers`.
    package var kind: String
    /// One line saying what changes.
    public var title: String
    /// The exact difference between the payload's size and ``byteCount``.
    public var savedBytes: Int
    /// The payload's size with only this suggestion applied.
    public var byteCount: Int
    /// The tier of ``byteCount``.
    public var newTier: SizeTier
    /// The paths touched: JSON Pointers, `*` standing for every element of an array.
    public var paths: [String]
    /// What the change asks of the app and its server (raised to ``ShrinkContractChange/app``
    /// when the app's schema would reject the result).
    public var contractChange: ShrinkContractChange
    /// How to make the change: a `CodingKeys` snippet, a Swift type change or a server setting.
    public var howToApply: String
    /// Whether information is lost; lossy suggestions join a plan only when the advisor allows it.
    public var isLossy: Bool
    /// The payload with this suggestion applied, as compact JSON (written on each call).
    public var jsonBytes: [UInt8] {
        var shrunk = original
        ShrinkEdit.apply([edit], to: &shrunk)
        return shrunk.jsonBytes()
    }
    let edit: ShrinkEdit
    /// The payload the suggestion was measured on.
    let original: ShrinkDocument

    /// `title: saves N bytes (before → after, tier); contract change`, on one line.
    public var description: String {
        let before = byteCount + savedBytes
        let change = contractChange == .none ? "no contract change" : "\(contractChange) change"
        let bytes = savedBytes == 1 ? "byte" : "bytes"
        return "\(title): saves \(savedBytes) \(bytes) (\(before) → \(byteCount), \(newTier)); \(change)"
            + (isLossy ? "; lossy" : "")
    }
}
