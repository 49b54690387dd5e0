@_spi(Internals) import PaySize

/// How much a payload repeats itself: its zstd-compressed size against its raw size, with and
/// without a dictionary trained on earlier payloads.
///
/// A payload that compresses to a third of its size still spends bytes on repeated keys and
/// enum-like strings that shorter `CodingKeys` and enums can win back without any compression;
/// what a trained dictionary removes beyond plain zstd is what the series has in common.
///
/// ```swift
/// let redundancy = try PayloadRedundancy(compactJSON: payload, dictionary: dictionary)
/// print(redundancy.byteCount, redundancy.zstdByteCount, redundancy.dictionaryZstdByteCount ?? 0)
/// // 3707 690 298
/// ```
public struct PayloadRedundancy: Sendable, Equatable {
    /// The payload's compact size.
    public var byteCount: Int
    /// The size of one zstd frame of the payload, without a dictionary.
    public var zstdByteCount: Int
    /// The size with the dictionary, when one was given.
    public var dictionaryZstdByteCount: Int?
    /// The dictionary's own size, when one was given (the app would ship it).
    public var dictionaryByteCount: Int?

    /// Compresses `compactJSON` at `level` (default 19), with and without `dictionary`.
    ///
    /// - Throws: ``ZstdError`` if zstd fails.
    public init(compactJSON: [UInt8], dictionary: ZstdDictionary?, level: Int = ShrinkStrategy.zstdPackingLevel)
        throws
    {
        byteCount = compactJSON.count
        zstdByteCount = try Zstd.compress(compactJSON, level: level).count
        dictionaryZstdByteCount = try dictionary.map {
            try Zstd.compress(compactJSON, level: level, dictionary: $0).count
        }
        dictionaryByteCount = dictionary?.bytes.count
    }
}
