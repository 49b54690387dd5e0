import Foundation
@_spi(Internals) import PaySize
import Testing

/// Foundation's and PaySize's results for one value.
struct EncodingComparison {
    let foundation: EncodingOutcome
    let payload: EncodingOutcome
    /// `PayloadEncoder.encodedSize`, or nil when it threw the same kind of error.
    let payloadSize: Int?
    let sizeFailure: String?

    init<T: Encodable>(_ value: T, options: EncodingOptions = EncodingOptions()) {
        let foundationEncoder = options.foundation()
        let payloadEncoder = options.payload()
        foundation = EncodingOutcome { Array(try foundationEncoder.encode(value)) }
        payload = EncodingOutcome { try payloadEncoder.encodeBytes(value) }
        do {
            payloadSize = try payloadEncoder.encodedSize(of: value)
            sizeFailure = nil
        } catch {
            payloadSize = nil
            sizeFailure = EncodingOutcome.render(error)
        }
    }

    /// Bytes equal (meaningful under `.sortedKeys`) or the same error, and `encodedSize` equal to
    /// the encoded byte count.
    var isIdentical: Bool {
        foundation == payload && sizeIsConsistent
    }

    /// Same size (or same error) as Foundation, for formatting without `.sortedKeys`.
    var sizesMatch: Bool {
        switch (foundation, payload) {
        case (.bytes(let left), .bytes(let right)): left.count == right.count && sizeIsConsistent
        default: foundation == payload && sizeIsConsistent
        }
    }

    var sizeIsConsistent: Bool {
        switch payload {
        case .bytes(let bytes): payloadSize == bytes.count
        case .failure(let message): sizeFailure == message
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
