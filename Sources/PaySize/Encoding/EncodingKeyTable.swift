import Foundation

/// What the encoder has learned about the keys of one `CodingKey` type: each key's raw UTF-8,
/// its quoted, escaped form, its rank in `.sortedKeys` order and its counting-mode hash.
///
/// With a table, a member's key is copied instead of escaped, an object whose keys all come from
/// one table is sorted by comparing ranks instead of bytes, and a repeated key shows up as a
/// rank seen twice (a bit in a 64-bit mask) instead of through hashing every key.
///
/// Tables are immutable and published process-wide by ``EncodingKeyTables``; a key not yet in
/// the table is encoded the general way and added to a new version for later encodes. The
/// storage is manually allocated so the hot path reads it through ``View`` without reference
/// counting; ``EncodingSession`` keeps every table it reads alive as long as it may read it.
final class EncodingKeyTable: @unchecked Sendable {
    /// One key.
    struct Entry {
        /// Offset of the raw UTF-8 in ``bytes``.
        var rawStart: Int32
        var rawCount: Int32
        /// Offset in ``bytes`` of the quoted key as written with slashes escaped, followed by
        /// a `:` (counted in ``quotedCount`` + 1).
        var quotedStart: Int32
        var quotedCount: Int32
        /// Position among the table's keys ordered by raw UTF-8 bytes.
        var rank: Int32
        /// ``EncodingMember`` flags: ``EncodingMember/hasEscapedKey`` when the key needs escapes.
        var memberFlags: UInt8
        /// The key contains `/`, whose escaping depends on the options: such keys are not
        /// served from the table under `.withoutEscapingSlashes`.
        var hasSlash: Bool
        /// ``JSONEscaping/measureKey(_:mask:)``'s hash of the raw key.
        var hash: UInt64
    }

    /// The most keys a table holds (ranks are bits of a `UInt64`).
    static let capacity = 64
    /// Keys longer than this are never cached.
    static let maximumKeyLength = 256

    let entries: UnsafeMutablePointer<Entry>
    let bytes: UnsafeMutablePointer<UInt8>
    let count: Int
    /// The raw keys, in first-seen order, to build the next version from.
    let keys: [[UInt8]]
    /// Two of the keys differ in bytes but are equal as `String`s (canonically equivalent, like
    /// `"\u{E9}"` and `"e\u{301}"`). Foundation keeps such keys as one member, so an object
    /// whose keys come from this table is checked when it closes.
    let hasEquivalentKeys: Bool

    /// Builds a table of `keys` (distinct byte strings, at most ``capacity``).
    init(keys: [[UInt8]]) {
        self.keys = keys
        count = keys.count
        hasEquivalentKeys = EncodingKeyTable.containsEquivalentKeys(keys)
        entries = UnsafeMutablePointer<Entry>.allocate(capacity: max(count, 1))
        var byteCount = 0
        for key in keys { byteCount += key.count * 7 + 3 }
        bytes = UnsafeMutablePointer<UInt8>.allocate(capacity: max(byteCount, 1))
        let order = keys.indices.sorted { keys[$0].lexicographicallyPrecedes(keys[$1]) }
        var ranks = [Int32](repeating: 0, count: count)
        for (rank, index) in order.enumerated() { ranks[index] = Int32(rank) }
        var cursor = 0
        let mask = JSONEscaping.mask(escapingSlashes: true)
        for (index, key) in keys.enumerated() {
            let rawStart = cursor
            for byte in key {
                bytes[cursor] = byte
                cursor += 1
            }
            let quotedStart = cursor
            bytes[cursor] = 0x22
            cursor += 1
            var escaped = false
            for byte in key {
                if JSONEscaping.needsEscape(byte, mask: mask) {
                    if byte != 0x2F { escaped = true }
                    cursor += JSONEscaping.writeEscape(for: byte, to: bytes + cursor)
                } else {
                    bytes[cursor] = byte
                    cursor += 1
                }
            }
            bytes[cursor] = 0x22
            bytes[cursor + 1] = UInt8(ascii: ":")
            cursor += 2
            let hash = key.withUnsafeBufferPointer { JSONEscaping.measureKey($0, mask: mask).hash }
            let hasSlash = key.contains(0x2F)
            (entries + index).initialize(
                to: Entry(
                    rawStart: Int32(rawStart),
                    rawCount: Int32(key.count),
                    quotedStart: Int32(quotedStart),
                    quotedCount: Int32(cursor - 1 - quotedStart),
                    rank: ranks[index],
                    // A `\/` alone is compared correctly as the escaped key reader reads it
                    // back, but flagging it keeps the rule simple: any backslash, flag.
                    memberFlags: (escaped || hasSlash ? EncodingMember.hasEscapedKey : 0)
                        | (key.contains { $0 >= 0x80 } ? EncodingMember.hasNonASCIIKey : 0),
                    hasSlash: hasSlash,
                    hash: hash
                )
            )
        }
    }

    deinit {
        entries.deinitialize(count: count)
        entries.deallocate()
        bytes.deallocate()
    }

