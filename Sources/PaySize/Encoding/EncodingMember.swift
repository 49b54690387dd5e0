/// Where one member of an open JSON object lies, so the object can be sorted and de-duplicated
/// when it closes.
///
/// `start` is the offset (in the output, or in the byte count in counting mode) of the key's
/// opening quote; the member runs to the next member's separator or to the object's end.
/// `keyStart..<keyEnd` is the escaped key without quotes in the output (writing mode only;
/// counting mode keeps just `keyHash`).
struct EncodingMember {
    /// The key contains an escape sequence, so comparing it needs unescaping.
    static let hasEscapedKey: UInt8 = 1
    /// The value is a container or encoder the caller may still write through
    /// (`nestedContainer`, `superEncoder`), which Foundation merges or replaces in ways a byte
    /// stream cannot.
    static let isOpenEnded: UInt8 = 2
    /// The key has a byte of 0x80 or more. Foundation keys an object by `String`, whose
    /// equality is canonical equivalence, so such a key may be the same member as another key
    /// with different bytes (`"\u{E9}"`, `"e\u{301}"`; `"\u{212A}"`, `"K"`).
    static let hasNonASCIIKey: UInt8 = 4

    var start: Int
    var keyStart: Int
    var keyEnd: Int
    /// An FNV-1a hash of the raw key (counting mode only).
    var keyHash: UInt64
    var flags: UInt8
    /// The key's rank in its ``EncodingKeyTable`` (meaningful while the object's
    /// ``EncodingNode/tableSlot`` is set).
    var rank: Int32 = 0

    /// Moves the member's positions by `offset` bytes, after its bytes moved in the output.
    mutating func shift(by offset: Int) {
        start += offset
        keyStart += offset
        keyEnd += offset
    }
}
