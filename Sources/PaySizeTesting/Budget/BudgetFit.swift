import Foundation
@_spi(Internals) import PaySize

/// Whether a Live Activity's attributes and content state, a content state alone, or a whole
/// push payload fits within a size ceiling — and, when it does not, where the bytes went.
///
/// Values are measured as the device encodes them (``/PaySize/PayloadEncoder`` with `JSONEncoder`'s
/// default strategies, compact); attributes and content state together are ActivityKit's
/// combined figure, judged against 4096 bytes (<doc:/PaySize/SizeLimits>). Payloads are measured in
/// compact form: whitespace outside strings removed, every token as written.
///
/// ```swift
/// let fit = BudgetFit(attributes: attributes, contentState: state, within: .monitor)
/// fit.byteCount          // 3372
/// print(fit.failureMessage!)
/// // attributes + content state are 3372 bytes, 301 over the 'monitor' tier (at most 3071 bytes)
/// // tier risky (advisory), 724 bytes of headroom under the 4096-byte limit
/// // largest fields: /content-state/legs/*/estimatedDeparture 620 bytes in 20 values, …
/// // best shrinking suggestion: columns for the 20 records at /content-state/legs: 'estimatedDeparture', 'scheduledDeparture' as a start and a step of 0 (the same in every record); 'arrivalAirport', 'departureAirport', 'departureGate', 'statusDescription' as arrays: saves 2529 bytes (3372 → 843, safe); app change
/// // measured as: PayloadEncoder with JSONEncoder's default strategies (as the device encodes), …
/// ```
public struct BudgetFit: ExpectationOutcome, Equatable {
    /// What was measured.
    public enum Subject: String, Sendable {
        /// Attributes and content state together, ActivityKit's combined figure.
        case activity = "attributes + content state"
        /// A content state alone, as an update push carries it.
        case contentState = "the content state"
        /// A whole APNs push payload.
        case payload = "the payload"
    }

    /// What was measured.
    public var subject: Subject
    /// The most it may measure.
    public var ceiling: SizeCeiling
    /// The measured size in bytes; `nil` when it could not be measured (see ``problem``).
    public var byteCount: Int?
    /// The three largest rows of the shrinking engine's breakdown, largest first, when the size
    /// is over the ceiling.
    public var largestFields: [FieldSize]
    /// The best shrinking suggestion with its measured saving, when the size is over the ceiling.
    public var suggestion: String?
    /// Why the value could not be measured (it cannot be encoded, the payload is not JSON, the
    /// push breaks a rule); `nil` when it was measured.
    public var problem: String?
    /// How the size was measured, as every report says.
    public var measurement = ""

    /// Measures attributes and a content state together, as ActivityKit does.
    ///
    /// - Parameters:
    ///   - attributes: The activity's attributes.
    ///   - contentState: Its content state.
    ///   - ceiling: The most both may measure together; default `.critical` (the 4096-byte limit).
    public init<Attributes: Encodable, ContentState: Encodable>(
        attributes: Attributes, contentState: ContentState, within ceiling: SizeCeiling = .critical
    ) {
        self.init(subject: .activity, ceiling: ceiling)
        measure(measurement: ActivitySizeReport.measurement) {
            try ActivitySizeReport(attributes: attributes, contentState: contentState, budget: ceiling.budget).byteCount
        } shrinking: { advisor in
            try advisor.report(encodableAttributes: attributes, contentState: contentState)
        }
    }

    /// Measures a content state alone, as an update push carries it.
    ///
    /// - Parameters:
    ///   - contentState: The content state.
    ///   - ceiling: The most it may measure; default `.critical` (the 4096-byte limit).
    public init<ContentState: Encodable>(contentState: ContentState, within ceiling: SizeCeiling = .critical) {
        self.init(subject: .contentState, ceiling: ceiling)
        measure(measurement: ActivitySizeReport.measurement) {
            try ActivitySizeReport(contentState: contentState, budget: ceiling.budget).byteCount
        } shrinking: { advisor in
            try advisor.report(encodableContentState: contentState)
        }
    }

    /// Measures a whole push payload in compact form, as APNs counts a compact body.
    ///
    /// - Parameters:
    ///   - payload: The payload's JSON bytes, compact or pretty.
    ///   - ceiling: The most it may measure; default `.critical` (the 4096-byte limit).
    public init(payload: [UInt8], within ceiling: SizeCeiling = .critical) {
        self.init(subject: .payload, ceiling: ceiling)
        let root: JSONElement
        do {
            root = try JSONScanner.scan(payload)
        } catch {
            problem = "the payload is not JSON: \(error)"
            return
        }
        measure(measurement: PayloadReport.measurement) {
            PayloadChecker(budget: ceiling.budget).check(root, inputByteCount: payload.count).payloadByteCount
        } shrinking: { advisor in
            try advisor.report(forJSONBytes: payload)
        }
    }

