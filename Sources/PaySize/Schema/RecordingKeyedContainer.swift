/// The keyed container a ``SchemaRecorder`` hands out: each key read becomes a property.
struct RecordingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let inference: SchemaInference
    let pass: InferencePass
    let recording: Recording
    let codingPath: [any CodingKey]
    let isRoot: Bool

    var allKeys: [Key] {
        if isRoot {
            if let offered = pass.offeredKey {
                return Key(stringValue: offered).map { [$0] } ?? []
            }
            pass.listRootKeys = { CodingKeyCases.names(of: Key.self) }
        } else {
            recording.note("init(from:) lists the keys present (allKeys) here, which cannot be inferred")
        }
        return []
    }

    func contains(_ key: Key) -> Bool {
        pass.checksPresence = true
        return pass.mode == .keysPresent
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        pass.checksPresence = true
        recording.property(key.stringValue, required: true).nullable = true
        return false
    }

    private func path(_ key: Key) -> [any CodingKey] { codingPath + [key] }

    private func read<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try SchemaRecorder.read(
            type, into: recording.property(key.stringValue, required: true), using: inference, at: path(key))
    }

    private func readIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        pass.checksPresence = true
        let property = recording.property(key.stringValue, required: false)
        property.nullable = true
        let inferred = inference.infer(type)
        property.record(inferred.schema)
        guard pass.mode == .keysPresent else { return nil }
        return inferred.value as? T
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try read(type, forKey: key) }
    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try read(type, forKey: key) }
    func decode(_ type: String.Type, forKey key: Key) throws -> String { try read(type, forKey: key) }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try read(type, forKey: key) }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try read(type, forKey: key) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try read(type, forKey: key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try read(type, forKey: key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try read(type, forKey: key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try read(type, forKey: key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try read(type, forKey: key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try read(type, forKey: key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try read(type, forKey: key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try read(type, forKey: key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try read(type, forKey: key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try read(type, forKey: key) }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try readIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? { try readIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try readIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try readIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? { try readIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try readIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try readIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try readIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try readIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try readIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try readIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try readIfPresent(type, forKey: key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try readIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try readIfPresent(type, forKey: key)
    }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try readIfPresent(type, forKey: key)
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let child = recording.property(key.stringValue, required: true)
        child.become(.keyed)
        return KeyedDecodingContainer(
            RecordingKeyedContainer<NestedKey>(
                inference: inference, pass: pass, recording: child, codingPath: path(key), isRoot: false))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let child = recording.property(key.stringValue, required: true)
        child.become(.unkeyed)
        return RecordingUnkeyedContainer(inference: inference, pass: pass, recording: child, codingPath: path(key))
    }

    func superDecoder() throws -> any Decoder {
        // Foundation's `superDecoder()` reads the key "super".
        let child = recording.property("super", required: true)
        return SchemaRecorder(inference: inference, pass: pass, recording: child, codingPath: codingPath)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        let child = recording.property(key.stringValue, required: true)
        return SchemaRecorder(inference: inference, pass: pass, recording: child, codingPath: path(key))
    }
}
