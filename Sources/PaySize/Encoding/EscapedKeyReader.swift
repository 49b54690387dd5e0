/// Reads the raw bytes back out of an escaped key.
struct EscapedKeyReader {
    let keys: UnsafeBufferPointer<UInt8>
    var cursor: Int
    let end: Int

    mutating func next() -> UInt8? {
        guard cursor < end else { return nil }
        let byte = keys[cursor]
        cursor += 1
        guard byte == 0x5C else { return byte }
        let kind = keys[cursor]
        cursor += 1
        switch kind {
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "u"):
            // Only C0 controls are written as \u00xx.
            let high = hexValue(keys[cursor + 2])
            let low = hexValue(keys[cursor + 3])
            cursor += 4
            return high << 4 | low
        default: return kind
        }
    }

    private func hexValue(_ digit: UInt8) -> UInt8 {
        digit >= UInt8(ascii: "a") ? digit - UInt8(ascii: "a") + 10 : digit - UInt8(ascii: "0")
    }
}
