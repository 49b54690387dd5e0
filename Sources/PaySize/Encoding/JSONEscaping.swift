/// The byte rules Foundation's `JSONEncoder` uses for the inside of a JSON string.
///
/// Matched exactly (see "Foundation's JSONEncoder on this toolchain" in FACTS.md): `"` and `\`
/// are escaped with a backslash, `/` as `\/` unless slashes are left alone, `\b \t \n \f \r` use
/// their short forms, other C0 controls become `\u00xx` with lowercase hex, and everything else
/// (DEL, U+2028, U+2029, all non-ASCII) is copied as raw UTF-8.
enum JSONEscaping {
    /// Bit `b` is set when byte `b` (below 0x40) must be escaped: C0 controls and `"`.
    static let controlAndQuoteMask: UInt64 = 0x0000_0004_FFFF_FFFF
    /// The same mask with `/` (0x2F) added.
    static let controlQuoteAndSlashMask: UInt64 = controlAndQuoteMask | (1 << 0x2F)

    /// The mask to pass to ``needsEscape(_:mask:)``.
    @inline(__always)
    static func mask(escapingSlashes: Bool) -> UInt64 {
        escapingSlashes ? controlQuoteAndSlashMask : controlAndQuoteMask
    }

    /// Whether a UTF-8 byte must be written as an escape sequence.
    @inline(__always)
    static func needsEscape(_ byte: UInt8, mask: UInt64) -> Bool {
        byte < 0x40 ? (mask >> UInt64(byte)) & 1 == 1 : byte == 0x5C
    }

    /// Whether any of the 8 bytes in `word` might need escaping (exact for "any": the classic
    /// has-less-than and has-zero-byte tricks), so clean text is skipped 8 bytes at a time.
    @inline(__always)
    static func wordNeedsEscape(_ word: UInt64, escapingSlashes: Bool) -> Bool {
        escapeFlags(word, escapingSlashes: escapingSlashes) != 0
    }

    /// The high bit of each byte of `word` that might need escaping. The lowest flagged byte
    /// always does (a false positive only appears above a true one, where a borrow carried),
    /// so `trailingZeroBitCount / 8` is the offset of the first byte to escape.
    @inline(__always)
    static func escapeFlags(_ word: UInt64, escapingSlashes: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        // Each test is `(x - ones) & ~x` for some `x = word ^ c` with `c < 0x80`; the high bit
        // of each byte of such an `x` is the word's own, so `& ~word` is applied once at the end.
        var flags = word &- ones &* 0x20
        flags |= (word ^ (ones &* 0x22)) &- ones
        flags |= (word ^ (ones &* 0x5C)) &- ones
        if escapingSlashes {
            flags |= (word ^ (ones &* 0x2F)) &- ones
        }
        return flags & ~word & 0x8080_8080_8080_8080
    }

