extension JSONElement {
    /// The value as compact JSON: whitespace outside strings removed, every token as written
    /// in `source`, the bytes the element was scanned from. Its count is ``compactByteCount``.
    ///
    /// ```swift
    /// let bytes = Array("{ \"a\" : [1, 2] }".utf8)
    /// String(decoding: try JSONScanner.scan(bytes).compactJSONBytes(in: bytes), as: UTF8.self)   // {"a":[1,2]}
    /// ```
    ///
    /// An explicit work list, not recursion, so any depth the scanner accepted is written.
    @_spi(Internals) public func compactJSONBytes(in source: [UInt8]) -> [UInt8] {
        enum Work {
            case value(JSONElement)
            case key(JSONMember)
            case punctuation(UInt8)
        }
        var output: [UInt8] = []
        output.reserveCapacity(compactByteCount)
        var work: [Work] = [.value(self)]
        while let next = work.popLast() {
            switch next {
            case .punctuation(let byte):
                output.append(byte)
            case .key(let member):
                if member.keyRange.isEmpty {
                    output += JSONString.quoted(member.key, escapingSlashes: true)
                } else {
                    output += source[member.keyRange]
                }
            case .value(let element):
                switch element.content {
                case .object(let members):
                    output.append(UInt8(ascii: "{"))
                    work.append(.punctuation(UInt8(ascii: "}")))
                    for (position, member) in members.enumerated().reversed() {
                        work.append(.value(member.value))
                        work.append(.punctuation(UInt8(ascii: ":")))
                        work.append(.key(member))
                        if position > 0 { work.append(.punctuation(UInt8(ascii: ","))) }
                    }
                case .array(let elements):
                    output.append(UInt8(ascii: "["))
                    work.append(.punctuation(UInt8(ascii: "]")))
                    for (position, child) in elements.enumerated().reversed() {
                        work.append(.value(child))
                        if position > 0 { work.append(.punctuation(UInt8(ascii: ","))) }
                    }
                case .string(let string):
                    if element.byteRange.isEmpty {
                        output += JSONString.quoted(string, escapingSlashes: true)
                    } else {
                        output += source[element.byteRange]
                    }
                case .number(let text):
                    output += text.utf8
                case .bool(let value):
                    output += (value ? "true" : "false").utf8
                case .null:
                    output += "null".utf8
                }
            }
        }
        return output
    }
}
