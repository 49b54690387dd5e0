import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// The encoder reuses its working state between calls (a pool of sessions, key tables, borrowed
/// coding-path keys). These tests hold it to behaving as if every call started fresh.
@Suite("PayloadEncoder across calls")
struct PayloadEncoderLifetimeTests {
    /// Keeps whatever an `encode(to:)` hands it past the call.
    final class Keeper: @unchecked Sendable {
        var encoder: (any Encoder)?
        var container: KeyedEncodingContainer<TestKey>?
    }

    @Test("calls from many threads at once each get Foundation's bytes")
    func concurrentCalls() throws {
        var values: [any Encodable] = [LiveActivityFixtures.delivery, LiveActivityFixtures.flight]
        var generator = SplitMix64(seed: 31)
        for _ in 0..<30 {
            var budget = 60
            values.append(RandomEncodable.random(using: &generator, depth: 0, budget: &budget, allowNonFinite: false))
        }
        let options = [
            EncodingOptions(),
            EncodingOptions().with { $0.formatting = [.sortedKeys, .prettyPrinted] },
            EncodingOptions().with { $0.key = .convertToSnakeCase },
        ]
        // Values Foundation refuses (a random value may encode nothing) are left out.
        values = values.filter { (try? JSONEncoder().encode($0)) != nil }
        let expected = try options.map { option in try values.map { try Array(option.foundation().encode($0)) } }
        let mismatches = Mismatches()
        let shared = ReadOnly(values)
        DispatchQueue.concurrentPerform(iterations: 96) { iteration in
            let option = iteration % options.count
            let encoder = options[option].payload()
            for (index, value) in shared.value.enumerated() {
                let bytes = try? encoder.encodeBytes(value)
                let size = try? encoder.encodedSize(of: value)
                if bytes != expected[option][index] || size != expected[option][index].count {
                    mismatches.add("iteration \(iteration), value \(index)")
                }
            }
        }
        #expect(mismatches.all.isEmpty, "\(mismatches.all.prefix(5))")
    }

