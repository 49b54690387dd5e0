import Foundation

extension EncodingCore {
    // MARK: Opening containers

    /// Turns node `serial` into an object (or continues the one it already is, as Foundation
    /// does when `container(keyedBy:)` is called twice on one encoder).
    ///
    /// - Returns: The slot of the key table the object uses, or -1.
    @discardableResult
    func openObject<Key: CodingKey>(_ serial: Int, keyedBy type: Key.Type) -> Int {
        guard let index = openContainer(serial, as: .object, bracket: UInt8(ascii: "{")) else { return -1 }
        nodes[index].memberBase = members.count
        return attachKeyTable(type, to: index)
    }

    /// Turns node `serial` into a container of `kind` and writes its opening bracket.
    ///
    /// - Returns: The node's index when it was opened now; `nil` when it already was one (it
    ///   continues) or cannot become one (the call falls back to Foundation).
    private func openContainer(_ serial: Int, as kind: EncodingNode.Kind, bracket: UInt8) -> Int? {
        guard let index = try? activate(serial) else { return nil }
        switch nodes[index].kind {
        case kind:
            return nil
        case .pending:
            break
        case .single where nodes[index].count == 0:
            break
        default:
            needsFallback = true
            return nil
        }
        nodes[index].kind = kind
        noteContainer(at: nodes[index].level)
        writer.append(bracket)
        return index
    }

    // MARK: Key tables

