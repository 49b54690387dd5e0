/// The structured result of one PaySizeTesting check: the Swift Testing entries (`expect…`) and
/// the XCTest entries (`assert…`) both report its ``failureMessage`` at the caller's location.
///
/// ``BudgetFit``, ``ServerPayloadCheck``, ``SchemaSnapshot`` and ``SchemaHistoryCheck`` conform,
/// and so does PaySize's ``/PaySize/RoundTripResult``, the result of `expectRoundTrips` and
/// `assertRoundTrips`: its failure message says whether the device drops the update or shows a
/// different state, names the first field that differs and why, and gives the fix.
///
/// Every check is also callable directly, for a test that wants the figures rather than a
/// pass or fail:
///
/// ```swift
/// let fit = BudgetFit(contentState: state, within: .monitor)
/// fit.byteCount        // 2311
/// fit.failureMessage   // nil: it fits
/// ```
public protocol ExpectationOutcome: Sendable {
    /// What a person reads when the check fails, one fact per line; `nil` when it passes.
    var failureMessage: String? { get }
}

extension ExpectationOutcome {
    /// Whether the check passed.
    public var isPassing: Bool { failureMessage == nil }
}
