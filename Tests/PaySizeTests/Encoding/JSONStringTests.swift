import Foundation
import Testing

@testable import PaySize

/// `JSONString.quoted`, the one string escaper, writes Foundation's bytes on both of its paths
/// (a string with nothing to escape, and one the encoder escapes).
@Suite("JSONString, the one string escaper") struct JSONStringTests {
    @Test(
        "matches Foundation",
        arguments: [
            "", "plain", "café 🏈", "a/b", "tab\there", "quote\"back\\slash", "\u{0}\u{1F}\u{7F}", "line\nend",
            "\u{2028}", "e\u{301}",
        ])
    func matchesFoundation(_ string: String) throws {
        for escapingSlashes in [true, false] {
            let foundation = JSONEncoder()
            foundation.outputFormatting = escapingSlashes ? [] : [.withoutEscapingSlashes]
            let expected = Array(try foundation.encode(string))
            #expect(
                JSONString.quoted(string, escapingSlashes: escapingSlashes) == expected, "\(string.debugDescription)")
        }
    }
}
