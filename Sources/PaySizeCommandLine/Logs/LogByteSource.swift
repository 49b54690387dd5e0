import PaySizeCompression

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a log's bytes come from: a file or pipe read with `read(2)`, a zstd stream decompressed
/// straight into the reader's buffers, or bytes already in memory (captured standard input).
final class LogByteSource {
    private enum Origin {
        case descriptor(Int32)
        case zstd(ZstdDecompressionStream)
        case memory([UInt8])
    }

    private let origin: Origin
    private var memoryOffset = 0
    private var descriptorByteCount = 0
    /// The size of the file being read (compressed, for zstd), when it is a regular file.
    let fileByteCount: Int?

    private init(origin: Origin, fileByteCount: Int?) {
        self.origin = origin
        self.fileByteCount = fileByteCount
    }

    /// Reads `descriptor` as it is.
    static func plain(descriptor: Int32) -> LogByteSource {
        LogByteSource(origin: .descriptor(descriptor), fileByteCount: regularFileByteCount(descriptor))
    }

    /// Decompresses `descriptor` as zstd frames.
    static func zstd(descriptor: Int32, outputCap: Int) throws -> LogByteSource {
        LogByteSource(
            origin: .zstd(try ZstdDecompressionStream(fileDescriptor: descriptor, outputCap: outputCap)),
            fileByteCount: regularFileByteCount(descriptor))
    }

    /// Serves `bytes`.
    static func memory(_ bytes: [UInt8]) -> LogByteSource {
        LogByteSource(origin: .memory(bytes), fileByteCount: bytes.count)
    }

    /// The bytes of the file read so far (compressed bytes for zstd), for progress.
    var readByteCount: Int {
        switch origin {
        case .descriptor: descriptorByteCount
        case .zstd(let stream): stream.totalInputByteCount
        case .memory: memoryOffset
        }
    }

    /// Fills `buffer` with the next bytes; returns how many, 0 at the end.
    ///
    /// - Throws: ``ZstdError`` from decompression, or ``InputError`` when reading fails.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        switch origin {
        case .descriptor(let descriptor):
            while true {
                let count = readFromDescriptor(descriptor, buffer)
                if count < 0 && errno == EINTR { continue }
                if count < 0 { throw InputError(file: "", message: "cannot read file: \(InputFile.errorText(errno))") }
                descriptorByteCount += count
                return count
            }
        case .zstd(let stream):
            return try stream.decompress(into: buffer)
        case .memory(let bytes):
            let count = min(buffer.count, bytes.count - memoryOffset)
            bytes.withUnsafeBytes { source in
                buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: source[memoryOffset..<memoryOffset + count]))
            }
            memoryOffset += count
            return count
        }
    }

    private static func regularFileByteCount(_ descriptor: Int32) -> Int? {
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else { return nil }
        return Int(status.st_size)
    }
}

/// `read(2)`, named apart from ``LogByteSource/read(into:)``.
private func readFromDescriptor(_ descriptor: Int32, _ buffer: UnsafeMutableRawBufferPointer) -> Int {
    read(descriptor, buffer.baseAddress, buffer.count)
}
