@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// A place in a payload, possibly standing for every element of an array: `/legs/*/gate`.
///
/// Edits address members by the key they were first read with, so a path written before a key
/// was shortened still finds it afterwards, and edits can be applied in any order.
struct ShrinkPath: Sendable, Hashable, CustomStringConvertible {
    enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
        /// Every element of an array.
        case anyIndex
    }

    var components: [Component]

    static let root = ShrinkPath(components: [])

    init(components: [Component]) {
        self.components = components
    }

    /// The path of a JSON Pointer, with its indices kept.
    init(_ pointer: JSONPointer) {
        components = pointer.components.map { component in
            switch component {
            case .key(let key): .key(key)
            case .index(let index): .index(index)
            }
        }
    }

    func appending(_ component: Component) -> ShrinkPath {
        ShrinkPath(components: components + [component])
    }

    /// The same path with every array index replaced by `*`.
    var folded: ShrinkPath {
        ShrinkPath(
            components: components.map { component in
                if case .index = component { return .anyIndex }
                return component
            })
    }

    /// The path as a JSON Pointer, or `nil` when it stands for every element of an array.
    var pointer: JSONPointer? {
        var result: [JSONPointer.Component] = []
        for component in components {
            switch component {
            case .key(let key): result.append(.key(key))
            case .index(let index): result.append(.index(index))
            case .anyIndex: return nil
            }
        }
        return JSONPointer(components: result)
    }

    /// Whether `self` starts with `prefix`, a `*` in either matching any index.
    func hasPrefix(_ prefix: ShrinkPath) -> Bool {
        guard prefix.components.count <= components.count else { return false }
        for (own, other) in zip(components, prefix.components) where !Self.matches(own, other) {
            return false
        }
        return true
    }

    static func matches(_ lhs: Component, _ rhs: Component) -> Bool {
        switch (lhs, rhs) {
        case (.anyIndex, .index), (.index, .anyIndex), (.anyIndex, .anyIndex): true
        default: lhs == rhs
        }
    }

    /// The last key of the path, if it ends in one.
    var lastKey: String? {
        if case .key(let key)? = components.last { return key }
        return nil
    }

    var parent: ShrinkPath {
        ShrinkPath(components: Array(components.dropLast()))
    }

    /// RFC 6901 text with `*` for every element; the root is the empty string.
    var rawValue: String {
        var text = ""
        for component in components {
            text += "/"
            switch component {
            case .key(let key): text += JSONPointer(key).rawValue.dropFirst()
            case .index(let index): text += String(index)
            case .anyIndex: text += "*"
            }
        }
        return text
    }

    /// The form used in messages: ``rawValue`` with control characters escaped, or `(root)`.
    var description: String {
        components.isEmpty ? "(root)" : JSONPointer.escapingControlCharacters(rawValue)
    }
}
