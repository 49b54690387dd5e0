/// The byte rules Foundation's `JSONEncoder` uses for the inside of a JSON string.
///
/// Matched exactly (<doc:MatchingJSONEncoder>): `"` and `\`
/// are escaped with a backslash, `/` as `\/` unless slashes are left alone, `\b \t \n \f \r` use
/// their short forms, other C0 controls become `\u00xx` with lowercase hex, and everything else
/// (DEL, U+2028, U+2029, all non-ASCII) is copied as raw UTF-8.
///
/// The word and byte tests are `@inlinable` because `PaySize`'s writer runs them for every
/// string it writes: without it a `package` function is a call from another module, and
/// `@inlinable` on a member takes effect only when its type is `@usableFromInline`.
@usableFromInline package enum JSONEscaping {
    /// Bit `b` is set when byte `b` (below 0x40) must be escaped: C0 controls and `"`.
    @usableFromInline package static let controlAndQuoteMask: UInt64 = 0x0000_0004_FFFF_FFFF
    /// The same mask with `/` (0x2F) added.
    @usableFromInline package static let controlQuoteAndSlashMask: UInt64 = controlAndQuoteMask | (1 << 0x2F)

    /// The mask to pass to ``needsEscape(_:mask:)``.
    @inlinable @inline(__always)
    package static func mask(escapingSlashes: Bool) -> UInt64 {
        escapingSlashes ? controlQuoteAndSlashMask : controlAndQuoteMask
    }

    /// Whether a UTF-8 byte must be written as an escape sequence.
    @inlinable @inline(__always)
    package static func needsEscape(_ byte: UInt8, mask: UInt64) -> Bool {
        byte < 0x40 ? (mask >> UInt64(byte)) & 1 == 1 : byte == 0x5C
    }

    /// Whether any of the 8 bytes in `word` needs escaping, so clean text is skipped 8 bytes at
    /// a time.
    @inlinable @inline(__always)
    package static func wordNeedsEscape(_ word: UInt64, escapingSlashes: Bool) -> Bool {
        escapeFlags(word, escapingSlashes: escapingSlashes) != 0
    }

    /// The high bit of each byte of `word` that needs escaping, exactly (no false positives).
    ///
    /// Every test adds within a byte and never carries into the next: with `x` a byte's low 7
    /// bits, `(x ^ c) + 0x7F` has its high bit set exactly when `x != c`, and `x + 0x60` exactly
    /// when `x >= 0x20`. A byte of 0x80 or more (its own high bit set) is never escaped.
    @inlinable @inline(__always)
    package static func escapeFlags(_ word: UInt64, escapingSlashes: Bool) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let low = word & (ones &* 0x7F)
        var clean = (low &+ ones &* 0x60)  // not a control
        clean &= (low ^ (ones &* 0x22)) &+ ones &* 0x7F  // not `"`
        clean &= (low ^ (ones &* 0x5C)) &+ ones &* 0x7F  // not `\`
        if escapingSlashes {
            clean &= (low ^ (ones &* 0x2F)) &+ ones &* 0x7F  // not `/`
        }
        return ~(clean | word) & 0x8080_8080_8080_8080
    }

    /// The high bit of each control byte (below 0x20) in `word`, exactly.
    @inlinable @inline(__always)
    package static func controlFlags(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        return ~(((word & (ones &* 0x7F)) &+ ones &* 0x60) | word) & 0x8080_8080_8080_8080
    }

    /// The length of `utf8` once escaped, without quotes: 8 bytes at a time. A word whose
    /// escapes are all one-letter (`\"`, `\\`, `\/`) counts them from its flags; only a word
    /// with a control byte is looked at byte by byte.
    package static func escapedCount(_ utf8: UnsafeBufferPointer<UInt8>, mask: UInt64) -> Int {
        // Two copies of the loop, each with its slash rule fixed, rather than a test per word.
        mask == controlQuoteAndSlashMask
            ? escapedCount(utf8, mask: mask, escapingSlashes: true)
            : escapedCount(utf8, mask: mask, escapingSlashes: false)
    }

    @inline(__always)
    private static func escapedCount(_ utf8: UnsafeBufferPointer<UInt8>, mask: UInt64, escapingSlashes: Bool) -> Int {
        let end = utf8.count
        guard end > 0 else { return 0 }
        let base = utf8.baseAddress!
        let raw = UnsafeRawPointer(base)
        if end < 8 {
            if end >= 4 {
                // Two overlapping 4-byte loads cover every byte.
                let word =
                    UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
                    | UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: end - 4, as: UInt32.self))) << 32
                if escapeFlags(word, escapingSlashes: escapingSlashes) == 0 { return end }
            }
            return end + extraEscapeLength(of: base, from: 0, to: end, mask: mask)
        }
        var count = end
        var cursor = 0
        while cursor &+ 8 <= end {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self))
            let flags = escapeFlags(word, escapingSlashes: escapingSlashes)
            if flags != 0 {
                count &+=
                    controlFlags(word) == 0
                    ? flags.nonzeroBitCount : extraEscapeLength(of: base, from: cursor, to: cursor + 8, mask: mask)
            }
            cursor &+= 8
        }
        if cursor < end {
            // The last 8 bytes overlap bytes already counted; only the new (high) ones count.
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: end - 8, as: UInt64.self))
            let fresh = UInt64.max << UInt64(8 * (8 - (end - cursor)))
            let flags = escapeFlags(word, escapingSlashes: escapingSlashes) & fresh
            if flags != 0 {
                count &+=
                    controlFlags(word) & fresh == 0
                    ? flags.nonzeroBitCount : extraEscapeLength(of: base, from: cursor, to: end, mask: mask)
            }
        }
        return count
    }

    /// The bytes escapes add to `base[from..<to]`, one byte at a time.
    @inline(never)
    private static func extraEscapeLength(of base: UnsafePointer<UInt8>, from: Int, to: Int, mask: UInt64) -> Int {
        var extra = 0
        for index in from..<to where needsEscape(base[index], mask: mask) {
            extra += extraEscapeLength(base[index])
        }
        return extra
    }

    /// Whether `utf8` has a byte of 0x80 or more (8 bytes at a time).
    @inline(__always)
    package static func containsNonASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
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
    package static func extraEscapeLength(_ byte: UInt8) -> Int {
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
    package static func measureKey(_ utf8: UnsafeBufferPointer<UInt8>, mask: UInt64) -> (
        escapedCount: Int, hash: UInt64
    ) {
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
    @inlinable @inline(__always)
    package static func writeEscape(for byte: UInt8, to output: UnsafeMutablePointer<UInt8>) -> Int {
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
    @inlinable @inline(__always)
    package static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? 0x30 + nibble : 0x61 + nibble - 10
    }
}
