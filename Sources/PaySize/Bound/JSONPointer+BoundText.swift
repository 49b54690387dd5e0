@_spi(Internals) import PaySizeJSON

extension JSONPointer {
    /// The place as bound reports print it: ``rawValue``, `*` for every array item or dictionary
    /// value, and `/` for the root (where a schema's keywords sit), keys as the schema spells
    /// them.
    package var boundText: String {
        components.isEmpty ? "/" : rawValue
    }
}
