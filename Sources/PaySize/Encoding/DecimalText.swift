import Foundation

/// A `Decimal`'s fields, read straight from its storage, and the text `Decimal.description`
/// makes of them (which is what Foundation's `JSONEncoder` writes for a `Decimal`), written
/// without building a `String`.
///
/// `description` divides the whole 128-bit mantissa by ten once per digit and builds the text
/// backwards, one `String` append per character. Here the mantissa's digits come from at most three divisions, and the text is laid out from
/// the exponent:
///
/// - a length field of 0 is `NaN` when the sign is set and `0` otherwise, whatever the rest holds;
/// - otherwise the digits are those of the whole mantissa (all eight words, whatever the length
///   field says; a zero mantissa is the digit `0`), followed by `exponent` zeros when the exponent
///   is not negative (`5E+2` is `500`), or with a point before the last `-exponent` digits, padded
///   on the left with zeros to `0.` when there are not that many (`5E-3` is `0.005`, `50E-1` is
///   `5.0`: trailing zeros stay);
/// - a minus sign leads when the sign is set (`-0` and `-0.00` for a zero mantissa).
///
/// The storage layout is read, not declared: swift-foundation's `Decimal` outside Apple's
/// platforms keeps its fields internal (`_exponent`, `_length`, `_isNegative` and `_mantissa`
/// are public only on Apple's). The assumed layout is swift-foundation's: the exponent as an
/// `Int8` in byte 0; in byte 1 the length field in bits 4–7, the sign in bit 3 (`_isCompact`
/// in bit 2 and two reserved bits, which `description` ignores); two reserved bytes; then the
/// mantissa as eight `UInt16` words, least significant first, in native (little-endian) order.
/// The first use checks the layout by formatting a set of probe values and comparing with
/// their `description` and public `exponent` and `sign`; if any differs (Apple's `NSDecimal`
/// packs the same fields differently, a big-endian machine orders the words differently),
/// ``init(_:)`` returns nil for every value and the caller writes `description` instead.
struct DecimalText {
    /// The exponent: the value is the mantissa times 10^exponent.
    let exponent: Int
    /// Whether the length field is zero (the value is `0` or `NaN`).
    let hasNoLength: Bool
    let isNegative: Bool
    /// The 128-bit mantissa's low and high 64 bits.
    let low: UInt64
    let high: UInt64

    /// The fields of `value`, or nil where the storage layout is not the one assumed.
    @inline(__always)
    init?(_ value: Decimal) {
        guard Self.layoutIsKnown else { return nil }
        self.init(reading: value)
    }

    /// The fields of `value` read by the assumed layout, checked or not.
    init(reading value: Decimal) {
        (exponent, hasNoLength, isNegative, low, high) = withUnsafeBytes(of: value) { raw in
            let flags = raw[1]
            return (
                Int(raw.load(fromByteOffset: 0, as: Int8.self)), flags & 0xF0 == 0, flags & 0x08 != 0,
                raw.loadUnaligned(fromByteOffset: 4, as: UInt64.self),
                raw.loadUnaligned(fromByteOffset: 12, as: UInt64.self)
            )
        }
    }

    init(exponent: Int, hasNoLength: Bool, isNegative: Bool, low: UInt64, high: UInt64) {
        self.exponent = exponent
        self.hasNoLength = hasNoLength
        self.isNegative = isNegative
        self.low = low
        self.high = high
    }

    /// Whether this process's `Decimal` is laid out as assumed.
    static let layoutIsKnown = layoutMatches(reading: DecimalText.init(reading:))

    /// Whether `read` reads every probe value as `description` and the public `exponent` and
    /// `sign` see it. The probes set every field: each sign, the length field at 0, 1 and 8,
    /// the exponent at both ends, a zero in a middle word, trailing zeros kept.
    static func layoutMatches(reading read: (Decimal) -> DecimalText) -> Bool {
        guard MemoryLayout<Decimal>.size == 20 else { return false }
        let probes: [Decimal?] = [
            Decimal(), .nan, 1, -7, Decimal(string: "-1234.5"), Decimal(sign: .plus, exponent: -3, significand: 50),
            Decimal(string: "18446744073709551616.5"), Decimal(string: "-1e100"), .greatestFiniteMagnitude,
            -Decimal.greatestFiniteMagnitude, .leastNonzeroMagnitude, Decimal(UInt64.max),
            Decimal(string: "123456789012345678901234567890.1234567"),
        ]
        for case let probe? in probes {
            let fields = read(probe)
            guard fields.string == probe.description else { return false }
            if !probe.isNaN && (fields.exponent != probe.exponent || fields.isNegative != (probe.sign == .minus)) {
                return false
            }
        }
        return true
    }

    /// The text, as a `String` (for the layout check and tests).
    var string: String {
        var bytes = [UInt8](repeating: 0, count: Self.workingByteCount)
        let length = bytes.withUnsafeMutableBufferPointer { write(to: $0.baseAddress!) }
        return String(decoding: bytes[..<length], as: UTF8.self)
    }

    // MARK: Digits

