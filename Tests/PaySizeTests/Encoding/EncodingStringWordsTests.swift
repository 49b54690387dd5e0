import Testing

@_spi(Internals) @testable import PaySize

/// The key-slot tags compare a key's `stringValue` with a text seen before by the two words of an
/// immortal `String` (`EncodingSession.immortalWords(of:)`). These fail if `String`'s layout stops
/// meaning that equal immortal words are equal text.
@Suite("String words the key tags compare")
struct EncodingStringWordsTests {
    @Test("a String is two words here, and the object word's top bit marks an immortal one")
    func layout() {
        #expect(MemoryLayout<String>.size == 16)
        let words = unsafeBitCast("eta", to: (UInt64, UInt64).self)
        #expect(words.1 >> 63 == 1)
    }

    @Test("small strings and literals are immortal; equal texts have equal words")
    func immortalTexts() {
        let literal = EncodingSession.immortalWords(of: "driverName")
        #expect(literal.object != 0)
        // Built at run time, the same small text: the same words.
        let built = EncodingSession.immortalWords(of: "driver" + String("Name"))
        #expect(built == literal)
        #expect(EncodingSession.immortalWords(of: "driverNames") != literal)
        #expect(EncodingSession.immortalWords(of: "").object != 0)
        let long = EncodingSession.immortalWords(of: "a literal longer than fifteen bytes")
        #expect(long.object != 0)
        #expect(EncodingSession.immortalWords(of: "a literal longer than fifteen bytes") == long)
    }

    @Test("a string on the heap is never kept: its words could later name another text")
    func mortalTexts() {
        let heap = String(repeating: "k", count: 40)
        #expect(EncodingSession.immortalWords(of: heap) == (0, 0))
        // Built from bytes the optimizer cannot see through: a release build folds two literals
        // joined by `+=` into one immortal literal, and the test would then test a literal.
        var grown = String(decoding: opaqueBytes("prefix that is long enough to live on the heap"), as: UTF8.self)
        grown += "!"
        #expect(EncodingSession.immortalWords(of: grown) == (0, 0))
    }
}

/// The bytes of `text`, through a call the optimizer keeps opaque.
@inline(never)
private func opaqueBytes(_ text: String) -> [UInt8] {
    Array(text.utf8)
}
