import PaySize
import PaySizeCompression

/// Turns a command-line input into payload records: a payload file, a JSON Lines log
/// (`.jsonl`, `.ndjson`), either compressed with zstd (`.zst`), or standard input (`-`).
struct PayloadInputReader {
    /// The largest payload file, or JSON Lines line, read in bytes.
    var maximumInputByteCount: Int
    /// The most bytes a `.zst` input may decompress to.
    var maximumDecompressedByteCount: Int
    /// Read every input as JSON Lines, whatever its name.
    var readsLines: Bool

    static let lineExtensions = [".jsonl", ".ndjson"]

    /// Calls `body` with each record of `argument`, or with the error that stopped reading it.
    func read(_ argument: String, streams: OutputStreams, _ body: (Result<PayloadRecord, InputError>) -> Void) {
        let name = argument == "-" ? "<stdin>" : argument
        let compressed = argument.hasSuffix(".zst")
        let innerName = compressed ? String(argument.dropLast(4)) : argument
        let lines = readsLines || Self.lineExtensions.contains(where: { innerName.hasSuffix($0) })
        do throws(InputError) {
            let file: InputFile
            if argument == "-" {
                file =
                    streams.readsProcessInput
                    ? InputFile.standardInput() : InputFile(displayName: name, contents: streams.standardInput)
            } else {
                file = try InputFile.opening(argument)
            }
            if compressed {
                try readCompressed(file, name: name, lines: lines, body)
            } else {
                try readRecords(file, name: name, lines: lines, body)
            }
        } catch {
            body(.failure(error))
        }
    }

    private func readCompressed(
        _ file: InputFile, name: String, lines: Bool, _ body: (Result<PayloadRecord, InputError>) -> Void
    ) throws(InputError) {
        let outputCap = lines ? maximumDecompressedByteCount : maximumInputByteCount
        var lineNumber = 0
        do {
            let stream: ZstdDecompressionStream
            if file.fileDescriptor >= 0 {
                stream = try ZstdDecompressionStream(fileDescriptor: file.fileDescriptor, outputCap: outputCap)
            } else {
                // Captured standard input: decompress in memory with the same cap.
                let compressed = try file.readAll(maximumByteCount: maximumDecompressedByteCount)
                let contents = try Zstd.decompress(compressed, outputCap: outputCap)
                let memory = InputFile(displayName: name, contents: contents)
                try readRecords(memory, name: name, lines: lines, body)
                return
            }
            if lines {
                try forEachRecord(name: name, body) { () throws -> ([UInt8], Int)? in
                    let line = try stream.nextLine(maximumByteCount: maximumInputByteCount)
                    if line != nil { lineNumber += 1 }
                    return line.map { ($0, lineNumber) }
                }
            } else {
                var bytes: [UInt8] = []
                while let chunk = try stream.nextChunk() { bytes += chunk }
                body(.success(PayloadRecord(file: name, line: nil, bytes: bytes)))
            }
        } catch let error as InputError {
            throw error
        } catch let error as ZstdError {
            let location = lines && lineNumber > 0 ? TextPosition(line: lineNumber + 1, column: 1) : nil
            throw InputError(file: name, location: location, message: decompressionMessage(error, outputCap: outputCap))
        } catch {
            throw InputError(file: name, message: "cannot decompress: \(error)")
        }
    }

    private func readRecords(
        _ file: InputFile, name: String, lines: Bool, _ body: (Result<PayloadRecord, InputError>) -> Void
    ) throws(InputError) {
        if lines {
            try forEachRecord(name: name, body) { () throws(InputError) in
                try file.nextLine(maximumByteCount: maximumInputByteCount).map { ($0, file.lineNumber) }
            }
        } else {
            body(
                .success(
                    PayloadRecord(
                        file: name, line: nil, bytes: try file.readAll(maximumByteCount: maximumInputByteCount))))
        }
    }

    private func decompressionMessage(_ error: ZstdError, outputCap: Int) -> String {
        if error.isOutputCapExceeded {
            let option = outputCap == maximumInputByteCount ? "--max-input-bytes" : "--max-decompressed-bytes"
            return "expected at most \(outputCap) decompressed bytes (\(option)), found more: \(error)"
        }
        return "expected zstd-compressed data, found data zstd refuses: \(error)"
    }

    /// Reports each non-blank line `nextLine` returns, with its 1-based line number, as a record.
    private func forEachRecord<Failure: Error>(
        name: String, _ body: (Result<PayloadRecord, InputError>) -> Void,
        _ nextLine: () throws(Failure) -> ([UInt8], Int)?
    ) throws(Failure) {
        while let (bytes, line) = try nextLine() {
            if isBlank(bytes) { continue }
            body(.success(PayloadRecord(file: name, line: line, bytes: bytes)))
        }
    }

    private func isBlank(_ line: [UInt8]) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
    }
}
