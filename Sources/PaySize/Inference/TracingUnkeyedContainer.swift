/// The unkeyed container a ``DecodingTracer`` hands out: one element per read, and `isAtEnd` true
/// after the first, so a loop reads one element and a tuple-like decoder reads all it needs. A
/// read that throws does not move to the next element, as in `JSONDecoder`, so a `try?` chain
/// reads the same element again.
struct TracingUnkeyedContainer: UnkeyedDecodingContainer {
    let inference: SchemaInference
    let pass: InferencePass
    let recording: DecodingTrace
    let codingPath: [any CodingKey]
    private(set) var currentIndex = 0
    /// Reads of the current element that threw: a loop that retries it without moving on
    /// would spin forever, as it does on the device, so after a few the container says it ends.
    private var failedReads = 0
    static let maximumFailedReads = 8

    init(inference: SchemaInference, pass: InferencePass, recording: DecodingTrace, codingPath: [any CodingKey]) {
        self.inference = inference
        self.pass = pass
        self.recording = recording
        self.codingPath = codingPath
    }

    var count: Int? { nil }

    private var key: DecodingTracer.NamedKey { DecodingTracer.NamedKey(intValue: currentIndex)! }
    private var site: JSONPointer { JSONPointer(codingPath: codingPath + [key]) }

    var isAtEnd: Bool {
        recording.consultsEnd = true
        if failedReads >= Self.maximumFailedReads {
            pass.note(
                "init(from:) reads an element again after it fails to decode without moving past it: JSONDecoder never moves on, so such a value makes the app loop forever"
            )
            return true
        }
        return currentIndex >= 1 || pass.probe.absent.contains(site)
    }

    /// The recording of the current element, noted as a place this run read.
    private func visit() -> DecodingTrace {
        let element = recording.element(currentIndex)
        pass.visit(site, element)
        return element
    }

    mutating func decodeNil() throws -> Bool {
        let element = visit()
        element.nullableHint = true
        switch pass.answer(at: site, reading: Never.self) {
        case .absent: throw InferencePass.error(.absent, reading: Never.self, key: nil, at: codingPath + [key])
        case .null:
            currentIndex += 1
            return true
        default:
            return false
        }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let element = visit()
        element.requiredHint = true
        let answer = pass.answer(at: site, reading: type)
        switch answer {
        case .value, .unusual:
            let value = try DecodingTracer.read(
                type, into: element, using: inference, pass: pass, at: site, codingPath: codingPath + [key],
                unusual: answer == .unusual)
            currentIndex += 1
            return value
        default:
            element.record(inference.infer(type).schema)
            if answer == .null, let none = DecodingTracer.none(of: type) {
                currentIndex += 1
                return none
            }
            failedReads += 1
            throw InferencePass.error(answer, reading: type, key: nil, at: codingPath + [key])
        }
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        let element = visit()
        element.nullableHint = true
        let answer = pass.answer(at: site, reading: type)
        switch answer {
        case .absent:
            element.record(inference.infer(type).schema)
            return nil
        case .null:
            element.record(inference.infer(type).schema)
            currentIndex += 1
            return nil
        case .value, .unusual:
            let value = try? DecodingTracer.read(
                type, into: element, using: inference, pass: pass, at: site, codingPath: codingPath + [key],
                unusual: answer == .unusual)
            currentIndex += 1
            return value
        case .mismatch, .corrupted:
            element.record(inference.infer(type).schema)
            failedReads += 1
            throw InferencePass.error(answer, reading: type, key: nil, at: codingPath + [key])
        }
    }

    /// A nested container's element must hold a value of the container's kind.
    private mutating func openNested(as kind: DecodingTrace.Kind) throws -> (DecodingTrace, [any CodingKey]) {
        let element = visit()
        element.requiredHint = true
        element.become(kind)
        let path = codingPath + [key]
        let answer = pass.answer(at: site, reading: DecodingTrace.self)
        if answer != .value && answer != .unusual {
            throw InferencePass.error(answer, reading: DecodingTrace.self, key: nil, at: path)
        }
        currentIndex += 1
        return (element, path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let (element, path) = try openNested(as: .keyed)
        return KeyedDecodingContainer(
            TracingKeyedContainer<NestedKey>(
                inference: inference, pass: pass, recording: element, codingPath: path, isRoot: false))
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (element, path) = try openNested(as: .unkeyed)
        return TracingUnkeyedContainer(inference: inference, pass: pass, recording: element, codingPath: path)
    }

    mutating func superDecoder() throws -> any Decoder {
        let element = visit()
        element.requiredHint = true
        let path = codingPath + [key]
        currentIndex += 1
        return DecodingTracer(inference: inference, pass: pass, recording: element, codingPath: path)
    }
}
