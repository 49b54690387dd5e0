/// A `Decoder` that reads no data: it hands a type placeholder values and traces which keys and
/// types the type's `init(from:)` asks for, so ``PayloadSchema/infer(from:)`` needs no instance.
final class DecodingTracer: Decoder {
    let inference: SchemaInference
    let pass: InferencePass
    let recording: DecodingTrace
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    /// A coding key named at run time (`super`, a case key).
    struct NamedKey: CodingKey {
        var stringValue: String
        var intValue: Int?
        init(_ name: String) { stringValue = name }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) {
            stringValue = "Index \(intValue)"
            self.intValue = intValue
        }
    }

    init(inference: SchemaInference, pass: InferencePass, recording: DecodingTrace, codingPath: [any CodingKey]) {
        self.inference = inference
        self.pass = pass
        self.recording = recording
        self.codingPath = codingPath
    }

    /// This decoder's own place: a superclass decoder's value may be probed (the run's root is
    /// probed by the type containing it).
    private func openContainer(_ kind: DecodingTrace.Kind) throws {
        recording.become(kind)
        guard !codingPath.isEmpty else { return }
        let answer = pass.answer(at: JSONPointer(codingPath: codingPath), reading: DecodingTrace.self)
        if answer == .absent || answer == .null || answer == .mismatch || answer == .corrupted {
            // A missing superclass key decodes as `null`, as in Foundation.
            throw InferencePass.error(
                answer == .absent ? .null : answer, reading: DecodingTrace.self, key: nil, at: codingPath)
        }
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try openContainer(.keyed)
        return KeyedDecodingContainer(
            TracingKeyedContainer<Key>(
                inference: inference, pass: pass, recording: recording, codingPath: codingPath,
                isRoot: recording === pass.root))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try openContainer(.unkeyed)
        return TracingUnkeyedContainer(
            inference: inference, pass: pass, recording: recording, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        TracingSingleValueContainer(
            inference: inference, pass: pass, recording: recording, codingPath: codingPath)
    }

    /// `nil` of an optional type, which `JSONDecoder` reads from `null` even through `decode`.
    static func none<T>(of type: T.Type) -> T? {
        (type as? any ExpressibleByNilLiteral.Type).flatMap { $0.init(nilLiteral: ()) as? T }
    }

    /// Infers `type`, records its schema into `target`, and returns its placeholder value: the
    /// run's variant for a scalar, the probe's unusual value when `unusual`, the root value a
    /// raw-value enum is probed with.
    static func read<T: Decodable>(
        _ type: T.Type, into target: DecodingTrace, using inference: SchemaInference, pass: InferencePass,
        at site: JSONPointer, codingPath: [any CodingKey], unusual: Bool = false
    ) throws -> T {
        let inferred = inference.infer(type)
        target.record(inferred.schema)
        pass.noteFallback(at: site, inferred.schema)
        if site == .root, let root = pass.probe.rootValue as? T { return root }
        if unusual, let value = PlaceholderValues.unusual(type) { return value }
        if let value = inference.placeholders.value(type, variant: pass.probe.variant) { return value }
        guard let value = inferred.value as? T else {
            let place = codingPath.isEmpty ? "" : " at '\(codingPath.map(\.stringValue).joined(separator: "."))'"
            throw InferenceStop(
                description: "no placeholder value of '\(type)'\(place): \(inferred.reason ?? "it cannot be made")")
        }
        return value
    }
}
