@_spi(Internals) import PaySizeJSON

/// The schema keywords PaySize adds to draft 2020-12. Other validators skip them (JSON Schema
/// ignores unknown keywords), so an inferred document lists the ones it uses under
/// `x-paysize-keywords` at its root, each with how a validator in another language should read
/// it. A `x-paysize-` keyword PaySize does not know makes the schema unusable rather than ignored.
package enum PaySizeKeyword: String, CaseIterable, Sendable {
    case note = "x-paysize-note"
    case date = "x-paysize-date"
    case number = "x-paysize-number"
    case format = "x-paysize-format"
    case integerText = "x-paysize-integer-text"
    case pairs = "x-paysize-pairs"
    case set = "x-paysize-set"
    case dateEncoding = "x-paysize-date-encoding"
    case keywords = "x-paysize-keywords"

    package static let prefix = "x-paysize-"
    /// The value of ``date`` on a `Date` decoded with `.deferredToDate`: seconds since 2001.
    package static let referenceDateValue = "reference-date"

    /// Whether the keyword decides validity (the others only inform).
    package var isAssertion: Bool {
        switch self {
        case .number, .format, .integerText, .pairs: true
        case .note, .date, .set, .dateEncoding, .keywords: false
        }
    }

    /// How to read the keyword, for `x-paysize-keywords`.
    package var explanation: String {
        switch self {
        case .note:
            "an annotation: what inference could not learn from the Swift type here, and the fix; values this part of the schema accepts may still be refused by the app"
        case .date:
            "an annotation on numbers: 'reference-date' marks a Date decoded with JSONDecoder's default .deferredToDate, seconds since 2001-01-01T00:00:00Z; PaySize warns when such a number looks like Unix time"
        case .number:
            "an assertion on numbers: JSONDecoder reads the number as the named Swift type and refuses it when the type cannot hold it. Integer types (Int and UInt are 64-bit): a number written as an integer must be within the type's range; any other number is read as the nearest 64-bit double, which must be a whole number within the range, and from 2^53 up its decimal digits are read again, the fraction dropped, and must fit in 64 bits (so 9223372036854775807.0 is refused). Float and Double: the value rounded to that binary type must be finite, and not 0 unless the number is 0. Decimal: the decimal exponent, once at most 38 significant digits are kept, must be from -128 to 127 (1e128 is refused, 10e127 is not). 'enum' and 'const' beside it compare the decoded values (0.10000000149011612 is the Float 0.1)"
        case .format:
            "an assertion on strings, checked with the parser JSONDecoder uses: 'URL' must be accepted by Foundation's URL(string:) (it refuses an empty string and text it cannot percent-encode, such as 'http://a b'); 'UUID' is 8-4-4-4-12 hexadecimal digits in either case; 'base64' is the RFC 4648 standard alphabet padded with '=' to a multiple of 4 characters"
        case .integerText:
            "an assertion on strings (dictionary keys): the string must be an integer as Swift's Int(_:) reads it (an optional '+' or '-' and ASCII digits, from -2^63 to 2^63-1, so '01' and '+1' are 1), and that integer must satisfy this keyword's schema"
        case .pairs:
            "an assertion on arrays: a Swift dictionary keyed by a type other than String, Int or a CodingKeyRepresentable one is a flat [key, value, key, value, …] array: it has an even number of items, items at even indexes satisfy the first schema and items at odd indexes the second"
        case .set:
            "an annotation on arrays: true marks a Swift Set, which keeps one of each repeated item (a repeated item still decodes); PaySize's worst-case bound counts distinct items"
        case .dateEncoding:
            "an annotation at the root: the dateEncodingStrategy the app's JSONEncoder writes each Date with ('secondsSince1970', 'millisecondsSince1970' or 'iso8601'; absent for the default 'deferredToDate'); the schema's Date numbers stay seconds since 2001, as the device decodes them, and PaySize's worst-case bound counts each Date as that strategy writes it"
        case .keywords:
            "this list: each PaySize keyword the document uses and how to read it"
        }
    }
}
