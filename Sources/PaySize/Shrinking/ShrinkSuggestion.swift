/// A measured way to shrink a payload: what changes, exactly how many bytes it saves, and how
/// to apply it.
///
/// ``savedBytes`` is never an estimate: the suggestion's edit was applied to the payload and
/// the result measured; ``jsonBytes`` is that result. ``deviceSavedBytes`` is measured the same
/// way on ActivityKit's figure, as the device writes it. A suggestion saves bytes on at least
/// one of the two.
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
    /// The exact difference between the payload's size and ``byteCount``: negative for a
    /// suggestion that saves only on the device (``deviceSavedBytes``), such as a short binary
    /// fraction written longer than the number it replaces.
    public var savedBytes: Int
    /// The payload's size with only this suggestion applied.
    public var byteCount: Int
    /// The tier of ``byteCount``.
    public var newTier: SizeTier
    /// The paths touched: JSON Pointers, `*` standing for every element of an array.
    public var paths: [JSONPointer]
    /// What the change asks of the app and its server (raised to ``ShrinkContractChange/app``
    /// when the app's schema would reject the result).
    public var contractChange: ShrinkContractChange
    /// How to make the change: a `CodingKeys` snippet, a Swift type change or a server setting.
    public var howToApply: String
    /// Whether information is lost; lossy suggestions join a plan only when the advisor allows it.
    public var isLossy: Bool
    /// The saving on ActivityKit's figure: the content state (with a start's attributes) as
    /// the device writes it, by the budget's ``PayloadBudget/deviceWriter``
    /// (<doc:WhatTheDeviceCounts>); measured like ``savedBytes``, and `nil` when the payload
    /// holds neither. It differs from ``savedBytes`` where the device writes a value
    /// differently: a rounded number Foundation's Objective-C writer gives 17 digits either way
    /// saves nothing there, and a short binary fraction (`0.53125`) may save there what it costs
    /// as sent.
    public var deviceSavedBytes: Int?
    /// The saving on ActivityKit's figure as each writer writes it.
    package var deviceSavings: WrittenByteCounts?
    /// ActivityKit's figure with only this suggestion applied, as the judged writer writes it.
    package var deviceByteCount: Int?
    /// The writer behind ``deviceByteCount``.
    package var deviceWriter: JSONWriter?
    /// The tier of ``deviceByteCount`` against ActivityKit's limit.
    package var newDeviceTier: SizeTier?
    /// Whether this is a cut of items nothing orders, waiting for ``ShrinkAdvisor/keptEnd``:
    /// never planned, never applied, listed after every measured move.
    package var asksWhichEnd = false
    /// The payload with this suggestion applied, as compact JSON (written on each call).
    public var jsonBytes: [UInt8] {
        var shrunk = original
        ShrinkEdit.apply([edit], to: &shrunk)
        return shrunk.jsonBytes()
    }
    let edit: ShrinkEdit
    /// The payload the suggestion was measured on.
    let original: ShrinkDocument

    /// The savings a report ranks by: on the figure that binds the payload (the device's when
    /// `deviceBound`), then on the other.
    func rankedSavings(deviceBound: Bool) -> (bound: Int, other: Int) {
        let device = deviceSavedBytes ?? savedBytes
        return deviceBound ? (device, savedBytes) : (savedBytes, device)
    }

    /// The larger of the two savings, for choosing which suggestions a plan considers.
    var largestSaving: Int {
        max(savedBytes, deviceSavedBytes ?? savedBytes)
    }

    /// `title: saves N bytes (before → after, tier); contract change`, on one line; when the
    /// device's figure changes by another amount, `on the device (writer): saves M bytes (…)`
    /// before the contract change.
    public var description: String {
        let change = contractChange == .none ? "no contract change" : "\(contractChange) change"
        var text = "\(title): \(Self.savingText(savedBytes, after: byteCount, tier: newTier))"
        if let deviceSavedBytes, deviceSavedBytes != savedBytes, let deviceByteCount, let deviceWriter,
            let newDeviceTier
        {
            text +=
                "; on the device (\(deviceWriter) writer): \(Self.savingText(deviceSavedBytes, after: deviceByteCount, tier: newDeviceTier))"
        }
        return text + "; \(change)" + (isLossy ? "; lossy" : "")
    }

    /// `saves N bytes (before → after, tier)`, or `adds N bytes (…)` for a negative saving.
    static func savingText(_ saved: Int, after: Int, tier: SizeTier) -> String {
        let verb = saved < 0 ? "adds" : "saves"
        return "\(verb) \(counted(abs(saved), "byte")) (\(after + saved) → \(after), \(tier))"
    }
}
