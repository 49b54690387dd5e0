import Foundation

extension EncodingSession {
    // MARK: Key tables

    /// Lets the members of object node `index` take their keys from the table of `type` (when
    /// keys are written unchanged; a key strategy converts each key instead).
    ///
    /// - Returns: The slot of `type`, whose container type ``makeKeyedContainer(_:slot:serial:)``
    ///   reads under every key strategy.
    @inline(__always)
    @discardableResult
    func attachKeyTable<Key: CodingKey>(_ type: Key.Type, to index: Int) -> Int {
        if isPlain { return -1 }
        let slot = keySlot(for: type)
        guard keyMode == .unchanged else { return slot }
        let node = nodes.base + index
        node.pointee.tableSlot = Int32(truncatingIfNeeded: slot)
        node.pointee.tableType = keySlots[slot].type
        node.pointee.tableEntries = keySlots[slot].view.entries
        node.pointee.tableBytes = keySlots[slot].view.bytes
        node.pointee.tableTags = keySlots[slot].tags
        return slot
    }

    /// The slot of the newest table of a key type, fetched from the shared tables on first use.
    @inline(__always)
    private func keySlot<Key: CodingKey>(for keyType: Key.Type) -> Int {
        let type = ObjectIdentifier(keyType)
        var slot = keySlots.count - 1
        while slot >= 0 {
            if keySlots[slot].type == type { return slot }
            slot -= 1
        }
        return addKeySlot(
            EncodingKeyTables.shared.table(for: type), type: type, containerType: PayloadKeyedContainer<Key>.self)
    }

    @inline(never)
    private func addKeySlot(
        _ table: EncodingKeyTable, type: ObjectIdentifier, containerType: any ConstructibleKeyedContainer.Type
    ) -> Int {
        let tags = UnsafeMutablePointer<UInt8>.allocate(capacity: Self.tagsByteCount)
        tags.initialize(repeating: Self.unknownTag, count: 256)
        // No entry's text seen yet: two zero words are no `String`'s.
        (tags + 256).initialize(repeating: 0, count: Self.tagsByteCount - 256)
        keySlots.append(KeySlot(type: type, view: table.view, table: table, tags: tags, containerType: containerType))
        return keySlots.count - 1
    }

    /// Adds `key`, missing from the table of slot `slot`, to a new version for later calls.
    @inline(never)
    private func learnKey(_ key: UnsafeBufferPointer<UInt8>, slot: Int) {
        let keySlot = keySlots[slot]
        if keySlot.view.count < EncodingKeyTable.capacity && key.count <= EncodingKeyTable.maximumKeyLength {
            let table = EncodingKeyTables.shared.adding(Array(key), to: keySlot.type)
            if table.count > keySlot.view.count {
                keySlotsHaveOldVersions = true
                _ = addKeySlot(table, type: keySlot.type, containerType: keySlot.containerType)
            }
        }
    }

    /// The table entry of `key` in the table of slot `slot`: the entry of its `stringValue`.
    ///
    /// `stringValue` is asked every time: nothing assumes it is a function of the key's bits
    /// (one that reads global state changes with it). For a key type of at most one byte (a
    /// `CodingKeys` enum, mostly) the slot's tags keep, per bit pattern, the entry it found
    /// last, and per entry the two words of an immortal `String` (a literal or a small string)
    /// that found it: the same words mean the same text, so that entry is the answer without
    /// reading the text's bytes. Anything else, or a text that changed, is looked up by its
    /// bytes (``findEntry(_:slot:guess:)``).
    ///
    /// - Returns: The entry's index, or nil when the key is not in the table (it is then added
    ///   to a newer version for later calls).
    @inline(__always)
    private func tableEntry<Key: CodingKey>(
        of key: Key, slot: Int, tags: UnsafeMutablePointer<UInt8>, guess: Int
    ) -> Int? {
        let size = MemoryLayout<Key>.size
        guard size <= 1 else { return findEntry(key.stringValue, slot: slot, guess: guess) }
        let tag = size == 0 ? 0 : Int(unsafeBitCast(key, to: UInt8.self))
        let cached = tags[tag]
        let text = key.stringValue
        let words = Self.immortalWords(of: text)
        let texts = UnsafeMutableRawPointer(tags + 256)
        if cached != Self.unknownTag && words.object != 0 {
            let offset = Int(cached) &* 16
            if texts.loadUnaligned(fromByteOffset: offset, as: UInt64.self) == words.count
                && texts.loadUnaligned(fromByteOffset: offset &+ 8, as: UInt64.self) == words.object
            {
                return Int(cached)
            }
        }
        let start = cached != Self.unknownTag ? Int(cached) : guess
        guard let found = findEntry(text, slot: slot, guess: start) else { return nil }
        tags[tag] = UInt8(truncatingIfNeeded: found)
        if words.object != 0 {
            texts.storeBytes(of: words.count, toByteOffset: found &* 16, as: UInt64.self)
            texts.storeBytes(of: words.object, toByteOffset: found &* 16 &+ 8, as: UInt64.self)
        }
        return found
    }

