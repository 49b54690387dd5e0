extension JSONElement {
    /// The value as compact JSON: whitespace outside strings removed, every token as written
    /// in `source`, the bytes the element was scanned from. Its count is ``compactByteCount``.
    ///
    /// ```swift
    /// let bytes = Array("{ \"a\" : [1, 2] }".utf8)
    /// String(decoding: try JSONScanner.scan(bytes).compactJSONBytes(in: bytes), as: UTF8.self)   // {"a":[1,2]}
    /// ```
    @_spi(Internals) public func compactJSONBytes(in source: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(compactByteCount)
        ShrinkNode(self).write(into: &output, source: source)
        return output
    }
}
