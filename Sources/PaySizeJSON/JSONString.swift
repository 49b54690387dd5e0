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
        // Most strings need no escape: then they are their UTF-8 bytes between quotes (the command
        // line's JSON output makes one call per string of every reported payload). The rule is
        // the encoder's own: C0 controls, `"`, `\`, and `/` when escaping it.
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
        let mask = JSONEscaping.mask(escapingSlashes: escapingSlashes)
        var output: [UInt8] = []
        output.reserveCapacity(string.utf8.count + 8)
        output.append(UInt8(ascii: "\""))
        var escape: (UInt64, UInt64) = (0, 0)
        for byte in string.utf8 {
            guard JSONEscaping.needsEscape(byte, mask: mask) else {
                output.append(byte)
                continue
            }
            let length = withUnsafeMutableBytes(of: &escape) { raw in
                JSONEscaping.writeEscape(for: byte, to: raw.baseAddress!.assumingMemoryBound(to: UInt8.self))
            }
            withUnsafeBytes(of: &escape) { raw in output += raw.prefix(length) }
        }
        output.append(UInt8(ascii: "\""))
        return output
    }
}
