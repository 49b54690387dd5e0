@_spi(Internals) import PaySize

extension PayloadInputReader {
    /// Reads an input as records one at a time, for the commands that keep every payload of an
    /// input (`suggest`, `dict train`): a payload file is one record; a JSON Lines log gives each
    /// non-blank line (its CR ending dropped) with its line number. A line longer than
    /// `maximumInputByteCount` ends the input with an error naming the line.
    ///
    /// `paysize check` reads logs through the parallel log pipeline instead.
    func read(_ argument: String, streams: OutputStreams, _ body: (Result<PayloadRecord, InputError>) -> Void) {
        guard isLog(argument) else { return body(readPayload(argument, streams: streams)) }
        let name = Self.displayName(of: argument)
        var lineNumber = 0
        do throws(InputError) {
            let (file, source) = try openLog(argument, streams: streams)
            try withExtendedLifetime(file) { () throws(InputError) in
                var pending: [UInt8] = []
                var chunk = [UInt8](repeating: 0, count: 1 << 16)
                func finishLine() {
                    lineNumber += 1
                    if pending.last == 0x0D { pending.removeLast() }
                    if !pending.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                        body(.success(PayloadRecord(file: name, line: lineNumber, bytes: pending)))
                    }
                    pending.removeAll(keepingCapacity: true)
                }
                while true {
                    let count: Int
                    do {
                        count = try chunk.withUnsafeMutableBytes { try source.read(into: $0) }
                    } catch {
                        throw Self.inputError(
                            error, file: name, location: TextPosition(line: lineNumber + 1, column: 1),
                            outputCap: maximumDecompressedByteCount, option: "--max-decompressed-bytes")
                    }
                    if count == 0 { break }
                    var start = 0
                    while start < count {
                        let newline = chunk[start..<count].firstIndex(of: 0x0A)
                        let end = newline ?? count
                        pending.append(contentsOf: chunk[start..<end])
                        if pending.count > maximumInputByteCount {
                            throw InputError(
                                file: name, location: TextPosition(line: lineNumber + 1, column: 1),
                                message:
                                    "expected a line of at most \(maximumInputByteCount) bytes (--max-input-bytes), found a longer one"
                            )
                        }
                        guard newline != nil else { break }
                        finishLine()
                        start = end + 1
                    }
                }
                if !pending.isEmpty { finishLine() }
            }
        } catch {
            body(.failure(error))
        }
    }
}
