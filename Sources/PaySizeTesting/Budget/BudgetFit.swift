import Foundation
@_spi(Internals) import PaySize

/// Whether a Live Activity's attributes and content state, a content state alone, or a whole
/// push payload fits within a size ceiling — and, when it does not, where the bytes went.
///
/// Values are measured as the device encodes them (``/PaySize/PayloadEncoder`` with `JSONEncoder`'s
/// default strategies, compact), by the Swift writer (iOS 17+) and the Objective-C writer (iOS 16,
/// non-integral numbers at 17 significant digits), and the larger is judged unless the ceiling's
/// budget names one writer (``/PaySize/PayloadBudget/deviceWriter``); attributes and content
/// state together are ActivityKit's combined figure, judged against 4096 bytes
/// (<doc:/PaySize/SizeLimits>, <doc:/PaySize/WhatTheDeviceCounts>). Payloads are measured in
/// compact form (whitespace outside strings removed, every token as written) and judged on the
/// larger of that and their content state as the device writes it. A failure message names both
/// figures.
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
    /// The judged size in bytes; `nil` when it could not be measured (see ``problem``).
    public var byteCount: Int?
    /// The writer behind ``byteCount`` when the device's writers disagree on it: for attributes and
    /// content states with non-integral numbers, and for a payload whose content state weighs
    /// more on the device than the body as sent; `nil` when every writer writes the same bytes or
    /// a payload is judged as sent.
    public var deviceWriter: JSONWriter?
    /// The other figure, for the failure message: the other writer's, or the body's as sent.
    package var otherFigure: String?
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
        measure(measurement: ActivitySizeReport.measurement(ceiling.budget.deviceWriter)) {
            Self.figures(
                try ActivitySizeReport(attributes: attributes, contentState: contentState, budget: ceiling.budget))
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
        measure(measurement: ActivitySizeReport.measurement(ceiling.budget.deviceWriter)) {
            Self.figures(try ActivitySizeReport(contentState: contentState, budget: ceiling.budget))
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
        let measurement =
            "compact JSON: whitespace outside strings removed, every token kept as written, and the content state as the device writes it, by \(ceiling.budget.deviceWriter.phrase); tiers are advisory"
        measure(measurement: measurement) {
            let report = PayloadChecker(budget: ceiling.budget).check(root, inputByteCount: payload.count)
            guard let device = report.device, device.judged.activityKitByteCount > report.payloadByteCount else {
                return (report.payloadByteCount, nil, nil)
            }
            let sentParts = (report.contentStateByteCount ?? 0) + (report.attributesByteCount ?? 0)
            return (
                device.judged.activityKitByteCount, device.judged.writer,
                "the body is \(report.payloadByteCount) bytes as sent, its content state \(sentParts)"
            )
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
        let writes: String
        switch (subject, deviceWriter) {
        case (_, nil): writes = ""
        case (.payload, let writer?): writes = " as the device writes its content state (\(writer) writer)"
        case (.activity, let writer?): writes = " as the device writes them (\(writer) writer)"
        case (_, let writer?): writes = " as the device writes it (\(writer) writer)"
        }
        let owner = subject == .payload && deviceWriter == nil ? "APNs'" : "ActivityKit's"
        var lines = [
            "\(subject.rawValue) \(verb) \(byteCount) bytes\(writes), \(byteCount - ceiling.maximumByteCount) over \(ceiling.description(limitOwner: owner))"
        ]
        if let otherFigure { lines.append(otherFigure) }
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

    /// The judged figure of a value's report, and when the two writers differ, its writer and the
    /// other writer's figure in words.
    private static func figures(_ report: ActivitySizeReport) -> (Int, JSONWriter?, String?) {
        let other: JSONWriter = report.deviceWriter == .swift ? .objc : .swift
        let otherBytes = report.byteCount(writtenBy: other)
        guard otherBytes != report.byteCount else { return (report.byteCount, nil, nil) }
        return (report.byteCount, report.deviceWriter, "\(otherBytes) bytes as the \(other) writer writes them")
    }

    /// Measures with `size` (the judged figure, its writer when it is the device's, and the other
    /// figure in words); over the ceiling, asks the shrinking engine (through `shrinking`) where
    /// the bytes go and what would save the most.
    private mutating func measure(
        measurement: String, size: () throws -> (Int, JSONWriter?, String?),
        shrinking: (ShrinkAdvisor) throws -> ShrinkReport
    ) {
        self.measurement = measurement
        do {
            (byteCount, deviceWriter, otherFigure) = try size()
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
