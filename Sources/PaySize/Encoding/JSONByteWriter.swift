import Foundation

/// Appends JSON tokens to one growing byte buffer, or only counts the bytes they would take.
///
/// A concrete type on purpose: a writer generic over a byte-sink protocol would go through
/// witness tables on every token (`Benchmarks/README.md` has the figure). The buffer is managed
/// here rather than as an `[UInt8]`: each token reserves room once and stores bytes directly,
/// where `Array.append` re-checks uniqueness and capacity per call. Counting mode runs the same code and only
/// advances ``count``, so `encodedSize(of:)` cannot drift from `encode(_:).count`.
///
/// The owner (``EncodingSession``) frees the buffer with ``deallocate()``; the writer is never
/// copied.
struct JSONByteWriter {
    /// The buffer (unused in counting mode).
    private(set) var storage: UnsafeMutablePointer<UInt8>
    /// Bytes written (or counted) so far.
    private(set) var count = 0
    private(set) var capacity: Int
    /// Whether bytes are only counted.
    private(set) var isCountingOnly = false
    /// The escape mask from ``JSONEscaping/mask(escapingSlashes:)``.
    private(set) var escapeMask = JSONEscaping.mask(escapingSlashes: true)
    /// Whether `/` is written as `\/`.
    private(set) var escapesSlashes = true
    /// Whether floating-point numbers are written as the Objective-C writer writes them: `%.17g`
    /// of the value (a `Float` widened first), <doc:WhatTheDeviceCounts>.
    private(set) var writesSeventeenDigits = false

    /// Creates a writer over `storage`, a buffer of `capacity` bytes the writer now owns.
    init(storage: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.storage = storage
        self.capacity = capacity
    }

    /// Empties the writer (keeping its buffer) and sets its mode for the next call.
    mutating func reset(countingOnly: Bool, escapesSlashes: Bool, writesSeventeenDigits: Bool = false) {
        count = 0
        isCountingOnly = countingOnly
        self.writesSeventeenDigits = writesSeventeenDigits
        self.escapesSlashes = escapesSlashes
        escapeMask = JSONEscaping.mask(escapingSlashes: escapesSlashes)
    }

    /// Frees the buffer.
    func deallocate() {
        storage.deallocate()
    }

    /// The offset of the next byte.
    @inline(__always)
    var position: Int { count }

    /// The bytes counted (counting mode).
    var countedBytes: Int { count }

