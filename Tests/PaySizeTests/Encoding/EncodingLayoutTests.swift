import Testing

@_spi(Internals) @testable import PaySize

/// Layout facts the encoder's shortcuts read (`Sources/PaySize/Encoding/README.md`): each test
/// fails if the fact stops holding, before any output could go wrong.
@Suite("Encoder layout assumptions")
struct EncodingLayoutTests {
    enum Keys: CodingKey { case first, second, third }

    struct FlagKey: CodingKey {
        var on: Bool
        var stringValue: String { on ? "on" : "off" }
        var intValue: Int? { nil }
        init(_ on: Bool) { self.on = on }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { nil }
    }

    struct Wide: Encodable {
        var a = 0, b = 0, c = 0, d = 0
    }

    @Test("a key of at most one byte is rebuilt from its bits as an equal key (assumption 3)")
    func smallKeyRoundTrip() {
        let session = EncodingSession()
        for key in [Keys.first, .second, .third] {
            guard case .smallKey = session.ownedComponent(key) else {
                Issue.record("a one-byte key was not kept as its bits")
                continue
            }
            let rebuilt = session.codingKey(of: session.ownedComponent(key))
            #expect((rebuilt as? Keys) == key)
        }
        for flag in [false, true] {
            let rebuilt = session.codingKey(of: session.ownedComponent(FlagKey(flag)))
            #expect(rebuilt.stringValue == FlagKey(flag).stringValue)
        }
        // The plain path never keeps a key as bits.
        let plain = EncodingSession(isPlain: true)
        guard case .ownedKey = plain.ownedComponent(Keys.second) else {
            Issue.record("the plain path kept a key as its bits")
            return
        }
    }

    @Test("every [String: Value] has the size the dictionary check reads (assumption 6)")
    func dictionarySizes() {
        let size = MemoryLayout<[String: Int]>.size
        #expect(MemoryLayout<[String: String]>.size == size)
        #expect(MemoryLayout<[String: [Int]]>.size == size)
        #expect(MemoryLayout<[String: Wide]>.size == size)
        #expect(MemoryLayout<[String: any Encodable]>.size == size)
        #expect(MemoryLayout<[String: Int?]>.size == size)
    }
}
