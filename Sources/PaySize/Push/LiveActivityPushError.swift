/// Why a ``LiveActivityPush`` cannot be sent: it breaks a per-event rule or is over its limit.
///
/// The error carries the ``PayloadReport`` of the bytes that would have been sent, so a caller
/// can log the sizes or look for ways to shrink the content state.
public struct LiveActivityPushError: Error, Sendable, Equatable, CustomStringConvertible {
    enum Code: Sendable, Equatable {
        case rule(LiveActivityRule)
        case overLimit(byteCount: Int, limit: Int)
        case dateBefore1970(key: String)
    }

    let code: Code
    /// The measured payload, with the violation among its findings.
    public let report: PayloadReport

    /// Whether the payload is over its byte limit (4096, or 5120 for a broadcast push).
    public var isOverLimit: Bool {
        if case .overLimit = code { return true }
        return false
    }

    /// One line naming the rule that was broken.
    public var description: String { code.message }
}

extension LiveActivityPushError.Code {
    var message: String {
        switch self {
        case .rule(let rule):
            return rule.message
        case .overLimit(let byteCount, let limit):
            return
                "the payload is \(byteCount) bytes, over the \(limit)-byte limit by \(byteCount - limit) (APNs answers 413 PayloadTooLarge)"
        case .dateBefore1970(let key):
            return "'\(key)' must be a date after 1970-01-01 (integer seconds since 1970)"
        }
    }
}
