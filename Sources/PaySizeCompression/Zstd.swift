internal import CZstd
import Foundation

/// One-shot zstd compression and capped decompression.
///
/// ```swift
/// let packed = try Zstd.compress(Array(#"{"aps":{"event":"update"}}"#.utf8))
/// let unpacked = try Zstd.decompress(packed, outputCap: 1 << 20)
/// ```
///
/// Decompression always takes an output cap: compressed input is untrusted, and 100 MB of zeros
/// compresses to a few kilobytes. To read large `.zst` files piece by piece, use
/// ``ZstdDecompressionStream``.
public enum Zstd {
    /// The compression level used when none is given: 3, zstd's own default.
    public static let defaultLevel = 3

    /// The levels zstd accepts, from `ZSTD_minCLevel()` (fastest, negative) to `ZSTD_maxCLevel()`
    /// (smallest output, 22). Levels outside are clamped by zstd.
    public static var levels: ClosedRange<Int> {
        Int(ZSTD_minCLevel())...Int(ZSTD_maxCLevel())
    }

    /// The largest decoding window a frame may ask for unless a caller allows more: 2^23 bytes
    /// (8 MB), as a power of two.
    ///
    /// A frame's header names the window its decoder must keep, and zstd allocates it: a frame of
    /// a few bytes may ask for 128 MB (zstd's own limit). 8 MB is what the `zstd` command writes at
    /// its highest regular level (`-19`) and less than that at the default level 3 (2 MB), so real
    /// logs decode under it; frames written with `--ultra -20` and above or `--long` ask for more
    /// (up to 128 MB) and are refused with ``ZstdError/isWindowTooLarge``.
    public static let defaultMaximumWindowLog = 23

    /// The window sizes, as powers of two, a decoder may be limited to: 2^10 (1 KB) to 2^31 (2 GB).
    public static let windowLogs = 10...31

    /// The version of the zstd library in use, such as `1.5.4`; calls `ZSTD_versionString`.
    public static var libraryVersion: String {
        String(cString: ZSTD_versionString())
    }

    // MARK: - Compression

    /// Compresses bytes into one zstd frame.
    ///
    /// Calls `ZSTD_compress2` on a fresh `ZSTD_CCtx`, after `ZSTD_CCtx_setParameter` (level,
    /// content-size flag) and `ZSTD_CCtx_loadDictionary`. The output can be read by any zstd
    /// decoder, including `zstd -d` (given the same dictionary with `-D`).
    ///
    /// - Parameters:
    ///   - bytes: The bytes to compress; may be empty.
    ///   - level: The compression level, clamped to ``levels``. Defaults to 3.
    ///   - dictionary: A dictionary the decoder will also have, or `nil` (the default).
    ///   - writesContentSize: Whether the frame header declares the decompressed size, which lets a
    ///     decoder allocate once and refuse oversized frames up front. Defaults to `true`
    ///     (`zstd --no-content-size` is `false`).
    /// - Returns: The compressed frame.
    /// - Throws: ``ZstdError`` with zstd's error name if zstd fails.
    public static func compress(
        _ bytes: [UInt8],
        level: Int = defaultLevel,
        dictionary: ZstdDictionary? = nil,
        writesContentSize: Bool = true
    ) throws -> [UInt8] {
        try bytes.withUnsafeBytes { input in
            try compress(input, level: level, dictionary: dictionary, writesContentSize: writesContentSize)
        }
    }

    /// Compresses data into one zstd frame.
    ///
    /// The `Data` form of `compress(_:level:dictionary:writesContentSize:)`; calls
    /// `ZSTD_compress2`.
    ///
    /// - Parameters:
    ///   - data: The data to compress; may be empty.
    ///   - level: The compression level, clamped to ``levels``. Defaults to 3.
    ///   - dictionary: A dictionary the decoder will also have, or `nil` (the default).
    ///   - writesContentSize: Whether the frame header declares the decompressed size. Defaults to `true`.
    /// - Returns: The compressed frame.
    /// - Throws: ``ZstdError`` with zstd's error name if zstd fails.
    public static func compress(
        _ data: Data,
        level: Int = defaultLevel,
        dictionary: ZstdDictionary? = nil,
        writesContentSize: Bool = true
    ) throws -> Data {
        let bytes = try data.withUnsafeBytes { input in
            try compress(input, level: level, dictionary: dictionary, writesContentSize: writesContentSize)
        }
        return Data(bytes)
    }

