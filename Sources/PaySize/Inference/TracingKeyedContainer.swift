/// The keyed container a ``DecodingTracer`` hands out: each key read becomes a property, and
/// each read answers as the pass's probe says (a missing key throws `keyNotFound`, as
/// `JSONDecoder` does).
struct TracingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let inference: SchemaInference
    let pass: InferencePass
    let recording: DecodingTrace
    let codingPath: [any CodingKey]
    let isRoot: Bool

    var allKeys: [Key] {
        if isRoot {
            if let offered = pass.offeredKey {
                return Key(stringValue: offered).map { [$0] } ?? []
            }
            pass.listRootKeys = { EnumCases.names(of: Key.self) }
        } else {
            recording.note("init(from:) lists the keys present (allKeys) here, which cannot be inferred")
        }
        return []
    }

    private func site(_ key: Key) -> JSONPointer { JSONPointer(codingPath: codingPath + [key]) }

    /// The recording of `key`, noted as a place this run read.
    private func visit(_ key: Key) -> DecodingTrace {
        let child = recording.property(key.stringValue)
        pass.visit(site(key), child)
        return child
    }

    func contains(_ key: Key) -> Bool {
        let child = visit(key)
        if child.kind == .unknown { child.onlyPresenceChecked = true }
        return pass.answer(at: site(key), reading: Never.self) != .absent
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        let child = visit(key)
        child.requiredHint = true
        child.nullableHint = true
        switch pass.answer(at: site(key), reading: Never.self) {
        case .absent: throw InferencePass.error(.absent, reading: Never.self, key: key, at: codingPath)
        case .null: return true
        default: return false
        }
    }

    private func read<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let child = visit(key)
        child.requiredHint = true
        let answer = pass.answer(at: site(key), reading: type)
        switch answer {
        case .value, .unusual:
            return try DecodingTracer.read(
                type, into: child, using: inference, pass: pass, at: site(key), codingPath: codingPath + [key],
                unusual: answer == .unusual)
        default:
            child.record(inference.infer(type).schema)
            if answer == .null, let none = DecodingTracer.none(of: type) { return none }
            throw InferencePass.error(answer, reading: type, key: key, at: codingPath)
        }
    }

    private func readIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        let child = visit(key)
        child.nullableHint = true
        let answer = pass.answer(at: site(key), reading: type)
        switch answer {
        case .absent, .null:
            child.record(inference.infer(type).schema)
            return nil
        case .value, .unusual:
            do {
                return try DecodingTracer.read(
                    type, into: child, using: inference, pass: pass, at: site(key), codingPath: codingPath + [key],
                    unusual: answer == .unusual)
            } catch let stop as InferenceStop {
                // No value of the type can be made (yet): read it as absent rather than stop here.
                _ = stop
                return nil
            }
        case .mismatch, .corrupted:
            child.record(inference.infer(type).schema)
            throw InferencePass.error(answer, reading: type, key: key, at: codingPath)
        }
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

    /// A nested container's place must hold a value of the container's kind.
    private func openNested(_ key: Key, as kind: DecodingTrace.Kind) throws -> DecodingTrace {
        let child = visit(key)
        child.requiredHint = true
        child.become(kind)
        let answer = pass.answer(at: site(key), reading: DecodingTrace.self)
        if answer != .value && answer != .unusual {
            throw InferencePass.error(answer, reading: DecodingTrace.self, key: key, at: codingPath)
        }
        return child
    }

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let child = try openNested(key, as: .keyed)
        return KeyedDecodingContainer(
            TracingKeyedContainer<NestedKey>(
                inference: inference, pass: pass, recording: child, codingPath: codingPath + [key], isRoot: false))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let child = try openNested(key, as: .unkeyed)
        return TracingUnkeyedContainer(
            inference: inference, pass: pass, recording: child, codingPath: codingPath + [key])
    }

    func superDecoder() throws -> any Decoder {
        // Foundation's `superDecoder()` reads the key "super".
        try superDecoder(named: "super")
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        try superDecoder(named: key.stringValue)
    }

    /// `JSONDecoder` hands out a decoder even for a missing key (reading it finds `null`), so
    /// a probed fault shows when the superclass opens its container.
    private func superDecoder(named name: String) throws -> any Decoder {
        let key = DecodingTracer.NamedKey(name)
        let child = recording.property(name)
        child.requiredHint = true
        let path = codingPath + [key]
        pass.visit(JSONPointer(codingPath: path), child)
        return DecodingTracer(inference: inference, pass: pass, recording: child, codingPath: path)
    }
}
