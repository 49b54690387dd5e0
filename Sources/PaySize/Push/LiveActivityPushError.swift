import Foundation

/// Why a ``LiveActivityPush`` cannot be sent: it breaks per-event rules or is over its limit.
///
/// The error lists every rule the push breaks, and carries the ``PayloadReport`` of the bytes
/// that would have been sent, so a caller can log the sizes or look for ways to shrink the
/// content state. Match on ``kind`` (``PayloadFinding/Code/overLimit`` whenever the push is over
/// a limit, else the first violation's code) or on each of ``violations``:
///
/// ```swift
/// do {
///     request.httpBody = Data(try push.encoded().bytes)
/// } catch let error as LiveActivityPushError where error.kind == .overLimit {
///     log("\(error.report.payloadByteCount) bytes: \(error.localizedDescription)")
/// }
/// ```
public struct LiveActivityPushError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// Every rule the push breaks, in the order `paysize check` reports them for the same bytes.
    public let violations: [PayloadFinding]
    /// ``PayloadFinding/Code/overLimit`` when the body is over APNs' limit or the content state
    /// over ActivityKit's as the device writes it, whatever else the push breaks; otherwise the
    /// first violation's code. Every violation has a code.
    public let kind: PayloadFinding.Code
    /// The measured payload, with each violation among its findings.
    public let report: PayloadReport
    /// For a body over its limit: the shrinking suggestion that saves the most without losing
    /// data, measured on the body that would have been sent (``ShrinkAdvisor``); quoted in the
    /// over-limit message. `nil` when the body fits or nothing saves a byte.
    package let bestShrinkSuggestion: ShrinkSuggestion?

    init(violations: [PayloadFinding], report: PayloadReport, bestShrinkSuggestion: ShrinkSuggestion?) {
        self.violations = violations
        let overLimit = violations.contains { $0.code == .overLimit }
        self.kind = overLimit ? .overLimit : violations.compactMap(\.code).first ?? .overLimit
        self.report = report
        self.bestShrinkSuggestion = bestShrinkSuggestion
    }

    /// Whether two errors list the same violations, carry the same report and quote the same
    /// best shrinking suggestion (compared by its text).
    public static func == (left: Self, right: Self) -> Bool {
        left.violations == right.violations && left.report == right.report
            && left.bestShrinkSuggestion?.description == right.bestShrinkSuggestion?.description
    }

    /// Every violation's message, joined by `; `.
    public var description: String { violations.map(\.message).joined(separator: "; ") }

    /// The same text as ``description``, so `localizedDescription` names the rules.
    public var errorDescription: String? { description }
}

extension LiveActivityPushError {
    /// A violation as the builder finds it.
    enum Code: Sendable, Equatable {
        case rule(LiveActivityRule)
        case dateBefore1970(key: String)

        var kind: PayloadFinding.Code {
            switch self {
            case .dateBefore1970: .dateBefore1970
            case .rule(.startRequires), .rule(.updateRequiresContentState): .missingKey
            case .rule(.dismissalDateOnlyOnEnd), .rule(.startOnly): .keyNotAllowed
            case .rule(.staleDateBeforeTimestamp): .staleDateBeforeTimestamp
            }
        }

        /// The violation as the error and the report list it: an error with its code.
        func finding(at path: JSONPointer) -> PayloadFinding {
            PayloadFinding(severity: .error, path: path, message: message, code: kind)
        }

        var message: String {
            switch self {
            case .rule(let rule):
                return rule.message
            case .dateBefore1970(let key):
                return "'\(key)' must be a date after 1970-01-01 (integer seconds since 1970)"
            }
        }
    }
}