    /// Measures a whole push payload in compact form, as APNs counts a compact body.
    ///
    /// - Parameters:
    ///   - payload: The payload's JSON bytes, compact or pretty.
    ///   - ceiling: The most it may measure; default `.critical` (the 4096-byte limit).
    public init(payload: Data, within ceiling: SizeCeiling = .critical) {
        self.init(payload: Array(payload), within: ceiling)
    }

    /// Measures the exact body a push builder sends.
    ///
    /// The push is judged by `ceiling` alone (its own ``/PaySize/LiveActivityPush/budget`` is not
    /// consulted); a push that breaks a per-event rule cannot be sent, and does not fit.
    ///
    /// - Parameters:
    ///   - push: The push.
    ///   - ceiling: The most its body may measure; default `.critical` (the 4096-byte limit).
    public init<ContentState, Attributes>(
        push: LiveActivityPush<ContentState, Attributes>, within ceiling: SizeCeiling = .critical
    ) {
        var unlimited = push
        // Any size is encoded, so it can be measured and broken down against `ceiling`.
        unlimited.budget = PayloadBudget(limit: 1 << 40)
        let body: [UInt8]
        do {
            body = try unlimited.encoded().bytes
        } catch let error as LiveActivityPushError {
            self.init(subject: .payload, ceiling: ceiling)
            problem = "the push cannot be sent: \(error)"
            return
        } catch {
            self.init(subject: .payload, ceiling: ceiling)
            problem = Self.encodingProblem(error, of: "the push")
            return
        }
        self.init(payload: body, within: ceiling)
    }

    private init(subject: Subject, ceiling: SizeCeiling) {
        self.subject = subject
        self.ceiling = ceiling
        self.largestFields = []
    }

    /// Whether the size is at most the ceiling.
    public var fits: Bool {
        guard let byteCount else { return false }
        return byteCount <= ceiling.maximumByteCount
    }

    /// The advisory tier of the size within the ceiling's budget.
    public var tier: SizeTier? {
        byteCount.map(ceiling.budget.tier(forByteCount:))
    }

    /// The bytes left under the budget's limit; negative when over it.
    public var headroom: Int? {
        byteCount.map(ceiling.budget.headroom(forByteCount:))
    }

    /// The size, the ceiling, the tier and headroom, the largest fields, the best suggestion and
    /// how it was measured, one per line; `nil` when the value fits.
    public var failureMessage: String? {
        if let problem { return problem }
        guard let byteCount, let tier, let headroom, !fits else { return nil }
        let verb = subject == .activity ? "are" : "is"
        var lines = [
            "\(subject.rawValue) \(verb) \(byteCount) bytes, \(byteCount - ceiling.maximumByteCount) over \(ceiling.description(limitOwner: subject == .payload ? "APNs'" : "ActivityKit's"))"
        ]
        let room = headroom >= 0 ? "\(headroom) bytes of headroom under" : "\(-headroom) bytes over"
        lines.append("tier \(tier) (advisory), \(room) the \(ceiling.budget.limit)-byte limit")
        if !largestFields.isEmpty {
            lines.append("largest fields: " + largestFields.map(\.description).joined(separator: ", "))
        }
        if let suggestion {
            lines.append("best shrinking suggestion: \(suggestion)")
        }
        lines.append("measured as: \(measurement)")
        return lines.joined(separator: "\n")
    }

    /// Measures with `size`; over the ceiling, asks the shrinking engine (through `shrinking`)
    /// where the bytes go and what would save the most.
    private mutating func measure(
        measurement: String, size: () throws -> Int, shrinking: (ShrinkAdvisor) throws -> ShrinkReport
    ) {
        self.measurement = measurement
        do {
            byteCount = try size()
        } catch {
            problem = Self.encodingProblem(error, of: subject == .payload ? "the payload" : subject.rawValue)
            return
        }
        guard !fits else { return }
        let target = ceiling.tier ?? ceiling.budget.tier(forByteCount: ceiling.maximumByteCount)
        guard let report = try? shrinking(ShrinkAdvisor(budget: ceiling.budget, target: target)) else { return }
        largestFields = report.breakdown.rows.prefix(3).map(FieldSize.init)
        suggestion = Self.suggestion(from: report)
    }

    /// `cannot encode the content state: unable to encode Double.nan directly in JSON (at /reading)`.
    static func encodingProblem(_ error: any Error, of what: String) -> String {
        guard case EncodingError.invalidValue(_, let context) = error else {
            return "cannot encode \(what): \(error)"
        }
        var reason = context.debugDescription
        if reason.hasSuffix(".") { reason.removeLast() }
        if let first = reason.first { reason = first.lowercased() + reason.dropFirst() }
        let path = JSONPointer(
            components: context.codingPath.map { key in
                if let index = key.intValue, key.stringValue == "Index \(index)" { return .index(index) }
                return .key(key.stringValue)
            })
        return "cannot encode \(what): \(reason) (at \(path))"
    }
}
