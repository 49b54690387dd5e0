import Foundation

/// The longest text `JSONEncoder` writes for a `Decimal` that `JSONDecoder` reads from a JSON
/// number within a range, and a number that reaches it.
///
/// `JSONEncoder` writes a `Decimal`'s `description` (see `DecimalText`): the digits of its
/// mantissa `m` and its exponent `e` laid out in plain notation. `JSONDecoder` reads a number
/// into the most leading digits that fit in 128 bits (39 when they are at most
/// 340282366920938463463374607431768211455, else 38), drops the rest, and strips trailing
/// zeros while the exponent stays at most 127; an exponent outside -128...127 is refused. So a
/// decoded value is a sign, a mantissa of `n` digits (1 to 39) and an exponent, and its text is
/// `n + e` digits for `e >= 0`, `n + 1` bytes with a point inside for `n > -e`, and `0.` with
/// `-e` digits otherwise, plus one for a minus sign: at most 167 bytes
/// (`-340282366920938463463374607431768211455` and 127 zeros).
///
/// Each such shape (sign, `e`, `n`) is a grid of values `m · 10^e`. The bound is the longest
/// shape whose grid meets the range widened by 10^-15 of its ends (a non-integer number is
/// compared with `minimum` and `maximum` as its nearest `Double`, which moves it by at most
/// 2^-53 of itself, and the digits the decoder drops move it by less): no number the schema
/// allows decodes to a longer text. The witness is the grid value nearest to a range end (or
/// a grid end) that the range itself accepts, decoded to check its text; a whole number is
/// tried in digits (compared exactly) and with an exponent (compared as its nearest `Double`),
/// so a witness such as `1e101` may re-encode longer than it is written.
enum DecimalLongest {
    /// The longest text and a number token whose decoded `Decimal` writes `witnessByteCount`
    /// bytes (equal to `byteCount` unless a range end cuts the longest shape too finely).
    struct Found {
        var byteCount: Int
        var witness: String?
        var witnessByteCount: Int
    }

    /// 2^128 - 1, the largest mantissa.
    static let largestMantissa = Decimal(string: "340282366920938463463374607431768211455")!

    /// The shapes, longest text first: sign, exponent, digit count and the text's byte count.
    private struct Shape {
        var isNegative: Bool
        var exponent: Int
        var digits: Int
        var byteCount: Int
    }

    private static let shapes: [Shape] = {
        var shapes: [Shape] = []
        for isNegative in [true, false] {
            for exponent in -128...127 {
                for digits in 1...39 {
                    let body =
                        exponent >= 0 ? digits + exponent : (digits > -exponent ? digits + 1 : 2 - exponent)
                    shapes.append(
                        Shape(
                            isNegative: isNegative, exponent: exponent, digits: digits,
                            byteCount: body + (isNegative ? 1 : 0)))
                }
            }
        }
        return shapes.sorted { $0.byteCount > $1.byteCount }
    }()

    /// The longest text of a `Decimal` read from a number in `lower...upper` (`nil`: no end on
    /// that side); `accepted` says whether the schema allows a number token and, when it does,
    /// how many bytes its decoded `Decimal` writes. `nil` when no number is allowed.
    static func longest(lower: JSONNumber?, upper: JSONNumber?, accepted: (String) -> Int?) -> Found? {
        // Past the largest Decimal on the wrong side, nothing decodes.
        if let lower, lower.doubleValue > 3.5e165 { return nil }
        if let upper, upper.doubleValue < -3.5e165 { return nil }
        let lowerEnd = lower.flatMap { end(of: $0, upper: false, widened: true) }
        let upperEnd = upper.flatMap { end(of: $0, upper: true, widened: true) }
        if let lowerEnd, let upperEnd, lowerEnd > upperEnd { return nil }
        let exactEnds = (
            lower.flatMap { end(of: $0, upper: false, widened: false) },
            upper.flatMap { end(of: $0, upper: true, widened: false) }
        )
        // Magnitudes allowed on each side of zero, widened, and as written (for witnesses).
        let ceiling = largestMantissa * power(127)
        func magnitudes(_ lower: Decimal?, _ upper: Decimal?, negative: Bool) -> (Decimal, Decimal)? {
            let low = negative ? upper.map { -$0 } : lower
            let high = negative ? lower.map { -$0 } : upper
            let from = max(low ?? 0, 0)
            let to = min(high ?? ceiling, ceiling)
            return from <= to && to > 0 ? (from, to) : nil
        }
        let sides = [
            true: magnitudes(lowerEnd, upperEnd, negative: true),
            false: magnitudes(lowerEnd, upperEnd, negative: false),
        ]
        let exactSides = [
            true: magnitudes(exactEnds.0, exactEnds.1, negative: true),
            false: magnitudes(exactEnds.0, exactEnds.1, negative: false),
        ]
        var bound: Int?
        var best: (token: String, byteCount: Int)?
        for shape in shapes {
            if let best, best.byteCount >= shape.byteCount { break }
            guard let (from, to) = sides[shape.isNegative] ?? nil, let span = grid(shape, from: from, to: to) else {
                continue
            }
            if bound == nil { bound = shape.byteCount }
            let exact = exactSides[shape.isNegative] ?? nil
            for (mantissa, value) in candidates(shape, span: span, near: exact) {
                // A whole number is compared exactly as written in digits, and as its nearest
                // Double when written with an exponent: either form may be the one allowed.
                let sign = shape.isNegative ? "-" : ""
                var tokens = [sign + value.description]
                if shape.exponent > 0 { tokens.append(sign + mantissa.description + "e\(shape.exponent)") }
                for token in tokens {
                    if let written = accepted(token), written > (best?.byteCount ?? -1) { best = (token, written) }
                }
            }
        }
        // Zero is the shortest text; it matters only when nothing else is allowed.
        guard let bound else {
            guard let written = accepted("0") else { return nil }
            return Found(byteCount: written, witness: "0", witnessByteCount: written)
        }
        return Found(byteCount: bound, witness: best?.token, witnessByteCount: best?.byteCount ?? 0)
    }