    @Test("after the call, a kept container's nested values write through other kept ones and change nothing")
    func nestedWritesAfterTheCall() throws {
        let keeper = Keeper()
        let value = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(1, forKey: "a")
            keeper.container = container
        }
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == #"{"a":1}"#)
        // Each nested value first writes through the kept container (which starts the stack
        // afresh under the frames of the write in progress), then finishes its own.
        let writesElsewhere = CustomEncodable { inner in
            var kept = keeper.container
            try kept?.encode(2, forKey: "b")
            var single = inner.singleValueContainer()
            try single.encode("x")
        }
        let opensAfterwards = CustomEncodable { inner in
            var kept = keeper.container
            try kept?.encode(3, forKey: "c")
            var nested = inner.container(keyedBy: TestKey.self)
            try nested.encode([1.5], forKey: "d")
        }
        var kept = keeper.container
        for _ in 0..<2 {
            try kept?.encode(writesElsewhere, forKey: "e")
            try kept?.encode(opensAfterwards, forKey: "f")
            try kept?.encode(["g": [writesElsewhere, opensAfterwards]], forKey: "h")
            try kept?.encode(["i": [1.5]], forKey: "j")
        }
        let comparison = EncodingComparison(LiveActivityFixtures.delivery)
        #expect(comparison.isIdentical)
    }

    @Test("an encoder and a container kept past the call read an empty path and change nothing later")
    func keptEncoderAndContainer() throws {
        let keeper = Keeper()
        let value = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(
                CustomEncodable { inner in
                    keeper.encoder = inner
                    var single = inner.singleValueContainer()
                    try single.encode("inner")
                },
                forKey: "child"
            )
            keeper.container = container
        }
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(value), as: UTF8.self) == #"{"child":"inner"}"#)
        #expect(keeper.encoder?.codingPath.isEmpty == true)
        #expect(keeper.container?.codingPath.isEmpty == true)
        // Writing through them now goes nowhere and must not reach the calls that follow.
        try keeper.container?.encode(1, forKey: "late")
        var late = keeper.encoder?.container(keyedBy: TestKey.self)
        try late?.encode(2, forKey: "later")
        try late?.encode(["nested": [1.5]], forKey: "nested")
        var single = keeper.encoder?.singleValueContainer()
        try single?.encode("single")
        for _ in 0..<3 {
            let comparison = EncodingComparison(LiveActivityFixtures.delivery)
            #expect(comparison.isIdentical)
        }
        #expect(keeper.encoder?.codingPath.isEmpty == true)
    }

    @Test("a call nested in an encode(to:) gets its own session; the thread's session serves the calls after")
    func nestedCallOnOneThread() throws {
        var sorted = PayloadEncoder()
        sorted.outputFormatting = [.sortedKeys]
        let inner = LiveActivityFixtures.delivery
        let value = CustomEncodable { encoder in
            // Runs while the outer call holds this thread's session.
            let bytes = try sorted.encode(inner)
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(String(decoding: bytes, as: UTF8.self), forKey: "inner")
            try container.encode(try sorted.encodedSize(of: inner), forKey: "size")
        }
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        let expected = try foundation.encode(value)
        for _ in 0..<3 {
            #expect(try sorted.encode(value) == expected)
            #expect(try sorted.encodedSize(of: value) == expected.count)
        }
        // The thread's session goes back to its slot after each call and is moved out again (a
        // session still referenced when it is given back stays with whoever holds it).
        let (first, slot) = EncodingSessionPool.take()
        let firstIdentity = ObjectIdentifier(first)
        #expect(slot.pointee == nil)
        // While a call holds the thread's session, a nested call gets a session of its own.
        let (nested, nestedSlot) = EncodingSessionPool.take()
        #expect(ObjectIdentifier(nested) != firstIdentity)
        #expect(nestedSlot == slot)
        EncodingSessionPool.giveBack(consume first, to: slot)
        #expect(slot.pointee.map(ObjectIdentifier.init) == firstIdentity)
        // The slot is full again: the nested call's session is let go, not kept.
        EncodingSessionPool.giveBack(consume nested, to: nestedSlot)
        #expect(slot.pointee.map(ObjectIdentifier.init) == firstIdentity)
        let (second, _) = EncodingSessionPool.take()
        #expect(ObjectIdentifier(second) == firstIdentity)
        EncodingSessionPool.giveBack(consume second, to: slot)
        // A session still referenced when it is given back stays with whoever holds it.
        let (third, _) = EncodingSessionPool.take()
        let kept = third
        EncodingSessionPool.giveBack(consume third, to: slot)
        #expect(slot.pointee == nil)
        #expect(ObjectIdentifier(kept) == firstIdentity)
        #expect(try sorted.encode(inner) == foundation.encode(inner))
    }

    @Test("the output-formatting bits the encoder reads are Foundation's")
    func outputFormattingBits() {
        #expect(EncodingSession.prettyPrintedBit == JSONEncoder.OutputFormatting.prettyPrinted.rawValue)
        #expect(EncodingSession.sortedKeysBit == JSONEncoder.OutputFormatting.sortedKeys.rawValue)
        #expect(
            EncodingSession.withoutEscapingSlashesBit == JSONEncoder.OutputFormatting.withoutEscapingSlashes.rawValue)
    }

    @Test("an encoder kept by a value that failed reads an empty path, not the failed call's keys")
    func keptEncoderAfterFailure() throws {
        let keeper = Keeper()
        struct Failure: Error {}
        let value = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode(
                CustomEncodable { inner in
                    keeper.encoder = inner
                    #expect(inner.codingPath.map(\.stringValue) == ["a long key that is not a small string"])
                    throw Failure()
                },
                forKey: TestKey(stringValue: "a long key that is not a small string")
            )
        }
        #expect(throws: Failure.self) { try PayloadEncoder().encode(value) }
        #expect(keeper.encoder?.codingPath.isEmpty == true)
        #expect(EncodingComparison(LiveActivityFixtures.delivery).isIdentical)
    }

    @Test("the caller's userInfo values are not kept once the call returns")
    func userInfoReleased() throws {
        final class Token: Sendable {}
        let key = try #require(CodingUserInfoKey(rawValue: "token"))
        weak var weakToken: Token?
        do {
            let token = Token()
            weakToken = token
            var encoder = PayloadEncoder()
            encoder.userInfo[key] = token
            let value = CustomEncodable { encoder in
                var single = encoder.singleValueContainer()
                try single.encode(encoder.userInfo[key] is Token)
            }
            #expect(try encoder.encode(value) == Data("true".utf8))
            #expect(try encoder.encodedSize(of: value) == 4)
        }
        #expect(weakToken == nil)
    }

    /// A result is the caller's own: whatever is encoded after it, of any length, and whether
    /// the caller keeps, drops or changes its results, each keeps Foundation's bytes.
    @Test("results kept by the caller never change, released or mutated ones included")
    func keptAndReleasedResults() throws {
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        // Shorter, equal, longer and much longer outputs.
        let values: [[String: String]] = [
            ["a": "1"], ["b": "2"], ["a": "1"], ["c": String(repeating: "x", count: 300)], ["d": "4"],
            ["e": String(repeating: "y", count: 20_000)], ["f": "6"], ["f": "7"],
        ]
        var kept: [(Data, Data)] = []
        for (index, value) in values.enumerated() {
            let expected = try foundation.encode(value)
            // Let go of at once.
            #expect(try encoder.encode(value) == expected, "value \(index), released")
            // Kept until the end.
            kept.append((try encoder.encode(value), expected))
            var copy = try encoder.encode(value)
            copy.append(0x20)
            #expect(copy == expected + [0x20], "value \(index), mutated by the caller")
        }
        for (index, (result, expected)) in kept.enumerated() {
            #expect(result == expected, "kept result \(index) changed")
        }
        // One kept, then a call of the same length: the kept bytes stay.
        let first = try encoder.encode(["k": "1"])
        let second = try encoder.encode(["k": "2"])
        #expect(String(decoding: first, as: UTF8.self) == #"{"k":"1"}"#)
        #expect(String(decoding: second, as: UTF8.self) == #"{"k":"2"}"#)
    }

    @Test("results kept on other threads while this thread's encoder goes on stay Foundation's bytes")
    func resultsKeptAcrossThreads() throws {
        let values: [any Encodable] = [
            LiveActivityFixtures.delivery, LiveActivityFixtures.flight, LiveActivityFixtures.ride,
            ["short": 1], LiveActivityFixtures.messages,
        ]
        let foundation = JSONEncoder()
        foundation.outputFormatting = [.sortedKeys]
        let expected = try values.map { try foundation.encode($0) }
        let mismatches = Mismatches()
        let shared = ReadOnly(values)
        let queue = DispatchQueue(label: "reader", attributes: .concurrent)
        let group = DispatchGroup()
        DispatchQueue.concurrentPerform(iterations: 8) { iteration in
            var encoder = PayloadEncoder()
            encoder.outputFormatting = [.sortedKeys]
            for round in 0..<200 {
                let index = (iteration + round) % shared.value.count
                guard let result = try? encoder.encode(shared.value[index]) else {
                    mismatches.add("thread \(iteration), round \(round): threw")
                    continue
                }
                // Read on another thread while this one encodes the next values.
                let box = ReadOnly(result)
                group.enter()
                queue.async {
                    if box.value != expected[index] { mismatches.add("thread \(iteration), round \(round)") }
                    group.leave()
                }
            }
        }
        group.wait()
        #expect(mismatches.all.isEmpty, "\(mismatches.all.prefix(5))")
    }

    @Test("strings of 1 to 40 bytes with an escape at every position")
    func escapesAtEveryPosition() {
        let escapes = ["\"", "\\", "/", "\u{1}", "\n", "\u{1F}", "é"]
        var strings: [String] = []
        for length in 1...40 {
            for position in 0..<length {
                for escape in escapes {
                    var text = String(repeating: "a", count: length - 1)
                    text.insert(contentsOf: escape, at: text.index(text.startIndex, offsetBy: position))
                    strings.append(text)
                }
            }
        }
        for options in [
            EncodingOptions(), EncodingOptions().with { $0.formatting = [.sortedKeys, .withoutEscapingSlashes] },
        ] {
            for text in strings {
                let comparison = EncodingComparison([text: text], options: options)
                #expect(comparison.isIdentical, "\(text.debugDescription): \(comparison)")
            }
        }
    }
}

