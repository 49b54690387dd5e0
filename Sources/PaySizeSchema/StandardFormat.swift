@_spi(Internals) import PaySizeJSON

/// A draft 2020-12 `format` value PaySize can assert, checked with a parser written for its RFC.
///
/// `format` is an annotation by default, as draft 2020-12 says; these checks run only when the
/// schema asserts formats (``PayloadSchema/assertsFormat``, `--format-assertion`). A format name
/// not listed here stays an annotation even then, as the format-assertion vocabulary asks.
/// PaySize's own `x-paysize-format` (``StringFormat``) is a different keyword: it is always an
/// assertion, checked with Foundation's parsers.
///
/// Every format is ASCII (the internationalized `idn-*` and `iri*` formats are not listed), so the
/// parsers read UTF-8 bytes and any other byte makes the string invalid.
package enum StandardFormat: String, CaseIterable, Sendable {
    /// RFC 3339 `date-time`: `full-date "T" full-time`, `T` and `Z` in either case, a leap second
    /// only at 23:59:60 UTC.
    case dateTime = "date-time"
    /// RFC 3339 `full-date`: `YYYY-MM-DD`, the day within its month (leap years Gregorian).
    case date
    /// RFC 3339 `full-time`: `HH:MM:SS[.fraction]` and an offset (`Z` or `±HH:MM`).
    case time
    /// RFC 3339 appendix A `duration`: `P` and years, months, days, then `T` and hours, minutes,
    /// seconds, each unit at most once, in order, without gaps; or weeks alone.
    case duration
    /// RFC 5321 `Mailbox`: a dot-string or quoted-string local part, `@`, and a domain or an
    /// address literal (`[127.0.0.1]`, `[IPv6:::1]`).
    case email
    /// RFC 1123 host name: dot-separated labels of letters, digits and inner hyphens, each at most
    /// 63 characters, at most 253 in all; an `xn--` label must be valid Punycode for an RFC 5890
    /// U-label that encodes back to the same label (RFC 5891 5.4).
    case hostname
    /// RFC 2673 dotted quad: four decimal numbers from 0 to 255 without leading zeros.
    case ipv4
    /// RFC 4291 text form: eight groups of one to four hex digits, one `::` for a run of zero
    /// groups, the last two groups optionally a dotted quad.
    case ipv6
    /// RFC 3986 `URI`: a scheme and the rest, with only the characters the grammar allows.
    case uri
    /// RFC 3986 `URI-reference`: a URI or a relative reference.
    case uriReference = "uri-reference"
    /// RFC 4122 string form: 8-4-4-4-12 hexadecimal digits, either case, any version or variant.
    case uuid
    /// An ECMA-262 regular expression: valid syntax for ``ECMAScriptPattern``, including the
    /// features its matcher refuses (lookaround, backreferences), which are valid ECMA-262.
    case regex

    /// Whether `string` is valid for this format.
    package func accepts(_ string: String) -> Bool {
        if self == .regex { return Self.isRegularExpression(string) }
        let bytes = Array(string.utf8)
        switch self {
        case .dateTime: return Self.isDateTime(bytes[...])
        case .date: return Self.isDate(bytes[...])
        case .time: return Self.isTime(bytes[...])
        case .duration: return Self.isDuration(bytes[...])
        case .email: return Self.isEmail(bytes[...])
        case .hostname: return Self.isHostname(bytes[...])
        case .ipv4: return Self.isIPv4(bytes[...])
        case .ipv6: return Self.isIPv6(bytes[...])
        case .uri: return URIGrammar.isURI(bytes[...], allowingRelative: false)
        case .uriReference: return URIGrammar.isURI(bytes[...], allowingRelative: true)
        case .uuid: return Self.isUUID(bytes[...])
        case .regex: return false
        }
    }

    // MARK: - RFC 3339

    package static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    package static func isHexDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }

    /// The number written by exactly `count` digits at `start`, or `nil`.
    private static func number(_ bytes: ArraySlice<UInt8>, at start: Int, count: Int) -> Int? {
        guard start >= bytes.startIndex, start + count <= bytes.endIndex else { return nil }
        var value = 0
        for byte in bytes[start..<start + count] {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    private static func isDate(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count == 10, bytes[start + 4] == UInt8(ascii: "-"), bytes[start + 7] == UInt8(ascii: "-"),
            let year = number(bytes, at: start, count: 4), let month = number(bytes, at: start + 5, count: 2),
            let day = number(bytes, at: start + 8, count: 2), (1...12).contains(month)
        else { return false }
        let isLeap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, isLeap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day)
    }

    private static func isTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        let start = bytes.startIndex
        guard bytes.count >= 9, bytes[start + 2] == UInt8(ascii: ":"), bytes[start + 5] == UInt8(ascii: ":"),
            let hour = number(bytes, at: start, count: 2), let minute = number(bytes, at: start + 3, count: 2),
            let second = number(bytes, at: start + 6, count: 2), hour <= 23, minute <= 59, second <= 60
        else { return false }
        var index = start + 8
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let digits = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > digits, index < bytes.endIndex else { return false }
        }
        // The offset: `Z` or `±HH:MM`; -00:00 is an unknown local offset, UTC for the leap second.
        var offsetMinutes = 0
        if bytes[index] | 0x20 == UInt8(ascii: "z") {
            guard index + 1 == bytes.endIndex else { return false }
        } else {
            let sign = bytes[index]
            guard sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-"), index + 6 == bytes.endIndex,
                bytes[index + 3] == UInt8(ascii: ":"), let offsetHour = number(bytes, at: index + 1, count: 2),
                let offsetMinute = number(bytes, at: index + 4, count: 2), offsetHour <= 23, offsetMinute <= 59
            else { return false }
            offsetMinutes = (offsetHour * 60 + offsetMinute) * (sign == UInt8(ascii: "+") ? 1 : -1)
        }
        guard second == 60 else { return true }
        // A leap second is inserted at 23:59:60 UTC only.
        let utc = ((hour * 60 + minute - offsetMinutes) % 1440 + 1440) % 1440
        return utc == 23 * 60 + 59
    }

    private static func isDateTime(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count > 11, bytes[bytes.startIndex + 10] | 0x20 == UInt8(ascii: "t") else { return false }
        return isDate(bytes.prefix(10)) && isTime(bytes.dropFirst(11))
    }

    private static func isDuration(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "P"), bytes.count > 1 else { return false }
        var dateUnits: [UInt8] = []
        var timeUnits: [UInt8] = []
        var inTime = false
        var index = bytes.startIndex + 1
        while index < bytes.endIndex {
            if bytes[index] == UInt8(ascii: "T") {
                guard !inTime else { return false }
                inTime = true
                index += 1
                continue
            }
            let digits = index
            while index < bytes.endIndex, isDigit(bytes[index]) { index += 1 }
            guard index > digits, index < bytes.endIndex else { return false }
            if inTime { timeUnits.append(bytes[index]) } else { dateUnits.append(bytes[index]) }
            index += 1
        }
        // Each part is a run of consecutive units of its list, in order.
        func isRun(_ units: [UInt8], of order: String) -> Bool {
            let order = Array(order.utf8)
            guard let first = units.first, let start = order.firstIndex(of: first) else { return units.isEmpty }
            return start + units.count <= order.count && Array(order[start..<start + units.count]) == units
        }
        if dateUnits == [UInt8(ascii: "W")] { return !inTime }
        if inTime, timeUnits.isEmpty { return false }
        return (!dateUnits.isEmpty || inTime) && isRun(dateUnits, of: "YMD") && isRun(timeUnits, of: "HMS")
    }

    // MARK: - Internet names and addresses

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// An RFC 1123 label: letters, digits and hyphens, not starting or ending with a hyphen.
    private static func isLabel(_ label: ArraySlice<UInt8>) -> Bool {
        guard (1...63).contains(label.count), let first = label.first, let last = label.last,
            isLetterOrDigit(first), isLetterOrDigit(last)
        else { return false }
        return label.allSatisfy { isLetterOrDigit($0) || $0 == UInt8(ascii: "-") }
    }

    package static func isHostname(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard (1...253).contains(bytes.count) else { return false }
        for label in bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false) {
            guard isLabel(label) else { return false }
            if label.count >= 4, label.prefix(4).map({ $0 | 0x20 }) == Array("xn--".utf8) {
                // RFC 5891 5.4: the label decodes to a valid U-label that encodes back to it
                // (ASCII case aside, as DNS compares labels).
                guard let decoded = Punycode.decode(label.dropFirst(4)), IDNALabel.isValid(decoded),
                    Punycode.encode(decoded)?.map({ $0 | 0x20 }) == label.dropFirst(4).map({ $0 | 0x20 })
                else { return false }
            }
        }
        return true
    }

    package static func isIPv4(_ bytes: ArraySlice<UInt8>) -> Bool {
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        guard parts.count == 4 else { return false }
        return parts.allSatisfy { part in
            guard (1...3).contains(part.count), part.allSatisfy(isDigit),
                part.count == 1 || part.first != UInt8(ascii: "0"),
                let value = number(part, at: part.startIndex, count: part.count)
            else { return false }
            return value <= 255
        }
    }

    package static func isIPv6(_ bytes: ArraySlice<UInt8>) -> Bool {
        let text = Array(bytes)
        let colon = UInt8(ascii: ":")
        // At most one `::` (`:::` holds two).
        var compression: Int?
        for index in text.indices.dropLast() where text[index] == colon && text[index + 1] == colon {
            guard compression == nil else { return false }
            compression = index
        }
        /// The number of 16-bit groups `part` writes, a final dotted quad counting two; `nil` when invalid.
        func groups(_ part: ArraySlice<UInt8>, endsAddress: Bool) -> Int? {
            if part.isEmpty { return 0 }
            let pieces = part.split(separator: colon, omittingEmptySubsequences: false)
            var count = 0
            for (offset, piece) in pieces.enumerated() {
                if endsAddress, offset == pieces.count - 1, piece.contains(UInt8(ascii: ".")) {
                    guard isIPv4(piece) else { return nil }
                    count += 2
                } else {
                    guard (1...4).contains(piece.count), piece.allSatisfy(isHexDigit) else { return nil }
                    count += 1
                }
            }
            return count
        }
        guard let compression else { return groups(text[...], endsAddress: true) == 8 }
        guard let before = groups(text[..<compression], endsAddress: false),
            let after = groups(text[(compression + 2)...], endsAddress: true)
        else { return false }
        return before + after <= 7
    }

    private static func isUUID(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count == 36 else { return false }
        for (offset, byte) in bytes.enumerated() {
            let isDash = [8, 13, 18, 23].contains(offset)
            guard isDash ? byte == UInt8(ascii: "-") : isHexDigit(byte) else { return false }
        }
        return true
    }

    // MARK: - RFC 5321 mailbox

    /// `atext` of RFC 5322: letters, digits and ``!#$%&'*+-/=?^_`{|}~``.
    private static func isAtomText(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || Array("!#$%&'*+-/=?^_`{|}~".utf8).contains(byte)
    }

    private static func isEmail(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        if bytes.first == UInt8(ascii: "\"") {
            // Quoted-string: printable ASCII but `"` and `\`, or `\` and a printable character.
            index += 1
            while index < bytes.endIndex, bytes[index] != UInt8(ascii: "\"") {
                if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                guard index < bytes.endIndex, (32...126).contains(bytes[index]) else { return false }
                index += 1
            }
            guard index < bytes.endIndex else { return false }
            index += 1
        } else {
            guard let at = bytes.firstIndex(of: UInt8(ascii: "@")) else { return false }
            let atoms = bytes[..<at].split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
            guard atoms.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isAtomText) }) else { return false }
            index = at
        }
        guard index < bytes.endIndex, bytes[index] == UInt8(ascii: "@") else { return false }
        let domain = bytes[(index + 1)...]
        guard domain.first == UInt8(ascii: "["), domain.last == UInt8(ascii: "]") else { return isHostname(domain) }
        let literal = domain.dropFirst().dropLast()
        let ipv6Tag = Array("IPv6:".utf8)
        if literal.starts(with: ipv6Tag) { return isIPv6(literal.dropFirst(ipv6Tag.count)) }
        return isIPv4(literal)
    }

    // MARK: - ECMA-262

    /// The whole ECMA-262 grammar is read, lookarounds and backreferences included: valid syntax
    /// the matcher does not run is still a regular expression, and what follows it is checked.
    private static func isRegularExpression(_ source: String) -> Bool {
        ECMAScriptPattern.syntaxError(in: source) == nil
    }
}
