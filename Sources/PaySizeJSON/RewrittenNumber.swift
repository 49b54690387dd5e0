/// A JSON number token as each of Foundation's writers writes it back once the device has read
/// it (<doc:WhatTheDeviceCounts>: the rules, and how sure each one is).
///
/// - An integer token that fits 64 bits (`Int64` or `UInt64`) is written as sent, by both
///   writers. `-0` counts as sent (2 bytes): a reader that keeps it an integer writes `0`, one
///   that reads a `Double` writes `-0`, and the larger is the safe figure.
/// - An integer past 64 bits counts as the longer of its digits as sent and its `Double` text:
///   which one a reader keeps (a decimal number or a `Double`) is not documented.
/// - Any other token is read as the nearest `Double` and written by the writer's rule: the
///   Swift writer's shortest round-trip text (`1.50` → `1.5`, `1e2` → `100`), the Objective-C
///   writer's `%.17g` (``SeventeenDigitDecimal``: `1.91` → `1.9099999999999999`, `3.0` → `3`).
///   A token past `Double`'s range (`1e400`), which no device decodes, counts as sent.
package enum RewrittenNumber {
    /// The byte counts of `token` (a number token the scanner accepted) once re-written by the
    /// Swift and the Objective-C writer.
    package static func byteCounts(ofToken token: UnsafeBufferPointer<UInt8>) -> (swift: Int, objc: Int) {
        (byteCount(ofToken: token, writer: .swift), byteCount(ofToken: token, writer: .objc))
    }

    /// The byte count of `token` once re-written by `writer`.
    @inline(__always)
    package static func byteCount(ofToken token: UnsafeBufferPointer<UInt8>, writer: JSONWriter) -> Int {
        let parsed = ParsedToken(token)
        let sent = token.count
        if parsed.isInteger {
            guard parsed.mayExceed64Bits, !Self.fits64Bits(token) else { return sent }
            let value = Self.value(of: token)
            guard value.isFinite else { return sent }
            return max(sent, writer == .swift ? swiftByteCount(of: value) : SeventeenDigitDecimal(value).byteCount)
        }
        if writer == .swift && parsed.isSwiftText { return sent }
        let value = parsed.fastValue ?? Self.value(of: token)
        guard value.isFinite else { return sent }
        return writer == .swift ? swiftByteCount(of: value) : SeventeenDigitDecimal(value).byteCount
    }

    /// The text `writer` writes for `token`, for messages (`1.91` → `1.9099999999999999`).
    package static func text(ofToken token: String, writer: JSONWriter) -> String {
        var bytes = token
        return bytes.withUTF8 { utf8 in
            let parsed = ParsedToken(utf8)
            if parsed.isInteger && (!parsed.mayExceed64Bits || fits64Bits(utf8)) { return token }
            let value = parsed.isInteger ? Self.value(of: utf8) : parsed.fastValue ?? Self.value(of: utf8)
            guard value.isFinite else { return token }
            let written: String
            switch writer {
            case .swift: written = parsed.isSwiftText ? token : swiftText(of: value)
            case .objc: written = SeventeenDigitDecimal(value).text
            }
            return parsed.isInteger && token.utf8.count > written.utf8.count ? token : written
        }
    }

    /// The text the Swift writer writes for a finite `Double`: its `description` minus a
    /// trailing `.0` (<doc:MatchingJSONEncoder>).
    package static func swiftText(of value: Double) -> String {
        let description = value.description
        return description.hasSuffix(".0") ? String(description.dropLast(2)) : description
    }

    /// The length of ``swiftText(of:)``, without making the string for the common values.
    package static func swiftByteCount(of value: Double) -> Int {
        let sign = value.sign == .minus ? 1 : 0
        let magnitude = value.magnitude
        if magnitude < 9_007_199_254_740_992.0 {
            let integral = UInt64(magnitude)
            if Double(integral) == magnitude { return sign + decimalDigitCount(integral) }
            if let (digits, fractionDigits) = ShortestDecimal.digits(of: magnitude) {
                return sign + max(decimalDigitCount(digits) - fractionDigits, 1) + 1 + fractionDigits
            }
        }
        return swiftText(of: value).utf8.count
    }

    /// The number of decimal digits of `value` (1 for zero).
    private static func decimalDigitCount(_ value: UInt64) -> Int {
        var count = 1
        var rest = value
        while rest >= 10 {
            rest /= 10
            count += 1
        }
        return count
    }

    /// Whether an integer token's value fits `Int64` or `UInt64`.
    private static func fits64Bits(_ token: UnsafeBufferPointer<UInt8>) -> Bool {
        let text = String(decoding: token, as: UTF8.self)
        return Int64(text) != nil || UInt64(text) != nil
    }

    /// The nearest `Double` to a number token (infinite past `Double`'s range).
    private static func value(of token: UnsafeBufferPointer<UInt8>) -> Double {
        Double(String(decoding: token, as: UTF8.self)) ?? .nan
    }

    /// What one pass over a number token tells: its kind, and its value when that is exact.
    private struct ParsedToken {
        /// No fraction and no exponent.
        var isInteger = true
        /// An integer token of 19 digits or more, which may not fit 64 bits.
        var mayExceed64Bits = false
        /// The value, when its significand and power of ten make it one correctly rounded
        /// operation (at most 2^53 and 10^±22); `nil` otherwise.
        var fastValue: Double?
        /// Whether the token is already the Swift writer's text for its value: plain notation, at
        /// most 15 significant digits, no trailing zero after the point, and at least 10^-4.
        var isSwiftText = false

        private static let powersOfTen: [Double] = (0...22).map { exponent in
            var value = 1.0
            for _ in 0..<exponent { value *= 10 }
            return value
        }

        init(_ token: UnsafeBufferPointer<UInt8>) {
            var index = 0
            let count = token.count
            let isNegative = count > 0 && token[0] == UInt8(ascii: "-")
            if isNegative { index = 1 }
            var significand: UInt64 = 0
            var significantDigits = 0
            var droppedDigits = false
            var scale = 0
            var integerDigits = 0
            while index < count, token[index] &- UInt8(ascii: "0") < 10 {
                Self.add(token[index], &significand, &significantDigits, &droppedDigits, &scale, afterPoint: false)
                integerDigits += 1
                index += 1
            }
            var lastFractionDigit: UInt8 = UInt8(ascii: "0")
            var hasExponent = false
            if index < count, token[index] == UInt8(ascii: ".") {
                isInteger = false
                index += 1
                while index < count, token[index] &- UInt8(ascii: "0") < 10 {
                    lastFractionDigit = token[index]
                    Self.add(token[index], &significand, &significantDigits, &droppedDigits, &scale, afterPoint: true)
                    index += 1
                }
            }
            if index < count, token[index] | 0x20 == UInt8(ascii: "e") {
                isInteger = false
                hasExponent = true
                index += 1
                var exponentIsNegative = false
                if index < count, token[index] == UInt8(ascii: "-") || token[index] == UInt8(ascii: "+") {
                    exponentIsNegative = token[index] == UInt8(ascii: "-")
                    index += 1
                }
                var exponent = 0
                while index < count, token[index] &- UInt8(ascii: "0") < 10 {
                    // Saturates far past any Double's exponent.
                    if exponent < 100_000 { exponent = exponent * 10 + Int(token[index] &- UInt8(ascii: "0")) }
                    index += 1
                }
                scale += exponentIsNegative ? -exponent : exponent
            }
            mayExceed64Bits = isInteger && integerDigits >= 19
            guard !isInteger else { return }
            if !droppedDigits, significand <= 1 << 53, scale >= -22, scale <= 22 {
                let magnitude =
                    scale < 0
                    ? Double(significand) / Self.powersOfTen[-scale] : Double(significand) * Self.powersOfTen[scale]
                fastValue = isNegative ? -magnitude : magnitude
            }
            // The first significant digit's power of ten: -4 or more prints plainly.
            let leadingExponent = scale + significantDigits - 1
            isSwiftText =
                !hasExponent && !droppedDigits && significand != 0 && significantDigits <= 15
                && lastFractionDigit != UInt8(ascii: "0") && leadingExponent >= -4
        }

        /// Adds one digit: into the significand while it has room for 19, else as a dropped digit.
        @inline(__always)
        private static func add(
            _ byte: UInt8, _ significand: inout UInt64, _ significantDigits: inout Int, _ droppedDigits: inout Bool,
            _ scale: inout Int, afterPoint: Bool
        ) {
            let digit = UInt64(byte &- UInt8(ascii: "0"))
            if significand == 0 && digit == 0 {
                // A leading zero only moves the point.
                if afterPoint { scale -= 1 }
                return
            }
            if significantDigits < 19 {
                significand = significand * 10 + digit
                significantDigits += 1
                if afterPoint { scale -= 1 }
            } else {
                if digit != 0 { droppedDigits = true }
                if !afterPoint { scale += 1 }
            }
        }
    }
}