    /// Lets the members of object node `index` take their keys from the table of `type` (when
    /// keys are written unchanged; a key strategy converts each key instead).
    ///
    /// - Returns: The slot of `type`, whose container type ``makeKeyedContainer(_:slot:serial:)``
    ///   reads under every key strategy.
    @inline(__always)
    @discardableResult
    func attachKeyTable<Key: CodingKey>(_ type: Key.Type, to index: Int) -> Int {
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
        let tags = UnsafeMutablePointer<UInt8>.allocate(capacity: 256)
        tags.initialize(repeating: Self.unknownTag, count: 256)
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

    /// The table entry of `key` in the table of slot `slot`: from the slot's tags for a key type
    /// of at most one byte (after the first time), else by its `stringValue`.
    ///
    /// A `CodingKey`'s `stringValue` is taken to depend on its value alone, as it does for every
    /// synthesized and hand-written `CodingKeys` enum: a one-byte key's bit pattern then names
    /// its entry.
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
        if cached != Self.unknownTag { return Int(cached) }
        guard let found = findEntry(key.stringValue, slot: slot, guess: guess) else { return nil }
        tags[tag] = UInt8(truncatingIfNeeded: found)
        return found
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
    private func beginTableMember<Key: CodingKey>(_ index: Int, slot: Int, key: Key, flags: UInt8) -> Int? {
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

    /// Turns node `serial` into an array (or continues it).
    func openArray(_ serial: Int) {
        _ = openContainer(serial, as: .array, bracket: UInt8(ascii: "["))
    }

    // MARK: Members and elements

    /// Writes the separator and the key of the next member of object node `index`, through the
    /// key-encoding strategy.
    ///
    /// - Returns: The nesting level for the member's value.
    @inline(__always)
    func beginMember<Key: CodingKey>(_ index: Int, key: Key, flags: UInt8 = 0) -> Int {
        switch keyMode {
        case .unchanged:
            let slot = Int(nodes[index].tableSlot)
            if slot >= 0, let level = beginTableMember(index, slot: slot, key: key, flags: flags) {
                return level
            }
            return beginMember(index, keyString: key.stringValue, flags: flags)
        case .snakeCase:
            return beginMember(index, keyString: snakeCaseKey(key.stringValue), flags: flags)
        case .custom:
            return beginMember(index, keyString: customKey(key, node: index), flags: flags)
        }
    }

    func snakeCaseKey(_ key: String) -> String {
        // The cache's `String` lookup treats canonically equivalent keys as one, but Foundation
        // converts each key as spelled: only ASCII keys (where equal means same bytes) are cached.
        guard key.utf8.allSatisfy({ $0 < 0x80 }) else { return SnakeCaseKeyConversion.convert(key) }
        if let converted = snakeCaseKeys[key] { return converted }
        let converted = SnakeCaseKeyConversion.convert(key)
        snakeCaseKeys[key] = converted
        return converted
    }

    func customKey<Key: CodingKey>(_ key: Key, node index: Int) -> String {
        guard case .custom(let convert) = strategies.values.keyEncodingStrategy else { return key.stringValue }
        return convert(codingPath(endingAt: nodes[index].pathEntry, adding: key)).stringValue
    }

    /// Counting mode: makes the member records the table members of object node `index` did
    /// not make (hash and flags are all counting mode reads).
    @inline(never)
    private func recordTableMembers(of index: Int) {
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

    /// Writes the separator and an already converted key.
    func beginMember(_ index: Int, keyString: String, flags: UInt8) -> Int {
        let level = beginMemberSlot(index)
        writeMemberKey(index, keyString: keyString, flags: flags)
        return level
    }

    /// Encodes a member whose key a `.custom` strategy converts: Foundation converts it once the
    /// value is encoded, so the keys inside a nested value are converted first (innermost first)
    /// and the key of a value that throws is never converted. The key is written after the value
    /// and the two are then swapped in place.
    ///
    /// - Parameter value: Writes the value at the level it is given.
    @inline(never)
    func encodeMemberConvertingKeyLast<Key: CodingKey>(_ index: Int, key: Key, value: (_ level: Int) throws -> Void)
        throws
    {
        let level = beginMemberSlot(index)
        let valueStart = writer.position
        try value(level)
        let keyStart = writer.position
        writeMemberKey(index, keyString: customKey(key, node: index), flags: 0)
        let valueLength = keyStart - valueStart
        guard valueLength > 0, !writer.isCountingOnly else { return }
        writer.swapAdjacentRuns(from: valueStart, split: keyStart)
        members[members.count - 1].shift(by: -valueLength)
    }

    /// Leaves the key table if the object was using one, writes the separator before the next
    /// member of object node `index` and counts it.
    ///
    /// - Returns: The nesting level for the member's value.
    private func beginMemberSlot(_ index: Int) -> Int {
        if nodes[index].tableSlot >= 0 {
            // Leaving the table: the check for equivalent keys now needs the flags of the
            // members the table wrote.
            if writer.isCountingOnly { recordTableMembers(of: index) }
            nodes[index].tableSlot = -1
            for member in nodes[index].memberBase..<members.count {
                nodes[index].keyFlags |= members[member].flags & EncodingMember.hasNonASCIIKey
            }
        }
        let level = nodes[index].level + 1
        writeSeparator(count: nodes[index].count, level: level)
        nodes[index].count += 1
        return level
    }

    /// Writes a member's quoted key and its colon at the end of the output, with its record.
    private func writeMemberKey(_ index: Int, keyString: String, flags: UInt8) {
        let start = writer.position
        var member = EncodingMember(start: start, keyStart: 0, keyEnd: 0, keyHash: 0, flags: flags)
        let escaped: Bool
        let mask = writer.escapeMask
        let nonASCII: Bool
        if writer.isCountingOnly {
            let (count, hash, hasNonASCII) = Self.measureKey(keyString, mask: mask)
            member.keyHash = hash
            writer.advance(by: 2 + count)
            escaped = false
            nonASCII = hasNonASCII
        } else {
            escaped = writer.appendQuoted(keyString)
            member.keyStart = start + 1
            member.keyEnd = writer.count - 1
            // Escaping never touches bytes of 0x80 or more, so the written key tells.
            nonASCII = JSONEscaping.containsNonASCII(
                UnsafeBufferPointer(rebasing: writer.written[member.keyStart..<member.keyEnd]))
        }
        if escaped { member.flags |= EncodingMember.hasEscapedKey }
        if nonASCII {
            member.flags |= EncodingMember.hasNonASCIIKey
            nodes[index].keyFlags |= EncodingMember.hasNonASCIIKey
        }
        members.append(member)
        if isPretty { writer.append(" : ") } else { writer.append(UInt8(ascii: ":")) }
    }

    private static func measureKey(_ key: String, mask: UInt64) -> (escapedCount: Int, hash: UInt64, hasNonASCII: Bool)
    {
        if let measured = key.utf8.withContiguousStorageIfAvailable({ utf8 in
            let (count, hash) = JSONEscaping.measureKey(utf8, mask: mask)
            return (count, hash, JSONEscaping.containsNonASCII(utf8))
        }) {
            return measured
        }
        var copy = key
        return copy.withUTF8 { utf8 in
            let (count, hash) = JSONEscaping.measureKey(utf8, mask: mask)
            return (count, hash, JSONEscaping.containsNonASCII(utf8))
        }
    }

    /// Writes the separator before the next element of array node `index`.
    ///
    /// - Returns: The element's index and the nesting level for its value.
    @inline(__always)
    func beginElement(_ index: Int) -> (element: Int, level: Int) {
        let count = nodes[index].count
        let level = nodes[index].level &+ 1
        writeSeparator(count: count, level: level)
        nodes[index].count = count &+ 1
        return (count, level)
    }

    @inline(__always)
    private func writeSeparator(count: Int, level: Int) {
        if count > 0 { writer.append(UInt8(ascii: ",")) }
        if isPretty { writer.appendNewline(indentLevel: level) }
    }

    // MARK: Closing objects

    /// Closes an object: members are reordered by the raw UTF-8 bytes of their keys under
    /// `.sortedKeys`, and a key written twice keeps its last value, as Foundation's dictionary
    /// does (in either mode, so sizes match).
    func finishObject(_ node: UnsafePointer<EncodingNode>) {
        let base = node.pointee.memberBase
        // One per member written (counting mode keeps no records for table keys).
        var kept = node.pointee.count
        if kept >= 2 {
            let tableSlot = node.pointee.tableSlot
            if node.pointee.keyFlags & EncodingMember.hasNonASCIIKey != 0
                || (tableSlot >= 0 && keySlots[Int(tableSlot)].view.hasEquivalentKeys)
            {
                checkEquivalentKeys(of: node.pointee)
            }
            if tableSlot >= 0 {
                // Keys from one table with distinct ranks: no repeats, order by rank.
                if sortsKeys && !writer.isCountingOnly { sortMembersByRank(of: node) }
            } else if writer.isCountingOnly {
                // Counting mode keeps no key bytes; two keys with one hash (a repeated key, or
                // a hash collision) send the call to writing mode, which sorts them out.
                if !keysAreDistinctByHash(from: base) { needsWritingMode = true }
            } else if kept > 48 || !sortDistinctMembers(of: node.pointee) {
                kept = reorderMembers(of: node.pointee)
            }
        }
        if isPretty {
            if kept == 0 { writer.append(0x0A) }
            writer.appendNewline(indentLevel: node.pointee.level)
        }
        writer.append(UInt8(ascii: "}"))
        members.removeLast(downTo: base)
    }

    /// Foundation keys an object by `String`: keys with different bytes that are canonically
    /// equivalent are one member for it (spelled as first written, holding the last value).
    /// Such an object is left to Foundation (writing mode) or to writing mode (counting mode,
    /// which keeps no key bytes). Only objects with a non-ASCII key get here: ASCII strings are
    /// equal only when their bytes are.
    @inline(never)
    private func checkEquivalentKeys(of node: EncodingNode) {
        if writer.isCountingOnly {
            needsWritingMode = true
            return
        }
        let base = node.memberBase
        let keys = writer.written
        var strings: [String] = []
        var rawKeys: [[UInt8]] = []
        for member in base..<members.count {
            var reader = EscapedKeyReader(keys: keys, cursor: members[member].keyStart, end: members[member].keyEnd)
            var raw: [UInt8] = []
            while let byte = reader.next() { raw.append(byte) }
            rawKeys.append(raw)
            strings.append(String(decoding: raw, as: UTF8.self))
        }
        for index in rawKeys.indices where rawKeys[index].contains(where: { $0 >= 0x80 }) {
            for other in rawKeys.indices where other != index && rawKeys[other] != rawKeys[index] {
                if strings[other] == strings[index] {
                    needsFallback = true
                    return
                }
            }
        }
    }

    /// Counting mode: whether no two keys share a hash (so none repeats); order is irrelevant to
    /// the size, so nothing is sorted.
    private func keysAreDistinctByHash(from base: Int) -> Bool {
        let count = members.count - base
        if count <= 16 {
            return members.withUnsafeBufferPointer { members in
                for later in (base + 1)..<members.count {
                    let hash = members[later].keyHash
                    for earlier in base..<later where members[earlier].keyHash == hash {
                        return false
                    }
                }
                return true
            }
        }
        hashScratch.removeAll(keepingCapacity: true)
        for index in base..<members.count { hashScratch.append(members[index].keyHash) }
        hashScratch.sort()
        for index in 1..<hashScratch.count where hashScratch[index - 1] == hashScratch[index] {
            return false
        }
        return true
    }

    /// Writing mode fast path: an insertion sort of the member order with an inlined byte
    /// comparison (no temporaries; members already in order cost n - 1 comparisons), then the
    /// members are copied back in order over the same bytes.
    ///
    /// - Returns: False when two keys are equal or a key has escapes; the caller then takes the
    ///   general path.
    private func sortDistinctMembers(of node: EncodingNode) -> Bool {
        let base = node.memberBase
        let count = members.count - base
        // Positions relative to the object's first record.
        orderScratch.removeAll(keepingCapacity: true)
        for offset in 0..<count { orderScratch.append(offset) }
        var moved = false
        let keys = writer.written
        let sorted: Bool = members.withUnsafeBufferPointer { all in
            let members = UnsafeBufferPointer(rebasing: all[base...])
            return orderScratch.withUnsafeMutableBufferPointer { order in
                if members[order[0]].flags & EncodingMember.hasEscapedKey != 0 { return false }
                for next in 1..<count {
                    let movingIndex = order[next]
                    let moving = members[movingIndex]
                    if moving.flags & EncodingMember.hasEscapedKey != 0 { return false }
                    var hole = next
                    while hole > 0 {
                        let comparison = Self.comparePlainKeys(members[order[hole - 1]], moving, in: keys)
                        if comparison == 0 { return false }
                        if comparison < 0 { break }
                        order[hole] = order[hole - 1]
                        hole -= 1
                    }
                    if hole != next {
                        moved = true
                        order[hole] = movingIndex
                    }
                }
                return true
            }
        }
        guard sorted else { return false }
        if moved && sortsKeys { rewriteMembers(of: node) }
        return true
    }

    /// Sorts the members of `node` (keys from one table, distinct) by rank and rewrites them
    /// in that order if it changed.
    ///
    /// Ranks are distinct and below 64, and `rankMask` has one bit per member's rank: each
    /// rank's member is noted, then read out in the order of the mask's set bits (a counting
    /// sort, without comparisons).
    private func sortMembersByRank(of node: UnsafePointer<EncodingNode>) {
        // Read in place: a node is several words.
        let base = node.pointee.memberBase
        let count = members.count - base
        let records = UnsafeBufferPointer(start: members.base + base, count: count)
        // Already in order (common for small objects): nothing to do.
        var previous = records[0].rank
        var inOrder = true
        for index in 1..<count {
            let rank = records[index].rank
            if rank < previous {
                inOrder = false
                break
            }
            previous = rank
        }
        if inOrder { return }
        // Member positions fit a byte: a table has at most 64 keys.
        let byRank = reorderScratch
        for index in 0..<count { byRank[Int(records[index].rank)] = UInt8(truncatingIfNeeded: index) }
        let contentStart = records[0].start
        let length = writer.count &- contentStart
        if isPretty || length > Self.reorderScratchCapacity {
            rewriteMembersByRank(records, rankMask: node.pointee.rankMask, level: node.pointee.level)
            return
        }
        // Compact output and an object of at most `reorderScratchCapacity` bytes (most
        // objects): each rank's member is copied, with a comma before all but the first, into
        // the scratch buffer as the mask's bits are read, and the result copied back over the
        // object. No order array, no buffer on the stack.
        let gathered = reorderScratch + EncodingKeyTable.capacity
        let output = UnsafeMutablePointer(mutating: writer.written.baseAddress!)
        let last = count &- 1
        let end = contentStart &+ length
        var cursor = gathered
        var mask = node.pointee.rankMask
        // Offsets are within one object of the output: wrapping arithmetic cannot wrap.
        while true {
            let member = Int(byRank[mask.trailingZeroBitCount])
            let from = records[member].start
            // A member ends at the comma before the next one written, or at the object's end.
            let to = member == last ? end : records[member &+ 1].start &- 1
            JSONByteWriter.copyBytes(from: output + from, to: cursor, count: to &- from)
            cursor += to &- from
            mask &= mask &- 1
            if mask == 0 { break }
            cursor.pointee = UInt8(ascii: ",")
            cursor += 1
        }
        JSONByteWriter.copyBytes(from: gathered, to: output + contentStart, count: length)
    }

    /// ``sortMembersByRank(of:)`` for pretty output or a large object: the members' positions
    /// in rank order (from the position per rank in ``reorderScratch``), then ``rewriteMembers(_:in:level:)``.
    @inline(never)
    private func rewriteMembersByRank(_ records: UnsafeBufferPointer<EncodingMember>, rankMask: UInt64, level: Int) {
        let byRank = reorderScratch
        let order = UnsafeMutableBufferPointer(start: reorderScratch + EncodingKeyTable.capacity, count: records.count)
        var mask = rankMask
        var position = 0
        while mask != 0 {
            order[position] = byRank[mask.trailingZeroBitCount]
            position &+= 1
            mask &= mask &- 1
        }
        rewriteMembers(records, in: UnsafeBufferPointer(order), level: level)
    }

    /// Copies `members` (all of an object's, in write order) back in `order` (positions among
    /// them; members left out are dropped) over the bytes they occupy now, which run to the end
    /// of the output, with the separators for `level`.
    ///
    /// - Returns: The length of the object's members as rewritten.
    @discardableResult
    private func rewriteMembers<Position: FixedWidthInteger>(
        _ members: UnsafeBufferPointer<EncodingMember>,
        in order: UnsafeBufferPointer<Position>,
        level: Int
    ) -> Int {
        let separatorLength = isPretty ? 2 + 2 * (level + 1) : 1
        let contentStart = members[0].start
        let end = writer.count
        let length = end - contentStart
        let output = UnsafeMutablePointer(mutating: writer.written.baseAddress!) + contentStart
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: length) { source in
            let source = source.baseAddress!
            source.update(from: output, count: length)
            // Offsets are within one object of the output: wrapping arithmetic cannot wrap.
            var cursor = output
            for position in 0..<order.count {
                let member = Int(order[position])
                if position > 0 {
                    cursor.pointee = UInt8(ascii: ",")
                    if separatorLength > 1 {
                        cursor[1] = 0x0A
                        (cursor + 2).update(repeating: 0x20, count: separatorLength &- 2)
                    }
                    cursor += separatorLength
                }
                let from = members[member].start &- contentStart
                let next =
                    (member &+ 1 < members.count ? members[member &+ 1].start &- separatorLength : end) &- contentStart
                JSONByteWriter.copyBytes(from: source + from, to: cursor, count: next &- from)
                cursor += next &- from
            }
            return cursor - output
        }
    }

    /// Orders two keys without escapes by their bytes.
    @inline(__always)
    private static func comparePlainKeys(
        _ left: EncodingMember,
        _ right: EncodingMember,
        in keys: UnsafeBufferPointer<UInt8>
    ) -> Int {
        let leftCount = left.keyEnd - left.keyStart
        let rightCount = right.keyEnd - right.keyStart
        let common = min(leftCount, rightCount)
        var offset = 0
        while offset < common {
            let leftByte = keys[left.keyStart + offset]
            let rightByte = keys[right.keyStart + offset]
            if leftByte != rightByte { return Int(leftByte) - Int(rightByte) }
            offset += 1
        }
        return leftCount - rightCount
    }

    /// Copies the members of `node` back in `orderScratch` order (positions relative to its
    /// first record; members left out are dropped) over the bytes they occupy now.
    ///
    /// - Returns: The length of the object's members as rewritten.
    @discardableResult
    private func rewriteMembers(of node: EncodingNode) -> Int {
        members.withUnsafeBufferPointer { all in
            orderScratch.withUnsafeBufferPointer { order in
                rewriteMembers(UnsafeBufferPointer(rebasing: all[node.memberBase...]), in: order, level: node.level)
            }
        }
    }

    /// The general path (writing mode): sorts the members of `node` (or, without
    /// `.sortedKeys`, keeps their order) and drops all but the last write of a repeated key.
    /// Handles escaped keys, repeated keys and large objects.
    ///
    /// - Returns: The number of members kept.
    private func reorderMembers(of node: EncodingNode) -> Int {
        let base = node.memberBase
        let count = members.count - base
        orderScratch.removeAll(keepingCapacity: true)
        for offset in 0..<count { orderScratch.append(base + offset) }
        let keys = writer.written
        do {
            // Stable: equal keys stay in write order, so the last of each run is the last write.
            if count <= 48 {
                for next in 1..<count {
                    let moving = orderScratch[next]
                    var hole = next
                    while hole > 0, compareKeys(members[orderScratch[hole - 1]], members[moving], in: keys) > 0 {
                        orderScratch[hole] = orderScratch[hole - 1]
                        hole -= 1
                    }
                    orderScratch[hole] = moving
                }
            } else {
                let members = self.members
                orderScratch.sort { left, right in
                    let order = compareKeys(members[left], members[right], in: keys)
                    return order != 0 ? order < 0 : left < right
                }
            }
        }
        let dropped = dropDuplicateKeys()
        if dropped == 0 && !sortsKeys { return count }
        if !sortsKeys { orderScratch.sort() }
        for position in orderScratch.indices { orderScratch[position] -= base }
        let contentStart = members[base].start
        writer.truncate(to: contentStart + rewriteMembers(of: node))
        return count - dropped
    }

    /// Removes all but the last write of each key from the sorted `orderScratch`.
    ///
    /// A repeated key that involves a nested container or super encoder sets ``needsFallback``:
    /// Foundation merges or replaces those in ways a byte stream cannot follow.
    ///
    /// - Returns: How many members were dropped.
    private func dropDuplicateKeys() -> Int {
        var dropped = 0
        var sawOpenEnded = false
        let keys = writer.written
        do {
            var write = 0
            for read in orderScratch.indices {
                let member = orderScratch[read]
                if read + 1 < orderScratch.count {
                    let next = orderScratch[read + 1]
                    if compareKeys(members[member], members[next], in: keys) == 0 {
                        if (members[member].flags | members[next].flags) & EncodingMember.isOpenEnded != 0 {
                            sawOpenEnded = true
                        }
                        dropped += 1
                        continue
                    }
                }
                orderScratch[write] = member
                write += 1
            }
            orderScratch.removeSubrange(write...)
        }
        if sawOpenEnded { needsFallback = true }
        return dropped
    }

    /// Orders two keys by the raw UTF-8 bytes of their unescaped text, as `.sortedKeys` does.
    private func compareKeys(_ left: EncodingMember, _ right: EncodingMember, in keys: UnsafeBufferPointer<UInt8>)
        -> Int
    {
        if (left.flags | right.flags) & EncodingMember.hasEscapedKey == 0 {
            let leftCount = left.keyEnd - left.keyStart
            let rightCount = right.keyEnd - right.keyStart
            let common = min(leftCount, rightCount)
            if common > 0 {
                let order = memcmp(keys.baseAddress! + left.keyStart, keys.baseAddress! + right.keyStart, common)
                if order != 0 { return Int(order) }
            }
            return leftCount - rightCount
        }
        var leftReader = EscapedKeyReader(keys: keys, cursor: left.keyStart, end: left.keyEnd)
        var rightReader = EscapedKeyReader(keys: keys, cursor: right.keyStart, end: right.keyEnd)
        while true {
            switch (leftReader.next(), rightReader.next()) {
            case (nil, nil): return 0
            case (nil, _): return -1
            case (_, nil): return 1
            case (let leftByte?, let rightByte?):
                if leftByte != rightByte { return Int(leftByte) - Int(rightByte) }
            }
        }
    }
}

/// Reads the raw bytes back out of an escaped key.
private struct EscapedKeyReader {
    let keys: UnsafeBufferPointer<UInt8>
    var cursor: Int
    let end: Int

    mutating func next() -> UInt8? {
        guard cursor < end else { return nil }
        let byte = keys[cursor]
        cursor += 1
        guard byte == 0x5C else { return byte }
        let kind = keys[cursor]
        cursor += 1
        switch kind {
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "t"): return 0x09
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "u"):
            // Only C0 controls are written as \u00xx.
            let high = hexValue(keys[cursor + 2])
            let low = hexValue(keys[cursor + 3])
            cursor += 4
            return high << 4 | low
        default: return kind
        }
    }

