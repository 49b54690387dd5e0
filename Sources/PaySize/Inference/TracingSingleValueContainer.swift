/// The single-value container a ``DecodingTracer`` hands out: the type read is the value's schema.
struct TracingSingleValueContainer: SingleValueDecodingContainer {
    let inference: SchemaInference
    let pass: InferencePass
    let recording: DecodingTrace
    let codingPath: [any CodingKey]

    private var site: JSONPointer { JSONPointer(codingPath: codingPath) }

    func decodeNil() -> Bool {
        recording.nullableHint = true
        pass.visit(site, recording)
        let answer = pass.answer(at: site, reading: Never.self)
        return answer == .null || answer == .absent
    }

    private func read<T: Decodable>(_ type: T.Type) throws -> T {
        pass.visit(site, recording)
        let answer = pass.answer(at: site, reading: type)
        switch answer {
        case .value, .unusual:
            return try DecodingTracer.read(
                type, into: recording, using: inference, pass: pass, at: site, codingPath: codingPath,
                unusual: answer == .unusual)
        default:
            recording.record(inference.infer(type).schema)
            if answer == .null, let none = DecodingTracer.none(of: type) { return none }
            throw InferencePass.error(answer == .absent ? .null : answer, reading: type, key: nil, at: codingPath)
        }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T { try read(type) }
    func decode(_ type: Bool.Type) throws -> Bool { try read(type) }
    func decode(_ type: String.Type) throws -> String { try read(type) }
    func decode(_ type: Double.Type) throws -> Double { try read(type) }
    func decode(_ type: Float.Type) throws -> Float { try read(type) }
    func decode(_ type: Int.Type) throws -> Int { try read(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try read(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try read(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try read(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try read(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try read(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try read(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try read(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try read(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try read(type) }
}
