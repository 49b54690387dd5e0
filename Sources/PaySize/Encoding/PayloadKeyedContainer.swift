/// The keyed container behind ``PayloadEncoder``: writes each member straight into the output
/// and records where it lies, so the object can be sorted when it closes.
struct PayloadKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let session: EncodingSession
    let serial: Int

    var codingPath: [any CodingKey] { session.codingPath(ofNode: serial) }

    mutating func encodeNil(forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.append("null")
    }

    mutating func encode(_ value: Bool, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.append(value ? "true" : "false")
    }

    mutating func encode(_ value: String, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendQuoted(value)
    }

    mutating func encode(_ value: Double, forKey key: Key) throws {
        let index = try session.activate(serial)
        if session.keyMode == .custom {
            // A NaN that throws must not have its key converted (``EncodingSession/encodeMemberConvertingKeyLast``).
            return try session.encodeMemberConvertingKeyLast(index, key: key) { _ in
                try session.writeDouble(value, codingKey: key)
            }
        }
        _ = session.beginMember(index, key: key)
        try session.writeDouble(value, codingKey: key)
    }

    mutating func encode(_ value: Float, forKey key: Key) throws {
        let index = try session.activate(serial)
        if session.keyMode == .custom {
            return try session.encodeMemberConvertingKeyLast(index, key: key) { _ in
                try session.writeFloat(value, codingKey: key)
            }
        }
        _ = session.beginMember(index, key: key)
        try session.writeFloat(value, codingKey: key)
    }

    mutating func encode(_ value: Int, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int8, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int16, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int32, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: Int64, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws {
        let index = try session.activate(serial)
        _ = session.beginMember(index, key: key)
        session.writer.appendInteger(value)
    }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        let index = try session.activate(serial)
        if session.keyMode == .custom {
            // The nested value's keys are converted before this one, as in Foundation.
            return try session.encodeMemberConvertingKeyLast(index, key: key) { level in
                try encodeValue(value, forKey: key, level: level, node: index)
            }
        }
        try encodeValue(value, forKey: key, level: session.beginMember(index, key: key), node: index)
    }

    /// Writes the value of a member whose key is written, at `level`, in object node `index`.
    @inline(__always)
    private func encodeValue<T: Encodable>(_ value: T, forKey key: Key, level: Int, node index: Int) throws {
        // Dates, URLs and the like need no path step, so no borrowed key.
        if try session.encodeScalarValue(value, codingKey: key) { return }
        let parentEntry = session.nodes[index].childPathEntry
        let size = MemoryLayout<Key>.size
        if size <= 1 && !session.isPlain {
            let bits = size == 0 ? 0 : unsafeBitCast(key, to: UInt8.self)
            return try session.encodeNested(
                value, level: level, component: .smallKey(bits, Key.self), parentEntry: parentEntry, scalarsTried: true)
        }
        // The key outlives the nested value's path step: both end with this call.
        try withUnsafePointer(to: key) { key in
            try session.encodeNested(
                value, level: level, component: .borrowedKey(key, Key.self), parentEntry: parentEntry,
                scalarsTried: true)
        }
    }

    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    // Borrowed and tested in place: `if let` would copy the optional first, which for a generic
    // `T?` asks the runtime for `Optional<T>`'s metadata on every call.
    mutating func encodeIfPresent<T: Encodable>(_ value: borrowing T?, forKey key: Key) throws {
        if value != nil { try encode(value!, forKey: key) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = session.openNested(kind: .object, in: serial) { session, index in
            (session.beginMember(index, key: key, flags: EncodingMember.isOpenEnded), session.ownedComponent(key))
        }
        return session.keyedContainer(nested: nested, keyedBy: keyType)
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = session.openNested(kind: .array, in: serial) { session, index in
            (session.beginMember(index, key: key, flags: EncodingMember.isOpenEnded), session.ownedComponent(key))
        }
        return PayloadUnkeyedContainer(session: session, serial: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let nested = session.openNested(kind: .pending, in: serial) { session, index in
            (
                session.beginMember(index, key: PayloadCodingKey.super, flags: EncodingMember.isOpenEnded),
                session.ownedComponent(PayloadCodingKey.super)
            )
        }
        return PayloadValueEncoder(session: session, serial: nested)
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let nested = session.openNested(kind: .pending, in: serial) { session, index in
            (session.beginMember(index, key: key, flags: EncodingMember.isOpenEnded), session.ownedComponent(key))
        }
        return PayloadValueEncoder(session: session, serial: nested)
    }
}

/// A keyed container ``EncodingSession`` makes from a session and a node serial.
///
/// Boxing a container in a `KeyedEncodingContainer<Key>` needs the container type's metadata and
/// its conformance to `KeyedEncodingContainerProtocol`. Spelled `PayloadKeyedContainer<Key>` in
/// code that is generic over `Key` (every `container(keyedBy:)` is), each is a runtime cache
/// lookup on every call.
/// Each key slot keeps its container type instead, as an existential metatype of this protocol:
/// opening it hands both to the code that boxes the container, and the runtime is not asked.
protocol ConstructibleKeyedContainer<Key>: KeyedEncodingContainerProtocol {
    associatedtype Key
    init(session: EncodingSession, serial: Int)
}

extension PayloadKeyedContainer: ConstructibleKeyedContainer {}

extension EncodingSession {
    /// Turns node `serial` into an object keyed by `Key` (``openObject(_:keyedBy:)``) and
    /// returns its container, for `container(keyedBy:)`.
    @inline(__always)
    func keyedContainer<Key: CodingKey>(opening serial: Int, keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        makeKeyedContainer(type, slot: openObject(serial, keyedBy: type), serial: serial)
    }

    /// The container of the nested object `serial` that ``openNested(kind:in:begin:)`` just
    /// opened, with `Key`'s table attached (unless the call is falling back to Foundation).
    func keyedContainer<Key: CodingKey>(nested serial: Int, keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        let slot = serial == topSerial && !needsFallback ? attachKeyTable(type, to: nodes.count - 1) : -1
        return makeKeyedContainer(type, slot: slot, serial: serial)
    }

    /// A keyed container for node `serial`, made through the container type kept in key slot
    /// `slot` (the slot of `Key`), or directly when `slot` is -1.
    @inline(__always)
    private func makeKeyedContainer<Key: CodingKey>(_ type: Key.Type, slot: Int, serial: Int) -> KeyedEncodingContainer<
        Key
    > {
        guard slot >= 0 else {
            return KeyedEncodingContainer(PayloadKeyedContainer<Key>(session: self, serial: serial))
        }
        assert(keySlots[slot].type == ObjectIdentifier(Key.self), "key slot of another key type")
        // The slot is `Key`'s, so its container type is `PayloadKeyedContainer<Key>`, whose `Key`
        // is this one: the constrained existential metatype states what is already true, and it
        // has the representation of the unconstrained one (type metadata, then the conformance;
        // the constraint lives in the existential's type, not in its values). Without `as`, the
        // argument would be opened and the bit cast would see the container's one-word metatype.
        let containerType = unsafeBitCast(
            keySlots[slot].containerType as any ConstructibleKeyedContainer.Type,
            to: (any ConstructibleKeyedContainer<Key>.Type).self)
        return Self.box(containerType, session: self, serial: serial)
    }

    /// Boxes a new container of type `Container`, whose metadata and conformance arrive as
    /// arguments rather than being looked up.
    private static func box<Container: ConstructibleKeyedContainer>(
        _ type: Container.Type, session: EncodingSession, serial: Int
    ) -> KeyedEncodingContainer<Container.Key> {
        KeyedEncodingContainer(type.init(session: session, serial: serial))
    }
}
