/// A second, deliberately naive way to measure compact JSON, to check the scanner's figures.
///
/// It knows nothing of JSON's grammar beyond strings: it drops space, tab, LF and CR outside
/// strings and counts every other byte. On a text the scanner accepted, that is exactly the
/// compact size the SizeLimits article defines ("whitespace outside strings removed, every token as written").
public enum CompactSize {
    /// The byte count of `bytes` with JSON whitespace outside strings removed.
    public static func byteCount(of bytes: some Collection<UInt8>) -> Int {
        var count = 0
        var inString = false
        var escaped = false
        for byte in bytes {
            if inString {
                count += 1
                if escaped {
                    escaped = false
                } else if byte == UInt8(ascii: "\\") {
                    escaped = true
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                continue
            case UInt8(ascii: "\""):
                inString = true
                count += 1
            default:
                count += 1
            }
        }
        return count
    }
}