    private static func compress(
        _ input: UnsafeRawBufferPointer,
        level: Int,
        dictionary: ZstdDictionary?,
        writesContentSize: Bool
    ) throws -> [UInt8] {
        guard let context = ZSTD_createCCtx() else { throw ZstdError(.outOfMemory) }
        defer { ZSTD_freeCCtx(context) }
        let clampedLevel = Int32(min(max(level, levels.lowerBound), levels.upperBound))
        try ZstdError.check(ZSTD_CCtx_setParameter(context, ZSTD_c_compressionLevel, clampedLevel))
        if !writesContentSize {
            try ZstdError.check(ZSTD_CCtx_setParameter(context, ZSTD_c_contentSizeFlag, 0))
        }
        if let dictionary, !dictionary.bytes.isEmpty {
            let result = dictionary.bytes.withUnsafeBytes { dictionaryBytes in
                ZSTD_CCtx_loadDictionary(context, dictionaryBytes.baseAddress, dictionaryBytes.count)
            }
            try ZstdError.check(result)
        }
        let bound = try ZstdError.check(ZSTD_compressBound(input.count))
        var result = 0
        let output = [UInt8](unsafeUninitializedCapacity: bound) { buffer, count in
            result = ZSTD_compress2(context, buffer.baseAddress, bound, input.baseAddress, input.count)
            count = ZSTD_isError(result) != 0 ? 0 : result
        }
        try ZstdError.check(result)
        return output
    }

    // MARK: - Decompression

    /// Decompresses one or more concatenated zstd frames, refusing to produce more than `outputCap` bytes.
    ///
    /// Before decoding, the frames' declared content sizes (`ZSTD_getFrameContentSize`, walking
    /// frames with `ZSTD_findFrameCompressedSize`) are added up; if they pass the cap the input is
    /// refused without decoding anything. Frames that declare no size (streamed output such as
    /// `zstd < file`) are decoded with `ZSTD_decompressStream` and refused as soon as the output
    /// passes the cap. The output buffer never grows beyond `outputCap` bytes; zstd's decoder
    /// itself needs up to one frame window, at most `1 << maximumWindowLog` bytes (8 MB unless
    /// given): a frame that asks for more is refused.
    ///
    /// Skippable frames are skipped. Empty input holds no frames and gives empty output.
    ///
    /// - Parameters:
    ///   - bytes: The compressed bytes: concatenated zstd frames, such as `.zst` files or appended logs.
    ///   - outputCap: The most decompressed bytes to accept; must not be negative.
    ///   - dictionary: The dictionary the frames were compressed with, or `nil` (the default).
    ///   - maximumWindowLog: The largest decoding window a frame may ask for, as a power of two
    ///     within ``windowLogs``; defaults to ``defaultMaximumWindowLog`` (8 MB).
    /// - Returns: The decompressed bytes of all frames, in order.
    /// - Throws: ``ZstdError``: the output would pass the cap (``ZstdError/isOutputCapExceeded``),
    ///   the input ends inside a frame (``ZstdError/isTruncatedInput``), a frame needs a larger
    ///   window (``ZstdError/isWindowTooLarge``), or zstd rejects the data (its error name, such as
    ///   `Unknown frame descriptor` for bytes that are not zstd).
    public static func decompress(
        _ bytes: [UInt8],
        outputCap: Int,
        dictionary: ZstdDictionary? = nil,
        maximumWindowLog: Int = defaultMaximumWindowLog
    ) throws -> [UInt8] {
        try bytes.withUnsafeBytes { input in
            try decompress(input, outputCap: outputCap, dictionary: dictionary, maximumWindowLog: maximumWindowLog)
        }
    }

    /// Decompresses one or more concatenated zstd frames into data, refusing to produce more than
    /// `outputCap` bytes.
    ///
    /// The `Data` form of `decompress(_:outputCap:dictionary:)`; calls
    /// `ZSTD_getFrameContentSize`, `ZSTD_findFrameCompressedSize` and `ZSTD_decompressStream`.
    ///
    /// - Parameters:
    ///   - data: The compressed bytes: concatenated zstd frames.
    ///   - outputCap: The most decompressed bytes to accept; must not be negative.
    ///   - dictionary: The dictionary the frames were compressed with, or `nil` (the default).
    ///   - maximumWindowLog: The largest decoding window a frame may ask for, as a power of two;
    ///     defaults to ``defaultMaximumWindowLog`` (8 MB).
    /// - Returns: The decompressed bytes of all frames, in order.
    /// - Throws: ``ZstdError`` as the `[UInt8]` form does.
    public static func decompress(
        _ data: Data,
        outputCap: Int,
        dictionary: ZstdDictionary? = nil,
        maximumWindowLog: Int = defaultMaximumWindowLog
    ) throws -> Data {
        let bytes = try data.withUnsafeBytes { input in
            try decompress(input, outputCap: outputCap, dictionary: dictionary, maximumWindowLog: maximumWindowLog)
        }
        return Data(bytes)
    }

