/// ASCII decimal digits eight at a time, in a word whose first byte is its lowest: the measuring
/// scanner's number tokens and the date tokens of a log's `aps` are read with these.
///
/// The words are the caller's, loaded inside its bytes (`README.md`, assumption 1).
package enum DigitWords {
    /// How many of the word's bytes, from the lowest, are ASCII digits before the first byte
    /// that is not (8 when all are).
    ///
    /// A byte is flagged when it is below `0`, above `9` or not ASCII; the carry or borrow of a
    /// flagged byte may flag bytes above it too, never one below, so the lowest flag is exact.
    @inline(__always)
    package static func leadingDigitCount(_ word: UInt64) -> Int {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let belowZero = word &- ones &* 0x30
        let aboveNine = word &+ ones &* 0x46
        let flags = (belowZero | aboveNine | word) & (ones &* 0x80)
        return flags == 0 ? 8 : flags.trailingZeroBitCount &>> 3
    }

    /// The value of the first `count` (1...8) ASCII digits of `word`, the first digit lowest.
    ///
    /// The digits are moved to the top of the word (zeros, read as leading `0`s, fill the
    /// bottom), then combined pairwise in three multiplications.
    @inline(__always)
    package static func value(_ word: UInt64, count: Int) -> UInt64 {
        let digits = (word &<< UInt64(64 &- 8 &* count)) & 0x0F0F_0F0F_0F0F_0F0F
        let pairs = (digits &* 2561) &>> 8
        let quads = ((pairs & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
        return ((quads & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
    }

    /// The eight bytes at `offset` of `bytes`, the first lowest.
    @inline(__always)
    package static func word(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(bytes.baseAddress! + offset).loadUnaligned(as: UInt64.self))
    }
}