    /// The written bytes.
    var written: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage, count: count) }

    /// Makes room for `extra` more bytes.
    @inline(__always)
    mutating func reserve(_ extra: Int) {
        // Counts are bounded by memory, far from wrapping.
        if count &+ extra > capacity { grow(minimum: count + extra) }
    }

    @inline(never)
    private mutating func grow(minimum: Int) {
        let newCapacity = max(capacity * 2, minimum, 64)
        let newStorage = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        newStorage.update(from: storage, count: count)
        storage.deallocate()
        storage = newStorage
        capacity = newCapacity
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if !isCountingOnly {
            reserve(1)
            storage[count] = byte
        }
        count &+= 1
    }

    @inline(__always)
    mutating func append(_ literal: StaticString) {
        append(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    @inline(__always)
    mutating func append(_ run: UnsafeBufferPointer<UInt8>) {
        if !isCountingOnly && !run.isEmpty {
            reserve(run.count)
            Self.copyBytes(from: run.baseAddress!, to: storage + count, count: run.count)
        }
        count &+= run.count
    }

    /// Copies `count` bytes between buffers that do not overlap. Keys, members and numbers are
    /// mostly under 32 bytes: those move with a few overlapping word loads and stores instead
    /// of a `memmove` call.
    @inline(__always)
    static func copyBytes(from source: UnsafePointer<UInt8>, to destination: UnsafeMutablePointer<UInt8>, count: Int) {
        let from = UnsafeRawPointer(source)
        let to = UnsafeMutableRawPointer(destination)
        if count >= 8 {
            if count <= 16 {
                let first = from.loadUnaligned(as: UInt64.self)
                let last = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                to.storeBytes(of: first, as: UInt64.self)
                to.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
            } else if count <= 32 {
                let first = from.loadUnaligned(as: UInt64.self)
                let second = from.loadUnaligned(fromByteOffset: 8, as: UInt64.self)
                let nextToLast = from.loadUnaligned(fromByteOffset: count - 16, as: UInt64.self)
                let last = from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                to.storeBytes(of: first, as: UInt64.self)
                to.storeBytes(of: second, toByteOffset: 8, as: UInt64.self)
                to.storeBytes(of: nextToLast, toByteOffset: count - 16, as: UInt64.self)
                to.storeBytes(of: last, toByteOffset: count - 8, as: UInt64.self)
            } else if count <= 128 {
                copyMediumBytes(from: from, to: to, count: count)
            } else {
                to.copyMemory(from: from, byteCount: count)
            }
        } else if count >= 4 {
            let first = from.loadUnaligned(as: UInt32.self)
            let last = from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)
            to.storeBytes(of: first, as: UInt32.self)
            to.storeBytes(of: last, toByteOffset: count - 4, as: UInt32.self)
        } else if count >= 2 {
            // Not a loop: the optimizer turns a byte loop into a `memcpy` call.
            let first = from.loadUnaligned(as: UInt16.self)
            let last = from.loadUnaligned(fromByteOffset: count - 2, as: UInt16.self)
            to.storeBytes(of: first, as: UInt16.self)
            to.storeBytes(of: last, toByteOffset: count - 2, as: UInt16.self)
        } else if count == 1 {
            destination.pointee = source.pointee
        }
    }

    /// ``copyBytes(from:to:count:)`` for 33 to 128 bytes (a member, an object being reordered):
    /// 16 bytes at a time and a last, overlapping 16, cheaper at these lengths than a `memcpy`
    /// call.
    @inline(never)
    static func copyMediumBytes(from: UnsafeRawPointer, to: UnsafeMutableRawPointer, count: Int) {
        var offset = 0
        repeat {
            to.storeBytes(
                of: from.loadUnaligned(fromByteOffset: offset, as: SIMD16<UInt8>.self), toByteOffset: offset,
                as: SIMD16<UInt8>.self)
            offset &+= 16
        } while offset &+ 16 < count
        to.storeBytes(
            of: from.loadUnaligned(fromByteOffset: count &- 16, as: SIMD16<UInt8>.self), toByteOffset: count &- 16,
            as: SIMD16<UInt8>.self)
    }

    /// A newline and two spaces per level, as `.prettyPrinted` indents.
    mutating func appendNewline(indentLevel: Int) {
        let length = 1 + 2 * indentLevel
        if !isCountingOnly {
            reserve(length)
            storage[count] = 0x0A
            (storage + count + 1).update(repeating: 0x20, count: length - 1)
        }
        count &+= length
    }

    /// Counts bytes without writing them (counting mode).
    @inline(__always)
    mutating func advance(by length: Int) {
        count &+= length
    }

    /// Makes room for `length` bytes, counts them as written and returns where they go; the
    /// caller writes exactly `length` bytes there (writing mode only).
    @inline(__always)
    mutating func claim(_ length: Int) -> UnsafeMutablePointer<UInt8> {
        reserve(length)
        let output = storage + count
        count &+= length
        return output
    }

    /// Drops everything from `offset` on (or uncounts it).
    mutating func truncate(to offset: Int) {
        count = offset
    }

    /// Swaps the two runs `start..<split` and `split..<end of output` in place (writing mode).
    func swapAdjacentRuns(from start: Int, split: Int) {
        let firstLength = split - start
        let secondLength = count - split
        guard firstLength > 0, secondLength > 0 else { return }
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: firstLength) { first in
            let first = first.baseAddress!
            first.update(from: storage + start, count: firstLength)
            (storage + start).update(from: storage + split, count: secondLength)
            (storage + start + secondLength).update(from: first, count: firstLength)
        }
    }

    /// Overwrites bytes already written, from `offset` on.
    func overwrite(at offset: Int, with run: UnsafeBufferPointer<UInt8>) {
        guard !run.isEmpty else { return }
        (storage + offset).update(from: run.baseAddress!, count: run.count)
    }

    // MARK: Strings

    /// Writes a JSON string: quotes around the escaped UTF-8 of `string`.
    ///
    /// - Returns: Whether any byte was escaped (writing mode; false when counting).
    @inline(__always)
    @discardableResult
    mutating func appendQuoted(_ string: String) -> Bool {
        if let escaped = string.utf8.withContiguousStorageIfAvailable({ appendQuoted(utf8: $0) }) {
            return escaped
        }
        var copy = string
        return copy.withUTF8 { appendQuoted(utf8: $0) }
    }

    /// Writes a JSON string from UTF-8 bytes.
    ///
    /// Most keys and short values need no escaping: up to 16 bytes are checked and copied,
    /// quotes included, with at most two overlapping loads and one claimed write instead of a
    /// scan.
    ///
    /// - Returns: Whether any byte was escaped (writing mode; false when counting).
    @discardableResult
    mutating func appendQuoted(utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        if isCountingOnly {
            count &+= 2 &+ JSONEscaping.escapedCount(utf8, mask: escapeMask)
            return false
        }
        let length = utf8.count
        if length >= 4 && length <= 16 {
            let source = UnsafeRawPointer(utf8.baseAddress!)
            if length >= 8 {
                let first = source.loadUnaligned(as: UInt64.self)
                let last = source.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                if !JSONEscaping.wordNeedsEscape(first, escapingSlashes: escapesSlashes)
                    && !JSONEscaping.wordNeedsEscape(last, escapingSlashes: escapesSlashes)
                {
                    appendQuotedWithoutEscapes(first, last, length: length)
                    return false
                }
            } else {
                let first = source.loadUnaligned(as: UInt32.self)
                let last = source.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                if !JSONEscaping.wordNeedsEscape(UInt64(first) | UInt64(last) << 32, escapingSlashes: escapesSlashes) {
                    appendQuotedWithoutEscapes(first, last, length: length)
                    return false
                }
            }
        }
        return appendQuotedScanning(utf8)
    }

    /// Writes a quoted string of `length` bytes (one to two words long) that needs no escapes,
    /// given its first and last word (which overlap when `length` is not twice a word).
    @inline(__always)
    private mutating func appendQuotedWithoutEscapes<Word: FixedWidthInteger>(_ first: Word, _ last: Word, length: Int)
    {
        let output = UnsafeMutableRawPointer(claim(length &+ 2))
        output.storeBytes(of: 0x22, as: UInt8.self)
        output.storeBytes(of: first, toByteOffset: 1, as: Word.self)
        output.storeBytes(of: last, toByteOffset: length &+ 1 &- MemoryLayout<Word>.size, as: Word.self)
        output.storeBytes(of: 0x22, toByteOffset: length &+ 1, as: UInt8.self)
    }

    /// Appends `utf8` quoted and escaped (writing mode): 8 bytes at a time, each word stored
    /// whole (bytes past the first escape are overwritten next), so nothing is copied twice and
    /// no `memmove` is called. The last bytes (fewer than 8), and a string shorter than a word,
    /// are escaped from one word (``writeEscaping(_:length:flags:to:)``).
    ///
    /// - Returns: Whether any byte was escaped.
    private mutating func appendQuotedScanning(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = utf8.count
        // The quotes, and an escape of at most 6 bytes (\u00xx) per byte; a whole-word store
        // may run 7 bytes past the last.
        reserve(6 &* end &+ 10)
        var output = storage + count
        output.pointee = 0x22
        output += 1
        guard end > 0 else {
            output.pointee = 0x22
            count = output + 1 - storage
            return false
        }
        let source = utf8.baseAddress!
        let escapingSlashes = escapesSlashes
        var cursor = 0
        var escaped = false
        while cursor &+ 8 <= end {
            let word = UnsafeRawPointer(source + cursor).loadUnaligned(as: UInt64.self)
            UnsafeMutableRawPointer(output).storeBytes(of: word, as: UInt64.self)
            let flags = JSONEscaping.escapeFlags(UInt64(littleEndian: word), escapingSlashes: escapingSlashes)
            if flags == 0 {
                cursor &+= 8
                output += 8
                continue
            }
            // Little-endian loads: the lowest flagged byte is the first one to escape (the flags
            // are exact, so it needs one).
            let clean = flags.trailingZeroBitCount >> 3
            cursor &+= clean
            output += clean
            output += JSONEscaping.writeEscape(for: source[cursor], to: output)
            escaped = true
            cursor &+= 1
        }
        let remaining = end - cursor
        if remaining > 0 {
            let tail = Self.lastBytes(of: source, count: end, remaining: remaining)
            let flags =
                JSONEscaping.escapeFlags(tail, escapingSlashes: escapingSlashes) & ((1 << UInt64(8 * remaining)) - 1)
            if flags == 0 {
                // Stored whole: the zeros above the bytes land past the end, the quote on the first.
                UnsafeMutableRawPointer(output).storeBytes(of: UInt64(littleEndian: tail), as: UInt64.self)
                output += remaining
            } else {
                output = Self.writeEscaping(tail, length: remaining, flags: flags, to: output)
                escaped = true
            }
        }
        output.pointee = 0x22
        count = output + 1 - storage
        return escaped
    }

    /// The last `remaining` (1...7) of the `count` bytes at `source` as the low bytes of one word,
    /// byte `i` in bits `8i..<8i+8`, zeros above them: the final 8-byte word shifted down, or for
    /// fewer than 8 bytes two overlapping 4-byte loads shifted into place (or its one to three
    /// bytes). Reads only the `count` bytes.
    @inline(__always)
    private static func lastBytes(of source: UnsafePointer<UInt8>, count: Int, remaining: Int) -> UInt64 {
        let raw = UnsafeRawPointer(source)
        if count >= 8 {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            return word >> UInt64(8 * (8 - remaining))
        }
        if count >= 4 {
            return UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
                | UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self)))
                << UInt64(8 * (count - 4))
        }
        var bytes: UInt64 = 0
        for index in 0..<count { bytes |= UInt64(source[index]) << UInt64(8 * index) }
        return bytes
    }

    /// Writes the low `length` bytes (at most 7) of `word`, byte `i` in bits `8i..<8i+8`, at
    /// `output`, escaping each byte whose high bit is set in `flags` (``JSONEscaping/escapeFlags(_:escapingSlashes:)``,
    /// exact, not zero), and returns the end of what it wrote.
    ///
    /// The clean bytes before each escape go out in one whole-word store, overwritten from the
    /// escape on: the caller leaves room for `length` escapes of 6 bytes and 8 more.
    @inline(__always)
    private static func writeEscaping(
        _ word: UInt64, length: Int, flags: UInt64, to output: UnsafeMutablePointer<UInt8>
    ) -> UnsafeMutablePointer<UInt8> {
        var output = output
        var flags = flags
        // Byte positions below 8: the shifts stay below 64.
        var cursor = 0
        repeat {
            let next = flags.trailingZeroBitCount &>> 3
            UnsafeMutableRawPointer(output).storeBytes(
                of: (word &>> UInt64(truncatingIfNeeded: 8 &* cursor)).littleEndian, as: UInt64.self)
            output += next &- cursor
            output += JSONEscaping.writeEscape(
                for: UInt8(truncatingIfNeeded: word &>> UInt64(truncatingIfNeeded: 8 &* next)), to: output)
            cursor = next &+ 1
            flags &= flags &- 1
        } while flags != 0
        UnsafeMutableRawPointer(output).storeBytes(
            of: (word &>> UInt64(truncatingIfNeeded: 8 &* cursor)).littleEndian, as: UInt64.self)
        return output + (length &- cursor)
    }

    /// Writes ASCII text that needs no escaping (a number's description).
    mutating func appendUnescaped(_ text: String) {
        var copy = text
        copy.withUTF8 { append($0) }
    }

    // MARK: Numbers

    /// Writes an integer of any width in decimal.
    @inline(__always)
    mutating func appendInteger<T: FixedWidthInteger>(_ value: T) {
        // Most integers in a content state are small: one or two digits in one store.
        if value >= 0 && value < 100 {
            let small = Int(truncatingIfNeeded: value)
            if isCountingOnly {
                count &+= small < 10 ? 1 : 2
            } else if small < 10 {
                append(0x30 &+ UInt8(truncatingIfNeeded: small))
            } else {
                reserve(2)
                Self.writeTwoDigits(small, to: storage + count)
                count &+= 2
            }
            return
        }
        if T.bitWidth > 64 {
            appendUnescaped(value.description)
        } else {
            appendDecimal(UInt64(truncatingIfNeeded: value.magnitude), negative: value < 0)
        }
    }

    /// Makes room for a number of `length` bytes and writes its minus sign when `negative`:
    /// the number's first byte, or `nil` when only counting (the length is counted then).
    @inline(__always)
    private mutating func startNumber(length: Int, negative: Bool) -> UnsafeMutablePointer<UInt8>? {
        if isCountingOnly {
            count &+= length
            return nil
        }
        reserve(length)
        let output = storage + count
        if negative { output[0] = 0x2D }
        return output
    }

    /// Writes a magnitude in decimal with an optional minus sign, without allocating.
    mutating func appendDecimal(_ magnitude: UInt64, negative: Bool) {
        let digitCount = Self.decimalDigitCount(magnitude)
        let length = digitCount &+ (negative ? 1 : 0)
        guard let output = startNumber(length: length, negative: negative) else { return }
        Self.withDigits(of: magnitude, count: digitCount) { digitsEnd in
            Self.copyBytes(from: digitsEnd - digitCount, to: output + length - digitCount, count: digitCount)
        }
        count &+= length
    }

    /// Calls `body` with the end of a stack buffer whose last `count` bytes (at most 24) are
    /// the decimal digits of `value`, zero-padded on the left.
    ///
    /// The digits come in blocks of eight: one division by 10^8 per block, then
    /// ``writeEightDigits(_:to:)``.
    @inline(__always)
    static func withDigits(
        of value: UInt64,
        count: Int,
        _ body: (_ digitsEnd: UnsafePointer<UInt8>) -> Void
    ) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 24) { buffer in
            let end = buffer.baseAddress! + 24
            if count <= 8 {
                writeEightDigits(value, to: end - 8)
            } else {
                let high = value / 100_000_000
                writeEightDigits(value &- high &* 100_000_000, to: end - 8)
                if count <= 16 {
                    writeEightDigits(high, to: end - 16)
                } else {
                    // Below 2^64: the top block is under 1845.
                    let top = high / 100_000_000
                    writeEightDigits(high &- top &* 100_000_000, to: end - 16)
                    writeEightDigits(top, to: end - 24)
                }
            }
            body(UnsafePointer(end))
        }
    }

    /// Writes `value` (below 10^8) as exactly eight digits, zero-padded, two at a time.
    ///
    /// `value · ⌈2^57 / 10^6⌉` is `value / 10^6` in fixed point with 57 fraction bits, a little
    /// high: its integer part is the first pair of digits, and each multiplication of the
    /// fraction by 100 brings up the next pair. The excess (under 10^8 units of 2^-57) stays
    /// below the gap to the next pair through all three multiplications, so every pair is
    /// exact (`NumberDigitsTests` checks all 10^8 values when `PAYSIZE_EXHAUSTIVE` is set).
    @inline(__always)
    static func writeEightDigits(_ value: UInt64, to output: UnsafeMutablePointer<UInt8>) {
        let fraction: UInt64 = 1 << 57 - 1
        var fixed = value &* 144_115_188_076
        writeTwoDigits(Int(truncatingIfNeeded: fixed >> 57), to: output)
        fixed = (fixed & fraction) &* 100
        writeTwoDigits(Int(truncatingIfNeeded: fixed >> 57), to: output + 2)
        fixed = (fixed & fraction) &* 100
        writeTwoDigits(Int(truncatingIfNeeded: fixed >> 57), to: output + 4)
        fixed = (fixed & fraction) &* 100
        writeTwoDigits(Int(truncatingIfNeeded: fixed >> 57), to: output + 6)
    }

    /// The number of decimal digits of `value` (1 for zero), by comparisons rather than
    /// divisions.
    @inline(__always)
    static func decimalDigitCount(_ value: UInt64) -> Int {
        if value < 100_000_000 { return smallDecimalDigitCount(value) }
        if value < 10_000_000_000_000_000 { return 8 + smallDecimalDigitCount(value / 100_000_000) }
        return value < 10_000_000_000_000_000_000
            ? 17 + (value < 100_000_000_000_000_000 ? 0 : value < 1_000_000_000_000_000_000 ? 1 : 2) : 20
    }

    /// ``decimalDigitCount(_:)`` for a value below 10^8.
    @inline(__always)
    private static func smallDecimalDigitCount(_ value: UInt64) -> Int {
        if value < 10_000 {
            if value < 100 { return value < 10 ? 1 : 2 }
            return value < 1000 ? 3 : 4
        }
        if value < 1_000_000 { return value < 100_000 ? 5 : 6 }
        return value < 10_000_000 ? 7 : 8
    }

    /// Writes a finite `Double` as Foundation does: its `description` minus a trailing `.0`.
    ///
    /// Integral values below 2^53 in magnitude print every digit in `description`, so they are
    /// written straight from their integer value (`-0` kept).
    mutating func appendDouble(_ value: Double) {
        if writesSeventeenDigits { return appendSeventeenDigits(value) }
        // An integer test by conversion (`Double` and `Float` convert directly; the generic
        // initializers and `rounded(.towardZero)`, a libm call on baseline x86-64, do not).
        if value.magnitude < 9_007_199_254_740_992.0 {
            let integral = Int64(value)
            if Double(integral) == value { return appendIntegral(integral, sign: value.sign) }
        }
        if appendShortDecimal(value) { return }
        if let (digits, fractionDigits) = ShortestDecimal.digits(of: value.magnitude) {
            return appendFixed(digits, fractionDigits: fractionDigits, negative: value < 0)
        }
        appendFloatDescription(value)
    }

    /// Writes a `Double` that is exactly the nearest double to m / 10^k for a small k, as
    /// `description` would, without running the general shortest-digits algorithm.
    ///
    /// The smallest such k gives the fewest digits, so it is the shortest round-tripping form;
    /// keeping m below 2^50 makes 10^-k wider than a few ulps, so no other m at that k
    /// round-trips and `description`'s tie-break cannot pick different digits. `description` uses
    /// plain notation in this range (0.0001 up to 2^53). Values that don't fit return false.
    ///
    /// One multiplication finds k: at the largest scale 10^s whose product stays below 2^50,
    /// the product is within 0.2 of m·10^(s-k) for the smallest valid k (the product's rounding
    /// error is at most 1/16 and the value's distance from m / 10^k at most 2^-53 of the
    /// product), so rounding it and dropping trailing zeros gives m and k. A candidate that does
    /// not read back as the value means no k up to s works.
    private mutating func appendShortDecimal(_ value: Double) -> Bool {
        let magnitude = value.magnitude
        guard magnitude >= 0.0001, magnitude < 1e9 else { return false }
        var scale: Int
        let power: Double
        if magnitude < 11_258_999.0 {
            scale = 8
            power = 1e8
        } else if magnitude < 112_589_990.0 {
            scale = 7
            power = 1e7
        } else {
            scale = 6
            power = 1e6
        }
        let product = magnitude * power
        // Rounds half away from zero without a libm call: below 2^50 the truncation and the
        // remainder are exact.
        // Signed conversions are one instruction each way; unsigned ones are not.
        let truncated = Int64(product)
        // Read back before the zeros are dropped, so a value with more digits (the usual
        // failure) costs no divisions: m / 10^k and m·10^(s-k) / 10^s are one rational, and
        // each division, of exact operands, rounds it to the same double.
        let rounded = product - Double(truncated) >= 0.5 ? truncated &+ 1 : truncated
        guard Double(rounded) / power == magnitude else { return false }
        var digits = UInt64(bitPattern: rounded)
        if digits % 10_000 == 0 {
            digits /= 10_000
            scale &-= 4
        }
        if digits % 100 == 0 {
            digits /= 100
            scale &-= 2
        }
        if digits % 10 == 0 {
            digits /= 10
            scale &-= 1
        }
        guard scale > 0 else { return false }
        appendFixed(digits, fractionDigits: scale, negative: value < 0)
        return true
    }

    /// Writes `digits` with a decimal point before its last `fractionDigits` digits (1...19).
    mutating func appendFixed(_ digits: UInt64, fractionDigits: Int, negative: Bool) {
        let digitCount = Self.decimalDigitCount(digits)
        let integerCount = max(digitCount &- fractionDigits, 1)
        let sign = negative ? 1 : 0
        let length = sign &+ integerCount &+ 1 &+ fractionDigits
        guard let output = startNumber(length: length, negative: negative) else { return }
        let fractionStart = output + sign + integerCount + 1
        // The zero padding supplies the fraction's leading zeros and a lone integer 0.
        Self.withDigits(of: digits, count: integerCount &+ fractionDigits) { digitsEnd in
            Self.copyBytes(from: digitsEnd - fractionDigits - integerCount, to: output + sign, count: integerCount)
            output[sign &+ integerCount] = UInt8(ascii: ".")
            Self.copyBytes(from: digitsEnd - fractionDigits, to: fractionStart, count: fractionDigits)
        }
        count &+= length
    }

    @inline(__always)
    static func writeTwoDigits(_ pair: Int, to output: UnsafeMutablePointer<UInt8>) {
        UnsafeMutableRawPointer(output).storeBytes(
            of: UnsafeRawPointer(digitPairs.utf8Start).loadUnaligned(fromByteOffset: 2 * pair, as: UInt16.self),
            as: UInt16.self
        )
    }

    /// "00" through "99", for writing two digits with one load and one store. A static string
    /// lives in the binary's constant data: no lazy initialization, no reference counting.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Writes a finite `Float` as Foundation does: `Float.description` minus a trailing `.0`.
    ///
    /// Integers below 2^24 print every digit; other values from 0.001 up print the digits
    /// ``ShortestDecimal`` finds; the rest (exponent notation) go to the general formatter.
    mutating func appendFloat(_ value: Float) {
        if writesSeventeenDigits { return appendSeventeenDigits(Double(value)) }
        if value.magnitude < 16_777_216.0 {
            let integral = Int64(value)
            if Float(integral) == value { return appendIntegral(integral, sign: value.sign) }
        }
        if let (digits, fractionDigits) = ShortestDecimal.digits(of: value.magnitude) {
            return appendFixed(digits, fractionDigits: fractionDigits, negative: value < 0)
        }
        appendFloatDescription(value)
    }

    /// Writes a finite `Double` as the Objective-C writer does: `%.17g` (``SeventeenDigitDecimal``),
    /// which prints an integral value below 10^17 as an integer and `-0` for negative zero.
    private mutating func appendSeventeenDigits(_ value: Double) {
        let text = SeventeenDigitDecimal(value)
        if isCountingOnly {
            count &+= text.byteCount
            return
        }
        reserve(SeventeenDigitDecimal.maximumByteCount)
        count &+= text.write(to: storage + count)
    }

    /// Writes an integral `Double` or `Float` from its integer value, as `description` prints
    /// it below 2^53 (2^24): every digit, and `-0` for negative zero.
    @inline(__always)
    private mutating func appendIntegral(_ integral: Int64, sign: FloatingPointSign) {
        if integral == 0 {
            if sign == .minus { append("-0") } else { append(0x30) }
        } else {
            appendDecimal(integral.magnitude, negative: integral < 0)
        }
    }

    /// Writes `value`'s `description` minus a trailing `.0`, without making the `String`: a
    /// description of over 15 bytes (a `Double` of 16 or 17 digits outside ``ShortestDecimal``'s
    /// range, `1.2345678901234567e-05`) is a heap string, allocated and
    /// freed for each number. `write(to:)` prints the same text
    /// (both run the standard library's shortest-digits formatter) into ``DescriptionSink``; a
    /// test holds the result to Foundation's (which prints `description`) for 40 000 bit patterns.
    private mutating func appendFloatDescription<Number: BinaryFloatingPoint & TextOutputStreamable>(
        _ value: Number
    ) {
        let lastTwoBytes = withUnsafeMutablePointer(to: &self) { writer in
            var sink = DescriptionSink(writer: writer)
            value.write(to: &sink)
            return sink.lastTwoBytes
        }
        if lastTwoBytes == DescriptionSink.pointZero { count &-= 2 }
    }

    // MARK: Decimal

    /// Writes a `Decimal` as Foundation does: its `description` (`NaN` included), from its
    /// mantissa and exponent when ``DecimalText`` can read them.
    mutating func appendDecimalNumber(_ value: Decimal) {
        guard let text = DecimalText(value) else { return appendDecimalDescription(value) }
        if isCountingOnly {
            count &+= text.byteCount
            return
        }
        reserve(DecimalText.workingByteCount)
        count &+= text.write(to: storage + count)
    }

    /// Writes `value.description`, which is what Foundation writes for a `Decimal`.
    mutating func appendDecimalDescription(_ value: Decimal) {
        appendUnescaped(value.description)
    }

    // MARK: Data

    /// Writes `data` as a quoted base64 string (padding kept, `/` escaped unless disabled), as
    /// Foundation's `.base64` strategy does.
    mutating func appendBase64(_ data: Data) {
        let byteCount = data.count
        let encodedCount = (byteCount + 2) / 3 * 4
        if isCountingOnly && !escapesSlashes {
            count &+= 2 &+ encodedCount
            return
        }
        append(0x22)
        data.withUnsafeBytes { raw in
            var index = 0
            while index + 3 <= byteCount {
                let chunk = UInt32(raw[index]) << 16 | UInt32(raw[index + 1]) << 8 | UInt32(raw[index + 2])
                appendSextet(chunk >> 18)
                appendSextet(chunk >> 12)
                appendSextet(chunk >> 6)
                appendSextet(chunk)
                index += 3
            }
            let rest = byteCount - index
            if rest > 0 {
                var chunk = UInt32(raw[index]) << 16
                if rest == 2 { chunk |= UInt32(raw[index + 1]) << 8 }
                appendSextet(chunk >> 18)
                appendSextet(chunk >> 12)
                if rest == 2 { appendSextet(chunk >> 6) } else { append(UInt8(ascii: "=")) }
                append(UInt8(ascii: "="))
            }
        }
        append(0x22)
    }

    @inline(__always)
    private mutating func appendSextet(_ bits: UInt32) {
        let sextet = UInt8(truncatingIfNeeded: bits & 0x3F)
        let byte: UInt8
        switch sextet {
        case 0..<26: byte = 0x41 + sextet
        case 26..<52: byte = 0x61 + sextet - 26
        case 52..<62: byte = 0x30 + sextet - 52
        case 62: byte = UInt8(ascii: "+")
        default:
            if escapesSlashes { append(0x5C) }
            byte = UInt8(ascii: "/")
        }
        append(byte)
    }
}

/// Receives a number's description straight into a ``JSONByteWriter`` and remembers its last
/// two bytes, so the writer can drop a trailing `.0` in either mode.
private struct DescriptionSink: TextOutputStream {
    let writer: UnsafeMutablePointer<JSONByteWriter>
    /// The last two bytes received, the last in the low byte.
    var lastTwoBytes: UInt16 = 0

    static let pointZero = UInt16(UInt8(ascii: ".")) << 8 | UInt16(UInt8(ascii: "0"))

    /// Takes the ASCII text of a number (how the standard library's `write(to:)` hands it over
    /// when a stream implements this hook); `write(_:)` below serves if it ever does not.
    mutating func _writeASCII(_ buffer: UnsafeBufferPointer<UInt8>) {
        writer.pointee.append(buffer)
        let count = buffer.count
        if count >= 2 {
            lastTwoBytes = UInt16(buffer[count &- 2]) << 8 | UInt16(buffer[count &- 1])
        } else if count == 1 {
            lastTwoBytes = lastTwoBytes << 8 | UInt16(buffer[0])
        }
    }

    mutating func write(_ string: String) {
        var string = string
        string.withUTF8 { _writeASCII($0) }
    }
}
