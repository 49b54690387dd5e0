#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes a file the command creates (`suggest --apply`, `dict train --output`): never one that
/// exists, so an input can never be overwritten.
enum NewOutputFile {
    /// Whether anything (a file, a directory, a dangling link) is at `path`.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// Creates `path` (failing when it exists) and writes `bytes` to it.
    ///
    /// - Throws: ``InputError`` placed in `path` when it exists or cannot be written.
    static func create(_ path: String, containing bytes: [UInt8]) throws(InputError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw InputError(file: path, message: "cannot create file: \(InputFile.errorText(errno))")
        }
        defer { close(descriptor) }
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes { buffer in
                write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0, errno == EINTR { continue }
            guard written > 0 else {
                throw InputError(file: path, message: "cannot write file: \(InputFile.errorText(errno))")
            }
            offset += written
        }
    }
}
