/// A JSON Pointer (RFC 6901) such as `/aps/content-state/eta`, used to name a place in a payload.
///
/// The root is the empty pointer; since `/` would name the key `""`, messages print the root as
/// `(root)`.
///
/// A pointer may also stand for many places at once: `/legs/*/gate` names the `gate` of every
/// element of `legs` (in a worst-case bound, `*` also stands for every value of a dictionary).
/// Such a pointer is a pattern, printed with `*`, and is not an RFC 6901 pointer: RFC 6901 reads
/// `/legs/*` as the member named `*`. Its text does not tell a key spelled `*` from a `*` that
/// stands for every element; where a pattern is written down to be read back (a size baseline
/// file), a key spelled `*` is written `~2`, an escape RFC 6901 leaves unused.
public struct JSONPointer: Sendable, Hashable, CustomStringConvertible {
    /// One step of a pointer: an object key, an array index, or every element of an array.
    @_spi(Internals) public enum Component: Sendable, Hashable {
        /// An object key, unescaped.
        case key(String)
        /// A zero-based array index.
        case index(Int)
        /// Every element of an array, printed `*`: a pointer holding it is a pattern.
        case anyIndex
    }

    /// The steps from the root, outermost first; empty for the root.
    @_spi(Internals) public private(set) var components: [Component]

    /// The root of the document.
    public static let root = JSONPointer(components: [])

    /// A pointer made of `components`, outermost first.
    @_spi(Internals) public init(components: [Component]) {
        self.components = components
    }

    /// A pointer made of object keys, for example `JSONPointer("aps", "content-state")`.
    public init(_ keys: String...) {
        self.components = keys.map(Component.key)
    }

    /// This pointer extended by an object key.
    @_spi(Internals) public func appending(_ key: String) -> JSONPointer {
        var copy = self
        copy.components.append(.key(key))
        return copy
    }

    /// This pointer extended by an array index.
    @_spi(Internals) public func appending(index: Int) -> JSONPointer {
        var copy = self
        copy.components.append(.index(index))
        return copy
    }

    /// The RFC 6901 form: `~` written as `~0` and `/` as `~1`; the root is the empty string.
    /// A pattern writes `*` for every element of an array.
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
            case .anyIndex:
                text.append("*")
            }
        }
        return text
    }

    /// The form used in messages: the RFC 6901 text, or `(root)` for the whole document.
    ///
    /// Control characters in keys are written as JSON escapes (`/a\nb`), so a message that
    /// names a key stays on one line.
    public var description: String {
        components.isEmpty ? "(root)" : Self.escapingControlCharacters(rawValue)
    }

    /// `text` with U+0000–U+001F and U+007F written as JSON writes them (`\n`, `\t`, `\u001b`),
    /// for messages that must stay on one line; other characters, `\` included, are kept.
    package static func escapingControlCharacters(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x08: escaped += "\\b"
            case 0x09: escaped += "\\t"
            case 0x0A: escaped += "\\n"
            case 0x0C: escaped += "\\f"
            case 0x0D: escaped += "\\r"
            case 0x00..<0x20, 0x7F:
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }
}
