import Foundation

/// A random Encodable value of any shape, driving keyed, unkeyed and single-value containers
/// the way hand-written and synthesized `encode(to:)` implementations do.
indirect enum RandomEncodable: Encodable {
    case null
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
    case int128(Int128)
    case uint128(UInt128)
    case double(Double)
    case float(Float)
    case date(Date)
    case data(Data)
    case url(URL)
    case uuid(UUID)
    case decimal(Decimal)
    case optional(RandomEncodable?)
    /// Members written through one keyed container; `how` picks the container call.
    case keyed([Member])
    case unkeyed([Element])
    /// `singleValueContainer().encode(inner)`.
    case single(RandomEncodable)
    case stringDictionary([String: RandomEncodable])
    case intDictionary([Int: RandomEncodable])
    case dateArray([Date])
    case nothing
    /// Writes the coding path its encoder reports, as a string.
    case pathProbe

    struct Member {
        /// `containerPath` writes the container's own coding path as the member's value.
        enum How { case direct, nested, superEncoder, superEncoderForKey, encodeIfPresent, containerPath }
        var key: String
        var how: How
        var value: RandomEncodable
    }

    struct Element {
        enum How { case direct, nested, superEncoder, containerPath }
        var how: How
        var value: RandomEncodable
    }

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    func encode(to encoder: any Encoder) throws {
        switch self {
        case .keyed(let members):
            var container = encoder.container(keyedBy: Key.self)
            try Self.encode(members, into: &container)
        case .unkeyed(let elements):
            var container = encoder.unkeyedContainer()
            try Self.encode(elements, into: &container)
        case .single(let inner):
            var container = encoder.singleValueContainer()
            try container.encode(inner)
        case .stringDictionary(let dictionary):
            try dictionary.encode(to: encoder)
        case .intDictionary(let dictionary):
            try dictionary.encode(to: encoder)
        case .dateArray(let dates):
            try dates.encode(to: encoder)
        case .nothing:
            break
        case .pathProbe:
            var container = encoder.singleValueContainer()
            try container.encode(PathReporter.render(encoder.codingPath))
        default:
            var container = encoder.singleValueContainer()
            try encodePrimitiveOrValue(into: &container)
        }
    }

    static func encode(_ members: [Member], into container: inout KeyedEncodingContainer<Key>) throws {
        for member in members {
            let key = Key(stringValue: member.key)
            switch member.how {
            case .direct: try member.value.encodePrimitiveOrValue(into: &container, forKey: key)
            case .encodeIfPresent: try container.encodeIfPresent(member.value, forKey: key)
            case .nested: try member.value.encodeNested(into: &container, forKey: key)
            case .superEncoder: try member.value.encode(to: container.superEncoder())
            case .superEncoderForKey: try member.value.encode(to: container.superEncoder(forKey: key))
            case .containerPath: try container.encode(PathReporter.render(container.codingPath), forKey: key)
            }
        }
    }

    static func encode(_ elements: [Element], into container: inout any UnkeyedEncodingContainer) throws {
        for element in elements {
            switch element.how {
            case .direct: try element.value.encodePrimitiveOrValue(into: &container)
            case .nested: try element.value.encodeNested(into: &container)
            case .superEncoder: try element.value.encode(to: container.superEncoder())
            case .containerPath: try container.encode(PathReporter.render(container.codingPath))
            }
        }
    }

    /// Writes through `nestedContainer`/`nestedUnkeyedContainer` when the value is a container,
    /// its own members and elements as they say (nested again, super encoders, paths).
    func encodeNested(into container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .keyed(let members):
            var nested = container.nestedContainer(keyedBy: Key.self, forKey: key)
            try Self.encode(members, into: &nested)
        case .unkeyed(let elements):
            var nested = container.nestedUnkeyedContainer(forKey: key)
            try Self.encode(elements, into: &nested)
        default:
            try encodePrimitiveOrValue(into: &container, forKey: key)
        }
    }

    func encodeNested(into container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .keyed(let members):
            var nested = container.nestedContainer(keyedBy: Key.self)
            try Self.encode(members, into: &nested)
        case .unkeyed(let elements):
            var nested = container.nestedUnkeyedContainer()
            try Self.encode(elements, into: &nested)
        default:
            try encodePrimitiveOrValue(into: &container)
        }
    }

    /// Whether the value holds a `[String: Value]` dictionary of several entries, whose order a
    /// copy of it may change.
    var hasHashOrderedEntries: Bool {
        switch self {
        case .stringDictionary(let dictionary):
            dictionary.count > 1 || dictionary.values.contains { $0.hasHashOrderedEntries }
        case .intDictionary(let dictionary): dictionary.values.contains { $0.hasHashOrderedEntries }
        case .keyed(let members): members.contains { $0.value.hasHashOrderedEntries }
        case .unkeyed(let elements): elements.contains { $0.value.hasHashOrderedEntries }
        case .single(let inner): inner.hasHashOrderedEntries
        case .optional(let inner?): inner.hasHashOrderedEntries
        default: false
        }
    }

    func encodePrimitiveOrValue(into container: inout KeyedEncodingContainer<Key>, forKey key: Key) throws {
        switch self {
        case .null: try container.encodeNil(forKey: key)
        case .bool(let value): try container.encode(value, forKey: key)
        case .string(let value): try container.encode(value, forKey: key)
        case .int(let value): try container.encode(value, forKey: key)
        case .int8(let value): try container.encode(value, forKey: key)
        case .int16(let value): try container.encode(value, forKey: key)
        case .int32(let value): try container.encode(value, forKey: key)
        case .int64(let value): try container.encode(value, forKey: key)
        case .uint(let value): try container.encode(value, forKey: key)
        case .uint8(let value): try container.encode(value, forKey: key)
        case .uint16(let value): try container.encode(value, forKey: key)
        case .uint32(let value): try container.encode(value, forKey: key)
        case .uint64(let value): try container.encode(value, forKey: key)
        case .int128(let value): try container.encode(value, forKey: key)
        case .uint128(let value): try container.encode(value, forKey: key)
        case .double(let value): try container.encode(value, forKey: key)
        case .float(let value): try container.encode(value, forKey: key)
        case .date(let value): try container.encode(value, forKey: key)
        case .data(let value): try container.encode(value, forKey: key)
        case .url(let value): try container.encode(value, forKey: key)
        case .uuid(let value): try container.encode(value, forKey: key)
        case .decimal(let value): try container.encode(value, forKey: key)
        case .optional(let value): try container.encode(value, forKey: key)
        default: try container.encode(self, forKey: key)
        }
    }

    func encodePrimitiveOrValue(into container: inout any UnkeyedEncodingContainer) throws {
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .int128(let value): try container.encode(value)
        case .uint128(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .uuid(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .optional(let value): try container.encode(value)
        default: try container.encode(self)
        }
    }

    func encodePrimitiveOrValue(into container: inout any SingleValueEncodingContainer) throws {
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .int8(let value): try container.encode(value)
        case .int16(let value): try container.encode(value)
        case .int32(let value): try container.encode(value)
        case .int64(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .uint8(let value): try container.encode(value)
        case .uint16(let value): try container.encode(value)
        case .uint32(let value): try container.encode(value)
        case .uint64(let value): try container.encode(value)
        case .int128(let value): try container.encode(value)
        case .uint128(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .float(let value): try container.encode(value)
        case .date(let value): try container.encode(value)
        case .data(let value): try container.encode(value)
        case .url(let value): try container.encode(value)
        case .uuid(let value): try container.encode(value)
        case .decimal(let value): try container.encode(value)
        case .optional(let value): try container.encode(value)
        default: try container.encode(self)
        }
    }
}
