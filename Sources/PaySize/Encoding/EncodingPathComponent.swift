/// One step of a coding path, kept cheap until a path is actually asked for.
///
/// Every case is plain data (no reference counting, no existential box), so pushing and
/// popping a step costs a few stores. A key passed to `encode(_:forKey:)` is borrowed: the step
/// points at the caller's key for as long as that call runs, which outlives the step (the
/// nested value's node, and its step, close before the call returns; a failing call discards
/// them, see ``EncodingSession/discardNodes(from:)``).
enum EncodingPathComponent {
    /// A key of the caller's own `CodingKey` type, borrowed from the running
    /// `encode(_:forKey:)` call.
    case borrowedKey(UnsafeRawPointer, any CodingKey.Type)
    /// A key of a `CodingKey` type of at most one byte (a `CodingKeys` enum, mostly), kept as
    /// its bit pattern: taking a generic key's address costs a copy, its bits a load.
    case smallKey(UInt8, any CodingKey.Type)
    /// A key of a `[String: Value]` dictionary (encoded without key conversion), borrowed from
    /// the running entry.
    case borrowedString(UnsafePointer<String>)
    /// A key kept in ``EncodingSession/ownedKeys`` at this index, for steps that outlive the call
    /// that made them (nested containers and super encoders).
    case ownedKey(Int)
    /// An index in an unkeyed container (Foundation's "Index 3").
    case index(Int)
}

extension EncodingSession {
    /// The component as Foundation puts it in `codingPath`.
    func codingKey(of component: EncodingPathComponent) -> any CodingKey {
        switch component {
        case .borrowedKey(let pointer, let type):
            return Self.loadKey(type, from: pointer)
        case .smallKey(let bits, let type):
            return withUnsafeBytes(of: bits) { Self.loadKey(type, from: $0.baseAddress!) }
        case .borrowedString(let pointer):
            return PayloadCodingKey(stringValue: pointer.pointee)
        case .ownedKey(let slot):
            return ownedKeys[slot]
        case .index(let index):
            return PayloadCodingKey(index: index)
        }
    }

    private static func loadKey<Key: CodingKey>(_ type: Key.Type, from pointer: UnsafeRawPointer) -> any CodingKey {
        pointer.assumingMemoryBound(to: Key.self).pointee
    }

    /// Keeps `key` for a step that outlives the current call: a key of at most one byte as its
    /// bits, any other in ``EncodingSession/ownedKeys``.
    func ownedComponent<Key: CodingKey>(_ key: Key) -> EncodingPathComponent {
        let size = MemoryLayout<Key>.size
        if size <= 1 && !isPlain { return .smallKey(size == 0 ? 0 : unsafeBitCast(key, to: UInt8.self), Key.self) }
        ownedKeys.append(key)
        return .ownedKey(ownedKeys.count - 1)
    }
}
