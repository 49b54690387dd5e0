import Foundation
@_spi(Internals) import PaySize
import Testing

/// Foundation's and PaySize's results for one value, PaySize's on both paths
/// (`PayloadEncoder.Path`): every comparison holds the plain path to the same bytes and errors.
struct EncodingComparison {
    let foundation: EncodingOutcome
    /// The fast path's result.
    let payload: EncodingOutcome
    /// `PayloadEncoder.encodedSize` on the fast path, or nil when it threw.
    let payloadSize: Int?
    let sizeFailure: String?
    /// The plain path's result, its size, or its size's error.
    let plain: EncodingOutcome
    let plainSize: Int?
    let plainSizeFailure: String?

    init<T: Encodable>(_ value: T, options: EncodingOptions = EncodingOptions()) {
        let foundationEncoder = options.foundation()
        foundation = EncodingOutcome { Array(try foundationEncoder.encode(value)) }
        (payload, payloadSize, sizeFailure) = Self.outcome(of: value, with: options.payload(path: .fast))
        (plain, plainSize, plainSizeFailure) = Self.outcome(of: value, with: options.payload(path: .plain))
    }

    private static func outcome<T: Encodable>(of value: T, with encoder: PayloadEncoder) -> (
        EncodingOutcome, Int?, String?
    ) {
        let bytes = EncodingOutcome { try encoder.encodeBytes(value) }
        do {
            return (bytes, try encoder.encodedSize(of: value), nil)
        } catch {
            return (bytes, nil, EncodingOutcome.render(error))
        }
    }

    /// Bytes equal (meaningful under `.sortedKeys`) or the same error, on both paths, and
    /// `encodedSize` equal to the encoded byte count on each.
    var isIdentical: Bool {
        foundation == payload && plain == payload && sizeIsConsistent
    }

    /// Same size (or same error) as Foundation on both paths, for formatting without
    /// `.sortedKeys` (a value handed to Foundation's tree comes out in its hash order, which
    /// differs from call to call).
    var sizesMatch: Bool {
        switch (foundation, payload, plain) {
        case (.bytes(let expected), .bytes(let fast), .bytes(let plain)):
            expected.count == fast.count && plain.count == fast.count && sizeIsConsistent
        default: foundation == payload && plain == payload && sizeIsConsistent
        }
    }

    /// Each path's `encodedSize` is its byte count (or throws its error).
    var sizeIsConsistent: Bool {
        Self.sizeIsConsistent(payload, size: payloadSize, failure: sizeFailure)
            && Self.sizeIsConsistent(plain, size: plainSize, failure: plainSizeFailure)
    }

    private static func sizeIsConsistent(_ outcome: EncodingOutcome, size: Int?, failure: String?) -> Bool {
        switch outcome {
        case .bytes(let bytes): size == bytes.count
        case .failure(let message): failure == message
        }
    }
}

/// Expects `value` to encode exactly as Foundation does under `options` on three calls in a row:
/// the first may meet its key types cold, the later ones reuse what the first left (key tables,
/// container types).
func expectIdenticalCallAfterCall<T: Encodable>(
    _ value: T, _ options: EncodingOptions, sourceLocation: SourceLocation = #_sourceLocation
) {
    for call in 0..<3 {
        let comparison = EncodingComparison(value, options: options)
        #expect(comparison.isIdentical, "call \(call), \(options): \(comparison)", sourceLocation: sourceLocation)
    }
}
