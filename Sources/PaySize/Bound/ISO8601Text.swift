/// The length of the text `JSONEncoder`'s `.iso8601` strategy writes for a `Date`:
/// `YYYY-MM-DDTHH:MM:SSZ`, whole seconds rounded down, in Foundation's Gregorian calendar in UTC.
///
/// Only the year's width varies: four digits for years 0 to 9999, more past 9999, and a `-`
/// before four digits for years before 0 (`-1168-02-27T14:13:20Z`). Foundation's Gregorian
/// calendar is the Julian one before 1582-10-15, so year 0 starts at the Julian 0000-01-01; years
/// 10000 and 100000 start at Gregorian January 1sts. Foundation writes no date outside
/// -4712-01-01T12:00:00Z (Julian day 0) to 506713-02-07T00:00:00Z: a `Date` beyond is written as
/// the nearer of the two, so every finite number has a text, at most six year digits long.
enum ISO8601Text {
    /// Days from 2001-01-01 back to 0000-01-01 of the proleptic Gregorian calendar.
    private static let gregorianYearZero: Int64 = 730_851
    /// Seconds since 2001 where the Julian 0000-01-01 starts: 2 days before the Gregorian one.
    static let yearZero = -Double(gregorianYearZero + 2) * 86_400
    /// Seconds since 2001 where Gregorian years 10000 and 100000 start.
    static let yearTenThousand = Double(gregorianDays(toYear: 10_000)) * 86_400
    static let yearHundredThousand = Double(gregorianDays(toYear: 100_000)) * 86_400

    /// The bytes of the quoted text for a `Date` this many seconds after 2001-01-01.
    static func quotedByteCount(secondsSinceReferenceDate seconds: Double) -> Int {
        // `"` + year + `-MM-DDTHH:MM:SSZ` + `"`; whole seconds are rounded down, and each
        // threshold is a whole second, so comparing the unrounded number is the same.
        let year =
            switch seconds {
            case ..<yearZero: 5
            case ..<yearTenThousand: 4
            case ..<yearHundredThousand: 5
            default: 6
            }
        return 2 + year + 16
    }

    /// Days from 2001-01-01 to January 1st of `year` (positive) in the proleptic Gregorian
    /// calendar: 365 a year and a leap day in each of years 0 to `year - 1` that has one.
    private static func gregorianDays(toYear year: Int64) -> Int64 {
        let leapDays = (year - 1) / 4 - (year - 1) / 100 + (year - 1) / 400 + 1
        return 365 * year + leapDays - gregorianYearZero
    }
}
