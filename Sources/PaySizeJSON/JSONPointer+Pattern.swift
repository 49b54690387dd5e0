extension JSONPointer {
    /// Whether the pointer stands for many places: it holds `*` for every element of an array.
    package var isPattern: Bool {
        components.contains(.anyIndex)
    }

    /// The same pointer with every array index replaced by `*`: the pattern of every place
    /// that differs from this one only in array positions.
    package var folded: JSONPointer {
        JSONPointer(
            components: components.map { component in
                if case .index = component { return .anyIndex }
                return component
            })
    }

    /// This pointer extended by one component.
    package func appending(_ component: Component) -> JSONPointer {
        JSONPointer(components: components + [component])
    }

    /// Whether this pointer starts with `prefix`, a `*` on either side matching any index (and
    /// `*`), never a key: `/legs/3/gate` and `/legs/*/gate` both start with `/legs/*`.
    package func hasPrefix(_ prefix: JSONPointer) -> Bool {
        guard prefix.components.count <= components.count else { return false }
        return zip(components, prefix.components).allSatisfy { Self.matches($0, $1) }
    }

    /// Whether two components can name the same step: equal, or an index and `*`.
    package static func matches(_ lhs: Component, _ rhs: Component) -> Bool {
        switch (lhs, rhs) {
        case (.anyIndex, .index), (.index, .anyIndex), (.anyIndex, .anyIndex): true
        default: lhs == rhs
        }
    }
}