    /// The mantissa as three parts below 10^16, most significant first: mantissa =
    /// top · 10^32 + middle · 10^16 + bottom (top below 3.5 · 10^6).
    @inline(__always)
    private var parts: (top: UInt64, middle: UInt64, bottom: UInt64) {
        let tenToThe16: UInt64 = 10_000_000_000_000_000
        if high == 0 {
            if low < tenToThe16 { return (0, 0, low) }
            return (0, low / tenToThe16, low % tenToThe16)
        }
        // Long division by 10^16 in two 64-bit steps, then the quotient (below 2^75) once more.
        let (quotientHigh, remainderHigh) = high.quotientAndRemainder(dividingBy: tenToThe16)
        let (quotientLow, bottom) = tenToThe16.dividingFullWidth((remainderHigh, low))
        let (top, middle) = tenToThe16.dividingFullWidth((quotientHigh, quotientLow))
        return (top, middle, bottom)
    }

    /// The number of digits of the mantissa (1 for zero).
    @inline(__always)
    private static func digitCount(_ parts: (top: UInt64, middle: UInt64, bottom: UInt64)) -> Int {
        if parts.top != 0 { return 32 &+ JSONByteWriter.decimalDigitCount(parts.top) }
        if parts.middle != 0 { return 16 &+ JSONByteWriter.decimalDigitCount(parts.middle) }
        return JSONByteWriter.decimalDigitCount(parts.bottom)
    }

    // MARK: Text

    /// The longest text: a sign, 39 digits and 127 zeros (at the other end, exponent -128 takes
    /// at most a sign, `0.` and 128 digits).
    static let maximumByteCount = 1 + 39 + 127

    /// The room ``write(to:)`` needs: the longest text, then 48 bytes where the digits are laid
    /// out before they are copied into place.
    static let workingByteCount = maximumByteCount + 48

    /// The length of the text in bytes.
    var byteCount: Int {
        if hasNoLength { return isNegative ? 3 : 1 }
        return Self.byteCount(digitCount: Self.digitCount(parts), exponent: exponent, isNegative: isNegative)
    }

    @inline(__always)
    private static func byteCount(digitCount: Int, exponent: Int, isNegative: Bool) -> Int {
        let sign = isNegative ? 1 : 0
        if exponent >= 0 { return sign &+ digitCount &+ exponent }
        let fractionDigits = 0 &- exponent
        // Digits before the point, or `0.` and zeros.
        return digitCount > fractionDigits ? sign &+ digitCount &+ 1 : sign &+ 2 &+ fractionDigits
    }

    /// Writes the text to `output`, which has room for ``workingByteCount`` bytes, and returns
    /// its length; the bytes after the text are left undefined.
    @discardableResult
    func write(to output: UnsafeMutablePointer<UInt8>) -> Int {
        if hasNoLength {
            if isNegative {
                output[0] = UInt8(ascii: "N")
                output[1] = UInt8(ascii: "a")
                output[2] = UInt8(ascii: "N")
                return 3
            }
            output[0] = UInt8(ascii: "0")
            return 1
        }
        let parts = self.parts
        let digitCount = Self.digitCount(parts)
        let length = Self.byteCount(digitCount: digitCount, exponent: exponent, isNegative: isNegative)
        // The digits, right-aligned and zero-padded past the longest text: blocks of sixteen,
        // only those needed.
        let end = output + Self.workingByteCount
        Self.writeSixteenDigits(parts.bottom, to: end - 16, lastEightOnly: digitCount <= 8)
        if digitCount > 16 {
            Self.writeSixteenDigits(parts.middle, to: end - 32, lastEightOnly: false)
            if digitCount > 32 { Self.writeSixteenDigits(parts.top, to: end - 48, lastEightOnly: false) }
        }
        let digits = UnsafePointer(end - digitCount)

        let sign = isNegative ? 1 : 0
        if isNegative { output[0] = UInt8(ascii: "-") }
        let start = output + sign
        if exponent >= 0 {
            JSONByteWriter.copyBytes(from: digits, to: start, count: digitCount)
            (start + digitCount).update(repeating: UInt8(ascii: "0"), count: exponent)
            return length
        }
        let fractionDigits = 0 &- exponent
        if digitCount > fractionDigits {
            let integerDigits = digitCount &- fractionDigits
            JSONByteWriter.copyBytes(from: digits, to: start, count: integerDigits)
            start[integerDigits] = UInt8(ascii: ".")
            JSONByteWriter.copyBytes(from: digits + integerDigits, to: start + integerDigits + 1, count: fractionDigits)
        } else {
            start[0] = UInt8(ascii: "0")
            start[1] = UInt8(ascii: ".")
            let zeros = fractionDigits &- digitCount
            (start + 2).update(repeating: UInt8(ascii: "0"), count: zeros)
            JSONByteWriter.copyBytes(from: digits, to: start + 2 + zeros, count: digitCount)
        }
        return length
    }

    /// Writes `value` (below 10^16) as sixteen zero-padded digits, or only the last eight when
    /// `value` is below 10^8 and `lastEightOnly` is set.
    @inline(__always)
    private static func writeSixteenDigits(
        _ value: UInt64, to output: UnsafeMutablePointer<UInt8>, lastEightOnly: Bool
    ) {
        if lastEightOnly {
            JSONByteWriter.writeEightDigits(value, to: output + 8)
            return
        }
        let high = value / 100_000_000
        JSONByteWriter.writeEightDigits(high, to: output)
        JSONByteWriter.writeEightDigits(value &- high &* 100_000_000, to: output + 8)
    }
}