    /// Bytes of a key slot's tags: an entry index per bit pattern (256), then two words per
    /// table entry (``immortalWords(of:)`` of a text that found it, zeros until then).
    static let tagsByteCount = 256 + EncodingKeyTable.capacity * 16

    /// The two words of `text` when it is immortal, zeros otherwise (and on platforms whose
    /// `String` is not two words).
    ///
    /// A 64-bit `String` is a count-and-flags word and an object word whose top bit is set only
    /// for an immortal string: a small string (its text is in the two words) or a literal (its
    /// words point at bytes that are never freed or changed). Two immortal strings with the same
    /// words have the same text; a mortal one's words could be reused by another text once it is
    /// freed, so it is never kept. `EncodingStringWordsTests` fails if this layout changes.
    @inline(__always)
    static func immortalWords(of text: String) -> (count: UInt64, object: UInt64) {
        #if _pointerBitWidth(_64)
            let words = unsafeBitCast(text, to: (UInt64, UInt64).self)
            return words.1 >> 63 == 1 ? (words.0, words.1) : (0, 0)
        #else
            return (0, 0)
        #endif
    }

    /// Looks `keyString` up in the table of slot `slot`, trying entry `guess` first; adds it to a
    /// newer version of the table when it is missing.
    @inline(__always)
    private func findEntry(_ keyString: String, slot: Int, guess: Int) -> Int? {
        let view = keySlots[slot].view
        let found = keyString.utf8.withContiguousStorageIfAvailable { key -> Int? in
            if let found = view.find(key, guess: guess) { return found }
            learnKey(key, slot: slot)
            return nil
        }
        return found ?? nil
    }

    /// Writes the separator and the key of the next member of object node `index` from its key
    /// table.
    ///
    /// - Returns: The nesting level for the member's value, or nil (nothing written) when the
    ///   key is not in the table, repeats, or the object mixes key types.
    @inline(__always)
    func beginTableMember<Key: CodingKey>(_ index: Int, slot: Int, key: Key, flags: UInt8) -> Int? {
        // The node through a pointer, read once and written once: stores into the output in
        // between would otherwise make the compiler reload every field.
        let node = nodes.base + index
        guard node.pointee.tableType == ObjectIdentifier(Key.self),
            let entryIndex = tableEntry(
                of: key, slot: slot, tags: node.pointee.tableTags.unsafelyUnwrapped, guess: Int(node.pointee.guess))
        else { return nil }
        let entry = node.pointee.tableEntries.unsafelyUnwrapped + entryIndex
        let bit: UInt64 = 1 &<< UInt64(truncatingIfNeeded: entry.pointee.rank)
        let rankMask = node.pointee.rankMask
        if rankMask & bit != 0 || (entry.pointee.hasSlash && !writer.escapesSlashes) { return nil }
        let count = node.pointee.count
        let level = node.pointee.level &+ 1
        node.pointee.count = count &+ 1
        node.pointee.rankMask = rankMask | bit
        node.pointee.guess = Int32(truncatingIfNeeded: entryIndex &+ 1)
        let quotedCount = Int(entry.pointee.quotedCount)
        let key = node.pointee.tableBytes.unsafelyUnwrapped + Int(entry.pointee.quotedStart)
        let start: Int
        if isPretty {
            writeSeparator(count: count, level: level)
            start = writer.position
            writer.append(UnsafeBufferPointer(start: key, count: quotedCount))
        } else {
            // The comma, the key and its colon (stored after it in the table) in one step.
            let comma = count > 0 ? 1 : 0
            let length = comma &+ quotedCount &+ 1
            if writer.isCountingOnly {
                writer.advance(by: length)
                return level
            }
            start = writer.position &+ comma
            let output = writer.claim(length)
            output.pointee = UInt8(ascii: ",")  // overwritten by the key when there is no comma
            JSONByteWriter.copyBytes(from: key, to: output + comma, count: quotedCount &+ 1)
        }
        // Counting mode needs no record: distinct ranks rule out repeats, and the order does
        // not change the size (``recordTableMembers(of:)`` makes them if the object leaves the
        // table).
        if !writer.isCountingOnly {
            members.append(
                EncodingMember(
                    start: start,
                    keyStart: start &+ 1,
                    keyEnd: start &+ quotedCount &- 1,
                    keyHash: entry.pointee.hash,
                    flags: flags | entry.pointee.memberFlags,
                    rank: entry.pointee.rank
                )
            )
        }
        if isPretty { writer.append(" : ") }
        return level
    }

    /// Counting mode: makes the member records the table members of object node `index` did
    /// not make (hash and flags are all counting mode reads).
    @inline(never)
    func recordTableMembers(of index: Int) {
        let view = keySlots[Int(nodes[index].tableSlot)].view
        var mask = nodes[index].rankMask
        while mask != 0 {
            let rank = Int32(mask.trailingZeroBitCount)
            mask &= mask &- 1
            for entry in 0..<view.count where view.entries[entry].rank == rank {
                let entry = view.entries[entry]
                members.append(
                    EncodingMember(
                        start: 0, keyStart: 0, keyEnd: 0, keyHash: entry.hash, flags: entry.memberFlags, rank: rank))
                break
            }
        }
    }

}
