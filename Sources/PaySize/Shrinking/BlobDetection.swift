/// Recognizes strings that are data rather than text: data URLs, base64, hex and other long
/// opaque tokens, which a Live Activity cannot show and should fetch or bundle instead.
enum BlobDetection {
    /// The shortest string treated as an opaque token: 64 bytes (a SHA-256 in hex).
    static let minimumByteCount = 64

    /// Whether `string` is opaque text: something a program decodes, not words a person
    /// reads, so cutting it anywhere breaks it. A blob, an encoded polyline, a URL, or more than
    /// about 64 characters of ASCII with no whitespace drawing on at least 10 distinct
    /// characters (a token, an id list; a run of `x` is filler). Text in a script
    /// written without spaces (Japanese) is not ASCII and stays text.
    static func isOpaque(_ string: String) -> Bool {
        if isBlob(string) || string.contains("://") { return true }
        if CoordinatePath.decodedPolyline(string) != nil, !string.utf8.contains(UInt8(ascii: " ")) {
            return string.utf8.count >= 16
        }
        // A token draws on many characters; a run of one or two (padding, "xxxx") is filler text.
        return string.utf8.count > minimumByteCount && Set(string.utf8).count >= 10
            && string.utf8.allSatisfy { $0 < 0x80 && $0 != 0x20 && $0 != 0x0A && $0 != 0x09 && $0 != 0x0D }
    }

    /// Whether `string` is a data URL, or at least 64 bytes of base64/base64url/hex characters
    /// (dots allowed, as in a JWT) mixing letters and digits.
    static func isBlob(_ string: String) -> Bool {
        if string.hasPrefix("data:"), string.contains(",") { return true }
        guard string.utf8.count >= minimumByteCount else { return false }
        var hasLetter = false
        var hasDigit = false
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): hasLetter = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"): hasDigit = true
            case UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: "="), UInt8(ascii: "-"), UInt8(ascii: "_"),
                UInt8(ascii: "."):
                break
            default: return false
            }
        }
        return hasLetter && hasDigit
    }
}
