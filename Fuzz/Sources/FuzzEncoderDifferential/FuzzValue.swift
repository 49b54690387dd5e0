import Foundation
import FuzzCommon

/// A value built from fuzz bytes whose `encode(to:)` drives every kind of container: keyed (with
/// any key text), unkeyed, single values, nested containers, super encoders, `encodeIfPresent`
/// and `encodeNil`, and nested containers written after their parent moved on.
indirect enum FuzzValue: Encodable {
    /// Asks for no container at all (an empty object where Foundation fills one in, an error at the top).
    case nothing
    case single(FuzzScalar)
    case singleNil
    case keyed([KeyedEntry])
    case unkeyed([UnkeyedEntry])

    enum KeyedEntry {
        case scalar(String, FuzzScalar)
        case ifPresent(String, FuzzScalar?)
        case null(String)
        case value(String, FuzzValue)
        case nestedKeyed(String, [KeyedEntry])
        case nestedUnkeyed(String, [UnkeyedEntry])
        /// `superEncoder()` when the key is nil, else `superEncoder(forKey:)`.
        case superEncoder(String?, FuzzValue)
        /// A nested keyed container obtained now and written only after the parent's other entries.
        case lateNestedKeyed(String, [KeyedEntry])

        /// The key, `nil` for `superEncoder()` (which uses `"super"`).
        var key: String? {
            switch self {
            case .scalar(let key, _), .ifPresent(let key, _), .null(let key), .value(let key, _),
                .nestedKeyed(let key, _),
                .nestedUnkeyed(let key, _), .lateNestedKeyed(let key, _):
                key
            case .superEncoder(let key, _): key
            }
        }

        /// The entry under another key.
        func withKey(_ key: String) -> KeyedEntry {
            switch self {
            case .scalar(_, let scalar): .scalar(key, scalar)
            case .ifPresent(_, let scalar): .ifPresent(key, scalar)
            case .null: .null(key)
            case .value(_, let value): .value(key, value)
            case .nestedKeyed(_, let entries): .nestedKeyed(key, entries)
            case .nestedUnkeyed(_, let entries): .nestedUnkeyed(key, entries)
            case .superEncoder(_, let value): .superEncoder(key, value)
            case .lateNestedKeyed(_, let entries): .lateNestedKeyed(key, entries)
            }
        }
    }

    enum UnkeyedEntry {
        case scalar(FuzzScalar)
        case null
        case value(FuzzValue)
        case nestedKeyed([KeyedEntry])
        case nestedUnkeyed([UnkeyedEntry])
        case superEncoder(FuzzValue)
        case lateNestedUnkeyed([UnkeyedEntry])
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .nothing:
            break
        case .single(let scalar):
            var container = encoder.singleValueContainer()
            try scalar.encode(into: &container)
        case .singleNil:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .keyed(let entries):
            var container = encoder.container(keyedBy: FuzzKey.self)
            try Self.encode(entries, into: &container)
        case .unkeyed(let entries):
            var container = encoder.unkeyedContainer()
            try Self.encode(entries, into: &container)
        }
    }

    static func encode(_ entries: [KeyedEntry], into container: inout KeyedEncodingContainer<FuzzKey>) throws {
        var late: [() throws -> Void] = []
        for entry in entries {
            switch entry {
            case .scalar(let key, let scalar):
                try scalar.encode(into: &container, forKey: FuzzKey(key))
            case .ifPresent(let key, let scalar):
                try FuzzScalar.encodeIfPresent(scalar, into: &container, forKey: FuzzKey(key))
            case .null(let key):
                try container.encodeNil(forKey: FuzzKey(key))
            case .value(let key, let value):
                try container.encode(value, forKey: FuzzKey(key))
            case .nestedKeyed(let key, let nested):
                var inner = container.nestedContainer(keyedBy: FuzzKey.self, forKey: FuzzKey(key))
                try encode(nested, into: &inner)
            case .nestedUnkeyed(let key, let nested):
                var inner = container.nestedUnkeyedContainer(forKey: FuzzKey(key))
                try encode(nested, into: &inner)
            case .superEncoder(let key, let value):
                let encoder = key.map { container.superEncoder(forKey: FuzzKey($0)) } ?? container.superEncoder()
                try value.encode(to: encoder)
            case .lateNestedKeyed(let key, let nested):
                var inner = container.nestedContainer(keyedBy: FuzzKey.self, forKey: FuzzKey(key))
                late.append { try encode(nested, into: &inner) }
            }
        }
        for write in late { try write() }
    }

    static func encode(_ entries: [UnkeyedEntry], into container: inout any UnkeyedEncodingContainer) throws {
        var late: [() throws -> Void] = []
        for entry in entries {
            switch entry {
            case .scalar(let scalar):
                try scalar.encode(into: &container)
            case .null:
                try container.encodeNil()
            case .value(let value):
                try container.encode(value)
            case .nestedKeyed(let nested):
                var inner = container.nestedContainer(keyedBy: FuzzKey.self)
                try encode(nested, into: &inner)
            case .nestedUnkeyed(let nested):
                var inner = container.nestedUnkeyedContainer()
                try encode(nested, into: &inner)
            case .superEncoder(let value):
                try value.encode(to: container.superEncoder())
            case .lateNestedUnkeyed(let nested):
                var inner = container.nestedUnkeyedContainer()
                late.append { try encode(nested, into: &inner) }
            }
        }
        for write in late { try write() }
    }
}