    /// Whether two distinct byte strings among `keys` are equal as `String`s. ASCII strings
    /// are equal only when their bytes are, so only pairs with a non-ASCII key are compared.
    static func containsEquivalentKeys(_ keys: [[UInt8]]) -> Bool {
        let nonASCII = keys.indices.filter { keys[$0].contains { $0 >= 0x80 } }
        guard !nonASCII.isEmpty, keys.count >= 2 else { return false }
        let strings = keys.map { String(decoding: $0, as: UTF8.self) }
        for index in nonASCII {
            for other in keys.indices where other != index && strings[other] == strings[index] {
                return true
            }
        }
        return false
    }

    /// The table's storage, for reading without reference counting while the table is alive.
    var view: View { View(entries: entries, bytes: bytes, count: count, hasEquivalentKeys: hasEquivalentKeys) }

    /// A borrowed look at a table.
    struct View {
        let entries: UnsafeMutablePointer<Entry>
        let bytes: UnsafeMutablePointer<UInt8>
        let count: Int
        /// ``EncodingKeyTable/hasEquivalentKeys``.
        let hasEquivalentKeys: Bool

        /// The index of the entry whose raw bytes are `key`, trying `guess` first.
        @inline(__always)
        func find(_ key: UnsafeBufferPointer<UInt8>, guess: Int) -> Int? {
            if guess < count, matches(guess, key) { return guess }
            var index = 0
            while index < count {
                if index != guess, matches(index, key) { return index }
                index += 1
            }
            return nil
        }

        @inline(__always)
        private func matches(_ index: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
            let length = key.count
            guard Int(entries[index].rawCount) == length else { return false }
            guard length > 0 else { return true }
            let stored = UnsafeRawPointer(bytes + Int(entries[index].rawStart))
            let given = UnsafeRawPointer(key.baseAddress!)
            if length >= 8 {
                var offset = 0
                while offset + 8 < length {
                    if stored.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                        != given.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                    {
                        return false
                    }
                    offset += 8
                }
                return stored.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
                    == given.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self)
            }
            if length >= 4 {
                return stored.loadUnaligned(as: UInt32.self) == given.loadUnaligned(as: UInt32.self)
                    && stored.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
                        == given.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self)
            }
            var offset = 0
            while offset < length {
                if stored.load(fromByteOffset: offset, as: UInt8.self)
                    != given.load(fromByteOffset: offset, as: UInt8.self)
                {
                    return false
                }
                offset += 1
            }
            return true
        }
    }
}

/// The process-wide tables, one per `CodingKey` type, behind a lock (taken once per key type
/// per encode call, not per key).
///
/// The map is open addressing keyed by the metatype's address, so a look-up under the lock
/// costs a multiply and a compare or two rather than `Hasher`.
final class EncodingKeyTables: @unchecked Sendable {
    static let shared = EncodingKeyTables()

    private let lock = NSLock()
    // Guarded by `lock`; the runtime's own exclusivity checks would only add cost.
    @exclusivity(unchecked) private var types: [ObjectIdentifier?] = Array(repeating: nil, count: 64)
    @exclusivity(unchecked) private var tables: [EncodingKeyTable?] = Array(repeating: nil, count: 64)
    @exclusivity(unchecked) private var used = 0
    private static let empty = EncodingKeyTable(keys: [])

    /// The newest table for a key type (empty if none yet).
    func table(for type: ObjectIdentifier) -> EncodingKeyTable {
        lock.lock()
        defer { lock.unlock() }
        return tables[slot(of: type)] ?? Self.empty
    }

    /// Adds `key` to the table of `type` (if there is room and it is new) and returns the
    /// newest table.
    func adding(_ key: [UInt8], to type: ObjectIdentifier) -> EncodingKeyTable {
        lock.lock()
        defer { lock.unlock() }
        var slot = slot(of: type)
        let current = tables[slot] ?? Self.empty
        guard current.count < EncodingKeyTable.capacity, key.count <= EncodingKeyTable.maximumKeyLength,
            !current.keys.contains(key)
        else { return current }
        let next = EncodingKeyTable(keys: current.keys + [key])
        if types[slot] == nil {
            if 2 * (used + 1) > types.count {
                grow()
                slot = self.slot(of: type)
            }
            types[slot] = type
            used += 1
        }
        tables[slot] = next
        return next
    }

    /// The slot holding `type`, or the empty slot where it would go (called under the lock).
    private func slot(of type: ObjectIdentifier) -> Int {
        let mask = types.count - 1
        let address = UInt(bitPattern: type)
        var slot = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while let occupant = types[slot], occupant != type {
            slot = (slot + 1) & mask
        }
        return slot
    }

    private func grow() {
        let oldTypes = types
        let oldTables = tables
        types = Array(repeating: nil, count: oldTypes.count * 2)
        tables = Array(repeating: nil, count: oldTypes.count * 2)
        for (index, type) in oldTypes.enumerated() {
            guard let type else { continue }
            let slot = slot(of: type)
            types[slot] = type
            tables[slot] = oldTables[index]
        }
    }
}
