@_spi(Internals) import PaySize

/// Whether every value a `ContentState` type allows under its declared limits fits within a
/// ceiling: the result of `expectWorstCaseFits` and `assertWorstCaseFits`.
///
/// The failure message names the worst path, the bound, the ceiling and the cheapest limit
/// change that makes it fit; an unbounded type names each place without a limit and its fix.
///
/// ```swift
/// let fit = WorstCaseFit(OrderState.self, limits: ["/items": .maxItems(12), "/items/*/name": .maxLength(40)])
/// fit.bound?.byteCount   // 3685
/// fit.failureMessage     // nil: it fits
/// ```
public struct WorstCaseFit: ExpectationOutcome {
    /// The type's name as messages show it.
    public let typeName: String
    /// The bound, `nil` when the limits could not be placed (see ``failureMessage``).
    public let bound: WorstCaseBound?
    /// The ceiling the bound is judged against.
    public let ceiling: SizeCeiling
    private let limitProblem: String?

    /// Bounds `type` under `limits` and judges the worst case against `ceiling`.
    ///
    /// - Parameters:
    ///   - type: The content-state type.
    ///   - limits: Size keywords by JSON Pointer, `*` for array items (see ``/PaySize/SizeLimit``).
    ///   - ceiling: The most the worst case may measure; default `.critical` (the 4096-byte limit).
    public init<T: Decodable>(
        _ type: T.Type, limits: [String: SizeLimit] = [:], within ceiling: SizeCeiling = .critical
    ) {
        self.typeName = String(typeName: type)
        self.ceiling = ceiling
        do {
            self.bound = try WorstCaseBound(of: type, limits: limits)
            self.limitProblem = nil
        } catch {
            self.bound = nil
            self.limitProblem = "\(error)"
        }
    }

    public var failureMessage: String? {
        if let limitProblem { return "'\(typeName)': \(limitProblem)" }
        guard let bound else { return nil }
        guard let byteCount = bound.byteCount else {
            var lines = ["'\(typeName)' has no worst-case bound: \(bound.unbounded.count) unbounded"]
            lines += bound.unbounded.map { "\($0.path): \($0.why); \($0.fix)" }
            if let rest = bound.boundedRestByteCount {
                let over = rest > ceiling.maximumByteCount ? ", already over \(ceiling)" : ""
                lines.append("the rest: at most \(rest) bytes with each unbounded place at its shortest\(over)")
            }
            return lines.joined(separator: "\n")
        }
        guard byteCount > ceiling.maximumByteCount else { return nil }
        var lines = ["'\(typeName)' can encode to \(byteCount) bytes, over \(ceiling)"]
        if let worst = bound.breakdown.first {
            lines.append("worst path: \(worst.path) (×\(worst.count), \(worst.byteCount) bytes)")
        }
        if let fix = bound.cheapestFix(toFit: ceiling.maximumByteCount) {
            lines.append("cheapest fix: \(fix)")
        } else {
            lines.append("no single lower limit makes it fit")
        }
        if let printable = bound.printableByteCount { lines.append("printable text only: \(printable) bytes") }
        return lines.joined(separator: "\n")
    }
}