    private func hexValue(_ digit: UInt8) -> UInt8 {
        digit >= UInt8(ascii: "a") ? digit - UInt8(ascii: "a") + 10 : digit - UInt8(ascii: "0")
    }
}

extension EncodingCore {
    // MARK: Nested containers and super encoders

    /// Opens a nested container or super encoder inside node `serial`; `begin` writes the member
    /// key or element separator and returns the nested value's level and coding-path step.
    ///
    /// The nested node is not a frame: it closes implicitly when its parent is written to again.
    ///
    /// - Returns: The nested node's serial (an unused serial after a fallback).
    func openNested(
        kind: EncodingNode.Kind,
        in serial: Int,
        begin: (EncodingCore, Int) -> (level: Int, component: EncodingPathComponent)
    ) -> Int {
        guard let index = try? activate(serial) else {
            nextSerial += 1
            return nextSerial - 1
        }
        let (level, component) = begin(self, index)
        // A nested container's own path is its parent container's whole path plus its key, but
        // values written through it hang off the encoder's path (``EncodingPathEntry``); a super
        // encoder's path is the encoder's path plus its key.
        let encoderEntry = nodes[index].childPathEntry
        let nested = pushNode(
            kind: kind,
            isFrame: false,
            level: level,
            component: component,
            parentEntry: kind == .pending ? encoderEntry : nodes[index].pathEntry,
            childPathEntry: kind == .pending ? nil : encoderEntry
        )
        switch kind {
        case .object: writer.append(UInt8(ascii: "{"))
        case .array: writer.append(UInt8(ascii: "["))
        case .pending, .single: break
        }
        return nested
    }

    /// Claims node `serial` for one single value.
    ///
    /// - Returns: The level for a nested value's container (a single value adds no nesting) and
    ///   the path step it hangs off.
    @discardableResult
    func beginSingleValue(_ serial: Int) throws -> (level: Int, pathEntry: Int) {
        let index = try activate(serial)
        switch nodes[index].kind {
        case .pending:
            break
        case .single where nodes[index].count == 0:
            break
        default:
            // Foundation traps here ("Attempt to encode value through single value container
            // when previously value already encoded."); let it decide.
            throw fallBack()
        }
        nodes[index].kind = .single
        nodes[index].count = 1
        return (nodes[index].level, nodes[index].childPathEntry)
    }
}
