/// The keyed container behind ``PayloadEncoder``: writes each member straight into the output
/// and records where it lies, so the object can be sorted when it closes.
///
/// It writes through a cell, so that a boxed container a key slot keeps can be lent again for
/// another object (``EncodingSession/lendKeptContainer(_:slot:serial:)``). Its methods are not
/// `mutating`: with `self` borrowed, reading the cell and the session costs no retain.
struct PayloadKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let cell: KeyedContainerCell

    var serial: Int { cell.serial }

    /// Runs `body` with the container's session, borrowed without reference counting (the call
    /// keeps it alive, and after the call the cell's ``KeyedContainerCell/owner``).
    @inline(__always)
    private func withSession<Result>(_ body: (EncodingSession) throws -> Result) rethrows -> Result {
        try cell.session._withUnsafeGuaranteedRef(body)
    }

    var codingPath: [any CodingKey] { cell.session.takeUnretainedValue().codingPath(ofNode: serial) }

    func encodeNil(forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.append("null")
        }
    }

    func encode(_ value: Bool, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.append(value ? "true" : "false")
        }
    }

    func encode(_ value: String, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendQuoted(value)
        }
    }

    func encode(_ value: Double, forKey key: Key) throws {
        try withSession { session in
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
    }

    func encode(_ value: Float, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            if session.keyMode == .custom {
                return try session.encodeMemberConvertingKeyLast(index, key: key) { _ in
                    try session.writeFloat(value, codingKey: key)
                }
            }
            _ = session.beginMember(index, key: key)
            try session.writeFloat(value, codingKey: key)
        }
    }

    func encode(_ value: Int, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode(_ value: Int8, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode(_ value: Int16, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode(_ value: Int32, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode(_ value: Int64, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode(_ value: UInt, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode(_ value: UInt8, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode(_ value: UInt16, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode(_ value: UInt32, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode(_ value: UInt64, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: Int128, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: UInt128, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            _ = session.beginMember(index, key: key)
            session.writer.appendInteger(value)
        }
    }

    func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try withSession { session in
            let index = try session.activate(serial)
            if session.keyMode == .custom {
                // The nested value's keys are converted before this one, as in Foundation.
                return try session.encodeMemberConvertingKeyLast(index, key: key) { level in
                    try encodeValue(value, forKey: key, level: level, node: index)
                }
            }
            try encodeValue(value, forKey: key, level: session.beginMember(index, key: key), node: index)
        }
    }

    /// Writes the value of a member whose key is written, at `level`, in object node `index`.
    @inline(__always)
    private func encodeValue<T: Encodable>(_ value: T, forKey key: Key, level: Int, node index: Int) throws {
        try withSession { session in
            // Dates, URLs and the like need no path step, so no borrowed key.
            if try session.encodeScalarValue(value, codingKey: key) { return }
            let parentEntry = session.nodes[index].childPathEntry
            let size = MemoryLayout<Key>.size
            if size <= 1 && !session.isPlain {
                let bits = size == 0 ? 0 : unsafeBitCast(key, to: UInt8.self)
                return try session.encodeNested(
                    value, level: level, component: .smallKey(bits, Key.self), parentEntry: parentEntry,
                    scalarsTried: true)
            }
            // The key outlives the nested value's path step: both end with this call.
            try withUnsafePointer(to: key) { key in
                try session.encodeNested(
                    value, level: level, component: .borrowedKey(key, Key.self), parentEntry: parentEntry,
                    scalarsTried: true)
            }
        }
    }

    func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        if let value { try encode(value, forKey: key) }
    }

    // Borrowed and tested in place: `if let` would copy the optional first, which for a generic
    // `T?` asks the runtime for `Optional<T>`'s metadata on every call.
    func encodeIfPresent<T: Encodable>(_ value: borrowing T?, forKey key: Key) throws {
        if value != nil { try encode(value!, forKey: key) }
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type,
        forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        return withSession { session in
            let nested = session.openNested(kind: .object, in: serial) { session, index in
                (session.beginMember(index, key: key, flags: EncodingMember.isOpenEnded), session.ownedComponent(key))
            }
            return session.keyedContainer(nested: nested, keyedBy: keyType)
        }
    }

    func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        return withSession { session in
            let nested = session.openNested(kind: .array, in: serial) { session, index in
                (session.beginMember(index, key: key, flags: EncodingMember.isOpenEnded), session.ownedComponent(key))
            }
            return PayloadUnkeyedContainer(session: session, serial: nested)
        }
    }

    func superEncoder() -> any Encoder {
        return withSession { session in
            let nested = session.openNested(kind: .pending, in: serial) { session, index in
                (
                    session.beginMember(index, key: PayloadCodingKey.super, flags: EncodingMember.isOpenEnded),
                    session.ownedComponent(PayloadCodingKey.super)
                )
            }
            return PayloadValueEncoder(session: session, serial: nested)
        }
    }

    func superEncoder(forKey key: Key) -> any Encoder {
        return withSession { session in
            let nested = session.openNested(kind: .pending, in: serial) { session, index in
                (session.beginMember(index, key: key, flags: EncodingMember.isOpenEnded), session.ownedComponent(key))
            }
            return PayloadValueEncoder(session: session, serial: nested)
        }
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
    init(cell: KeyedContainerCell)
}

/// The object a ``PayloadKeyedContainer`` writes to: its session and its node's serial.
///
/// `serial` and `owner` are `@exclusivity(unchecked)` (`Encoding/README.md`, assumption 11):
/// each access is a load or a store that calls no caller code.
final class KeyedContainerCell {
    /// Read without reference counting on every member; alive during the call, and after it
    /// through ``owner``.
    let session: Unmanaged<EncodingSession>
    @exclusivity(unchecked) var serial: Int
    /// The session, for a container a caller may hold past the call. Nil for the container a key
    /// slot keeps (the session would otherwise keep itself alive through its own slots) until
    /// the end of a call finds a caller holding it (``EncodingSession/settleLentContainers()``).
    @exclusivity(unchecked) var owner: EncodingSession?

    init(session: EncodingSession, serial: Int) {
        self.session = Unmanaged.passUnretained(session)
        self.serial = serial
        owner = session
    }
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

    /// A keyed container for node `serial`: the container key slot `slot` keeps, when no caller
    /// holds it; otherwise a new one, boxed through the container type the slot keeps (and kept
    /// in the slot when it has none); made directly when `slot` is -1.
    @inline(__always)
    private func makeKeyedContainer<Key: CodingKey>(_ type: Key.Type, slot: Int, serial: Int) -> KeyedEncodingContainer<
        Key
    > {
        guard slot >= 0 else {
            return KeyedEncodingContainer(
                PayloadKeyedContainer<Key>(cell: KeyedContainerCell(session: self, serial: serial)))
        }
        assert(keySlots[slot].type == ObjectIdentifier(Key.self), "key slot of another key type")
        if isInCall, let kept = keySlots[slot].keptReference,
            kept._withUnsafeGuaranteedRef({ lendKeptContainer($0, slot: slot, serial: serial) })
        {
            // The slot is `Key`'s, so what it keeps holds a `KeyedEncodingContainer<Key>`. Read
            // through the holder's own getter, which finds that type in the holder's metadata:
            // spelled here, it would be a runtime lookup on every call.
            return kept._withUnsafeGuaranteedRef {
                unsafeDowncast($0, to: KeptKeyedContainerOf<KeyedEncodingContainer<Key>>.self).boxed
            }
        }
        // The slot is `Key`'s, so its container type is `PayloadKeyedContainer<Key>`, whose `Key`
        // is this one: the constrained existential metatype states what is already true, and it
        // has the representation of the unconstrained one (type metadata, then the conformance;
        // the constraint lives in the existential's type, not in its values). Without `as`, the
        // argument would be opened and the bit cast would see the container's one-word metatype.
        let containerType = unsafeBitCast(
            keySlots[slot].containerType as any ConstructibleKeyedContainer.Type,
            to: (any ConstructibleKeyedContainer<Key>.Type).self)
        let cell = KeyedContainerCell(session: self, serial: serial)
        let container = Self.box(containerType, cell: cell)
        if isInCall && keySlots[slot].kept == nil { keepContainer(container, cell: cell, slot: slot) }
        return container
    }

    /// Boxes a new container of type `Container`, whose metadata and conformance arrive as
    /// arguments rather than being looked up.
    private static func box<Container: ConstructibleKeyedContainer>(
        _ type: Container.Type, cell: KeyedContainerCell
    ) -> KeyedEncodingContainer<Container.Key> {
        KeyedEncodingContainer(type.init(cell: cell))
    }

    /// Points the container `kept` (key slot `slot`'s) at node `serial` when no caller holds it;
    /// false when one does. During a call only: ``endCall()`` settles what was lent.
    @inline(__always)
    private func lendKeptContainer(_ kept: KeptKeyedContainer, slot: Int, serial: Int) -> Bool {
        guard kept.isHeldOnlyHere else { return false }
        if !kept.isLent {
            guard listLent(kept, slot: slot) else { return false }
        }
        kept.cell.serial = serial
        return true
    }

    /// Marks `kept` (key slot `slot`'s) lent in this call and lists the slot for ``endCall()``;
    /// false, with nothing changed, when the list is full.
    @inline(__always)
    private func listLent(_ kept: KeptKeyedContainer, slot: Int) -> Bool {
        guard lentSlotCount < Self.lentSlotCapacity else { return false }
        kept.isLent = true
        lentSlots[lentSlotCount] = Int32(truncatingIfNeeded: slot)
        lentSlotCount &+= 1
        return true
    }

    /// Keeps a new boxed container in key slot `slot`, when a `KeyedEncodingContainer` is the one
    /// reference this code assumes (`Encoding/README.md`, assumption 14).
    @inline(never)
    private func keepContainer<Key: CodingKey>(
        _ container: KeyedEncodingContainer<Key>, cell: KeyedContainerCell, slot: Int
    ) {
        guard MemoryLayout<KeyedEncodingContainer<Key>>.size == MemoryLayout<AnyObject>.size,
            lentSlotCount < Self.lentSlotCapacity
        else { return }
        let kept = KeptKeyedContainerOf(container, cell: cell)
        _ = listLent(kept, slot: slot)  // room checked above, before the holder was made
        cell.owner = nil
        keySlots[slot].kept = kept
    }

    /// At the end of a call: a lent container that a caller still holds is no longer kept, and
    /// holds the session from now on, as any container kept past a call; the others wait in
    /// their slots.
    func settleLentContainers() {
        for index in 0..<lentSlotCount {
            let slot = Int(lentSlots[index])
            let isHeldElsewhere = keySlots[slot].keptReference.unsafelyUnwrapped._withUnsafeGuaranteedRef { kept in
                kept.isLent = false
                if kept.isHeldOnlyHere { return false }
                kept.cell.owner = self
                return true
            }
            if isHeldElsewhere { keySlots[slot].kept = nil }
        }
        lentSlotCount = 0
    }
}

/// A boxed keyed container a key slot keeps, and the cell its container writes through.
///
/// `box` and `isLent` are `@exclusivity(unchecked)` (`Encoding/README.md`, assumption 11).
class KeptKeyedContainer {
    let cell: KeyedContainerCell
    /// The `KeyedEncodingContainer`, which is exactly one strong reference to the standard
    /// library's box (`Encoding/README.md`, assumption 14; checked before a holder is made).
    /// Never nil. Optional because in Swift 6 mode an unoptimized build hands an `inout AnyObject`
    /// to `isKnownUniquelyReferenced` through a copy, so the test would always answer false; an
    /// `inout AnyObject?` is passed as it is.
    @exclusivity(unchecked) final var box: AnyObject?
    /// Lent in the current call, so listed in ``EncodingSession/lentSlots``.
    @exclusivity(unchecked) final var isLent = false

    fileprivate init(box: AnyObject, cell: KeyedContainerCell) {
        self.box = box
        self.cell = cell
    }

    /// Whether nothing but this holder holds the box, so that it can be lent again.
    final var isHeldOnlyHere: Bool { isKnownUniquelyReferenced(&box) }
}

/// A ``KeptKeyedContainer`` of a `KeyedEncodingContainer` (`Boxed`).
///
/// Generic over the boxed type rather than its key: the getter finds `Boxed` in the holder's own
/// metadata, where code generic over the key would look `KeyedEncodingContainer<Key>` up.
final class KeptKeyedContainerOf<Boxed>: KeptKeyedContainer {
    init(_ boxed: Boxed, cell: KeyedContainerCell) {
        super.init(box: unsafeBitCast(boxed, to: AnyObject.self), cell: cell)
    }

    /// The kept container, for a caller.
    var boxed: Boxed {
        @inline(never) get { unsafeBitCast(box.unsafelyUnwrapped, to: Boxed.self) }
    }
}
