@_spi(Internals) import PaySize
import PaySizeCompression

/// Turns a command-line input into what `paysize check` reads: the bytes of a payload file, or
/// the byte source of a JSON Lines log (`.jsonl`, `.ndjson`), either compressed with zstd
/// (`.zst`), or standard input (`-`).
struct PayloadInputReader {
    /// The largest payload file, or JSON Lines line, read in bytes.
    var maximumInputByteCount: Int
    /// The most bytes a `.zst` input may decompress to.
    var maximumDecompressedByteCount: Int
    /// Read every input as JSON Lines, whatever its name.
    var readsLines: Bool

    static let lineExtensions = [".jsonl", ".ndjson"]

    /// `<stdin>` for `-`, else the argument.
    static func displayName(of argument: String) -> String {
        argument == "-" ? "<stdin>" : argument
    }

    /// Whether `argument` is read as a JSON Lines log.
    func isLog(_ argument: String) -> Bool {
        let innerName = argument.hasSuffix(".zst") ? String(argument.dropLast(4)) : argument
        return readsLines || Self.lineExtensions.contains(where: { innerName.hasSuffix($0) })
    }

    /// Reads a payload file (decompressing a `.zst` one) as one record.
    func readPayload(_ argument: String, streams: OutputStreams) -> Result<PayloadRecord, InputError> {
        let name = Self.displayName(of: argument)
        do throws(InputError) {
            let file = try open(argument, streams: streams)
            var bytes: [UInt8]
            if argument.hasSuffix(".zst") {
                let compressed = try file.readAll(maximumByteCount: maximumDecompressedByteCount)
                do {
                    bytes = try Zstd.decompress(compressed, outputCap: maximumInputByteCount)
                } catch {
                    throw Self.inputError(
                        error, file: name, outputCap: maximumInputByteCount, option: "--max-input-bytes")
                }
            } else {
                bytes = try file.readAll(maximumByteCount: maximumInputByteCount)
            }
            return .success(PayloadRecord(file: name, line: nil, bytes: bytes))
        } catch {
            return .failure(error)
        }
    }

    /// Opens a log for reading; the returned file must be kept open while the source is read.
    func openLog(_ argument: String, streams: OutputStreams) throws(InputError) -> (
        file: InputFile, source: LogByteSource
    ) {
        let name = Self.displayName(of: argument)
        let file = try open(argument, streams: streams)
        guard argument.hasSuffix(".zst") else {
            if file.fileDescriptor < 0 { return (file, .memory(try file.readAll(maximumByteCount: Int.max))) }
            return (file, .plain(descriptor: file.fileDescriptor))
        }
        do {
            if file.fileDescriptor < 0 {
                // Captured standard input: decompress in memory with the same cap.
                let compressed = try file.readAll(maximumByteCount: maximumDecompressedByteCount)
                return (file, .memory(try Zstd.decompress(compressed, outputCap: maximumDecompressedByteCount)))
            }
            return (file, try .zstd(descriptor: file.fileDescriptor, outputCap: maximumDecompressedByteCount))
        } catch {
            throw Self.inputError(
                error, file: name, outputCap: maximumDecompressedByteCount, option: "--max-decompressed-bytes")
        }
    }

    private func open(_ argument: String, streams: OutputStreams) throws(InputError) -> InputFile {
        guard argument == "-" else { return try InputFile.opening(argument) }
        return streams.readsProcessInput
            ? InputFile.standardInput() : InputFile(displayName: "<stdin>", contents: streams.standardInput)
    }

    /// A failure to read or decompress `file` as a one-line input error, placed at `location`
    /// when it has none of its own.
    static func inputError(
        _ error: any Error, file: String, location: TextPosition? = nil, outputCap: Int, option: String
    ) -> InputError {
        switch error {
        case var error as InputError:
            error.file = file
            error.location = error.location ?? location
            return error
        case let error as ZstdError:
            return InputError(
                file: file, location: location,
                message: decompressionMessage(error, outputCap: outputCap, option: option))
        default:
            return InputError(file: file, location: location, message: "cannot decompress: \(error)")
        }
    }

    /// One line saying why decompression stopped.
    static func decompressionMessage(_ error: ZstdError, outputCap: Int, option: String) -> String {
        if error.isOutputCapExceeded {
            return "expected at most \(outputCap) decompressed bytes (\(option)), found more: \(error)"
        }
        if let window = error.maximumWindowByteCount {
            return
                "expected zstd frames with a decoding window of at most \(window >> 20) MB (what 'zstd' writes up to level 19), found a frame that needs more; recompress without --ultra or --long"
        }
        return "expected zstd-compressed data, found data zstd refuses: \(error)"
    }
}
