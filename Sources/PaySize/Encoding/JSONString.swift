/// A string as JSON text, quoted and escaped exactly as Foundation's `JSONEncoder` writes it.
///
/// The one string escaper of the package: shrunk payloads, schema documents, witnesses of a
/// worst-case bound and the command line's JSON output all write strings through it, so every
/// JSON text PaySize produces escapes alike (`\b \f \n \r \t`, other C0 controls as `\u00XX`
/// in lowercase hex, `"` and `\`, and `/` unless told not to).
package enum JSONString {
    /// `string` quoted and escaped; `/` written as `\/` when `escapingSlashes`, as
    /// `JSONEncoder` does unless `.withoutEscapingSlashes` is set.
    package static func quoted(_ string: String, escapingSlashes: Bool) -> [UInt8] {
        var encoder = PayloadEncoder()
        if !escapingSlashes { encoder.outputFormatting = [.withoutEscapingSlashes] }
        // A top-level string cannot fail to encode: no float, no nesting, no empty container.
        return (try? encoder.encodeBytes(string)) ?? Array(#""""#.utf8)
    }
}
