/// A value's compact size once a writer has read and written it again, as the device does with
/// a push's `content-state` (<doc:WhatTheDeviceCounts>).
package struct RewrittenSize: Sendable, Equatable {
    /// The writer that wrote it.
    package var writer: JSONWriter
    /// The compact size as that writer writes it.
    package var byteCount: Int
    /// How many number tokens the writer writes longer than they were sent.
    package var grownNumberCount = 0
    /// The first number that grew, as sent and as written (`1.91`, `1.9099999999999999`).
    package var firstGrownNumber: (sent: String, written: String)?

    package init(writer: JSONWriter, byteCount: Int) {
        self.writer = writer
        self.byteCount = byteCount
    }

    /// Adds a number token that `writer` writes in `writtenByteCount` bytes.
    package mutating func add(_ token: UnsafeBufferPointer<UInt8>, writtenByteCount: Int) {
        byteCount += writtenByteCount
        guard writtenByteCount > token.count else { return }
        grownNumberCount += 1
        if firstGrownNumber == nil {
            let sent = String(decoding: token, as: UTF8.self)
            firstGrownNumber = (sent, RewrittenNumber.text(ofToken: sent, writer: writer))
        }
    }

    package static func == (lhs: RewrittenSize, rhs: RewrittenSize) -> Bool {
        lhs.writer == rhs.writer && lhs.byteCount == rhs.byteCount && lhs.grownNumberCount == rhs.grownNumberCount
            && lhs.firstGrownNumber?.sent == rhs.firstGrownNumber?.sent
            && lhs.firstGrownNumber?.written == rhs.firstGrownNumber?.written
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
