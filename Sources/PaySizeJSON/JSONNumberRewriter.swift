import Foundation

/// Re-writes the number tokens of a JSON text as a writer writes them back, every other byte
/// kept: for texts one of Foundation's writers wrote, whose strings and structure the other
/// writes back unchanged (<doc:WhatTheDeviceCounts>).
///
/// The text must be valid JSON (``JSONScanner`` accepts it); whitespace is kept as it is.
package enum JSONNumberRewriter {
    /// `bytes` with each number token replaced by `writer`'s text for it (``RewrittenNumber``).
    package static func rewritingNumbers(in bytes: [UInt8], writer: JSONWriter) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + bytes.count / 2)
        bytes.withUnsafeBufferPointer { text in
            forEachNumber(in: text) { range in
                let token = String(decoding: UnsafeBufferPointer(rebasing: text[range]), as: UTF8.self)
                output += RewrittenNumber.text(ofToken: token, writer: writer).utf8
            } copying: { range in
                output += UnsafeBufferPointer(rebasing: text[range])
            }
        }
        return output
    }

    /// The byte count of `text` once each number token is re-written by each writer.
    package static func rewrittenByteCounts(of text: UnsafeBufferPointer<UInt8>) -> (swift: Int, objc: Int) {
        let sizes = rewrittenSizes(of: text)
        return (sizes.swift.byteCount, sizes.objc.byteCount)
    }

    /// `text`'s size once each writer re-writes its number tokens, with the numbers that grew:
    /// for a text one of Foundation's writers wrote, exactly what ``JSONElement/rewrittenSize(by:)``
    /// gives for its tree, without building it.
    package static func rewrittenSizes(of text: UnsafeBufferPointer<UInt8>) -> (
        swift: RewrittenSize, objc: RewrittenSize
    ) {
        (rewrittenSize(of: text, writer: .swift), rewrittenSize(of: text, writer: .objc))
    }

    /// `text`'s size once `writer` re-writes its number tokens, as ``rewrittenSizes(of:)`` gives it.
    package static func rewrittenSize(of text: UnsafeBufferPointer<UInt8>, writer: JSONWriter) -> RewrittenSize {
        var size = RewrittenSize(writer: writer, byteCount: 0)
        forEachNumber(in: text) { range in
            let token = UnsafeBufferPointer(rebasing: text[range])
            size.add(token, writtenByteCount: RewrittenNumber.byteCount(ofToken: token, writer: writer))
        } copying: { range in
            size.byteCount += range.count
        }
        return size
    }

    /// Calls `number` with each number token's range and `copying` with each run of other bytes
    /// between them, in order.
    private static func forEachNumber(
        in text: UnsafeBufferPointer<UInt8>, _ number: (Range<Int>) -> Void, copying: (Range<Int>) -> Void
    ) {
        var index = 0
        var runStart = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte == UInt8(ascii: "\"") {
                index = endOfString(in: text, after: index)
            } else if byte == UInt8(ascii: "-") || byte &- UInt8(ascii: "0") < 10 {
                if runStart < index { copying(runStart..<index) }
                let start = index
                while index < count, Self.isNumberByte(text[index]) { index += 1 }
                number(start..<index)
                runStart = index
            } else {
                index += 1
            }
        }
        if runStart < count { copying(runStart..<count) }
    }

    /// The index just past the closing quote of the string whose opening quote is at `open`.
    ///
    /// `memchr` finds each candidate quote; one preceded by an odd run of backslashes is
    /// escaped, and the search goes on after it.
    @inline(__always)
    private static func endOfString(in text: UnsafeBufferPointer<UInt8>, after open: Int) -> Int {
        guard let base = text.baseAddress else { return text.count }
        var start = open + 1
        while start < text.count {
            guard let found = memchr(base + start, 0x22, text.count - start) else { return text.count }
            let quote = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            var backslash = quote - 1
            while backslash >= start, text[backslash] == UInt8(ascii: "\\") { backslash -= 1 }
            if (quote - 1 - backslash) % 2 == 0 { return quote + 1 }
            start = quote + 1
        }
        return text.count
    }

    @inline(__always)
    private static func isNumberByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"),
            UInt8(ascii: "+"), UInt8(ascii: "-"):
            true
        default: false
        }
    }
}