    private static func decompress(
        _ input: UnsafeRawBufferPointer,
        outputCap: Int,
        dictionary: ZstdDictionary?,
        maximumWindowLog: Int
    ) throws -> [UInt8] {
        precondition(outputCap >= 0, "outputCap must not be negative")
        if input.isEmpty { return [] }
        let declared = try declaredContentSize(of: input, outputCap: outputCap)

        let context = try DecompressionContext(dictionary: dictionary, maximumWindowLog: maximumWindowLog)
        var output: [UInt8] = []
        output.reserveCapacity(declared ?? min(outputCap, max(input.count * 4, 1 << 16)))
        var chunk = [UInt8](repeating: 0, count: ZSTD_DStreamOutSize())
        var inputOffset = 0
        var hint = 0
        var chunkWasFull = false
        while inputOffset < input.count || chunkWasFull {
            let before = inputOffset
            let (byteCount, newHint) = try chunk.withUnsafeMutableBytes { chunkBytes in
                try context.decompress(input, inputOffset: &inputOffset, into: chunkBytes)
            }
            // A call that only confirms a full flush reads nothing and reports the next frame's
            // header size; the frame before it is complete.
            if byteCount == 0 && inputOffset == before { break }
            hint = newHint
            chunkWasFull = byteCount == chunk.count
            guard byteCount <= outputCap - output.count else {
                throw ZstdError(.outputExceedsCap(cap: outputCap))
            }
            if output.capacity < output.count + byteCount {
                // Grow by doubling, but never past the cap: the caller's cap bounds our memory.
                output.reserveCapacity(min(outputCap, max(output.capacity * 2, output.count + byteCount)))
            }
            output.append(contentsOf: chunk[0..<byteCount])
        }
        if hint != 0 { throw ZstdError(.truncatedInput) }
        return output
    }

    /// Adds up the frames' declared content sizes, refusing them if they pass the cap.
    ///
    /// - Returns: The total, or `nil` if some frame declares no size or the frames cannot be walked
    ///   (decoding will then report the precise error).
    private static func declaredContentSize(
        of input: UnsafeRawBufferPointer,
        outputCap: Int
    ) throws -> Int? {
        var total = 0
        var allDeclared = true
        var offset = 0
        while offset < input.count {
            let frame = UnsafeRawBufferPointer(rebasing: input[offset...])
            let size = ZSTD_getFrameContentSize(frame.baseAddress, frame.count)
            if size == ZSTD_CONTENTSIZE_ERROR { return nil }
            if size == ZSTD_CONTENTSIZE_UNKNOWN {
                allDeclared = false
            } else if size > UInt64(outputCap - total) {
                let declared = UInt64(total).addingReportingOverflow(size)
                let declaredCount = declared.overflow ? Int.max : Int(clamping: declared.partialValue)
                throw ZstdError(.declaredSizeExceedsCap(declared: declaredCount, cap: outputCap))
            } else {
                total += Int(size)
            }
            let frameByteCount = ZSTD_findFrameCompressedSize(frame.baseAddress, frame.count)
            if ZSTD_isError(frameByteCount) != 0 { return nil }
            offset += frameByteCount
        }
        return allDeclared ? total : nil
    }

    // MARK: - Frame inspection

    /// The ID of the dictionary a frame was compressed with, or `nil` if it names none.
    ///
    /// Calls `ZSTD_getDictID_fromFrame` on the first frame. `nil` also when the frame was compressed
    /// with a raw-content dictionary, when its encoder left the ID out, or when `bytes` does not
    /// start with a readable frame header.
    ///
    /// - Parameter bytes: Compressed bytes; only the frame header is read.
    /// - Returns: The dictionary ID, comparable to ``ZstdDictionary/id``.
    public static func dictionaryID(ofFrame bytes: [UInt8]) -> UInt32? {
        let id = bytes.withUnsafeBytes { ZSTD_getDictID_fromFrame($0.baseAddress, $0.count) }
        return id == 0 ? nil : UInt32(id)
    }
}
