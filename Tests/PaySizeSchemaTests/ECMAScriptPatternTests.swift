import Foundation
import Testing

@_spi(Internals) @testable import PaySize

@Suite("ECMAScriptPattern: JSON Schema patterns, ECMA-262 semantics, linear time")
struct ECMAScriptPatternTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let pattern: String
        let text: String
        let matches: Bool
        var testDescription: String { "/\(pattern)/ on '\(text)' → \(matches)" }
        init(_ pattern: String, _ text: String, _ matches: Bool) {
            self.pattern = pattern
            self.text = text
            self.matches = matches
        }
    }

    static let cases: [Case] = [
        // Unanchored search, anchors.
        Case("b", "abc", true), Case("^b", "abc", false), Case("c$", "abc", true), Case("^abc$", "abcd", false),
        Case("", "anything", true), Case("^$", "", true), Case("^$", "x", false),
        // Alternation, groups, quantifiers.
        Case("^(ab|cd)+$", "abcdab", true), Case("^(ab|cd)+$", "abc", false), Case("^(?:a|b)*c$", "ababc", true),
        Case("^(?<year>\\d{4})-(?<month>\\d{2})$", "2026-12", true), Case("^a{2}$", "aa", true),
        Case("^a{2}$", "aaa", false), Case("^a{2,}$", "aaaa", true), Case("^a{2,3}$", "aaaa", false),
        Case("^a{0,1}b$", "b", true), Case("^a+?$", "aaa", true), Case("^x*?y??$", "xxy", true),
        Case("^a{,3}$", "a{,3}", true), Case("^{$", "{", true), Case("^a{1$", "a{1", true),
        // Order ids and the like, as backend teams write them.
        Case("^ORD-[0-9]{6}$", "ORD-123456", true), Case("^ORD-[0-9]{6}$", "ORD-12345", false),
        Case("^[A-Z]{3}[0-9]{1,4}$", "UAL123", true), Case("^[^\\s]+$", "no space", false),
        // Classes and escapes.
        Case("^[a-c]+$", "abcab", true), Case("^[a-c]+$", "abd", false), Case("^[^a-c]$", "d", true),
        Case("^[-a]$", "-", true), Case("^[a-]$", "-", true), Case("^[\\d-z]+$", "1-z", true),
        Case("^\\d+$", "0123456789", true), Case("^\\d$", "\u{0660}", false), Case("^\\D$", "\u{0660}", true),
        Case("^\\w+$", "snake_case9", true), Case("^\\w$", "é", false), Case("^\\W$", "é", true),
        Case("^\\s$", "\u{00A0}", true), Case("^\\s$", "\u{FEFF}", true), Case("^\\s$", "\u{2003}", true),
        Case("^\\S$", "\u{2003}", false), Case("^.$", "\n", false), Case("^.$", "\u{2028}", false),
        Case("^.$", "🎉", true), Case("^..$", "🎉", false), Case("^\\t\\n\\v\\f\\r$", "\t\n\u{0B}\u{0C}\r", true),
        Case("^\\x41\\u0042\\u{1F600}$", "AB😀", true), Case("^\\uD83D\\uDE00$", "😀", true),
        Case("^\\cJ$", "\n", true), Case("^\\0$", "\u{0}", true), Case("^\\/\\.\\*$", "/.*", true),
        Case("^[\\b]$", "\u{08}", true),
        // Word boundaries.
        Case("\\bcat\\b", "a cat sat", true), Case("\\bcat\\b", "concatenate", false),
        Case("\\Bcat\\B", "concatenate", true), Case("^\\b$", "", false), Case("^\\B$", "", true),
        // Unicode properties (the u flag).
        Case("^\\p{L}+$", "Zoë", true), Case("^\\p{Letter}+$", "Zoë1", false), Case("^\\p{Lu}$", "É", true),
        Case("^\\P{Lu}$", "é", true), Case("^\\p{Nd}+$", "٣4", true), Case("^\\p{General_Category=Sc}$", "€", true),
        Case("^[\\p{L}\\p{Nd}_-]+$", "ñandú_2-x", true), Case("^\\p{ASCII}+$", "abc", true),
        Case("^\\p{Any}$", "\u{10FFFF}", true),
        // Code points, not UTF-16 units, and no normalization.
        Case("^[😀-😂]$", "😁", true), Case("^ä$", "a\u{308}", false), Case("^a\\u0308$", "a\u{308}", true),
    ]

    @Test("matches", arguments: cases)
    func matches(_ testCase: Case) throws {
        #expect(try ECMAScriptPattern(testCase.pattern).matches(testCase.text) == testCase.matches)
    }

    struct Refusal: CustomTestStringConvertible, Sendable {
        let pattern: String
        let message: String
        let offset: Int?
        var testDescription: String { "/\(pattern)/" }
    }

    static let refusals: [Refusal] = [
        Refusal(pattern: "(a)\\1", message: "backreferences ('\\1') are not supported", offset: 3),
        Refusal(pattern: "(?<x>a)\\k<x>", message: "named backreferences ('\\k<name>') are not supported", offset: 7),
        Refusal(pattern: "a(?=b)", message: "lookahead assertions ('(?=' and '(?!') are not supported", offset: 1),
        Refusal(pattern: "(?!b)", message: "lookahead assertions ('(?=' and '(?!') are not supported", offset: 0),
        Refusal(pattern: "(?<=a)b", message: "lookbehind assertions ('(?<=' and '(?<!') are not supported", offset: 0),
        Refusal(
            pattern: "\\p{Script=Greek}", message: "script properties ('\\p{Script=Greek}') are not supported",
            offset: 0),
        Refusal(pattern: "\\p{Nope}", message: "unknown Unicode property 'Nope'", offset: 0),
        Refusal(pattern: "\\a", message: "'\\a' is not an ECMA-262 escape", offset: 0),
        Refusal(pattern: "a**", message: "nothing to repeat before '*'", offset: 2),
        Refusal(pattern: "+a", message: "nothing to repeat before '+'", offset: 0),
        Refusal(pattern: "{2}", message: "nothing to repeat before '{'", offset: 0),
        Refusal(pattern: "^*", message: "nothing to repeat before '*'", offset: 1),
        Refusal(pattern: "a{3,2}", message: "numbers out of order in the quantifier {3,2}", offset: 1),
        Refusal(pattern: "(ab", message: "missing ')' for the group opened at 0", offset: 3),
        Refusal(pattern: "ab)", message: "unmatched ')'", offset: 2),
        Refusal(pattern: "[ab", message: "missing ']' for the class opened at 0", offset: 0),
        Refusal(pattern: "[z-a]", message: "range out of order in a character class", offset: 2),
        Refusal(pattern: "[a-\\d]", message: "a class escape cannot end a range", offset: 2),
        Refusal(pattern: "\\x4", message: "expected 2 hex digits after the escape", offset: 0),
        Refusal(pattern: "\\x+1", message: "expected 2 hex digits after the escape", offset: 0),
        Refusal(pattern: "\\u{+1}", message: "'\\u{…}' must hold a code point in hex, at most 10FFFF", offset: 0),
        Refusal(pattern: "\\u{110000}", message: "'\\u{…}' must hold a code point in hex, at most 10FFFF", offset: 0),
        Refusal(pattern: "\\01", message: "octal escapes are not ECMA-262 with the u flag", offset: 0),
        Refusal(pattern: "a\\", message: "'\\' at the end of the pattern", offset: 1),
        Refusal(
            pattern: "(?x)", message: "invalid group: '(?' must be followed by ':', '=', '!', '<=', '<!' or '<name>'",
            offset: 0),
        Refusal(
            pattern: "((?:){20000}){20000}",
            message: "the pattern compiles to more than 20000 instructions (a large counted repetition?)", offset: nil),
        Refusal(
            pattern: String(repeating: "(", count: 20) + String(repeating: ")", count: 20),
            message: "groups are nested more than 16 deep", offset: 16),
        Refusal(
            pattern: "(a{1000}){1000}",
            message: "the pattern compiles to more than 20000 instructions (a large counted repetition?)", offset: nil),
    ]

    @Test("refuses with a message naming the feature", arguments: refusals)
    func refusesWithAMessageNamingTheFeature(_ refusal: Refusal) {
        #expect(throws: ECMAScriptPatternError(refusal.message, offset: refusal.offset)) {
            try ECMAScriptPattern(refusal.pattern)
        }
    }

    /// Patterns that take a backtracking matcher exponential time finish here in one pass.
    @Test(
        "catastrophic-backtracking probes fail to match in one pass",
        arguments: [
            ("^(a+)+$", String(repeating: "a", count: 30) + "!"),
            ("^(a|a)*$", String(repeating: "a", count: 40) + "!"),
            ("^(a*)*b$", String(repeating: "a", count: 40)),
            ("^(x+x+)+y$", String(repeating: "x", count: 40)),
            ("^(\\w+\\s?)*$", String(repeating: "word ", count: 20) + "!"),
            (
                "^([a-zA-Z0-9])(([\\-.]|[_]+)?([a-zA-Z0-9]+))*(@){1}[a-z0-9]+[.]{1}(([a-z]{2,3})|([a-z]{2,3}[.]{1}[a-z]{2,3}))$",
                String(repeating: "a", count: 40) + "!"
            ),
        ])
    func catastrophicBacktrackingProbesAreRefusedInOnePass(_ pattern: String, _ text: String) throws {
        #expect(try ECMAScriptPattern(pattern).matches(text) == false)
    }

    @Test("a long string is matched in one pass")
    func megabyteInput() throws {
        let text = String(repeating: "ab", count: 128 * 1024) + "c"
        #expect(try ECMAScriptPattern("^(ab)*c$").matches(text))
        #expect(try ECMAScriptPattern("^[ab]+$").matches(text) == false)
    }

    @Test("the work bound stops a match instead of running on")
    func workBound() throws {
        // Unanchored, 100 optional copies of a class keep ~200 states alive at every position.
        let pattern = try ECMAScriptPattern("(?:[a-z]?){100}#", stepLimit: 100_000)
        #expect(ECMAScriptPattern.maximumSteps == 200_000_000)
        #expect(
            throws: ECMAScriptPatternError(
                "matching '(?:[a-z]?){100}#' needs more than 100000 steps on a string of 2001 characters", offset: nil)
        ) { try pattern.matches(String(repeating: "a", count: 2_000) + "!") }
        // The same pattern within the bound answers.
        #expect(try pattern.matches(String(repeating: "a", count: 100) + "#"))
    }
}
