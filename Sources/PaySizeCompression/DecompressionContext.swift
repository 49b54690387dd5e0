internal import CZstd

/// Owns one `ZSTD_DCtx` and frees it when released.
///
/// Not `Sendable`: a zstd context must not be used from two threads at once.
final class DecompressionContext {
    private let context: OpaquePointer
    /// The largest window a frame may ask for, as a power of two (`ZSTD_d_windowLogMax`).
    private let maximumWindowLog: Int

    /// Creates a context (`ZSTD_createDCtx`), caps the window a frame may ask for
    /// (`ZSTD_DCtx_setParameter` with `ZSTD_d_windowLogMax`) and loads `dictionary` into it
    /// (`ZSTD_DCtx_loadDictionary`, which copies the bytes).
    init(dictionary: ZstdDictionary?, maximumWindowLog: Int) throws {
        precondition(
            Zstd.windowLogs.contains(maximumWindowLog), "maximumWindowLog must be within \(Zstd.windowLogs)")
        guard let context = ZSTD_createDCtx() else { throw ZstdError(.outOfMemory) }
        self.context = context
        self.maximumWindowLog = maximumWindowLog
        try ZstdError.check(ZSTD_DCtx_setParameter(context, ZSTD_d_windowLogMax, Int32(maximumWindowLog)))
        if let dictionary, !dictionary.bytes.isEmpty {
            let result = dictionary.bytes.withUnsafeBytes { dictionaryBytes in
                ZSTD_DCtx_loadDictionary(context, dictionaryBytes.baseAddress, dictionaryBytes.count)
            }
            try ZstdError.check(result)
        }
    }

    deinit {
        ZSTD_freeDCtx(context)
    }

    /// Decodes from `input[inputOffset...]` into `output` with `ZSTD_decompressStream`.
    ///
    /// - Returns: The number of bytes written to `output`, and zstd's hint: 0 when a frame has just
    ///   been completed and fully flushed, otherwise more input is needed to finish the frame.
    func decompress(
        _ input: UnsafeRawBufferPointer,
        inputOffset: inout Int,
        into output: UnsafeMutableRawBufferPointer
    ) throws -> (byteCount: Int, hint: Int) {
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: inputOffset)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let hint = try ZstdError.check(
            ZSTD_decompressStream(context, &outBuffer, &inBuffer), maximumWindowLog: maximumWindowLog)
        inputOffset = inBuffer.pos
        return (outBuffer.pos, hint)
    }
}
