@_spi(Internals) import PaySize

/// Whether every value a `ContentState` type allows under its declared limits fits within a
/// ceiling as the device writes it: the result of `expectWorstCaseFits` and
/// `assertWorstCaseFits`.
///
/// The judged figure is ``/PaySize/WorstCaseBound/deviceByteCount``, by the writer the ceiling's
/// budget names (``/PaySize/PayloadBudget/deviceWriter``): by default the larger of the Swift
/// writer's count and the Objective-C writer's, which writes every `Double`, `Float` and `Date`
/// number with 17 significant digits (<doc:/PaySize/WhatTheDeviceCounts>). The failure message
/// names both writers' figures, the worst path, the ceiling and the cheapest limit change that
/// makes it fit; an unbounded type names each place without a limit and its fix.
///
/// ```swift
/// let fit = WorstCaseFit(
///     OrderState.self, limits: ["/title": .maxLength(20), "/items": .maxItems(12), "/items/*/name": .maxLength(40)])
/// fit.bound?.deviceByteCount   // 3346
/// fit.failureMessage           // nil: it fits
/// ```
public struct WorstCaseFit: ExpectationOutcome {
    /// The type's name as messages show it.
    public let typeName: String
    /// The bound, `nil` when the limits could not be placed (see ``failureMessage``).
    public let bound: WorstCaseBound?
    /// The ceiling the bound is judged against.
    public let ceiling: SizeCeiling
    private let limitProblem: String?

    /// Bounds `type` under `limits` and judges the device's worst case against `ceiling`.
    ///
    /// - Parameters:
    ///   - type: The content-state type.
    ///   - limits: Size keywords by JSON Pointer, `*` for array items (see ``/PaySize/SizeLimit``).
    ///   - dateEncodingStrategy: How the app's `JSONEncoder` writes a `Date`; default
    ///     ``/PaySize/WorstCaseBound/DateEncodingStrategy/deferredToDate``.
    ///   - ceiling: The most the worst case may measure; default `.critical` (the 4096-byte limit).
    ///     Its budget's ``/PaySize/PayloadBudget/deviceWriter`` picks the writer judged.
    public init<T: Decodable>(
        _ type: T.Type, limits: [String: SizeLimit] = [:],
        dateEncodingStrategy: WorstCaseBound.DateEncodingStrategy = .deferredToDate,
        within ceiling: SizeCeiling = .critical
    ) {
        self.typeName = String(typeName: type)
        self.ceiling = ceiling
        do {
            self.bound = try WorstCaseBound(
                of: type, limits: limits, dateEncodingStrategy: dateEncodingStrategy,
                deviceWriter: ceiling.budget.deviceWriter)
            self.limitProblem = nil
        } catch {
            self.bound = nil
            self.limitProblem = "\(error)"
        }
    }

    public var failureMessage: String? {
        if let limitProblem { return "'\(typeName)': \(limitProblem)" }
        guard let bound else { return nil }
        guard let byteCount = bound.deviceByteCount else {
            var lines = ["'\(typeName)' has no worst-case bound: \(bound.unbounded.count) unbounded"]
            lines += bound.unbounded.map { "\($0.path.boundText): \($0.why); \($0.fix)" }
            if let rest = bound.judged.boundedRestByteCount {
                let over = rest > ceiling.maximumByteCount ? ", already over \(ceiling)" : ""
                let writers = Self.writers(bound.judged.writer) { bound.figures(of: $0).boundedRestByteCount }
                lines.append(
                    "the rest: at most \(rest) bytes as the device writes it \(writers) with each unbounded place at its shortest\(over)"
                )
            }
            return lines.joined(separator: "\n")
        }
        guard byteCount > ceiling.maximumByteCount else { return nil }
        let writers = Self.writers(bound.deviceWriter) { bound.figures(of: $0).byteCount }
        var lines = [
            "'\(typeName)' can encode to \(byteCount) bytes as the device writes it \(writers), over \(ceiling)"
        ]
        if let worst = bound.judged.breakdown.first {
            lines.append("worst path: \(worst.label) (×\(worst.count), \(worst.byteCount) bytes)")
        }
        if let fix = bound.cheapestFix(toFit: ceiling.maximumByteCount) {
            lines.append("cheapest fix: \(fix)")
        } else {
            lines.append("no single lower limit makes it fit")
        }
        if let printable = bound.printableDeviceByteCount {
            let writers = Self.writers(bound.printableJudged.writer) { bound.figures(of: $0).printableByteCount }
            lines.append("printable text only: \(printable) bytes \(writers)")
        }
        return lines.joined(separator: "\n")
    }

    /// `(objc writer; 3346 by the swift writer)`: the judged writer, then the other's figure.
    private static func writers(_ judged: JSONWriter, figure: (JSONWriter) -> Int?) -> String {
        let other: JSONWriter = judged == .swift ? .objc : .swift
        return "(\(judged) writer; \(figure(other).map(String.init) ?? "no bound") by the \(other) writer)"
    }
}
