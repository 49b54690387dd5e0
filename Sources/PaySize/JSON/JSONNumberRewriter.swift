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
        var swift = RewrittenSize(writer: .swift, byteCount: 0)
        var objc = RewrittenSize(writer: .objc, byteCount: 0)
        forEachNumber(in: text) { range in
            let token = UnsafeBufferPointer(rebasing: text[range])
            let counts = RewrittenNumber.byteCounts(ofToken: token)
            swift.add(token, writtenByteCount: counts.swift)
            objc.add(token, writtenByteCount: counts.objc)
        } copying: { range in
            swift.byteCount += range.count
            objc.byteCount += range.count
        }
        return (swift, objc)
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
                // Skip the string: an escape's backslash hides the byte after it.
                index += 1
                while index < count, text[index] != UInt8(ascii: "\"") {
                    index += text[index] == UInt8(ascii: "\\") ? 2 : 1
                }
                index += 1
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
