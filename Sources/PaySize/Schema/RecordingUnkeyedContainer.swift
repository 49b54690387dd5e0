/// The unkeyed container a ``SchemaRecorder`` hands out: one element per read, and `isAtEnd` true
/// after the first, so a loop reads one element and a tuple-like decoder reads all it needs.
struct RecordingUnkeyedContainer: UnkeyedDecodingContainer {
    let inference: SchemaInference
    let pass: InferencePass
    let recording: Recording
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0

    init(inference: SchemaInference, pass: InferencePass, recording: Recording, codingPath: [any CodingKey]) {
        self.inference = inference
        self.pass = pass
        self.recording = recording
        self.codingPath = codingPath
    }

    var count: Int? { nil }

    var isAtEnd: Bool {
        recording.consultsEnd = true
        return currentIndex >= 1
    }

    mutating func decodeNil() throws -> Bool {
        pass.checksPresence = true
        return false
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let element = recording.appendElement()
        currentIndex += 1
        return try SchemaRecorder.read(type, into: element, using: inference, at: codingPath)
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        pass.checksPresence = true
        let element = recording.appendElement()
        element.nullable = true
        currentIndex += 1
        let inferred = inference.infer(type)
        element.record(inferred.schema)
        guard pass.mode == .keysPresent else { return nil }
        return inferred.value as? T
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let element = recording.appendElement()
        element.become(.keyed)
        currentIndex += 1
        return KeyedDecodingContainer(
            RecordingKeyedContainer<NestedKey>(
                inference: inference, pass: pass, recording: element, codingPath: codingPath, isRoot: false))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let element = recording.appendElement()
        element.become(.unkeyed)
        currentIndex += 1
        return RecordingUnkeyedContainer(inference: inference, pass: pass, recording: element, codingPath: codingPath)
    }

    mutating func superDecoder() throws -> any Decoder {
        let element = recording.appendElement()
        currentIndex += 1
        return SchemaRecorder(inference: inference, pass: pass, recording: element, codingPath: codingPath)
    }
}
