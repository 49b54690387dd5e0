@_spi(Internals) import PaySizeJSON

/// An ISO-8601 date-time string with a time zone, such as `2025-11-30T11:30:00Z` or
/// `2025-11-30T12:30:00.250+01:00`, read exactly (no `DateFormatter`, no locale).
package struct ISO8601Timestamp: Sendable, Equatable {
    /// Whole seconds since 1970-01-01T00:00:00Z (Unix time), rounded down.
    package var unixSeconds: Int
    /// Whether the string has a non-zero fraction of a second (lost when written as whole seconds).
    package var hasFraction: Bool

    /// Seconds between 1970-01-01 and 2001-01-01, the epoch of a Swift `Date`'s default encoding
    /// (`.deferredToDate`; see <doc:DeviceDecoding>).
    package static let referenceDateOffset = 978_307_200

    /// Whole seconds since 2001-01-01T00:00:00Z, what a `Date` property decodes by default.
    package var referenceDateSeconds: Int { unixSeconds - Self.referenceDateOffset }

    /// Whether `text` starts with a calendar date, `YYYY-MM-DD`: the sign of an ISO-8601 string
    /// sent where a number was expected, named as such in messages.
    package static func startsWithDate(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars.prefix(10))
        guard scalars.count == 10 else { return false }
        return scalars.enumerated().allSatisfy { offset, scalar in
            offset == 4 || offset == 7 ? scalar == "-" : ("0"..."9").contains(scalar)
        }
    }

    /// Reads `YYYY-MM-DDTHH:MM[:SS[.fraction]]` followed by `Z` or `±HH:MM` (or `±HHMM`); `nil`
    /// for anything else, including a date-time without a time zone (its instant is unknown).
    package init?(_ text: String) {
        let bytes = Array(text.utf8)
        var index = 0
        func number(_ digits: Int) -> Int? {
            guard index + digits <= bytes.count else { return nil }
            var value = 0
            for byte in bytes[index..<index + digits] {
                guard byte >= 0x30, byte <= 0x39 else { return nil }
                value = value * 10 + Int(byte - 0x30)
            }
            index += digits
            return value
        }
        func expect(_ character: Character) -> Bool {
            guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
            index += 1
            return true
        }
        guard let year = number(4), expect("-"), let month = number(2), expect("-"), let day = number(2),
            index < bytes.count, bytes[index] == UInt8(ascii: "T") || bytes[index] == UInt8(ascii: "t")
        else { return nil }
        index += 1
        guard let hour = number(2), expect(":"), let minute = number(2) else { return nil }
        var second = 0
        var hasFraction = false
        if expect(":") {
            guard let value = number(2) else { return nil }
            second = value
            if expect(".") || expect(",") {
                let start = index
                while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
                    if bytes[index] != 0x30 { hasFraction = true }
                    index += 1
                }
                guard index > start else { return nil }
            }
        }
        var offset = 0
        if expect("Z") || expect("z") {
            offset = 0
        } else if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
            let sign = bytes[index] == UInt8(ascii: "-") ? -1 : 1
            index += 1
            guard let hours = number(2) else { return nil }
            _ = expect(":")
            guard let minutes = number(2), hours < 24, minutes < 60 else { return nil }
            offset = sign * (hours * 3600 + minutes * 60)
        } else {
            return nil
        }
        guard index == bytes.count, (1...12).contains(month), day >= 1, day <= Self.daysIn(month: month, year: year),
            hour < 24, minute < 60, second < 61
        else { return nil }
        let days = Self.daysSinceUnixEpoch(year: year, month: month, day: day)
        unixSeconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
        self.hasFraction = hasFraction
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date (negative before it).
    package static func daysSinceUnixEpoch(year: Int, month: Int, day: Int) -> Int {
        // Count years from March, so the leap day ends a year.
        let shiftedYear = month <= 2 ? year - 1 : year
        let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
        let yearOfEra = shiftedYear - era * 400
        let monthFromMarch = (month + 9) % 12
        let dayOfYear = (153 * monthFromMarch + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    private static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }
}
