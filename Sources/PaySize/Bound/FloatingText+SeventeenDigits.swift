import Foundation

/// The longest text the Objective-C writer writes for a binary floating-point number in a range:
/// `%.17g` of the value widened to `Double` (<doc:WhatTheDeviceCounts>).
///
/// A finite nonzero value's text is fixed by its sign, the decimal exponent `E` of its 17-digit
/// rounding (which also picks the form: exponent notation below 1e-4 and from 1e17, plain
/// digits between) and the count `k` of its significant digits once trailing zeros are
/// dropped; for one sign and one `E` the length only grows with `k`. So the range is cut into
/// pieces of one sign, one `E` and one binade (one spacing `u` between neighbours), and in each
/// piece the most digits any value can have is known:
///
/// - When `u` is a whole multiple of the 17th digit's unit `10^(E-16)` (`E` ≤ 16 and
///   `u·10^(16-E)` an integer), every value's 17 digits are exact: `m·2^q·10^(16-E)` for the
///   integer significand `m` and `u = 2^q`, whose trailing zeros are
///   `min(v2(m) + q + 16 - E, v5(m) + 16 - E)`. An odd `m`, or one not divisible by five, reaches
///   the fewest, and of two neighbours one is such an `m`: the top two values hold the longest.
/// - Otherwise 17 digits are possible: neighbours' digits `D` differ by ⌊r⌋ or ⌈r⌉ for the
///   non-integral ratio `r = u / 10^(E-16)`, and a run of values whose `D` all end in zero needs
///   every step to be the one of the two that is a multiple of ten, which a drift of
///   `|r - 10j|` per step ends within `1 + 1/|r - 10j|` values. Over every binade of `Double`
///   and `Float` that is at most 97 values (`FloatingTextTests` works it out exactly for each),
///   below ``seventeenDigitWalkLength``.
///
/// Walking each piece down from its top for ``seventeenDigitWalkLength`` values (or the whole
/// piece) therefore finds its longest text. Pieces are visited longest-possible first, and the
/// search stops once no piece can beat the best text found.
extension FloatingText {
    /// Values walked down from the top of a piece: more than any run of neighbours whose 17
    /// digits all end in zero, where such runs end.
    static let seventeenDigitWalkLength = 128

    /// The text the Objective-C writer writes for a finite `value`: `%.17g` of it as a `Double`.
    static func seventeenDigitText<F: BinaryFloatingPoint>(_ value: F) -> String {
        SeventeenDigitDecimal(Double(value)).text
    }

    /// The longest ``seventeenDigitText(_:)`` of a value in `lower...upper`, and a value that
    /// has it; `nil` when the range is empty.
    static func longestSeventeenDigits<F: BinaryFloatingPoint & LosslessStringConvertible>(
        in lower: F, _ upper: F
    ) -> (value: F, text: String)? {
        guard lower.isFinite, upper.isFinite, lower <= upper else { return nil }
        var decades: [SeventeenDigitPiece<F>] = []
        // `-0` equals `0`: a range holding zero holds both, written `-0` and `0`.
        if lower <= 0, upper >= 0 {
            decades.append(SeventeenDigitPiece(low: 0, high: 0, negative: true, ceiling: 2))
        }
        if lower < 0 {
            decades += decadePieces(upper < 0 ? -upper : F.leastNonzeroMagnitude, -lower, negative: true)
        }
        if lower <= 0, upper >= 0 {
            decades.append(SeventeenDigitPiece(low: 0, high: 0, negative: false, ceiling: 1))
        }
        if upper > 0 {
            decades += decadePieces(lower > 0 ? lower : F.leastNonzeroMagnitude, upper, negative: false)
        }
        var best: (value: F, text: String)?
        for decade in ordered(decades) {
            if let best, best.text.utf8.count >= decade.ceiling { break }
            for piece in ordered(finePieces(of: decade)) {
                if let best, best.text.utf8.count >= piece.ceiling { break }
                var magnitude = piece.high
                for _ in 0..<seventeenDigitWalkLength {
                    let value = piece.negative ? -magnitude : magnitude
                    let text = seventeenDigitText(value)
                    if best == nil || text.utf8.count > best!.text.utf8.count { best = (value, text) }
                    if text.utf8.count >= piece.ceiling || magnitude <= piece.low { break }
                    magnitude = magnitude.nextDown
                }
            }
        }
        return best
    }

    /// `pieces` longest-possible first, in their given order among equals.
    private static func ordered<F>(_ pieces: [SeventeenDigitPiece<F>]) -> [SeventeenDigitPiece<F>] {
        pieces.enumerated().sorted {
            $0.element.ceiling != $1.element.ceiling ? $0.element.ceiling > $1.element.ceiling : $0.offset < $1.offset
        }.map(\.element)
    }

