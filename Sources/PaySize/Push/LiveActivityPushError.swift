import Foundation

/// Why a ``LiveActivityPush`` cannot be sent: it breaks per-event rules or is over its limit.
///
/// The error lists every rule the push breaks, and carries the ``PayloadReport`` of the bytes
/// that would have been sent, so a caller can log the sizes or look for ways to shrink the
/// content state. Match on ``kind`` (the first violation's) or on each of ``violations``:
///
/// ```swift
/// do {
///     request.httpBody = Data(try push.encoded().bytes)
/// } catch let error as LiveActivityPushError where error.kind == .overLimit {
///     log("\(error.report.payloadByteCount) bytes: \(error.localizedDescription)")
/// }
/// ```
public struct LiveActivityPushError: Error, Sendable, Equatable, CustomStringConvertible, LocalizedError {
    /// What kind of rule a push breaks. A struct rather than an enum, so kinds added later
    /// break nobody's `switch`.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        private let name: String

        /// The body is over its byte limit (4096, or 5120 for a broadcast push); APNs answers
        /// 413 `PayloadTooLarge`.
        public static let overLimit = Kind(name: "overLimit")
        /// The event requires a key the push lacks (a start's `alert`, an update's `content-state`, …).
        public static let missingKey = Kind(name: "missingKey")
        /// The push has a key its event does not take (`dismissal-date` on an update, `attributes`
        /// on an end, …).
        public static let keyNotAllowed = Kind(name: "keyNotAllowed")
        /// An `aps` date before 1970, which APNs' integer seconds cannot express.
        public static let dateBefore1970 = Kind(name: "dateBefore1970")
        /// `stale-date` is earlier than `timestamp`: the activity is stale the moment it arrives.
        public static let staleDateBeforeTimestamp = Kind(name: "staleDateBeforeTimestamp")

        /// The kind's name as spelled in Swift, such as `overLimit`.
        public var description: String { name }
    }

    /// One broken rule: its kind, the `aps` key it concerns, and one line saying what is wrong.
    public struct Violation: Sendable, Equatable {
        /// What kind of rule is broken.
        public let kind: Kind
        /// Where, for example `/aps/alert` (the root for an over-limit body).
        public let path: JSONPointer
        /// One line, lowercase, naming the rule.
        public let message: String
    }

    /// Every rule the push breaks, in the order `paysize check` reports them for the same bytes.
    public let violations: [Violation]
    /// The measured payload, with each violation among its findings.
    public let report: PayloadReport
    /// For a body over its limit: the shrinking suggestion that saves the most without losing
    /// data, measured on the body that would have been sent (``ShrinkAdvisor``); quoted in the
    /// over-limit message. `nil` when the body fits or nothing saves a byte.
    public let bestShrinkSuggestion: ShrinkSuggestion?

    init(violations: [(code: Code, path: JSONPointer)], report: PayloadReport, bestShrinkSuggestion: ShrinkSuggestion?)
    {
        self.violations = violations.map { Violation(kind: $0.code.kind, path: $0.path, message: $0.code.message) }
        self.report = report
        self.bestShrinkSuggestion = bestShrinkSuggestion
    }

    /// Whether two errors list the same violations, carry the same report and quote the same
    /// best shrinking suggestion (compared by its text).
    public static func == (left: Self, right: Self) -> Bool {
        left.violations == right.violations && left.report == right.report
            && left.bestShrinkSuggestion?.description == right.bestShrinkSuggestion?.description
    }

    /// The kind of the first violation.
    public var kind: Kind { violations[0].kind }

    /// Whether the payload is over its byte limit (4096, or 5120 for a broadcast push).
    public var isOverLimit: Bool { violations.contains { $0.kind == .overLimit } }

    /// Every violation's message, joined by `; `.
    public var description: String { violations.map(\.message).joined(separator: "; ") }

    /// The same text as ``description``, so `localizedDescription` names the rules.
    public var errorDescription: String? { description }
}

extension LiveActivityPushError {
    /// A violation as the builder finds it.
    enum Code: Sendable, Equatable {
        case rule(LiveActivityRule)
        case overLimit(byteCount: Int, limit: Int, suggestion: String?)
        case dateBefore1970(key: String)

        var kind: Kind {
            switch self {
            case .overLimit: .overLimit
            case .dateBefore1970: .dateBefore1970
            case .rule(.startRequires), .rule(.updateRequiresContentState): .missingKey
            case .rule(.dismissalDateOnlyOnEnd), .rule(.startOnly): .keyNotAllowed
            case .rule(.staleDateBeforeTimestamp): .staleDateBeforeTimestamp
            }
        }

        var message: String {
            switch self {
            case .rule(let rule):
                return rule.message
            case .overLimit(let byteCount, let limit, let suggestion):
                let over =
                    "the payload is \(byteCount) bytes, over the \(limit)-byte limit by \(byteCount - limit) (APNs answers 413 PayloadTooLarge)"
                return suggestion.map { over + "; best shrinking suggestion: " + $0 } ?? over
            case .dateBefore1970(let key):
                return "'\(key)' must be a date after 1970-01-01 (integer seconds since 1970)"
            }
        }
    }
}
