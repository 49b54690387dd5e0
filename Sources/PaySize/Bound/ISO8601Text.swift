/// The length of the text `JSONEncoder`'s `.iso8601` strategy writes for a `Date`:
/// `YYYY-MM-DDTHH:MM:SSZ`, whole seconds rounded down, in the proleptic Gregorian calendar in UTC.
///
/// Only the year's width varies: at least four digits, more past 9999, and a leading `-` before
/// year 0 (`-1168-02-27T14:13:20Z`).
enum ISO8601Text {
    /// Days from 1970-01-01 to 2001-01-01, the reference date a `Date` counts from.
    private static let referenceDay: Int64 = 11_323

    /// The bytes of the quoted text for a `Date` this many seconds after 2001-01-01, for
    /// magnitudes up to 10^13 seconds (the caller keeps within them).
    static func quotedByteCount(secondsSinceReferenceDate seconds: Double) -> Int {
        let year = self.year(secondsSinceReferenceDate: seconds)
        let digits = String(year.magnitude).utf8.count
        // `"` + year + `-MM-DDTHH:MM:SSZ` + `"`
        return 2 + (year < 0 ? 1 : 0) + max(4, digits) + 16
    }

    /// The Gregorian year of a `Date` this many seconds after 2001-01-01 (year 0 is 1 BC).
    static func year(secondsSinceReferenceDate seconds: Double) -> Int64 {
        let whole = Int64(seconds.rounded(.down))
        let days = floorDivision(whole, 86_400) + referenceDay
        // The civil date of a day count: eras of 400 years (146097 days), years counted from
        // March so that the leap day ends the year.
        let shifted = days + 719_468
        let era = floorDivision(shifted, 146_097)
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthFromMarch = (5 * dayOfYear + 2) / 153
        return yearOfEra + era * 400 + (monthFromMarch >= 10 ? 1 : 0)
    }

    private static func floorDivision(_ a: Int64, _ b: Int64) -> Int64 {
        let quotient = a / b
        return a % b < 0 ? quotient - 1 : quotient
    }
}
