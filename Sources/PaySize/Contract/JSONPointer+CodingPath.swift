@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension JSONPointer {
    /// The pointer for a `Codable` coding path: `Index 3` keys of unkeyed containers become indexes.
    init(codingPath: [any CodingKey]) {
        self.init(
            components: codingPath.map { key in
                if let index = key.intValue, key.stringValue == "Index \(index)" { return .index(index) }
                return .key(key.stringValue)
            })
    }

    /// The pointer one step up (the root stays the root).
    var parent: JSONPointer {
        JSONPointer(components: Array(components.dropLast()))
    }

    /// The last component as a key, when it is one.
    var lastKey: String? {
        if case .key(let key) = components.last { return key }
        return nil
    }

    /// `other`'s components after this pointer's.
    func appending(contentsOf other: JSONPointer) -> JSONPointer {
        JSONPointer(components: components + other.components)
    }
}
