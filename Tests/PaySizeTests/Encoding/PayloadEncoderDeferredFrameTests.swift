import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// A nested value's frame gets a node only when the value asks for more than one scalar
/// (`EncodingSession.deferredSerial`): every way out of a deferred frame, against Foundation.
@Suite("PayloadEncoder deferred frames against Foundation")
struct PayloadEncoderDeferredFrameTests {
    let corners = PayloadEncoderCornerCaseTests()

    /// Foundation's bytes or error for `value`, and a new session's under each formatting (the
    /// pooled one may know the test's types need a node, so it would not defer them), unless
    /// the new session falls back; then ``PayloadEncoderCornerCaseTests/expectIdentical(_:_:sourceLocation:)``.
    ///
    /// - Returns: Whether the new session fell back to Foundation under some formatting.
    @discardableResult
    func expectIdentical<T: Encodable>(
        _ value: T, _ options: [EncodingOptions] = PayloadEncoderCornerCaseTests.formattings,
        sourceLocation: SourceLocation = #_sourceLocation
    ) -> Bool {
        var fellBack = false
        for option in options {
            let expected = EncodingOutcome { Array(try option.foundation().encode(value)) }
            if let outcome = Self.newSessionOutcome(value, option) {
                #expect(
                    outcome == expected, "[\(option.formatting.rawValue)] new session", sourceLocation: sourceLocation)
            } else {
                fellBack = true
            }
        }
        corners.expectIdentical(value, options, sourceLocation: sourceLocation)
        return fellBack
    }

    /// `value` as a member, an element, a dictionary entry and inside a second such value.
    ///
    /// The dictionary is one instance for every encoding: two dictionaries with the same keys
    /// can list them in different orders, and with two entries that throw, the order decides
    /// whose path the error has.
    func placements(_ value: CustomEncodable) -> [CustomEncodable] {
        let entries = ["entry": value, "other": value]
        return [
            CustomEncodable { encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                try container.encode(value, forKey: "member")
                try container.encode(1, forKey: "after")
            },
            CustomEncodable { encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(value)
                try container.encode(value)
            },
            CustomEncodable { encoder in try entries.encode(to: encoder) },
            CustomEncodable { encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                try container.encode(Self.wrapped(value), forKey: "twice")
            },
        ]
    }

    /// `value` encoded (or counted, its bytes then empty) on a session of its own, which knows
    /// no type that needs a node, so every nested frame is deferred first; nil when the session
    /// falls back to Foundation.
    static func newSessionOutcome<T: Encodable>(
        _ value: T, _ options: EncodingOptions = EncodingOptions(), countingOnly: Bool = false
    ) -> EncodingOutcome? {
        let session = EncodingSession()
        session.begin(options: options.payload(), countingOnly: countingOnly)
        defer { session.endCall() }
        let outcome = EncodingOutcome {
            try session.run(value)
            return countingOnly ? [] : Array(session.writer.written)
        }
        return session.needsFallback ? nil : outcome
    }

    /// A value that writes `value` through its single-value container.
    static func wrapped<Value: Encodable>(_ value: Value) -> CustomEncodable {
        CustomEncodable { encoder in
            var container = encoder.singleValueContainer()
            try container.encode(value)
        }
    }

    /// A value that writes one scalar through its single-value container with `write`.
    static func single(_ write: @escaping (inout any SingleValueEncodingContainer) throws -> Void) -> CustomEncodable {
        CustomEncodable { encoder in
            var container = encoder.singleValueContainer()
            try write(&container)
        }
    }

    @Test("a value writing one scalar of each kind writes what Foundation writes, in every place")
    func scalarsOfEveryKind() {
        // Each closure calls the container's method for its type, not the generic one.
        let scalars: [CustomEncodable] = [
            Self.single { try $0.encode("mg/dL") }, Self.single { try $0.encode("") },
            Self.single { try $0.encode(142) }, Self.single { try $0.encode(Int8.min) },
            Self.single { try $0.encode(Int16.max) }, Self.single { try $0.encode(Int32.min) },
            Self.single { try $0.encode(Int64.max) }, Self.single { try $0.encode(UInt.max) },
            Self.single { try $0.encode(UInt8.max) }, Self.single { try $0.encode(UInt16.max) },
            Self.single { try $0.encode(UInt32.max) }, Self.single { try $0.encode(UInt64.max) },
            Self.single { try $0.encode(true) }, Self.single { try $0.encode(false) },
            Self.single { try $0.encode(6.000000000000001) }, Self.single { try $0.encode(Float(0.1)) },
            Self.single { try $0.encodeNil() }, Self.wrapped("through the generic method"),
        ]
        for scalar in scalars {
            for value in placements(scalar) { expectIdentical(value) }
        }
    }

    @Test("a value writing a non-finite number throws with its member's path, or writes the string")
    func nonFiniteNumbers() {
        let converting = EncodingOptions().with {
            $0.float = .convertToString(positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        }
        let values = [
            Self.single { try $0.encode(Double.nan) }, Self.single { try $0.encode(-Double.infinity) },
            Self.single { try $0.encode(Float.infinity) }, Self.single { try $0.encode(-Float.nan) },
        ]
        for scalar in values {
            for value in placements(scalar) {
                expectIdentical(value)
                expectIdentical(value, [converting])
            }
        }
        let outcome = Self.newSessionOutcome(placements(values[0])[0])
        #expect(
            outcome
                == .failure(
                    "invalidValue(nan) path=[\"member#-\"] 'Unable to encode Double.nan directly in JSON.' underlying=nil"
                ))
    }

    @Test("a value that writes nothing is an empty object, in every place and formatting")
    func valueWritingNothing() {
        for value in placements(CustomEncodable { _ in }) { expectIdentical(value) }
        for value in placements(CustomEncodable { encoder in _ = encoder.singleValueContainer() }) {
            expectIdentical(value)
        }
    }

    @Test("the coding path a value reads before and after its scalar is Foundation's")
    func codingPathAroundTheScalar() throws {
        let log = PathLog()
        let reporting = CustomEncodable { encoder in
            log.append(PathReporter.render(encoder.codingPath))
            var container = encoder.singleValueContainer()
            log.append(PathReporter.render(container.codingPath))
            try container.encode("x")
            log.append(PathReporter.render(encoder.codingPath))
            log.append(PathReporter.render(container.codingPath))
        }
        for value in placements(reporting) {
            var logs: [[String]] = []
            for encode in [
                { _ = try JSONEncoder().encode(value) },
                { _ = try EncodingOptions().payload(path: .fast).encode(value) },
                { _ = try EncodingOptions().payload(path: .fast).encodedSize(of: value) },
                { _ = try EncodingOptions().payload(path: .plain).encode(value) },
                { _ = Self.newSessionOutcome(value) },
                { _ = Self.newSessionOutcome(value, countingOnly: true) },
            ] as [() throws -> Void] {
                log.entries = []
                try encode()
                logs.append(log.entries)
            }
            #expect(logs.allSatisfy { $0 == logs[0] }, "\(logs)")
        }
        log.entries = []
        _ = try EncodingOptions().payload(path: .fast).encode(placements(reporting)[3])
        #expect(log.entries == ["twice", "twice", "twice", "twice"])
    }

    @Test("a value that opens a container, or nests a value, gets its node first")
    func valueAskingForMore() {
        let containers: [CustomEncodable] = [
            CustomEncodable { encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                try container.encode("b", forKey: "b")
                try container.encode("a", forKey: "a")
            },
            CustomEncodable { encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(1)
            },
            CustomEncodable { encoder in
                var container = encoder.singleValueContainer()
                try container.encode(Self.wrapped("inner"))
            },
            CustomEncodable { encoder in
                var container = encoder.singleValueContainer()
                try container.encode(Date(timeIntervalSinceReferenceDate: 786_193_620))
            },
            CustomEncodable { encoder in
                var container = encoder.singleValueContainer()
                try container.encode(["k": 1])
            },
        ]
        for container in containers {
            for value in placements(container) { expectIdentical(value) }
        }
    }

    @Test("a type writing a scalar one time and a container the next writes each as Foundation does")
    func typeChangingShape() throws {
        // One type for both shapes: the encoder remembers types that needed a node.
        let values = [false, true, false, true, false].map(ShapeShifter.init(asObject:))
        expectIdentical(values)
        expectIdentical(["a": values, "b": values.reversed()])
        let encoder = EncodingOptions().payload(path: .fast)
        for value in values + values {
            #expect(try encoder.encode(["v": value]) == EncodingOptions().foundation().encode(["v": value]))
        }
    }

    @Test("a type whose value asked for a container is noted for the thread, until forgotten")
    func typesThatNeedANode() throws {
        let type = UInt(bitPattern: ObjectIdentifier(ShapeShifter.self))
        let slot = EncodingSession.framedTypeSlot(type)
        PayloadEncoder.forgetFramedTypes()
        let encoder = EncodingOptions().payload(path: .fast)
        _ = try encoder.encode([ShapeShifter(asObject: false)])
        #expect(Self.pooledFramedType(at: slot) == 0, "a type that wrote a scalar was noted")
        _ = try encoder.encode([ShapeShifter(asObject: true)])
        #expect(Self.pooledFramedType(at: slot) == type)
        PayloadEncoder.forgetFramedTypes()
        #expect(Self.pooledFramedType(at: slot) == 0)
    }

    /// Slot `slot` of the type list of this thread's pooled session.
    static func pooledFramedType(at slot: Int) -> UInt {
        let (session, pool) = EncodingSessionPool.take()
        let type = session.framedTypes[slot]
        EncodingSessionPool.giveBack(session, to: pool)
        return type
    }

    @Test("a write through the parent's container while a value's frame is open is Foundation's")
    func parentWrittenFromInside() {
        let value = CustomEncodable { encoder in
            var container = encoder.container(keyedBy: TestKey.self)
            let parent = ContainerBox(container)
            try container.encode(
                CustomEncodable { inner in
                    try parent.container.encode("late", forKey: "late")
                    var single = inner.singleValueContainer()
                    try single.encode("x")
                },
                forKey: "child")
            try container.encode(2, forKey: "z")
        }
        #expect(expectIdentical(value), "the write into the parent did not fall back to Foundation")
    }

    @Test("an error from a value before or after its scalar, caught by its parent, is Foundation's")
    func errorsCaughtByTheParent() {
        struct Failure: Error {}
        let failing = [
            CustomEncodable { _ in throw Failure() },
            CustomEncodable { encoder in
                var container = encoder.singleValueContainer()
                try container.encode("x")
                throw Failure()
            },
        ]
        for child in failing {
            let caught = CustomEncodable { encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                try? container.encode(child, forKey: "child")
                try container.encode(1, forKey: "after")
            }
            expectIdentical(caught)
            let thrown = CustomEncodable { encoder in
                var container = encoder.container(keyedBy: TestKey.self)
                try container.encode(child, forKey: "child")
            }
            expectIdentical(thrown)
        }
    }
}

/// Paths read during an `encode(to:)`, in order.
private final class PathLog: @unchecked Sendable {
    var entries: [String] = []

    func append(_ entry: String) { entries.append(entry) }
}

/// A keyed container kept for a nested value to write through.
private final class ContainerBox: @unchecked Sendable {
    var container: KeyedEncodingContainer<TestKey>

    init(_ container: KeyedEncodingContainer<TestKey>) { self.container = container }
}

/// One type that writes a string, or an object, depending on its value.
private struct ShapeShifter: Encodable {
    let asObject: Bool

    func encode(to encoder: any Encoder) throws {
        if asObject {
            var container = encoder.container(keyedBy: TestKey.self)
            try container.encode("object", forKey: "shape")
        } else {
            var container = encoder.singleValueContainer()
            try container.encode("scalar")
        }
    }
}
