import Foundation

/// The longest text `JSONEncoder` writes for a binary floating-point number in a range: its
/// shortest round-trip `description`, less a trailing `.0`.
///
/// The text's length depends on the sign, the decimal exponent (which also picks the form:
/// plain from 1e-4 up to 2^53 for `Double`, 2^24 for `Float`, exponential elsewhere) and the
/// digit count. The range is cut where the exponent or the form changes; in each piece the
/// length grows with the digit count only, so the piece is walked from both ends until a value
/// needs the type's most digits (17 for `Double`, 9 for `Float`), or the piece is exhausted.
/// Pieces are visited longest-possible first and the search stops once no piece can beat the
/// best text found.
enum FloatingText {
    /// Values walked from each end of a piece before settling for the best found.
    static let walkLength = 4096

    /// JSONEncoder's text for `value`.
    static func text<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> String {
        let description = value.description
        return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
    }

    /// The longest text of a finite value in `lower...upper`, and that value; `nil` when the
    /// range is empty.
    static func longest<F: BinaryFloatingPoint & LosslessStringConvertible>(
        in lower: F, _ upper: F, maximumDigits: Int, plainUpperBound: F
    ) -> (value: F, text: String)? {
        guard lower.isFinite, upper.isFinite, lower <= upper else { return nil }
        var pieces: [(low: F, high: F, negative: Bool, ceiling: Int)] = []
        func addMagnitudes(_ low: F, _ high: F, negative: Bool) {
            guard low <= high else { return }
            if high == 0 {
                pieces.append((low: 0, high: 0, negative: negative, ceiling: negative ? 2 : 1))
                return
            }
            var cuts: [F] = [plainUpperBound, plainUpperBound.nextUp]
            // Every power of ten from the bottom of the range to its top starts a new exponent.
            let lowExponent = low == 0 ? -330 : Int((Double(low).magnitude).log10Floor) - 1
            let highExponent = Int(Double(high).log10Floor) + 1
            for exponent in lowExponent...highExponent {
                if let power = F("1e\(exponent)"), power.isFinite, power > 0 { cuts.append(power) }
            }
            cuts = cuts.filter { $0 > low && $0 <= high }.sorted()
            var start = low
            for cut in cuts + [high.nextUp] {
                let end = cut == high.nextUp ? high : cut.nextDown
                if start <= end {
                    pieces.append(
                        (
                            low: start, high: end, negative: negative,
                            ceiling: ceiling(start, end, negative: negative, maximumDigits: maximumDigits)
                        ))
                }
                start = cut
            }
        }
        if lower < 0 { addMagnitudes(Swift.max(0, -upper), -lower, negative: true) }
        // `-0` equals `0`, so a range whose lower end is zero holds it too: two bytes.
        if lower == 0 { addMagnitudes(0, 0, negative: true) }
        if upper >= 0 { addMagnitudes(Swift.max(0, lower), upper, negative: false) }
        pieces.sort { $0.ceiling > $1.ceiling }
        var best: (value: F, text: String)?
        for piece in pieces {
            if let best, best.text.utf8.count >= piece.ceiling { break }
            func consider(_ magnitude: F) -> Bool {
                let value = piece.negative ? -magnitude : magnitude
                let candidate = text(value)
                if best == nil || candidate.utf8.count > best!.text.utf8.count { best = (value, candidate) }
                return candidate.utf8.count >= piece.ceiling
            }
            var up = piece.low
            var down = piece.high
            var steps = 0
            while steps < walkLength, up <= down {
                if consider(down) || consider(up) { break }
                up = up.nextUp
                down = down.nextDown
                steps += 1
            }
        }
        return best
    }

    /// The longest text any value in `low...high` (magnitudes of one decimal exponent and one
    /// form) could have with `maximumDigits` significant digits.
    private static func ceiling<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ low: F, _ high: F, negative: Bool, maximumDigits: Int
    ) -> Int {
        // The sample's own text says which form and exponent the piece uses.
        let sample = text(high)
        let sign = negative ? 1 : 0
        if let e = sample.firstIndex(of: "e") {
            // d.ddd…e±XX: digits, a point when more than one digit, the exponent as written.
            let exponentPart = sample[e...].count
            return sign + maximumDigits + 1 + exponentPart
        }
        let integerDigits = sample.split(separator: ".").first.map { $0 == "0" ? 0 : $0.count } ?? 0
        if integerDigits == 0 {
            // 0.000ddd: leading zeros after the point are fixed by the exponent.
            let fraction = sample.split(separator: ".").dropFirst().first ?? ""
            let zeros = fraction.prefix { $0 == "0" }.count
            return sign + 2 + zeros + maximumDigits
        }
        return sign + Swift.max(integerDigits, maximumDigits) + (maximumDigits > integerDigits ? 1 : 0)
    }
}

extension Double {
    /// floor(log10(self)) for a positive finite value.
    fileprivate var log10Floor: Double { Foundation.log10(self).rounded(.down) }
}
