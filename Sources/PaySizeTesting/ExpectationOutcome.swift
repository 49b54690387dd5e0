/// The structured result of one PaySizeTesting check: the Swift Testing entries (`expect…`) and
/// the XCTest entries (`assert…`) both report its ``failureMessage`` at the caller's location.
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