    /// A range end as a `Decimal`, moved outward by 10^-15 of itself (a tiny one to zero or
    /// twice itself); `nil` when it is beyond every `Decimal`, so no end on that side.
    private static func end(of number: JSONNumber, upper: Bool, widened: Bool) -> Decimal? {
        guard let value = Decimal(string: number.description, locale: Locale(identifier: "en_US_POSIX")),
            !value.isNaN, value.magnitude <= largestMantissa * power(127)
        else {
            // A tiny end (below every nonzero Decimal) is zero.
            return number.doubleValue.magnitude < 1 ? 0 : nil
        }
        if value.isZero || !widened { return value }
        if value.magnitude < power(-100) {
            if upper { return value < 0 ? 0 : value * 2 }
            return value > 0 ? 0 : value * 2
        }
        let margin = value.magnitude * power(-15)
        let widened = upper ? value + margin : value - margin
        return widened.isNaN ? nil : widened
    }

    /// The mantissas of `shape`'s grid between `from` and `to` (magnitudes), as the first and
    /// last multiples of 10^exponent; `nil` when the grid has no value there whose decoded form
    /// keeps the shape (a fraction ending in 0 loses that digit).
    private static func grid(_ shape: Shape, from: Decimal, to: Decimal) -> (first: Decimal, last: Decimal)? {
        let lowest = power(shape.digits - 1)
        let highest = shape.digits == 39 ? largestMantissa : power(shape.digits) - 1
        let first = max(lowest, rounded(from, exponent: shape.exponent, up: true))
        let last = min(highest, rounded(to, exponent: shape.exponent, up: false))
        guard first <= last else { return nil }
        if shape.exponent < 0, first == last, isMultipleOfTen(first) { return nil }
        return (first, last)
    }

    /// The grid values to try as witnesses, as magnitudes: the ends of the span, the grid
    /// values nearest the range's ends as written, and their neighbours, none ending in 0 below
    /// exponent 0.
    private static func candidates(
        _ shape: Shape, span: (first: Decimal, last: Decimal), near exact: (Decimal, Decimal)?
    ) -> [(mantissa: Decimal, value: Decimal)] {
        var mantissas: [Decimal] = []
        var bases = [span.last, span.first]
        if let (from, to) = exact {
            bases += [
                rounded(to, exponent: shape.exponent, up: false), rounded(from, exponent: shape.exponent, up: true),
            ]
        }
        for base in bases {
            for offset in [0, -1, 1, -2, 2] {
                let mantissa = base + Decimal(offset)
                guard mantissa >= span.first, mantissa <= span.last else { continue }
                if shape.exponent < 0, isMultipleOfTen(mantissa) { continue }
                if !mantissas.contains(mantissa) { mantissas.append(mantissa) }
            }
        }
        return mantissas.map { mantissa in
            var value = mantissa
            value *= power(shape.exponent)
            return (mantissa, value)
        }
    }

    private static func power(_ exponent: Int) -> Decimal {
        Decimal(sign: .plus, exponent: exponent, significand: 1)
    }

    /// `value / 10^exponent` rounded to a whole number, up or down (`value` not negative); a
    /// quotient past every mantissa is capped, so that the division stays within `Decimal`.
    private static func rounded(_ value: Decimal, exponent: Int, up: Bool) -> Decimal {
        if value.isZero { return 0 }
        // The value is below 10^order.
        let order = value.exponent + value.significand.description.utf8.count
        if order - exponent > 40 { return largestMantissa * 10 }
        if order - exponent < -1 { return up ? 1 : 0 }
        var scaled = value
        scaled /= power(exponent)
        var result = Decimal()
        NSDecimalRound(&result, &scaled, 0, up ? .up : .down)
        return result
    }

    private static func isMultipleOfTen(_ mantissa: Decimal) -> Bool {
        var tenth = mantissa
        tenth /= 10
        var whole = Decimal()
        NSDecimalRound(&whole, &tenth, 0, .down)
        return whole == tenth
    }
}
