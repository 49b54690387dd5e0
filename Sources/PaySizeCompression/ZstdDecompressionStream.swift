internal import CZstd
import Foundation

/// Reads zstd-compressed input from a file piece by piece and hands out decompressed chunks or
/// lines, with bounded memory.
///
/// The stream reads `ZSTD_DStreamInSize()` bytes (about 128 KB) at a time with `read(2)` and
/// decodes with `ZSTD_decompressStream`, so memory stays at two buffers of about 128 KB, zstd's
/// window (at most `1 << maximumWindowLog` bytes: 8 MB unless given, see
/// ``Zstd/defaultMaximumWindowLog``; 2 MB for files the `zstd` command writes at its default
/// level), and, when reading lines, the current line. Concatenated frames (appended logs, `cat a.zst b.zst`) are read as
/// one stream.
///
/// ```swift
/// let stream = try ZstdDecompressionStream(path: "events.jsonl.zst", outputCap: 1 << 30)
/// while let line = try stream.nextLine() {
///     print(String(decoding: line, as: UTF8.self))
/// }
/// ```
///
/// A stream is a reference type that owns its zstd context (freed when the stream is released)
/// and, when opened from a path, its file. It is not `Sendable`: use it from one task at a time.
/// After it throws, further calls throw the same error.
public final class ZstdDecompressionStream {
    /// The most decompressed bytes the stream hands out before refusing, or `nil` for no cap.
    public let outputCap: Int?

    /// The decompressed bytes produced so far, in bytes.
    public private(set) var totalOutputByteCount = 0

    /// The compressed bytes read from the file so far, in bytes.
    public private(set) var totalInputByteCount = 0

    private let context: DecompressionContext
    private let fileDescriptor: Int32
    /// Keeps the file open for as long as the stream reads from it (and closes an owned one).
    private let fileHandle: FileHandle?

    private var input: [UInt8]
    private var inputOffset = 0
    private var inputCount = 0
    private var output: [UInt8]
    private var reachedEndOfFile = false
    private var lastChunkWasFull = false
    private var hint = 0
    private var failure: ZstdError?

    /// Decompressed bytes read past the last line handed out.
    private var pending: [UInt8] = []
    private var pendingStart = 0
    private var pendingScanned = 0

    /// Reads from an open file descriptor, which the caller keeps open and closes after use.
    ///
    /// Creates a `ZSTD_DCtx` (`ZSTD_createDCtx`) and loads the dictionary
    /// (`ZSTD_DCtx_loadDictionary`).
    ///
    /// - Parameters:
    ///   - fileDescriptor: A descriptor open for reading: a file, pipe or standard input (0).
    ///   - outputCap: The most decompressed bytes to hand out, or `nil` (the default) for no cap.
    ///   - dictionary: The dictionary the frames were compressed with, or `nil` (the default).
    ///   - maximumWindowLog: The largest decoding window a frame may ask for, as a power of two
    ///     within ``Zstd/windowLogs``; defaults to ``Zstd/defaultMaximumWindowLog`` (8 MB). A frame
    ///     that asks for more fails with ``ZstdError/isWindowTooLarge``.
    /// - Throws: ``ZstdError`` if zstd cannot create the context or load the dictionary.
    public convenience init(
        fileDescriptor: Int32,
        outputCap: Int? = nil,
        dictionary: ZstdDictionary? = nil,
        maximumWindowLog: Int = Zstd.defaultMaximumWindowLog
    ) throws {
        try self.init(
            fileDescriptor: fileDescriptor, fileHandle: nil, outputCap: outputCap, dictionary: dictionary,
            maximumWindowLog: maximumWindowLog)
    }

    /// Reads from a file handle, which the stream keeps alive while it reads.
    ///
    /// Reads the handle's `fileDescriptor` with `read(2)`; see ``init(fileDescriptor:outputCap:dictionary:)``.
    ///
    /// - Parameters:
    ///   - fileHandle: A handle open for reading, such as `FileHandle.standardInput`.
    ///   - outputCap: The most decompressed bytes to hand out, or `nil` (the default) for no cap.
    ///   - dictionary: The dictionary the frames were compressed with, or `nil` (the default).
    ///   - maximumWindowLog: The largest decoding window a frame may ask for, as a power of two;
    ///     defaults to ``Zstd/defaultMaximumWindowLog`` (8 MB).
    /// - Throws: ``ZstdError`` if zstd cannot create the context or load the dictionary.
    public convenience init(
        fileHandle: FileHandle,
        outputCap: Int? = nil,
        dictionary: ZstdDictionary? = nil,
        maximumWindowLog: Int = Zstd.defaultMaximumWindowLog
    ) throws {
        try self.init(
            fileDescriptor: fileHandle.fileDescriptor,
            fileHandle: fileHandle,
            outputCap: outputCap,
            dictionary: dictionary,
            maximumWindowLog: maximumWindowLog
        )
    }

