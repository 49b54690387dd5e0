/// A `Decoder` that reads no data: it hands a type placeholder values and records which keys and
/// types the type's `init(from:)` asks for, so ``PayloadSchema/infer(from:)`` needs no instance.
final class SchemaRecorder: Decoder {
    let inference: SchemaInference
    let pass: InferencePass
    let recording: Recording
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    init(inference: SchemaInference, pass: InferencePass, recording: Recording, codingPath: [any CodingKey]) {
        self.inference = inference
        self.pass = pass
        self.recording = recording
        self.codingPath = codingPath
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        recording.become(.keyed)
        return KeyedDecodingContainer(
            RecordingKeyedContainer<Key>(
                inference: inference, pass: pass, recording: recording, codingPath: codingPath,
                isRoot: recording === pass.root))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        recording.become(.unkeyed)
        return RecordingUnkeyedContainer(
            inference: inference, pass: pass, recording: recording, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        RecordingSingleValueContainer(
            inference: inference, pass: pass, recording: recording, codingPath: codingPath)
    }

    /// Infers `type`, records its schema into `target`, and returns its placeholder value.
    static func read<T: Decodable>(
        _ type: T.Type, into target: Recording, using inference: SchemaInference, at codingPath: [any CodingKey]
    ) throws -> T {
        let inferred = inference.infer(type)
        target.record(inferred.schema)
        guard let value = inferred.value as? T else {
            let place = codingPath.isEmpty ? "" : " at '\(codingPath.map(\.stringValue).joined(separator: "."))'"
            throw InferenceStop(
                description: "no placeholder value of '\(type)'\(place): \(inferred.reason ?? "it cannot be made")")
        }
        return value
    }
}
