import Foundation

extension EncodingSession {
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
        if isPlain { return SnakeCaseKeyConversion.convert(key) }
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
    func writeSeparator(count: Int, level: Int) {
        if count > 0 { writer.append(UInt8(ascii: ",")) }
        if isPretty { writer.appendNewline(indentLevel: level) }
    }
}