    /// Opens a file and reads from it; the file is closed when the stream is released.
    ///
    /// Opens with `open(2)`; see ``init(fileDescriptor:outputCap:dictionary:)``.
    ///
    /// - Parameters:
    ///   - path: The path of a `.zst` file.
    ///   - outputCap: The most decompressed bytes to hand out, or `nil` (the default) for no cap.
    ///   - dictionary: The dictionary the frames were compressed with, or `nil` (the default).
    ///   - maximumWindowLog: The largest decoding window a frame may ask for, as a power of two;
    ///     defaults to ``Zstd/defaultMaximumWindowLog`` (8 MB).
    /// - Throws: ``ZstdError`` if the file cannot be opened (`cannot open 'path': no such file or
    ///   directory`) or zstd cannot create the context.
    public convenience init(
        path: String,
        outputCap: Int? = nil,
        dictionary: ZstdDictionary? = nil,
        maximumWindowLog: Int = Zstd.defaultMaximumWindowLog
    ) throws {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            throw ZstdError(.cannotOpen(path: path, errno: errno))
        }
        let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        try self.init(
            fileDescriptor: descriptor, fileHandle: handle, outputCap: outputCap, dictionary: dictionary,
            maximumWindowLog: maximumWindowLog)
    }

    private init(
        fileDescriptor: Int32,
        fileHandle: FileHandle?,
        outputCap: Int?,
        dictionary: ZstdDictionary?,
        maximumWindowLog: Int
    ) throws {
        precondition((outputCap ?? 0) >= 0, "outputCap must not be negative")
        self.fileDescriptor = fileDescriptor
        self.fileHandle = fileHandle
        self.outputCap = outputCap
        self.context = try DecompressionContext(dictionary: dictionary, maximumWindowLog: maximumWindowLog)
        self.input = [UInt8](repeating: 0, count: ZSTD_DStreamInSize())
        self.output = [UInt8](repeating: 0, count: ZSTD_DStreamOutSize())
    }

    /// Returns the next piece of decompressed bytes, or `nil` at the end of the input.
    ///
    /// Chunks are at most `ZSTD_DStreamOutSize()` bytes (128 KB) and never empty. Their boundaries
    /// follow zstd's blocks, not lines or frames. Bytes read ahead by ``nextLine(maximumByteCount:)``
    /// come first.
    ///
    /// - Returns: The next decompressed bytes, or `nil` once every frame has been read.
    /// - Throws: ``ZstdError`` when output would pass ``outputCap``, the file ends inside a frame
    ///   (``ZstdError/isTruncatedInput``), reading fails, or zstd rejects the data.
    public func nextChunk() throws -> [UInt8]? {
        if pendingStart < pending.count {
            let chunk = Array(pending[pendingStart...])
            pending.removeAll(keepingCapacity: true)
            pendingStart = 0
            pendingScanned = 0
            return chunk
        }
        return try readChunk()
    }

    /// Decompresses the next bytes straight into `buffer`, without an intermediate copy.
    ///
    /// Fills as much of `buffer` as zstd can produce from the input read so far, reading more of
    /// the file when it has to. Bytes read ahead by ``nextLine(maximumByteCount:)`` come first.
    /// Suits a reader that hands whole buffers of lines to other threads.
    ///
    /// - Parameter buffer: Where to write; must not be empty.
    /// - Returns: The number of bytes written, between 1 and `buffer.count`; 0 once every frame has
    ///   been read.
    /// - Throws: ``ZstdError`` as ``nextChunk()`` does.
    public func decompress(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        precondition(!buffer.isEmpty, "decompress(into:) needs room for at least one byte")
        if pendingStart < pending.count {
            let count = min(buffer.count, pending.count - pendingStart)
            pending.withUnsafeBytes { pendingBytes in
                buffer.copyMemory(
                    from: UnsafeRawBufferPointer(rebasing: pendingBytes[pendingStart..<pendingStart + count]))
            }
            pendingStart += count
            pendingScanned = max(pendingScanned, pendingStart)
            if pendingStart == pending.count {
                pending.removeAll(keepingCapacity: true)
                pendingStart = 0
                pendingScanned = 0
            }
            return count
        }
        return try decode(into: buffer)
    }

    /// Returns the next line of decompressed bytes without its `\n`, or `nil` at the end of the input.
    ///
    /// A `\r` before the `\n` is kept. A last line without a final `\n` is returned too; input
    /// ending in `\n` has no empty line after it. Suits JSON Lines logs.
    ///
    /// - Parameter maximumByteCount: The longest line accepted, in bytes; defaults to 16777216
    ///   (16 MB). Bounds memory when the data has no newlines.
    /// - Returns: The next line, or `nil` once every frame has been read.
    /// - Throws: ``ZstdError`` when a line is longer than `maximumByteCount`, and as
    ///   ``nextChunk()`` does.
    public func nextLine(maximumByteCount: Int = 1 << 24) throws -> [UInt8]? {
        while true {
            if let newline = pending[pendingScanned...].firstIndex(of: UInt8(ascii: "\n")) {
                guard newline - pendingStart <= maximumByteCount else {
                    throw fail(ZstdError(.lineTooLong(limit: maximumByteCount)))
                }
                let line = Array(pending[pendingStart..<newline])
                pendingStart = newline + 1
                pendingScanned = pendingStart
                return line
            }
            guard pending.count - pendingStart <= maximumByteCount else {
                throw fail(ZstdError(.lineTooLong(limit: maximumByteCount)))
            }
            if pendingStart > 0 {
                pending.removeSubrange(0..<pendingStart)
                pendingStart = 0
            }
            pendingScanned = pending.count
            guard let chunk = try readChunk() else {
                if pending.isEmpty { return nil }
                let line = pending
                pending.removeAll()
                pendingScanned = 0
                return line
            }
            pending.append(contentsOf: chunk)
        }
    }

    private func fail(_ error: ZstdError) -> ZstdError {
        failure = error
        return error
    }

    private func readChunk() throws -> [UInt8]? {
        let byteCount = try output.withUnsafeMutableBytes { try decode(into: $0) }
        return byteCount == 0 ? nil : Array(output[0..<byteCount])
    }

    /// Decodes into `destination`; returns how many bytes it wrote, 0 only at the end of the input.
    private func decode(into destination: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failure { throw failure }
        while true {
            if inputOffset == inputCount && !reachedEndOfFile && !lastChunkWasFull {
                try refill()
            }
            // The context checks a frame's declared size only when it sees the whole header.
            while context.isAtFrameStart && inputCount - inputOffset < Self.frameHeaderMaximumByteCount
                && inputOffset < inputCount && !reachedEndOfFile
            {
                try refill()
            }
            if inputOffset == inputCount && reachedEndOfFile && !lastChunkWasFull {
                if hint != 0 { throw fail(ZstdError(.truncatedInput)) }
                return 0
            }
            // Offer zstd at most one byte more than the cap allows, so passing the cap is seen at once.
            var room = destination.count
            if let outputCap { room = min(room, outputCap - totalOutputByteCount + 1) }
            let limit = room
            let before = inputOffset
            let byteCount: Int
            let newHint: Int
            do {
                (byteCount, newHint) = try input.withUnsafeBytes { inputBytes in
                    try context.decompress(
                        UnsafeRawBufferPointer(rebasing: inputBytes[0..<inputCount]),
                        inputOffset: &inputOffset,
                        into: UnsafeMutableRawBufferPointer(rebasing: destination[0..<limit])
                    )
                }
            } catch let error as ZstdError {
                throw fail(error)
            }
            // A call that only confirms a full flush reads nothing and reports the next frame's
            // header size; the frame before it is complete.
            if byteCount > 0 || inputOffset != before { hint = newHint }
            lastChunkWasFull = byteCount == limit
            totalOutputByteCount += byteCount
            if let outputCap, totalOutputByteCount > outputCap {
                throw fail(ZstdError(.outputExceedsCap(cap: outputCap)))
            }
            if byteCount > 0 { return byteCount }
        }
    }

    /// The longest zstd frame header (`ZSTD_FRAMEHEADERSIZE_MAX`, defined only in zstd's static API).
    private static let frameHeaderMaximumByteCount = 18

    /// Moves the unread input to the front of the buffer and reads more after it.
    private func refill() throws {
        let unread = inputCount - inputOffset
        if unread > 0 {
            input.withUnsafeMutableBytes { buffer in
                buffer.baseAddress!.copyMemory(from: buffer.baseAddress! + inputOffset, byteCount: unread)
            }
        }
        inputOffset = 0
        inputCount = unread
        while true {
            let count = input.withUnsafeMutableBytes { buffer in
                read(fileDescriptor, buffer.baseAddress! + unread, buffer.count - unread)
            }
            if count < 0 {
                if errno == EINTR { continue }
                throw fail(ZstdError(.readFailed(errno: errno)))
            }
            if count == 0 { reachedEndOfFile = true }
            totalInputByteCount += count
            inputCount += count
            return
        }
    }
}
