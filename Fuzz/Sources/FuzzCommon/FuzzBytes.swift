import Foundation

/// Reads structured values out of libFuzzer's bytes, for the targets that build Swift values
/// rather than feed bytes through: every read takes bytes from the front, and an exhausted input
/// reads as zeros, so every input builds some value and libFuzzer's mutations move it smoothly.
package struct FuzzBytes {
    private let bytes: [UInt8]
    private var offset = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether every byte has been read.
    package var isExhausted: Bool { offset >= bytes.count }

    /// How many bytes are left.
    package var remaining: Int { max(bytes.count - offset, 0) }

    /// The next byte, or 0 past the end.
    package mutating func byte() -> UInt8 {
        guard offset < bytes.count else { return 0 }
        defer { offset += 1 }
        return bytes[offset]
    }

    /// The next byte as a number below `bound` (at least 1).
    package mutating func below(_ bound: Int) -> Int {
        Int(byte()) % max(bound, 1)
    }

    /// The next `MemoryLayout<T>.size` bytes, little-endian, as an integer.
    package mutating func integer<T: FixedWidthInteger>(_: T.Type = T.self) -> T {
        var value = T.zero
        for shift in stride(from: 0, to: T.bitWidth, by: 8) {
            value |= T(truncatingIfNeeded: byte()) << shift
        }
        return value
    }

    /// A `Double`: one byte picks a notable value (extremes, subnormals, -0, NaN, infinities,
    /// integers near 2^53, dates) or any bit pattern.
    package mutating func double() -> Double {
        let notable: [Double] = [
            0, -0.0, 1, -1, 0.1, 0.5, 1e-7, 1e21, 1e22, 123_456_789.125, 9_007_199_254_740_991, -9_007_199_254_740_992,
            .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude,
            -.leastNonzeroMagnitude, .nan, .infinity, -.infinity, .pi, 978_307_200, 1_764_504_000, 1e15, 1e16, 1e-300,
            Double(Float.greatestFiniteMagnitude), Double(Float.leastNonzeroMagnitude),
            Double(bitPattern: 0x000F_FFFF_FFFF_FFFF), Double(bitPattern: 0x8008_0000_0000_0000),
        ]
        let selector = byte()
        if Int(selector) < notable.count { return notable[Int(selector)] }
        if selector < 0xC0 { return Double(integer(Int32.self)) / Double(1 << (selector & 15)) }
        return Double(bitPattern: integer(UInt64.self))
    }

    /// A `Float`, as ``double()`` picks one.
    package mutating func float() -> Float {
        let notable: [Float] = [
            0, -0.0, 1, -1, 0.1, 1e-7, 16_777_215, .greatestFiniteMagnitude, -.greatestFiniteMagnitude,
            .leastNormalMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, .nan, .infinity, -.infinity, 3.4e38,
            1e10,
        ]
        let selector = byte()
        if Int(selector) < notable.count { return notable[Int(selector)] }
        if selector < 0xC0 { return Float(integer(Int16.self)) / Float(1 << (selector & 15)) }
        return Float(bitPattern: integer(UInt32.self))
    }

    /// A Unicode scalar: ASCII (control characters, `"`, `\`, `/` included) most of the time,
    /// else a notable scalar (U+2028, U+FEFF, combining marks, emoji, U+10FFFF), else any scalar.
    package mutating func scalar() -> Unicode.Scalar {
        let selector = byte()
        switch selector {
        case 0..<0x80:
            return Unicode.Scalar(selector)
        case 0x80..<0xC0:
            let notable: [UInt32] = [
                0x7F, 0x80, 0xA0, 0xE9, 0x301, 0x2028, 0x2029, 0xFEFF, 0xFFFD, 0xFFFF, 0x1F600, 0x1F1EB, 0x10FFFF,
                0x65E5, 0xD7FF,
                0xE000, 0x0085, 0x200B, 0x200D, 0x1F468,
            ]
            return Unicode.Scalar(notable[Int(selector - 0x80) % notable.count])!
        default:
            let raw = UInt32(integer(UInt16.self)) | UInt32(byte() % 0x11) << 16
            return Unicode.Scalar(raw) ?? Unicode.Scalar(0xFFFD)!
        }
    }

    /// A string of up to `maximumLength` scalars; the length comes from the next byte.
    package mutating func string(maximumLength: Int = 24) -> String {
        let length = below(maximumLength + 1)
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length { scalars.append(scalar()) }
        return String(scalars)
    }
}
