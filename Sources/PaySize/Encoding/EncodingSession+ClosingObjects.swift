import Foundation

extension EncodingSession {
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
            } else if isPlain || kept > 48 || !sortDistinctMembers(of: node.pointee) {
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
    /// rank's place follows from the lengths of the ranks below it, read in the order of the
    /// mask's set bits (a counting sort, without comparisons).
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
        let contentStart = records[0].start
        let length = writer.count &- contentStart
        if isPretty || length > Self.reorderScratchCapacity {
            rewriteMembersByRank(records, rankMask: node.pointee.rankMask, level: node.pointee.level)
            return
        }
        // Compact output and an object of at most `reorderScratchCapacity` bytes (most objects):
        // the members are gathered into the scratch in rank order, then copied back over the
        // object. Three passes, so that no member's copy waits on the one before it: each
        // member's length by rank; each rank's place, from the lengths below it; the copies.
        let places = rankPlaces
        let last = count &- 1
        let end = contentStart &+ length
        // Offsets are within one object of the output: wrapping arithmetic cannot wrap.
        for index in 0..<last {
            // A member ends at the comma before the next one written.
            places[Int(records[index].rank)] = records[index &+ 1].start &- 1 &- records[index].start
        }
        places[Int(records[last].rank)] = end &- records[last].start
        var mask = node.pointee.rankMask
        var place = 0
        repeat {
            let rank = mask.trailingZeroBitCount
            let memberLength = places[rank]
            places[rank] = place
            place &+= memberLength &+ 1
            mask &= mask &- 1
        } while mask != 0
        let gathered = reorderScratch + EncodingKeyTable.capacity
        let output = UnsafeMutablePointer(mutating: writer.written.baseAddress!)
        // A member and the comma after it in one copy. The last one written has none after it:
        // its comma is stored, and the highest rank's lands just past the gathered members (the
        // scratch has room for it).
        for index in 0..<last {
            let from = records[index].start
            JSONByteWriter.copyBytes(
                from: output + from, to: gathered + places[Int(records[index].rank)],
                count: records[index &+ 1].start &- from)
        }
        let lastStart = records[last].start
        let lastPlace = gathered + places[Int(records[last].rank)]
        JSONByteWriter.copyBytes(from: output + lastStart, to: lastPlace, count: end &- lastStart)
        lastPlace[end &- lastStart] = UInt8(ascii: ",")
        JSONByteWriter.copyBytes(from: gathered, to: output + contentStart, count: length)
    }

    /// ``sortMembersByRank(of:)`` for pretty output or a large object: the members' positions
    /// in rank order, then ``rewriteMembers(_:in:level:)``.
    @inline(never)
    private func rewriteMembersByRank(_ records: UnsafeBufferPointer<EncodingMember>, rankMask: UInt64, level: Int) {
        // Member positions fit a byte: a table has at most 64 keys.
        let byRank = reorderScratch
        for index in 0..<records.count { byRank[Int(records[index].rank)] = UInt8(truncatingIfNeeded: index) }
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