    /// Positive magnitudes `low...high` cut at the nearest values to powers of ten, largest
    /// first, each with a ceiling no value in it passes. A value from the cut at 10^E up has a
    /// 17-digit exponent of E, but the cut itself may round to E - 1: the ceiling allows both.
    private static func decadePieces<F: BinaryFloatingPoint & LosslessStringConvertible>(
        _ low: F, _ high: F, negative: Bool
    ) -> [SeventeenDigitPiece<F>] {
        guard low <= high else { return [] }
        // A power of ten as the nearest value of the type, 0 below its range, infinity above.
        func cut(_ exponent: Int) -> F { F("1e\(exponent)") ?? 0 }
        let lowestExponent = Int(log10(Double(low)).rounded(.down)) - 1
        let highestExponent = Int(log10(Double(high)).rounded(.down)) + 1
        var pieces: [SeventeenDigitPiece<F>] = []
        var upperCut = cut(highestExponent + 1)
        for exponent in stride(from: highestExponent, through: lowestExponent, by: -1) {
            let lowerCut = cut(exponent)
            defer { upperCut = lowerCut }
            let start = Swift.max(low, lowerCut)
            let end = Swift.min(high, upperCut.nextDown)
            guard start <= end else { continue }
            let ceiling = Swift.max(
                seventeenDigitByteCount(exponent: exponent, digits: 17, negative: negative),
                seventeenDigitByteCount(exponent: exponent - 1, digits: 17, negative: negative))
            pieces.append(SeventeenDigitPiece(low: start, high: end, negative: negative, ceiling: ceiling))
        }
        return pieces
    }

    /// A decade's pieces of one binade and one 17-digit exponent each, highest first, each with
    /// the longest text a value in it can have (module comment); zero is its own piece.
    private static func finePieces<F: BinaryFloatingPoint>(
        of decade: SeventeenDigitPiece<F>
    ) -> [SeventeenDigitPiece<F>] {
        guard decade.high > 0 else { return [decade] }
        var pieces: [SeventeenDigitPiece<F>] = []
        var start = decade.low
        while true {
            let binadeTop =
                start < F.leastNormalMagnitude
                ? F.leastNormalMagnitude.nextDown
                : F(sign: .plus, exponent: start.exponent + 1, significand: 1).nextDown
            let end = Swift.min(binadeTop, decade.high)
            // The spacing of this binade, 2^spacingExponent.
            let spacingExponent =
                start < F.leastNormalMagnitude
                ? Int(F.leastNonzeroMagnitude.exponent) : Int(start.exponent) - F.significandBitCount
            let exponent = SeventeenDigitDecimal(Double(end)).exponent
            var low = start
            // Only the decade's first value can round to the exponent below.
            while low < end, SeventeenDigitDecimal(Double(low)).exponent != exponent {
                let text = seventeenDigitText(decade.negative ? -low : low)
                pieces.append(
                    SeventeenDigitPiece(low: low, high: low, negative: decade.negative, ceiling: text.utf8.count))
                low = low.nextUp
            }
            // 10^(16-E): the exponent of five (and of two) that makes the 17th digit a unit.
            let scale = 16 - exponent
            let isExact = exponent <= 16 && spacingExponent + scale >= 0
            let digits = isExact ? 17 - Swift.min(spacingExponent + scale, scale) : 17
            pieces.append(
                SeventeenDigitPiece(
                    low: low, high: end, negative: decade.negative,
                    ceiling: seventeenDigitByteCount(exponent: exponent, digits: digits, negative: decade.negative)))
            if end >= decade.high { break }
            start = end.nextUp
        }
        return pieces.reversed()
    }

    /// The length of `%.17g`'s text for a nonzero value whose 17-digit rounding has decimal
    /// exponent `exponent` and `digits` significant digits once trailing zeros are dropped.
    static func seventeenDigitByteCount(exponent: Int, digits: Int, negative: Bool) -> Int {
        let sign = negative ? 1 : 0
        if exponent < -4 || exponent >= 17 {
            // d.ddde±XX: the exponent takes at least two digits.
            return sign + digits + (digits > 1 ? 1 : 0) + 2 + (abs(exponent) >= 100 ? 3 : 2)
        }
        if exponent >= 0 {
            let integerDigits = exponent + 1
            return sign + Swift.max(integerDigits, digits) + (digits > integerDigits ? 1 : 0)
        }
        // 0.000ddd: the zeros after the point are fixed by the exponent.
        return sign + 2 + (-exponent - 1) + digits
    }
}

/// Values of one sign whose magnitudes run from `low` to `high`, and the longest text any of
/// them can have.
private struct SeventeenDigitPiece<F> {
    var low: F
    var high: F
    var negative: Bool
    var ceiling: Int
}
