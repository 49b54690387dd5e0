import Foundation
import PaySizeTestSupport
import Testing

@testable import PaySize

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ``SeventeenDigitDecimal``, the Objective-C writer's `%.17g`, against the published data points
/// and against the C library's own `%.17g`, byte for byte.
@Suite("17-digit number text") struct SeventeenDigitDecimalTests {
    /// The C library's `%.17g` of `value`, through `snprintf` (no `String(format:)`, which costs more
    /// than the value under test).
    static func printed(_ value: Double) -> String {
        var buffer = [CChar](repeating: 0, count: 48)
        _ = withVaList([value]) { arguments in
            vsnprintf(&buffer, buffer.count, "%.17g", arguments)
        }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    static let publishedPoints = DeviceWriterSamples.publishedPoints

    @Test("the published data points", arguments: publishedPoints)
    func thePublishedDataPoints(_ point: (Double, String)) {
        let text = SeventeenDigitDecimal(point.0)
        #expect(text.text == point.1)
        #expect(text.byteCount == point.1.utf8.count)
        #expect(Self.printed(point.0) == point.1)
    }

    /// A million seeded doubles over every exponent, subnormals, integers past 2^53, short decimals
    /// and their neighbours, and widened `Float`s, each compared with the C library's `%.17g`: in
    /// eight runs of 125 000 (each seeded of its own), so that they share the cores.
    @Test("a million seeded doubles agree with the C library byte for byte", arguments: 0..<8)
    func aMillionSeededDoublesAgreeWithTheCLibraryByteForByte(run: Int) {
        var rng = SplitMix64(seed: 0x5EED_17D1 &+ UInt64(run))
        var mismatches: [String] = []
        var checked = 0
        var printedBuffer = [CChar](repeating: 0, count: 48)
        var writtenBuffer = [UInt8](repeating: 0, count: SeventeenDigitDecimal.maximumByteCount)
        for index in (run * 125_000)..<((run + 1) * 125_000) {
            let value: Double
            switch index % 8 {
            case 0:
                // Any finite bit pattern: every exponent range, both signs.
                value = Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &rng))
            case 1:
                // Subnormals.
                value = Double(bitPattern: UInt64.random(in: 1...0x000F_FFFF_FFFF_FFFF, using: &rng))
            case 2:
                // Integers past 2^53, up to and past 10^17 where the form turns to exponents.
                value = Double(UInt64.random(in: 1 << 53...UInt64.max, using: &rng))
            case 3:
                // Short decimals such as prices, coordinates and ratios.
                let scale = [1.0, 10, 100, 1000, 1e4, 1e5, 1e6, 1e7][Int.random(in: 0..<8, using: &rng)]
                value = Double(Int64.random(in: -999_999_999...999_999_999, using: &rng)) / scale
            case 4:
                // A short decimal's neighbours.
                let short = Double(Int.random(in: 1...99_999, using: &rng)) / 100
                value = Bool.random(using: &rng) ? short.nextUp : short.nextDown
            case 5:
                value = Double(Float(bitPattern: UInt32.random(in: 0...0x7F7F_FFFF, using: &rng)))
            case 6:
                // Around the form boundaries: 10^-5, 10^-4, 10^16, 10^17.
                let edge = [1e-5, 1e-4, 1e16, 1e17, 9.999_999_999_999_999e16][Int.random(in: 0..<5, using: &rng)]
                value = edge * (1 + Double(Int.random(in: -1000...1000, using: &rng)) * 2.2e-16)
            default:
                // Values written with 17 digits whose 17th digit rounds.
                value =
                    Double(Int64.random(in: 10_000_000_000_000_000...99_999_999_999_999_999, using: &rng))
                    * pow(10, Double(Int.random(in: -40...20, using: &rng)))
            }
            let signed = index % 3 == 0 ? -value : value
            guard signed.isFinite else { continue }
            checked += 1
            // Both texts into reused buffers, compared as bytes: strings would cost more than the
            // values under test.
            let printedCount = withVaList([signed]) { vsnprintf(&printedBuffer, printedBuffer.count, "%.17g", $0) }
            let text = SeventeenDigitDecimal(signed)
            let writtenCount = text.write(to: &writtenBuffer)
            let agrees =
                Int(printedCount) == writtenCount && text.byteCount == writtenCount
                && memcmp(printedBuffer, writtenBuffer, writtenCount) == 0
            if !agrees, mismatches.count < 10 {
                mismatches.append(
                    "\(signed.bitPattern): expected \(Self.printed(signed)), found \(text.text) (\(text.byteCount))")
            }
        }
        #expect(checked > 124_800)
        #expect(mismatches == [])
    }
}
