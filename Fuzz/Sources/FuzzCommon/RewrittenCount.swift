import Foundation
@_spi(Internals) import PaySize

/// A value's compact size as each of Foundation's writers writes it back, counted here from the
/// strict scanner's tree by the rules of the *What the device counts* article, with formatters
/// that share no code with PaySize's: C's `%.17g` (glibc, through `String(format:)`) for the
/// Objective-C writer and `Double.description` for the Swift writer.
///
/// The fuzz targets hold `JSONMeasuringScanner`'s figures and `JSONElement.rewrittenSize(by:)`
/// to this count.
package struct RewrittenCount: Equatable {
    /// The compact size as the writer writes the value.
    package var byteCount = 0
    /// Number tokens the writer writes longer than sent.
    package var grownNumberCount = 0
    /// The first of them, as sent and as written.
    package var firstGrownNumber: (sent: String, written: String)?

    package static func == (lhs: RewrittenCount, rhs: RewrittenCount) -> Bool {
        lhs.byteCount == rhs.byteCount && lhs.grownNumberCount == rhs.grownNumberCount
            && lhs.firstGrownNumber?.sent == rhs.firstGrownNumber?.sent
            && lhs.firstGrownNumber?.written == rhs.firstGrownNumber?.written
    }

    /// Counts `element` as `writer` writes it back, members and elements in document order.
    package init(_ element: JSONElement, writer: JSONWriter) {
        var pending = [element]
        while let next = pending.popLast() {
            switch next.content {
            case .object(let members):
                byteCount += 2 + members.count + max(members.count - 1, 0)
                for member in members.reversed() {
                    byteCount += Self.quotedByteCount(member.key)
                    pending.append(member.value)
                }
            case .array(let elements):
                byteCount += 2 + max(elements.count - 1, 0)
                pending.append(contentsOf: elements.reversed())
            case .string(let text):
                byteCount += Self.quotedByteCount(text)
            case .number(let token):
                let written = Self.text(ofToken: token, writer: writer)
                byteCount += written.utf8.count
                if written.utf8.count > token.utf8.count {
                    grownNumberCount += 1
                    if firstGrownNumber == nil { firstGrownNumber = (token, written) }
                }
            case .bool(let value):
                byteCount += value ? 4 : 5
            case .null:
                byteCount += 4
            }
        }
    }

    /// A number token as `writer` writes it back:
    /// - an integer token that fits `Int64` or `UInt64` as sent;
    /// - a longer integer as the longer of its digits and its `Double`'s text;
    /// - any other token as its nearest `Double`'s text, or as sent when that is not finite.
    package static func text(ofToken token: String, writer: JSONWriter) -> String {
        let isInteger = !token.contains { $0 == "." || $0 == "e" || $0 == "E" }
        if isInteger, Int64(token) != nil || UInt64(token) != nil { return token }
        guard let value = Double(token), value.isFinite else { return token }
        let written: String
        switch writer {
        case .swift:
            let description = value.description
            written = description.hasSuffix(".0") ? String(description.dropLast(2)) : description
        case .objc:
            written = String(format: "%.17g", value)
        }
        return isInteger && token.utf8.count > written.utf8.count ? token : written
    }

    /// A string's length once quoted and escaped as Foundation's writers escape it: `"`, `\`
    /// and `/` with a backslash, `\b \t \n \f \r` in their short forms, other C0 controls as
    /// `\u00xx`, every other byte raw.
    package static func quotedByteCount(_ text: String) -> Int {
        var count = 2
        for byte in text.utf8 {
            switch byte {
            case 0x22, 0x5C, 0x2F, 0x08, 0x09, 0x0A, 0x0C, 0x0D: count += 2
            case 0..<0x20: count += 6
            default: count += 1
            }
        }
        return count
    }
}
