import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// `PayloadEncoder.Path`: the environment switch and the plain path's entry points. (Every
/// differential comparison runs both paths; see `EncodingComparison`.)
@Suite("PayloadEncoder paths")
struct PayloadEncoderPathTests {
    @Test("PAYSIZE_ENCODER=plain selects the plain path, anything else the fast one")
    func environmentSwitch() {
        let variable = ProcessInfo.processInfo.environment["PAYSIZE_ENCODER"]
        #expect(PayloadEncoder.Path.configured == (variable == "plain" ? .plain : .fast))
        #expect(PayloadEncoder().path == PayloadEncoder.Path.configured)
    }

    @Test("encode, encodeBytes and encodedSize agree on the plain path")
    func plainEntryPoints() throws {
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.path = .plain
        let value = LiveActivityFixtures.delivery
        let expected = try JSONEncoder.sorted.encode(value)
        #expect(try encoder.encode(value) == expected)
        #expect(try encoder.encodeBytes(value) == Array(expected))
        #expect(try encoder.encodedSize(of: value) == expected.count)
    }

    @Test("the plain path uses no pooled session: a call leaves the thread's session as it was")
    func plainPathLeavesThePool() throws {
        var encoder = PayloadEncoder()
        encoder.path = .plain
        _ = try encoder.encodeBytes(["a": 1])
        let session = EncodingSession(isPlain: true)
        #expect(session.isPlain)
        #expect(session.keySlots.isEmpty)
        session.begin(options: encoder, countingOnly: false)
        try session.run(LiveActivityFixtures.delivery)
        #expect(session.keySlots.isEmpty, "the plain path attached a key table")
        session.endCall()
    }
}

extension JSONEncoder {
    fileprivate static var sorted: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return encoder
    }
}
