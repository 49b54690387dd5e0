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
        // Most strings need no escape: then they are their UTF-8 bytes between quotes, and the
        // command line's JSON output (one call per string of every reported payload) skips the
        // encoder. The rule is the encoder's own: C0 controls, `"`, `\`, and `/` when escaping it.
        let needsEscape = string.utf8.contains { byte in
            byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
                || (escapingSlashes && byte == UInt8(ascii: "/"))
        }
        if !needsEscape {
            var output: [UInt8] = []
            output.reserveCapacity(string.utf8.count + 2)
            output.append(UInt8(ascii: "\""))
            output.append(contentsOf: string.utf8)
            output.append(UInt8(ascii: "\""))
            return output
        }
        var encoder = PayloadEncoder()
        if !escapingSlashes { encoder.outputFormatting = [.withoutEscapingSlashes] }
        // A top-level string cannot fail to encode: no float, no nesting, no empty container.
        return (try? encoder.encodeBytes(string)) ?? Array(#""""#.utf8)
    }
}
