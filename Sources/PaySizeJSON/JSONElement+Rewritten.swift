/// A value's compact size once a writer has read and written it again, as the device does with
/// a push's `content-state` (<doc:WhatTheDeviceCounts>).
package struct RewrittenSize: Sendable, Equatable {
    /// The writer that wrote it.
    package var writer: JSONWriter
    /// The compact size as that writer writes it.
    package var byteCount: Int
    /// How many number tokens the writer writes longer than they were sent.
    package var grownNumberCount = 0
    /// The first number that grew, as sent (a short token is stored inline, not allocated).
    package var firstGrownToken: String?

    package init(writer: JSONWriter, byteCount: Int) {
        self.writer = writer
        self.byteCount = byteCount
    }

    /// The first number that grew, as sent and as written (`1.91`, `1.9099999999999999`); the
    /// written text is made only when asked for, for a message.
    package var firstGrownNumber: (sent: String, written: String)? {
        firstGrownToken.map { ($0, RewrittenNumber.text(ofToken: $0, writer: writer)) }
    }

    /// Adds a number token that `writer` writes in `writtenByteCount` bytes.
    @inline(__always)
    package mutating func add(_ token: UnsafeBufferPointer<UInt8>, writtenByteCount: Int) {
        byteCount &+= writtenByteCount
        guard writtenByteCount > token.count else { return }
        grownNumberCount &+= 1
        if firstGrownToken == nil { firstGrownToken = String(decoding: token, as: UTF8.self) }
    }
}

extension JSONElement {
    /// This value's compact size once `writer` has read it and written it again: numbers by
    /// ``RewrittenNumber``'s rules, strings and keys decoded and escaped as Foundation escapes
    /// them (`/` as `\/`, non-ASCII raw, so a `\u00e9` sent is 2 bytes written), no whitespace.
    ///
    /// Walks an explicit stack, so any depth the scanner accepted is measured without recursion.
    package func rewrittenSize(by writer: JSONWriter) -> RewrittenSize {
        var size = RewrittenSize(writer: writer, byteCount: 0)
        var pending: [JSONElement] = [self]
        while let element = pending.popLast() {
            switch element.content {
            case .object(let members):
                // `{`, `}`, a `:` per member and a `,` between members.
                size.byteCount += 2 + members.count + max(members.count - 1, 0)
                for member in members.reversed() {
                    size.byteCount += Self.quotedByteCount(member.key)
                    pending.append(member.value)
                }
            case .array(let elements):
                size.byteCount += 2 + max(elements.count - 1, 0)
                pending.append(contentsOf: elements.reversed())
            case .string(let string):
                size.byteCount += Self.quotedByteCount(string)
            case .number(let token):
                var token = token
                token.withUTF8 {
                    size.add($0, writtenByteCount: RewrittenNumber.byteCount(ofToken: $0, writer: writer))
                }
            case .bool(let value):
                size.byteCount += value ? 4 : 5
            case .null:
                size.byteCount += 4
            }
        }
        return size
    }

    /// A decoded string's length once quoted and escaped as Foundation's writers do.
    private static func quotedByteCount(_ string: String) -> Int {
        var string = string
        return string.withUTF8 { 2 + JSONEscaping.escapedCount($0, mask: JSONEscaping.controlQuoteAndSlashMask) }
    }
}
