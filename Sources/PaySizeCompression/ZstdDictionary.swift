internal import CZstd

/// A zstd dictionary: shared content that makes many small, similar payloads compress well.
///
/// Train one from sample payloads with ``train(samples:capacity:)``, ship its ``bytes`` to both
/// ends, and pass it to `Zstd.compress(_:level:dictionary:writesContentSize:)` and
/// `Zstd.decompress(_:outputCap:dictionary:)`. Any bytes can serve as a raw-content
/// dictionary; trained ones start with zstd's dictionary magic number and carry an ``id``.
///
/// ```swift
/// let dictionary = try ZstdDictionary.train(samples: payloads, capacity: 4096)
/// let packed = try Zstd.compress(payload, dictionary: dictionary)
/// ```
public struct ZstdDictionary: Sendable, Hashable {
    /// The dictionary's bytes, as stored or shipped.
    public let bytes: [UInt8]

    /// Wraps dictionary bytes, trained or raw content.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The dictionary ID zstd writes into frames compressed with it, or `nil` for a raw-content
    /// dictionary (one without zstd's dictionary header).
    ///
    /// Calls `ZSTD_getDictID_fromDict`.
    public var id: UInt32? {
        let id = bytes.withUnsafeBytes { ZSTD_getDictID_fromDict($0.baseAddress, $0.count) }
        return id == 0 ? nil : UInt32(id)
    }

    /// The default capacity for training, in bytes: 112640 (110 KB), as the `zstd --train` command uses.
    public static let defaultCapacity = 112_640

    /// The fewest non-empty samples training accepts: 7.
    ///
    /// `ZDICT_trainFromBuffer` (zstd 1.5.4) trains on the first three quarters of the samples and
    /// needs at least 5 there, so it refuses 6 or fewer; zstd recommends about 100 samples and a
    /// total of about 100 times the dictionary size. Checking first gives a clearer error.
    public static let minimumSampleCount = 7

    /// The fewest bytes the trained-on samples (the first three quarters) must hold: 8.
    ///
    /// Below that, `ZDICT_trainFromBuffer` in zstd 1.5.4 crashes (division by zero or a segmentation
    /// fault) instead of returning an error, so this is checked first.
    static let minimumTrainingByteCount = 8

    /// Trains a dictionary from sample payloads.
    ///
    /// Calls `ZDICT_trainFromBuffer` with default parameters. The result is usually smaller than
    /// `capacity`.
    ///
    /// - Parameters:
    ///   - samples: Typical payloads, one per element. Use many (about 100 or more); each is a
    ///     separate sample. Empty samples are ignored.
    ///   - capacity: The largest dictionary to produce, in bytes. Defaults to ``defaultCapacity``.
    /// - Returns: The trained dictionary.
    /// - Throws: ``ZstdError`` when there are fewer than ``minimumSampleCount`` non-empty samples,
    ///   when the first three quarters of them hold fewer than 8 bytes, or when zstd cannot train
    ///   on them, with zdict's error name.
    public static func train(
        samples: [[UInt8]],
        capacity: Int = defaultCapacity
    ) throws -> ZstdDictionary {
        precondition(capacity > 0, "dictionary capacity must be positive")
        let samples = samples.filter { !$0.isEmpty }
        guard samples.count >= minimumSampleCount else {
            throw ZstdError(.tooFewSamples(count: samples.count, minimum: minimumSampleCount))
        }
        // zstd's trainer (fastcover, split point 0.75) learns from the first three quarters.
        let trainingCount = samples.count * 3 / 4
        let trainingByteCount = samples.prefix(trainingCount).reduce(0) { $0 + $1.count }
        guard trainingByteCount >= minimumTrainingByteCount else {
            throw ZstdError(
                .tooLittleSampleData(
                    byteCount: trainingByteCount,
                    sampleCount: trainingCount,
                    minimum: minimumTrainingByteCount
                )
            )
        }
        let sizes = samples.map(\.count)
        let concatenated = samples.flatMap { $0 }
        var failure: ZstdError?
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            let result = concatenated.withUnsafeBytes { sampleBytes in
                sizes.withUnsafeBufferPointer { sizePointer in
                    ZDICT_trainFromBuffer(
                        buffer.baseAddress, capacity,
                        sampleBytes.baseAddress, sizePointer.baseAddress, UInt32(sizes.count)
                    )
                }
            }
            if ZDICT_isError(result) != 0 {
                failure = ZstdError(
                    .trainingFailed(
                        name: String(cString: ZDICT_getErrorName(result)),
                        sampleCount: samples.count,
                        sampleByteCount: concatenated.count
                    )
                )
                count = 0
            } else {
                count = result
            }
        }
        if let failure { throw failure }
        return ZstdDictionary(bytes: bytes)
    }
}
