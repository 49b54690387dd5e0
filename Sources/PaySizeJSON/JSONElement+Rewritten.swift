/// A value's compact size once a writer has read and written it again, as the device does with
/// a push's `content-state` (<doc:WhatTheDeviceCounts>).
///
/// A trivial value (no string or array inside), so the reports a log check makes for each line
/// copy it without reference counting.
@_spi(Internals) public struct RewrittenSize: Sendable, Equatable {
    /// The writer that wrote it.
    @_spi(Internals) public var writer: JSONWriter
    /// The compact size as that writer writes it.
    @_spi(Internals) public var byteCount: Int
    /// How many number tokens the writer writes longer than they were sent.
    @_spi(Internals) public var grownNumberCount = 0
    /// The first number that grew, as sent (`1.91`).
    package var firstGrownToken: GrownNumberToken?

    /// A size of `byteCount` bytes as `writer` writes a value, no number grown.
    ///
    /// - Parameters:
    ///   - writer: The writer.
    ///   - byteCount: The compact size as that writer writes the value.
    @_spi(Internals) public init(writer: JSONWriter, byteCount: Int) {
        self.writer = writer
        self.byteCount = byteCount
    }

    /// The first number that grew, as sent and as written (`1.91`, `1.9099999999999999`). The
    /// written text follows from the token and the writer, so it is made only when asked for.
    /// Adds a number token that `writer` writes in `writtenByteCount` bytes.
    @inline(__always)
    package mutating func add(_ token: UnsafeBufferPointer<UInt8>, writtenByteCount: Int) {
        byteCount &+= writtenByteCount
        guard writtenByteCount > token.count else { return }
        grownNumberCount &+= 1
        if firstGrownToken == nil { firstGrownToken = GrownNumberToken(token) }
    }

    @_spi(Internals) public var firstGrownNumber: (sent: String, written: String)? {
        firstGrownToken.map { token in
            let sent = token.text
            return (sent, RewrittenNumber.text(ofToken: sent, writer: writer))
        }
    }
}

/// A number token that a writer writes longer than it was sent, kept inline: neither writer
/// writes a number in more than 24 bytes (`-2.2250738585072014e-308`), so such a token has at
/// most 23, which fit three words with the length in the last byte.
package struct GrownNumberToken: Sendable, Hashable {
    /// The token's bytes, first byte lowest, zero past its end; the top byte of `high` holds the
    /// length.
    private var low: UInt64
    private var middle: UInt64
    private var high: UInt64

    /// The most bytes a token held here may have.
    package static let maximumByteCount = 23

    /// Holds `token`; `nil` when it is longer than ``maximumByteCount`` (never a token that grew).
    package init?(_ token: UnsafeBufferPointer<UInt8>) {
        guard token.count <= Self.maximumByteCount else { return nil }
        var words: (UInt64, UInt64, UInt64) = (0, 0, 0)
        withUnsafeMutableBytes(of: &words) { raw in
            UnsafeMutableRawBufferPointer(rebasing: raw[..<token.count]).copyMemory(from: UnsafeRawBufferPointer(token))
            raw[23] = UInt8(token.count)
        }
        (low, middle, high) = (words.0, words.1, words.2)
    }

    /// The token's text.
    package var text: String {
        var words = (low, middle, high)
        return withUnsafeBytes(of: &words) { raw in
            String(decoding: raw.prefix(Int(raw[23])), as: UTF8.self)
        }
    }
}

extension JSONElement {
    /// This value's compact size once `writer` has read it and written it again: numbers by
    /// ``RewrittenNumber``'s rules, strings and keys decoded and escaped as Foundation escapes
    /// them (`/` as `\/`, non-ASCII raw, so a `\u00e9` sent is 2 bytes written), no whitespace.
    ///
    /// Walks an explicit stack, so any depth the scanner accepted is measured without recursion.
    ///
    /// - Parameter writer: The writer that writes the value back.
    @_spi(Internals) public func rewrittenSize(by writer: JSONWriter) -> RewrittenSize {
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
                let sent = token.utf8.count
                let written = token.withUTF8 { RewrittenNumber.byteCount(ofToken: $0, writer: writer) }
                size.byteCount += written
                if written > sent {
                    size.grownNumberCount += 1
                    if size.firstGrownToken == nil { size.firstGrownToken = token.withUTF8 { GrownNumberToken($0) } }
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