    /// The length of `utf8` once escaped, without quotes: 8 bytes at a time, each flagged word
    /// (and the tail, through one overlapping load) then checked byte by byte.
    static func escapedCount(_ utf8: UnsafeBufferPointer<UInt8>, mask: UInt64) -> Int {
        let end = utf8.count
        guard end > 0 else { return 0 }
        let base = utf8.baseAddress!
        var count = end
        if end < 8 {
            for index in 0..<end where needsEscape(base[index], mask: mask) {
                count += extraEscapeLength(base[index])
            }
            return count
        }
        let escapingSlashes = mask == controlQuoteAndSlashMask
        var cursor = 0
        while cursor + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + cursor).loadUnaligned(as: UInt64.self))
            if escapeFlags(word, escapingSlashes: escapingSlashes) != 0 {
                for index in cursor..<(cursor + 8) where needsEscape(base[index], mask: mask) {
                    count += extraEscapeLength(base[index])
                }
            }
            cursor += 8
        }
        if cursor < end {
            // The last 8 bytes overlap bytes already counted; only the new ones are checked.
            let word = UInt64(littleEndian: UnsafeRawPointer(base + end - 8).loadUnaligned(as: UInt64.self))
            if escapeFlags(word, escapingSlashes: escapingSlashes) != 0 {
                for index in cursor..<end where needsEscape(base[index], mask: mask) {
                    count += extraEscapeLength(base[index])
                }
            }
        }
        return count
    }

    /// Whether `utf8` has a byte of 0x80 or more (8 bytes at a time).
    @inline(__always)
    static func containsNonASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = utf8.count
        guard end > 0 else { return false }
        let base = UnsafeRawPointer(utf8.baseAddress!)
        var cursor = 0
        var bits: UInt64 = 0
        while cursor + 8 <= end {
            bits |= base.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)
            cursor += 8
        }
        while cursor < end {
            bits |= UInt64(utf8[cursor])
            cursor += 1
        }
        return bits & 0x8080_8080_8080_8080 != 0
    }

    /// Bytes an escape adds to one byte: 1 for `\x` forms, 5 for `\u00xx`.
    @inline(__always)
    static func extraEscapeLength(_ byte: UInt8) -> Int {
        switch byte {
        case 0x22, 0x5C, 0x2F, 0x08, 0x09, 0x0A, 0x0C, 0x0D: 1
        default: 5
        }
    }

    /// Counting mode's view of a key: its escaped length and a hash, without copying.
    ///
    /// Keys up to 16 bytes hash from their first and last 8 bytes and their length, which covers
    /// every byte; longer keys hash all bytes. Equal keys always hash alike; the rare unequal
    /// pair that collides only costs a pass in writing mode.
    @inline(__always)
    static func measureKey(_ utf8: UnsafeBufferPointer<UInt8>, mask: UInt64) -> (escapedCount: Int, hash: UInt64) {
        let count = utf8.count
        let escapingSlashes = mask == controlQuoteAndSlashMask
        if count >= 8 && count <= 16 {
            let first = UnsafeRawPointer(utf8.baseAddress!).loadUnaligned(as: UInt64.self)
            let last = UnsafeRawPointer(utf8.baseAddress! + count - 8).loadUnaligned(as: UInt64.self)
            let hash = (first &* 0x9E37_79B9_7F4A_7C15) ^ (last &* 0xC2B2_AE3D_27D4_EB4F) ^ UInt64(count)
            if !wordNeedsEscape(first, escapingSlashes: escapingSlashes)
                && !wordNeedsEscape(last, escapingSlashes: escapingSlashes)
            {
                return (count, hash)
            }
            return (escapedCount(utf8, mask: mask), hash)
        }
        var escaped = count
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(count)
        for byte in utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
            if needsEscape(byte, mask: mask) { escaped += extraEscapeLength(byte) }
        }
        return (escaped, hash)
    }

    /// Writes the escape sequence for one byte that ``needsEscape(_:mask:)`` flagged.
    ///
    /// - Returns: The number of bytes written (2 or 6).
    @inline(__always)
    static func writeEscape(for byte: UInt8, to output: UnsafeMutablePointer<UInt8>) -> Int {
        output[0] = 0x5C
        switch byte {
        case 0x22, 0x5C, 0x2F: output[1] = byte
        case 0x08: output[1] = UInt8(ascii: "b")
        case 0x09: output[1] = UInt8(ascii: "t")
        case 0x0A: output[1] = UInt8(ascii: "n")
        case 0x0C: output[1] = UInt8(ascii: "f")
        case 0x0D: output[1] = UInt8(ascii: "r")
        default:
            output[1] = UInt8(ascii: "u")
            output[2] = UInt8(ascii: "0")
            output[3] = UInt8(ascii: "0")
            output[4] = hexDigit(byte >> 4)
            output[5] = hexDigit(byte & 0xF)
            return 6
        }
        return 2
    }

    /// A lowercase hexadecimal digit, as Foundation writes `\u001f`.
    @inline(__always)
    static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10
    }
}
