import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// A number token, a string and a whole value as each of Foundation's writers writes them back
/// once read: the rules of the *What the device counts* article, one by one.
@Suite("Values re-written by each writer") struct RewrittenNumberTests {
    /// (token, Swift writer's text, Objective-C writer's text)
    static let tokens: [(String, String, String)] = [
        ("1.91", "1.91", "1.9099999999999999"),
        ("0.53", "0.53", "0.53000000000000003"),
        ("139.745438", "139.745438", "139.74543800000001"),
        ("1.50", "1.5", "1.5"),
        ("3.0", "3", "3"),
        ("1e2", "100", "100"),
        ("1E-7", "1e-07", "9.9999999999999995e-08"),
        ("0.00001", "1e-05", "1.0000000000000001e-05"),
        ("0.0001", "0.0001", "0.0001"),
        ("1e16", "1e+16", "10000000000000000"),
        ("10000000000000000.0", "1e+16", "10000000000000000"),
        ("1e17", "1e+17", "1e+17"),
        ("0.53125", "0.53125", "0.53125"),
        ("-0.0", "-0", "-0"),
        ("-0", "-0", "-0"),
        ("42", "42", "42"),
        ("-9223372036854775808", "-9223372036854775808", "-9223372036854775808"),
        ("18446744073709551615", "18446744073709551615", "18446744073709551615"),
        // Past 64 bits: the longer of the digits as sent and the Double's text.
        ("18446744073709551616", "1.8446744073709552e+19", "1.8446744073709552e+19"),
        ("123456789012345678901234567890", "123456789012345678901234567890", "123456789012345678901234567890"),
        // Past Double's range: no device decodes it, so it counts as sent.
        ("1e400", "1e400", "1e400"),
        ("0.1000000000000000055511151231257827", "0.1", "0.10000000000000001"),
    ]

    @Test("each token as each writer writes it back", arguments: tokens)
    func eachTokenAsEachWriterWritesItBack(_ case: (String, String, String)) {
        var token = `case`.0
        let counts = token.withUTF8 { RewrittenNumber.byteCounts(ofToken: $0) }
        #expect(counts.swift == `case`.1.utf8.count)
        #expect(counts.objc == `case`.2.utf8.count)
        #expect(RewrittenNumber.text(ofToken: `case`.0, writer: .swift) == `case`.1)
        #expect(RewrittenNumber.text(ofToken: `case`.0, writer: .objc) == `case`.2)
    }

    /// The Swift writer's count of any Double agrees with `PayloadEncoder`, which is byte-identical
    /// to Foundation's `JSONEncoder`.
    @Test("the Swift writer's count agrees with PayloadEncoder on seeded doubles")
    func theSwiftWritersCountAgreesWithPayloadEncoderOnSeededDoubles() throws {
        var rng = SplitMix64(seed: 41)
        let encoder = PayloadEncoder()
        for index in 0..<20_000 {
            let value =
                index % 2 == 0
                ? Double(bitPattern: UInt64.random(in: 0...0x7FEF_FFFF_FFFF_FFFF, using: &rng))
                : Double(Int.random(in: -9_999_999...9_999_999, using: &rng)) / 1000
            let encoded = try encoder.encodeBytes(value)
            #expect(RewrittenNumber.swiftByteCount(of: value) == encoded.count, "\(value)")
            var text = String(decoding: encoded, as: UTF8.self)
            let counts = text.withUTF8 { RewrittenNumber.byteCounts(ofToken: $0) }
            #expect(counts.swift == encoded.count, "\(text)")
            #expect(counts.objc == SeventeenDigitDecimal(value).byteCount, "\(text)")
        }
    }

    @Test("strings are written with Foundation's escapes, so a \\u00e9 sent counts 2 bytes")
    func stringsAreWrittenWithFoundationsEscapes() throws {
        let element = try JSONScanner.scan(Array(#"{"caf\u00e9":"a/b\u0041\n\u0001"}"#.utf8))
        // {"café":"a\/bA\n\u0001"}: é is 2 bytes raw, `/` 2, `A` 1, `\n` 2, U+0001 6.
        for writer in JSONWriter.allCases {
            #expect(element.rewrittenSize(by: writer).byteCount == 25)
        }
    }

    @Test("the forum's state: 200 values of 1.91 in 2027 bytes are 4827 bytes at 17 digits")
    func theForumsState() throws {
        let state = Self.forumState
        #expect(state.utf8.count == 2027)
        let element = try JSONScanner.scan(Array(state.utf8))
        let objc = element.rewrittenSize(by: .objc)
        #expect(objc.byteCount == 4827)
        #expect(objc.grownNumberCount == 200)
        #expect(objc.firstGrownNumber?.sent == "1.91")
        #expect(objc.firstGrownNumber?.written == "1.9099999999999999")
        let swift = element.rewrittenSize(by: .swift)
        #expect(swift.byteCount == 2027)
        #expect(swift.grownNumberCount == 0)
    }

    static let forumState = DeviceWriterSamples.forumState

    @Test("a value nested past the default depth is measured") func aValueNestedPastTheDefaultDepthIsMeasured() throws {
        let depth = 2000
        let text = String(repeating: "[", count: depth) + "1.1" + String(repeating: "]", count: depth)
        let element = try JSONScanner.scan(Array(text.utf8), maximumDepth: depth)
        #expect(element.rewrittenSize(by: .objc).byteCount == 2 * depth + 18)
    }

    @Test("numbers in a text Foundation wrote are re-written in place")
    func numbersInATextFoundationWroteAreRewrittenInPlace() {
        let text = Array(#"{"a":[1.1,-2,"1.1",3.0e0],"b\"1.5":0.5}"#.utf8)
        #expect(
            String(decoding: JSONNumberRewriter.rewritingNumbers(in: text, writer: .objc), as: UTF8.self)
                == #"{"a":[1.1000000000000001,-2,"1.1",3],"b\"1.5":0.5}"#)
        let counts = text.withUnsafeBufferPointer { JSONNumberRewriter.rewrittenByteCounts(of: $0) }
        // 1.1 grows by 15 bytes, 3.0e0 shrinks by 4 to 3; 0.5 and -2 keep their length.
        #expect(counts.objc == text.count + 15 - 4)
        #expect(counts.swift == text.count - 4)
    }
}
