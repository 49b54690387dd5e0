@_spi(Internals) import PaySizeJSON
import Testing

@Suite("JSONPointer") struct JSONPointerTests {
    static let legsGate = JSONPointer(components: [.key("legs"), .anyIndex, .key("gate")])

    @Test("a pattern prints '*' for every element") func aPatternPrintsAStarForEveryElement() {
        #expect(Self.legsGate.rawValue == "/legs/*/gate")
        #expect(Self.legsGate.description == "/legs/*/gate")
        #expect(Self.legsGate.isPattern)
        #expect(!JSONPointer("legs").appending(index: 0).isPattern)
        #expect(JSONPointer(components: [.anyIndex]).description == "/*")
        // Control characters stay escaped in a pattern's message form too.
        #expect(JSONPointer(components: [.anyIndex, .key("a\nb")]).description == #"/*/a\nb"#)
    }

    @Test("folding replaces every index and keeps keys") func foldingReplacesEveryIndexAndKeepsKeys() {
        let concrete = JSONPointer(components: [.key("legs"), .index(3), .key("stops"), .index(0), .key("7")])
        #expect(
            concrete.folded == JSONPointer(components: [.key("legs"), .anyIndex, .key("stops"), .anyIndex, .key("7")]))
        #expect(concrete.folded.rawValue == "/legs/*/stops/*/7")
        #expect(concrete.folded.folded == concrete.folded)
        #expect(JSONPointer.root.folded == .root)
    }

    @Test("a prefix matches '*' against any index, never a key") func aPrefixMatchesAStarAgainstAnyIndexNeverAKey() {
        let third = JSONPointer("legs").appending(index: 3).appending("gate")
        let legs = JSONPointer(components: [.key("legs"), .anyIndex])
        #expect(third.hasPrefix(legs))
        #expect(Self.legsGate.hasPrefix(legs))
        #expect(Self.legsGate.hasPrefix(JSONPointer("legs").appending(index: 5)))
        #expect(third.hasPrefix(.root))
        #expect(third.hasPrefix(third))
        #expect(!legs.hasPrefix(third))
        // `*` stands for array elements only: it does not match a member, even one spelled `*`.
        #expect(!JSONPointer("legs", "gate").hasPrefix(legs))
        #expect(!JSONPointer("legs", "*").hasPrefix(legs))
        #expect(!legs.hasPrefix(JSONPointer("legs", "*")))
    }

    @Test("appending a component extends the pointer") func appendingAComponentExtendsThePointer() {
        #expect(JSONPointer("legs").appending(.anyIndex).appending(.key("gate")) == Self.legsGate)
        #expect(JSONPointer.root.appending(.index(2)) == JSONPointer.root.appending(index: 2))
    }

    @Test("a key spelled '*' is told apart in pattern text") func aKeySpelledAStarIsToldApartInPatternText() {
        let member = JSONPointer("legs", "*")
        let elements = JSONPointer(components: [.key("legs"), .anyIndex])
        // The RFC 6901 text of the member stays as RFC 6901 writes it, so the two read alike
        // there; the pattern text writes the key as `~2`.
        #expect(member.rawValue == "/legs/*")
        #expect(elements.rawValue == "/legs/*")
        #expect(member.patternText == "/legs/~2")
        #expect(elements.patternText == "/legs/*")
        #expect(JSONPointer(patternText: "/legs/~2") == member)
        #expect(JSONPointer(patternText: "/legs/*") == elements)
        // Only a whole segment `*` is every element; inside a key a `*` is itself.
        #expect(JSONPointer("item_*_price").patternText == "/item_*_price")
        #expect(JSONPointer(patternText: "/item_*_price") == JSONPointer("item_*_price"))
    }

    @Test(
        "pattern text reads back every folded pointer",
        arguments: [
            JSONPointer.root, JSONPointer(""), JSONPointer("a", ""), JSONPointer("a/b", "m~n"), JSONPointer("*"),
            JSONPointer("~2"), JSONPointer("**"), JSONPointer("0", "12"), JSONPointer("é", "日本"),
            JSONPointer("a\nb", "\u{1B}", "\u{7F}"), JSONPointer(#"a\nb"#), JSONPointer(#"\"#), JSONPointer(#"a\\b"#),
            JSONPointer(#"\u0041"#), JSONPointer(#"\x"#), JSONPointer("/\u{301}"), JSONPointer("(root)"),
            JSONPointer(components: [.anyIndex, .key("*"), .anyIndex, .anyIndex, .key("gate")]),
        ])
    func patternTextReadsBackEveryFoldedPointer(pointer: JSONPointer) {
        #expect(JSONPointer(patternText: pointer.patternText) == pointer, "\(pointer.patternText)")
    }

    @Test("pattern text is the message form for ordinary keys") func patternTextIsTheMessageFormForOrdinaryKeys() {
        for pointer in [JSONPointer.root, Self.legsGate, JSONPointer("a/b", "m~n"), JSONPointer("a\tb", "é")] {
            #expect(pointer.patternText == pointer.description)
        }
        // A backslash that would read as an escape is doubled; others are kept.
        #expect(JSONPointer(#"a\nb"#).patternText == #"/a\\nb"#)
        #expect(JSONPointer(#"a\xb"#).patternText == #"/a\xb"#)
    }

    @Test(
        "pattern text refuses what no pointer writes",
        arguments: ["legs", "/~", "/a~3", "/~x", "*"])
    func patternTextRefusesWhatNoPointerWrites(text: String) {
        #expect(JSONPointer(patternText: text) == nil)
    }

    @Test("a pattern names no single value") func aPatternNamesNoSingleValue() throws {
        let root = try JSONScanner.scan(Array(#"{"legs":[{"gate":"B20"}],"*":1}"#.utf8))
        #expect(root.descendant(at: Self.legsGate) == nil)
        #expect(root.descendant(at: JSONPointer("legs").appending(index: 0).appending("gate"))?.stringValue == "B20")
        #expect(root.descendant(at: JSONPointer("*")) != nil)
    }
}
