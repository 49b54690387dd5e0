/// One step of a coding path, kept cheap until a path is actually asked for.
enum EncodingPathComponent {
    /// A key of the caller's own `CodingKey` type.
    case key(any CodingKey)
    /// An index in an unkeyed container (Foundation's "Index 3").
    case index(Int)
    /// A key of a `[String: Value]` dictionary, which Foundation encodes without key conversion.
    case string(String)

    /// The component as Foundation puts it in `codingPath`.
    var codingKey: any CodingKey {
        switch self {
        case .key(let key): key
        case .index(let index): PayloadCodingKey(index: index)
        case .string(let string): PayloadCodingKey(stringValue: string)
        }
    }
}
