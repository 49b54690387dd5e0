extension JSONElement {
    /// The value at `pointer` below this one, or `nil` when the path does not exist or is a
    /// pattern.
    ///
    /// ```swift
    /// root.descendant(at: JSONPointer("aps", "content-state"))?.compactByteCount
    /// ```
    @_spi(Internals) public func descendant(at pointer: JSONPointer) -> JSONElement? {
        var current = self
        for component in pointer.components {
            switch component {
            case .key(let key):
                guard let next = current[key] else { return nil }
                current = next
            case .index(let index):
                guard let elements = current.elements, elements.indices.contains(index) else { return nil }
                current = elements[index]
            case .anyIndex:
                // A pattern names many values, not one.
                return nil
            }
        }
        return current
    }
}
