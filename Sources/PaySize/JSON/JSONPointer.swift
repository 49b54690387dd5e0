/// A JSON Pointer (RFC 6901) such as `/aps/content-state/eta`, used to name a place in a payload.
///
/// The root is the empty pointer; since `/` would name the key `""`, messages print the root as
/// `(root)`.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// One step of a pointer: an object key or an array index.
    public enum Component: Sendable, Hashable {
        case key(String)
        case index(Int)
    }

    public private(set) var components: [Component]

    /// The root of the document.
    public static let root = JSONPointer(components: [])

    public init(components: [Component]) {
        self.components = components
    }

    /// A pointer made of object keys, for example `JSONPointer("aps", "content-state")`.
    public init(_ keys: String...) {
        self.components = keys.map(Component.key)
    }

    /// This pointer extended by an object key.
    public func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// This pointer extended by an array index.
    public func appending(index: Int) -> JSONPointer {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// The RFC 6901 form: `~` written as `~0` and `/` as `~1`; the root is the empty string.
    public var rawValue: String {
        var text = ""
        for component in components {
            text.append("/")
            switch component {
            case .key(let key):
                for character in key {
                    switch character {
                    case "~": text.append("~0")
                    case "/": text.append("~1")
                    default: text.append(character)
                    }
                }
            case .index(let index):
                text.append(String(index))
            }
        }
        return text
    }

    /// The form used in messages: the RFC 6901 text, or `(root)` for the whole document.
    public var description: String {
        components.isEmpty ? "(root)" : rawValue
    }
}
