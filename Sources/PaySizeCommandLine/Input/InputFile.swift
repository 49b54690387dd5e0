@_spi(Internals) import PaySize

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file (or standard input) opened for reading with hard limits, so that no input — a
/// directory, a 50 MB file, `/dev/zero` — can make the tool hang or eat memory.
final class InputFile {
    let displayName: String
    private let descriptor: Int32
    private let ownsDescriptor: Bool
    private var buffer: [UInt8] = []

    private init(displayName: String, descriptor: Int32, ownsDescriptor: Bool) {
        self.displayName = displayName
        self.descriptor = descriptor
        self.ownsDescriptor = ownsDescriptor
    }

    deinit {
        if ownsDescriptor { close(descriptor) }
    }

    /// Opens `path` for reading, refusing directories and anything that cannot be opened.
    static func opening(_ path: String) throws(InputError) -> InputFile {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw InputError(file: path, message: "cannot open file: \(errorText(errno))")
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
            close(descriptor)
            throw InputError(file: path, message: "expected a payload file, found a directory")
        }
        return InputFile(displayName: path, descriptor: descriptor, ownsDescriptor: true)
    }

    /// Bytes already in memory (captured standard input, decompressed data), read like a file.
    init(displayName: String, contents: [UInt8]) {
        self.displayName = displayName
        self.descriptor = -1
        self.ownsDescriptor = false
        self.buffer = contents
    }

    /// The process's standard input, shown as `<stdin>`.
    static func standardInput() -> InputFile {
        InputFile(displayName: "<stdin>", descriptor: 0, ownsDescriptor: false)
    }

    /// The open descriptor, for readers (such as zstd's) that read it themselves.
    var fileDescriptor: Int32 { descriptor }

    /// Reads the whole file, refusing more than `maximumByteCount` bytes.
    func readAll(maximumByteCount: Int) throws(InputError) -> [UInt8] {
        if descriptor < 0 {
            guard buffer.count <= maximumByteCount else { throw tooLarge(buffer.count, limit: maximumByteCount) }
            return buffer
        }
        var status = stat()
        if fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG, Int(status.st_size) > maximumByteCount
        {
            throw tooLarge(Int(status.st_size), limit: maximumByteCount)
        }
        var bytes: [UInt8] = []
        while true {
            let before = bytes.count
            guard try fill(&bytes, upTo: maximumByteCount + 1) else { break }
            if bytes.count > maximumByteCount { throw tooLarge(nil, limit: maximumByteCount) }
            if bytes.count == before { break }
        }
        return bytes
    }

    /// Appends up to `limit - bytes.count` bytes; returns `false` at the end of the file.
    private func fill(_ bytes: inout [UInt8], upTo limit: Int) throws(InputError) -> Bool {
        let chunk = min(65536, max(limit - bytes.count, 1))
        let start = bytes.count
        bytes.append(contentsOf: repeatElement(0, count: chunk))
        var count = 0
        repeat {
            count = bytes.withUnsafeMutableBytes { raw in read(descriptor, raw.baseAddress! + start, chunk) }
        } while count < 0 && errno == EINTR
        if count < 0 {
            bytes.removeSubrange(start...)
            throw InputError(file: displayName, message: "cannot read file: \(InputFile.errorText(errno))")
        }
        bytes.removeSubrange((start + count)...)
        return count > 0
    }

    private func tooLarge(_ size: Int?, limit: Int) -> InputError {
        let found = size.map { "a file of \($0) bytes" } ?? "more"
        return InputError(
            file: displayName,
            message:
                "expected at most \(limit) bytes (--max-input-bytes), found \(found); a Live Activity payload is at most 5120 bytes"
        )
    }

    static func errorText(_ code: Int32) -> String {
        String(cString: strerror(code)).lowercased()
    }
}