extension PayloadEncoderLifetimeTests {
    /// Short strings take one word with several escapes in it, and a long string's last word
    /// takes its escapes the same way: every pair of positions, every pair of escapes.
    @Test("strings of 2 to 17 bytes with two escapes, at every pair of positions")
    func twoEscapesAtEveryPairOfPositions() {
        let escapes = ["\"", "/", "\n", "\u{1}"]
        var strings: [String] = []
        for length in 2...17 {
            for first in 0..<length {
                for second in (first + 1)..<length {
                    for firstEscape in escapes {
                        for secondEscape in escapes {
                            var characters = Array(repeating: "a", count: length)
                            characters[first] = firstEscape
                            characters[second] = secondEscape
                            strings.append(characters.joined())
                        }
                    }
                }
            }
        }
        strings += (1...17).map { String(repeating: "/", count: $0) }
        for options in [
            EncodingOptions(), EncodingOptions().with { $0.formatting = [.sortedKeys, .withoutEscapingSlashes] },
        ] {
            for text in strings {
                let comparison = EncodingComparison([text: text], options: options)
                #expect(comparison.isIdentical, "\(text.debugDescription): \(comparison)")
            }
        }
    }
}

/// Values only read, shared between threads.
private final class ReadOnly<Value>: @unchecked Sendable {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }
}

/// Failures collected from several threads.
private final class Mismatches: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func add(_ entry: String) {
        lock.lock()
        entries.append(entry)
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries
    }
}