/// A coding key with any text, as fuzz bytes spell it.
struct FuzzKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ text: String) { stringValue = text }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// One primitive, of every type `Encoder` containers take directly plus Foundation's special cases.
enum FuzzScalar {
    case bool(Bool)
    case string(String)
    case int(Int)
    case int8(Int8)
    case int16(Int16)
    case int32(Int32)
    case int64(Int64)
    case uint(UInt)
    case uint8(UInt8)
    case uint16(UInt16)
    case uint32(UInt32)
    case uint64(UInt64)
    case float(Float)
    case double(Double)
    case date(Date)
    case data(Data)
    case url(URL)
    case uuid(UUID)
    case decimal(Decimal)

    func encode(into container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .bool(let v): try container.encode(v)
        case .string(let v): try container.encode(v)
        case .int(let v): try container.encode(v)
        case .int8(let v): try container.encode(v)
        case .int16(let v): try container.encode(v)
        case .int32(let v): try container.encode(v)
        case .int64(let v): try container.encode(v)
        case .uint(let v): try container.encode(v)
        case .uint8(let v): try container.encode(v)
        case .uint16(let v): try container.encode(v)
        case .uint32(let v): try container.encode(v)
        case .uint64(let v): try container.encode(v)
        case .float(let v): try container.encode(v)
        case .double(let v): try container.encode(v)
        case .date(let v): try container.encode(v)
        case .data(let v): try container.encode(v)
        case .url(let v): try container.encode(v)
        case .uuid(let v): try container.encode(v)
        case .decimal(let v): try container.encode(v)
        }
    }

    func encode(into container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .bool(let v): try container.encode(v)
        case .string(let v): try container.encode(v)
        case .int(let v): try container.encode(v)
        case .int8(let v): try container.encode(v)
        case .int16(let v): try container.encode(v)
        case .int32(let v): try container.encode(v)
        case .int64(let v): try container.encode(v)
        case .uint(let v): try container.encode(v)
        case .uint8(let v): try container.encode(v)
        case .uint16(let v): try container.encode(v)
        case .uint32(let v): try container.encode(v)
        case .uint64(let v): try container.encode(v)
        case .float(let v): try container.encode(v)
        case .double(let v): try container.encode(v)
        case .date(let v): try container.encode(v)
        case .data(let v): try container.encode(v)
        case .url(let v): try container.encode(v)
        case .uuid(let v): try container.encode(v)
        case .decimal(let v): try container.encode(v)
        }
    }

    func encode(into container: inout KeyedEncodingContainer<FuzzKey>, forKey key: FuzzKey) throws {
        switch self {
        case .bool(let v): try container.encode(v, forKey: key)
        case .string(let v): try container.encode(v, forKey: key)
        case .int(let v): try container.encode(v, forKey: key)
        case .int8(let v): try container.encode(v, forKey: key)
        case .int16(let v): try container.encode(v, forKey: key)
        case .int32(let v): try container.encode(v, forKey: key)
        case .int64(let v): try container.encode(v, forKey: key)
        case .uint(let v): try container.encode(v, forKey: key)
        case .uint8(let v): try container.encode(v, forKey: key)
        case .uint16(let v): try container.encode(v, forKey: key)
        case .uint32(let v): try container.encode(v, forKey: key)
        case .uint64(let v): try container.encode(v, forKey: key)
        case .float(let v): try container.encode(v, forKey: key)
        case .double(let v): try container.encode(v, forKey: key)
        case .date(let v): try container.encode(v, forKey: key)
        case .data(let v): try container.encode(v, forKey: key)
        case .url(let v): try container.encode(v, forKey: key)
        case .uuid(let v): try container.encode(v, forKey: key)
        case .decimal(let v): try container.encode(v, forKey: key)
        }
    }

    /// `encodeIfPresent` with the optional's static type, so the typed overloads are the ones called.
    static func encodeIfPresent(
        _ scalar: FuzzScalar?, into container: inout KeyedEncodingContainer<FuzzKey>, forKey key: FuzzKey
    ) throws {
        guard let scalar else {
            // A nil of a primitive type and a nil of a Foundation type.
            try container.encodeIfPresent(String?.none, forKey: key)
            try container.encodeIfPresent(Date?.none, forKey: key)
            return
        }
        switch scalar {
        case .bool(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .string(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .int(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .int8(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .int16(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .int32(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .int64(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .uint(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .uint8(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .uint16(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .uint32(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .uint64(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .float(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .double(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .date(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .data(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .url(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .uuid(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        case .decimal(let v): try container.encodeIfPresent(Optional(v), forKey: key)
        }
    }
}

/// Builds a ``FuzzValue`` from bytes. Nesting is bounded so that the 512-level limit is reachable
/// but the build stays linear in the input.
struct FuzzValueBuilder {
    var input: FuzzBytes
    /// Whether the value holds a `Float` or a `Decimal`, whose text as the Objective-C writer
    /// writes it does not follow from Foundation's text alone (a `Float` is widened from its
    /// value, a `Decimal` keeps its digits).
    private(set) var hasFloatOrDecimal = false
    /// Keys come from here half the time, so collisions (and snake-case collisions) are common.
    private static let commonKeys = [
        "a", "b", "eta", "etaDate", "eta_date", "URLValue", "myURLValue", "_leading", "trailing_", "a/b", "\"q\"", "\\",
        "\u{0}", "\u{1F}", "\u{7F}", "é", "e\u{301}", "\u{2028}", "\u{FEFF}", "😀", "", "super", "0", "camelCaseKey",
        "HTTP2Server",
    ]

    static let maximumDepth = 520

    init(_ bytes: [UInt8]) {
        input = FuzzBytes(bytes)
    }

    mutating func value(depth: Int = 0) -> FuzzValue {
        let selector = input.byte()
        if depth >= Self.maximumDepth { return .single(.bool(true)) }
        switch selector % 16 {
        case 0: return .nothing
        case 1: return .singleNil
        case 2, 3, 4, 5: return .single(scalar())
        case 6, 7, 8, 9, 10: return .keyed(keyedEntries(depth: depth + 1))
        default: return .unkeyed(unkeyedEntries(depth: depth + 1))
        }
    }

    /// Entry counts: the high bits of a byte; 0 to 7, and a run of 0x00 bytes ends a container.
    private mutating func count() -> Int {
        input.isExhausted ? 0 : input.below(8)
    }

    mutating func keyedEntries(depth: Int) -> [FuzzValue.KeyedEntry] {
        Self.separatingContainerKeys((0..<count()).map { _ in keyedEntry(depth: depth) })
    }

    /// Foundation's JSONEncoder traps (a precondition, not an error) when a nested container or
    /// super encoder is asked for under a key that already holds another value, so such entries
    /// get a key no other entry of the container has, also after `.convertToSnakeCase`
    /// (compared lowercased without underscores, which is stricter). Scalars keep repeated keys.
    private static func separatingContainerKeys(_ entries: [FuzzValue.KeyedEntry]) -> [FuzzValue.KeyedEntry] {
        func folded(_ key: String) -> String { key.lowercased().filter { $0 != "_" } }
        func isContainer(_ entry: FuzzValue.KeyedEntry) -> Bool {
            switch entry {
            case .nestedKeyed, .nestedUnkeyed, .lateNestedKeyed, .superEncoder: true
            default: false
            }
        }
        func key(of entry: FuzzValue.KeyedEntry) -> String { entry.key ?? "super" }
        var counts: [String: Int] = [:]
        for entry in entries { counts[folded(key(of: entry)), default: 0] += 1 }
        guard entries.contains(where: { isContainer($0) && counts[folded(key(of: $0))]! > 1 }) else { return entries }
        var result: [FuzzValue.KeyedEntry] = []
        for (offset, entry) in entries.enumerated() {
            let original = key(of: entry)
            guard isContainer(entry), counts[folded(original)]! > 1 else {
                result.append(entry)
                continue
            }
            var renamed = original + "-c\(offset)"
            while counts[folded(renamed)] != nil { renamed += "x" }
            counts[folded(renamed)] = 1
            result.append(entry.withKey(renamed))
        }
        return result
    }

    mutating func unkeyedEntries(depth: Int) -> [FuzzValue.UnkeyedEntry] {
        (0..<count()).map { _ in unkeyedEntry(depth: depth) }
    }

    private mutating func keyedEntry(depth: Int) -> FuzzValue.KeyedEntry {
        let selector = input.byte()
        let key = key()
        guard depth < Self.maximumDepth else { return .scalar(key, .int(0)) }
        switch selector % 16 {
        case 0...4: return .scalar(key, scalar())
        case 5: return .ifPresent(key, input.byte() & 1 == 0 ? nil : scalar())
        case 6: return .null(key)
        case 7, 8: return .value(key, value(depth: depth))
        case 9, 10: return .nestedKeyed(key, keyedEntries(depth: depth + 1))
        case 11, 12: return .nestedUnkeyed(key, unkeyedEntries(depth: depth + 1))
        case 13: return .superEncoder(input.byte() & 1 == 0 ? nil : key, value(depth: depth))
        default: return .lateNestedKeyed(key, keyedEntries(depth: depth + 1))
        }
    }

    private mutating func unkeyedEntry(depth: Int) -> FuzzValue.UnkeyedEntry {
        let selector = input.byte()
        guard depth < Self.maximumDepth else { return .scalar(.int(0)) }
        switch selector % 16 {
        case 0...4: return .scalar(scalar())
        case 5: return .null
        case 6, 7: return .value(value(depth: depth))
        case 8, 9, 10: return .nestedKeyed(keyedEntries(depth: depth + 1))
        case 11, 12, 13: return .nestedUnkeyed(unkeyedEntries(depth: depth + 1))
        case 14: return .superEncoder(value(depth: depth))
        default: return .lateNestedUnkeyed(unkeyedEntries(depth: depth + 1))
        }
    }

    private mutating func key() -> String {
        let selector = input.byte()
        if Int(selector) < Self.commonKeys.count { return Self.commonKeys[Int(selector)] }
        return input.string(maximumLength: 12)
    }

    mutating func scalar() -> FuzzScalar {
        switch input.below(19) {
        case 0: return .bool(input.byte() & 1 == 1)
        case 1: return .string(input.string())
        case 2: return .int(input.integer())
        case 3: return .int8(input.integer())
        case 4: return .int16(input.integer())
        case 5: return .int32(input.integer())
        case 6: return .int64(extremeOr(input.integer(Int64.self), [.min, .max, -1, 0]))
        case 7: return .uint(input.integer())
        case 8: return .uint8(input.integer())
        case 9: return .uint16(input.integer())
        case 10: return .uint32(input.integer())
        case 11: return .uint64(extremeOr(input.integer(UInt64.self), [.max, 0, 1 << 63]))
        case 12:
            hasFloatOrDecimal = true
            return .float(input.float())
        case 13: return .double(input.double())
        case 14:
            let seconds = input.double()
            return .date(Date(timeIntervalSinceReferenceDate: seconds))
        case 15: return .data(Data((0..<input.below(40)).map { _ in input.byte() }))
        case 16:
            let text = input.string()
            return .url(URL(string: text) ?? URL(string: "https://example.com/a%20b?q=\u{e9}#f")!)
        case 17:
            let bytes = (0..<16).map { _ in input.byte() }
            return .uuid(
                UUID(
                    uuid: (
                        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                        bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                    )))
        default:
            hasFloatOrDecimal = true
            return .decimal(decimal())
        }
    }

    private mutating func extremeOr<T: FixedWidthInteger>(_ value: T, _ extremes: [T]) -> T {
        let selector = input.byte()
        return Int(selector) < extremes.count ? extremes[Int(selector)] : value
    }

    private mutating func decimal() -> Decimal {
        let selector = input.byte()
        switch selector {
        case 0: return Decimal.greatestFiniteMagnitude
        case 1: return Decimal.leastFiniteMagnitude
        case 2: return Decimal.leastNonzeroMagnitude
        case 3: return -Decimal.leastNonzeroMagnitude
        case 4: return Decimal(string: "0.1")!
        case 5: return Decimal(string: "-0")!
        default:
            let significand = Decimal(input.integer(UInt64.self))
            let exponent = Int(input.integer(Int8.self))
            return Decimal(sign: selector & 1 == 0 ? .plus : .minus, exponent: exponent, significand: significand)
        }
    }
}
