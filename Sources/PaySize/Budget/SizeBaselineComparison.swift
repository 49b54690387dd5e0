@_spi(Internals) import PaySizeJSON

/// A recorded size baseline against a new measurement: whether it grew past a tolerance, and
/// which paths grew.
///
/// `expectSizeBaseline` and `paysize baseline diff` print the same ``lines``:
///
/// ```text
/// size baseline 'on-the-way' grew from 1000 to 1060 bytes (+60, +6.0 %), past the 5 % tolerance (at most 1050 bytes)
/// growth by path:
///   /note: 100 → 160 bytes (+60)
/// ```
package struct SizeBaselineComparison: Sendable, Equatable {
    /// One path whose bytes changed, or that one side lacks.
    package struct PathChange: Sendable, Equatable {
        package var path: JSONPointer
        /// Its bytes in the old baseline; `nil` when the path is new.
        package var oldByteCount: Int?
        /// Its bytes now; `nil` when the path is gone.
        package var newByteCount: Int?

        /// The change in bytes, negative when it shrank.
        package var growth: Int { (newByteCount ?? 0) - (oldByteCount ?? 0) }
    }

    package var old: SizeBaseline
    package var new: SizeBaseline
    package var tolerance: SizeTolerance

    package init(old: SizeBaseline, new: SizeBaseline, tolerance: SizeTolerance) {
        self.old = old
        self.new = new
        self.tolerance = tolerance
    }

    /// The most bytes within the tolerance of the old size.
    package var maximumByteCount: Int { tolerance.maximumByteCount(from: old.byteCount) }

    /// Whether the new size is past the tolerance.
    package var grewPastTolerance: Bool { new.byteCount > maximumByteCount }

    /// The paths whose bytes changed: the largest growth first, then the largest shrink last;
    /// ties in path order.
    package var changes: [PathChange] {
        let oldBytes = Dictionary(old.paths.map { ($0.path, $0.byteCount) }, uniquingKeysWith: +)
        let newBytes = Dictionary(new.paths.map { ($0.path, $0.byteCount) }, uniquingKeysWith: +)
        let paths = Set(oldBytes.keys).union(newBytes.keys)
        return paths.map { PathChange(path: $0, oldByteCount: oldBytes[$0], newByteCount: newBytes[$0]) }
            .filter { $0.oldByteCount != $0.newByteCount }
            .sorted {
                $0.growth != $1.growth
                    ? $0.growth > $1.growth
                    : Array($0.path.patternText.utf8).lexicographicallyPrecedes(Array($1.path.patternText.utf8))
            }
    }

    /// The verdict line, then the changed paths one per line.
    package var lines: [String] {
        let difference = new.byteCount - old.byteCount
        let figures = "(\(Self.signed(difference)), \(Self.signedPercent(difference, of: old.byteCount)))"
        let verdict =
            grewPastTolerance
            ? "past the \(tolerance) tolerance (at most \(maximumByteCount) bytes)"
            : "within the \(tolerance) tolerance (at most \(maximumByteCount) bytes)"
        let verb = difference > 0 ? "grew" : difference < 0 ? "shrank" : "stayed"
        let head =
            difference == 0
            ? "size baseline '\(old.name)' stayed at \(new.byteCount) bytes, \(verdict)"
            : "size baseline '\(old.name)' \(verb) from \(old.byteCount) to \(new.byteCount) bytes \(figures), \(verdict)"
        let changes = changes
        guard !changes.isEmpty else { return [head] }
        return [head, "growth by path:"]
            + changes.map { change in
                let from = change.oldByteCount.map { "\($0)" } ?? "(new)"
                let to = change.newByteCount.map { "\($0) bytes" } ?? "(gone)"
                return "  \(change.path.patternText): \(from) → \(to) (\(Self.signed(change.growth)))"
            }
    }

    /// `+60` or `-4`.
    static func signed(_ value: Int) -> String {
        value > 0 ? "+\(value)" : "\(value)"
    }

    /// `+6.0 %`, one decimal rounded half away from zero; `+∞ %` from an empty baseline.
    static func signedPercent(_ value: Int, of base: Int) -> String {
        guard base > 0 else { return value == 0 ? "+0.0 %" : "+∞ %" }
        let tenths = (abs(value) * 1000 * 2 + base) / (2 * base)
        let sign = value < 0 ? "-" : "+"
        return "\(sign)\(tenths / 10).\(tenths % 10) %"
    }
}
