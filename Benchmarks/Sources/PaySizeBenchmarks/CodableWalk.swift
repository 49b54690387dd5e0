// What a plain Codable encoder pays before it writes a byte: an `Encoder` whose containers write
// nothing, so walking a value through it costs only what Codable itself costs (the `encode(to:)`
// calls, a boxed container per keyed container, made the plain way with the runtime looking up
// the container type and its conformance each time, key `stringValue`s the type's own code asks
// for). PayloadEncoder skips those two lookups (README, "Performance"), so on some shapes it runs
// below this walk. The instruction counts in the README put PayloadEncoder beside it.

/// Walks a value through Codable and counts the values it was handed.
struct CodableWalk {
    /// Walks `value` and returns how many scalar values it encoded.
    static func walk<T: Encodable>(_ value: T) throws -> Int {
        let encoder = WalkEncoder()
        try value.encode(to: encoder)
        return encoder.state.count
    }
}

final class WalkState {
    var count = 0
}

struct WalkEncoder: Encoder {
    let state = WalkState()
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(WalkKeyedContainer<Key>(state: state))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { WalkUnkeyedContainer(state: state) }

    func singleValueContainer() -> any SingleValueEncodingContainer { WalkSingleValueContainer(state: state) }
}

struct WalkKeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let state: WalkState
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil(forKey key: Key) throws { state.count &+= 1 }
    mutating func encode(_ value: Bool, forKey key: Key) throws { state.count &+= 1 }
    mutating func encode(_ value: String, forKey key: Key) throws { state.count &+= 1 }
    mutating func encode(_ value: Double, forKey key: Key) throws { state.count &+= 1 }
    mutating func encode(_ value: Int, forKey key: Key) throws { state.count &+= 1 }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try value.encode(to: WalkChildEncoder(state: state))
    }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(WalkKeyedContainer<NestedKey>(state: state))
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        WalkUnkeyedContainer(state: state)
    }
    mutating func superEncoder() -> any Encoder { WalkChildEncoder(state: state) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { WalkChildEncoder(state: state) }
}

struct WalkUnkeyedContainer: UnkeyedEncodingContainer {
    let state: WalkState
    var codingPath: [any CodingKey] { [] }
    var count: Int { 0 }

    mutating func encodeNil() throws { state.count &+= 1 }
    mutating func encode(_ value: Bool) throws { state.count &+= 1 }
    mutating func encode(_ value: String) throws { state.count &+= 1 }
    mutating func encode(_ value: Double) throws { state.count &+= 1 }
    mutating func encode(_ value: Int) throws { state.count &+= 1 }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: WalkChildEncoder(state: state)) }
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type)
        -> KeyedEncodingContainer<NestedKey>
    {
        KeyedEncodingContainer(WalkKeyedContainer<NestedKey>(state: state))
    }
    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { WalkUnkeyedContainer(state: state) }
    mutating func superEncoder() -> any Encoder { WalkChildEncoder(state: state) }
}

struct WalkSingleValueContainer: SingleValueEncodingContainer {
    let state: WalkState
    var codingPath: [any CodingKey] { [] }

    mutating func encodeNil() throws { state.count &+= 1 }
    mutating func encode(_ value: Bool) throws { state.count &+= 1 }
    mutating func encode(_ value: String) throws { state.count &+= 1 }
    mutating func encode(_ value: Double) throws { state.count &+= 1 }
    mutating func encode(_ value: Int) throws { state.count &+= 1 }
    mutating func encode<T: Encodable>(_ value: T) throws { try value.encode(to: WalkChildEncoder(state: state)) }
}

/// The encoder handed to nested values: shares the parent's count.
struct WalkChildEncoder: Encoder {
    let state: WalkState
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(WalkKeyedContainer<Key>(state: state))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer { WalkUnkeyedContainer(state: state) }

    func singleValueContainer() -> any SingleValueEncodingContainer { WalkSingleValueContainer(state: state) }
}
