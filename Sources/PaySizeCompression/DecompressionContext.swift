internal import CZstd

/// Owns one `ZSTD_DCtx` and frees it when released.
///
/// Not `Sendable`: a zstd context must not be used from two threads at once.
final class DecompressionContext {
    private let context: OpaquePointer
    /// The largest window a frame may ask for, as a power of two (`ZSTD_d_windowLogMax`).
    private let maximumWindowLog: Int
    /// Whether the next byte zstd reads starts a frame (no frame is partly decoded).
    private(set) var isAtFrameStart = true
    /// The content size the current frame's header declares; `nil` when it declares none.
    private var declaredFrameSize: UInt64?
    /// The bytes decoded so far from the current frame.
    private var decodedFrameSize: UInt64 = 0

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
    /// When a frame ends, checks that it held the content size its header declares: zstd's
    /// streaming decoder skips that check when a frame's last block is empty, so a frame that
    /// declares a size it does not hold would otherwise be accepted here and refused by
    /// `ZSTD_decompress`. At a frame start, `input[inputOffset...]` should hold the whole frame
    /// header (`ZSTD_FRAMEHEADERSIZE_MAX` bytes) or the rest of the input; with fewer bytes the
    /// frame's size is not checked.
    ///
    /// - Returns: The number of bytes written to `output`, and zstd's hint: 0 when a frame has just
    ///   been completed and fully flushed, otherwise more input is needed to finish the frame.
    func decompress(
        _ input: UnsafeRawBufferPointer,
        inputOffset: inout Int,
        into output: UnsafeMutableRawBufferPointer
    ) throws -> (byteCount: Int, hint: Int) {
        let before = inputOffset
        var declared = declaredFrameSize
        if isAtFrameStart && inputOffset < input.count {
            let header = UnsafeRawBufferPointer(rebasing: input[inputOffset...])
            let size = ZSTD_getFrameContentSize(header.baseAddress, header.count)
            // An unreadable header is zstd's to report; an unknown size has nothing to check.
            declared = size == ZSTD_CONTENTSIZE_ERROR || size == ZSTD_CONTENTSIZE_UNKNOWN ? nil : size
        }
        var inBuffer = ZSTD_inBuffer(src: input.baseAddress, size: input.count, pos: inputOffset)
        var outBuffer = ZSTD_outBuffer(dst: output.baseAddress, size: output.count, pos: 0)
        let hint = try ZstdError.check(
            ZSTD_decompressStream(context, &outBuffer, &inBuffer), maximumWindowLog: maximumWindowLog)
        inputOffset = inBuffer.pos
        if isAtFrameStart {
            // A call that reads nothing has not started the frame.
            guard inputOffset != before || outBuffer.pos > 0 else { return (outBuffer.pos, hint) }
            isAtFrameStart = false
            declaredFrameSize = declared
            decodedFrameSize = 0
        }
        decodedFrameSize += UInt64(outBuffer.pos)
        if hint == 0 {
            isAtFrameStart = true
            if let declaredFrameSize, declaredFrameSize != decodedFrameSize {
                throw ZstdError(.contentSizeMismatch(declared: declaredFrameSize, decoded: decodedFrameSize))
            }
        }
        return (outBuffer.pos, hint)
    }
}
