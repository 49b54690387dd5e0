import Testing

@testable import PaySizeJSON

/// The word tests the encoder's writer trusts: it escapes every byte `escapeFlags` flags without
/// asking `needsEscape` again, so the flags must be exact.
@Suite("JSON escaping")
struct JSONEscapingTests {
    @Test("escapeFlags flags exactly the bytes needsEscape names, at every position", arguments: [true, false])
    func escapeFlagsAreExact(escapingSlashes: Bool) {
        let mask = JSONEscaping.mask(escapingSlashes: escapingSlashes)
        var mismatches: [String] = []
        for byte in UInt8.min...UInt8.max {
            for position in 0..<8 {
                // Each filler byte on its own, then the byte under test among them.
                for filler: UInt8 in [0x61, 0x2F, 0x00, 0xFF] {
                    var word: UInt64 = 0
                    for index in 0..<8 {
                        word |= UInt64(index == position ? byte : filler) << UInt64(8 * index)
                    }
                    var expected: UInt64 = 0
                    for index in 0..<8 where JSONEscaping.needsEscape(index == position ? byte : filler, mask: mask) {
                        expected |= 0x80 << UInt64(8 * index)
                    }
                    let flags = JSONEscaping.escapeFlags(word, escapingSlashes: escapingSlashes)
                    if flags != expected && mismatches.count < 5 {
                        mismatches.append("byte \(byte) at \(position) among \(filler)")
                    }
                }
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches)")
    }
}
