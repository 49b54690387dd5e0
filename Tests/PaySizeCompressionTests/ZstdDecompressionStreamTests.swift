import Foundation
import PaySizeCompression
import Testing

@Suite("Zstd decompression stream")
struct ZstdDecompressionStreamTests {
    /// Writes `bytes` to a new file and returns its URL and the directory to remove.
    private func write(_ bytes: [UInt8], name: String = "log.jsonl.zst") throws -> (file: URL, directory: URL) {
        let directory = try makeTemporaryDirectory()
        let file = directory.appendingPathComponent(name)
        try Data(bytes).write(to: file)
        return (file, directory)
    }

    @Test("reads chunks from a path") func readsChunksFromAPath() throws {
        var generator = SeededBytes(seed: 3)
        let input = generator.random(count: 600_000) + liveActivityLines(count: 3000)
        let (file, directory) = try write(Zstd.compress(input))
        defer { try? FileManager.default.removeItem(at: directory) }

        let stream = try ZstdDecompressionStream(path: file.path)
        var output: [UInt8] = []
        var chunkCount = 0
        while let chunk = try stream.nextChunk() {
            #expect(!chunk.isEmpty && chunk.count <= 128 * 1024)
            output += chunk
            chunkCount += 1
        }
        #expect(output == input)
        #expect(chunkCount > 1)
        #expect(stream.totalOutputByteCount == input.count)
        #expect(try stream.nextChunk() == nil)
    }

    /// Straight into a caller's buffer, after lines already read: the same bytes, in order.
    @Test("decompresses into a caller's buffer", arguments: [1, 7, 4096, 1 << 20])
    func decompressesIntoACallersBuffer(bufferByteCount: Int) throws {
        var generator = SeededBytes(seed: 5)
        let input = liveActivityLines(count: 800) + generator.random(count: 300_000)
        let (file, directory) = try write(Zstd.compress(input, writesContentSize: false))
        defer { try? FileManager.default.removeItem(at: directory) }
        let stream = try ZstdDecompressionStream(path: file.path, outputCap: input.count)
        var output: [UInt8] = []
        for _ in 0..<3 { output += try #require(try stream.nextLine()) + [UInt8(ascii: "\n")] }
        var buffer = [UInt8](repeating: 0, count: bufferByteCount)
        while true {
            let count = try buffer.withUnsafeMutableBytes { try stream.decompress(into: $0) }
            #expect(count <= bufferByteCount)
            if count == 0 { break }
            output += buffer[0..<count]
        }
        #expect(output == input)
        #expect(stream.totalOutputByteCount == input.count)
    }

    @Test("reads lines across concatenated frames") func readsLinesAcrossConcatenatedFrames() throws {
        // An appended log: each append is its own frame, some without a declared size.
        let batches = (0..<4).map { _ in liveActivityLines(count: 1500) }
        var compressed: [UInt8] = []
        for (index, batch) in batches.enumerated() {
            compressed += try Zstd.compress(batch, writesContentSize: index != 1)
        }
        let (file, directory) = try write(compressed)
        defer { try? FileManager.default.removeItem(at: directory) }

        let stream = try ZstdDecompressionStream(path: file.path, outputCap: 100 << 20)
        var lines: [[UInt8]] = []
        while let line = try stream.nextLine() {
            lines.append(line)
        }
        let expected = batches.flatMap { $0 }.split(separator: UInt8(ascii: "\n")).map(Array.init)
        #expect(lines.count == 6000)
        #expect(lines == expected)
        #expect(lines.allSatisfy { $0.first == UInt8(ascii: "{") && $0.last == UInt8(ascii: "}") })
    }

    @Test("last line without newline and empty lines") func lastLineWithoutNewlineAndEmptyLines() throws {
        let (file, directory) = try write(Zstd.compress(Array("a\n\nb\r\nlast".utf8)))
        defer { try? FileManager.default.removeItem(at: directory) }
        let stream = try ZstdDecompressionStream(path: file.path)
        var lines: [String] = []
        while let line = try stream.nextLine() {
            lines.append(String(decoding: line, as: UTF8.self))
        }
        #expect(lines == ["a", "", "b\r", "last"])
    }

    @Test("reads from a file handle") func readsFromAFileHandle() throws {
        let input = liveActivityLines(count: 100)
        let (file, directory) = try write(Zstd.compress(input))
        defer { try? FileManager.default.removeItem(at: directory) }
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }

        let stream = try ZstdDecompressionStream(fileHandle: handle)
        var output: [UInt8] = []
        while let chunk = try stream.nextChunk() { output += chunk }
        #expect(output == input)
    }

    @Test("reads from a pipe written concurrently") func readsFromAPipeWrittenConcurrently() async throws {
        let input = liveActivityLines(count: 4000)
        let compressed = try Zstd.compress(input, writesContentSize: false)
        let pipe = Pipe()
        let writer = pipe.fileHandleForWriting
        let writing = Task.detached {
            // Small writes, so the reader sees many short reads.
            for start in stride(from: 0, to: compressed.count, by: 1000) {
                writer.write(Data(compressed[start..<min(start + 1000, compressed.count)]))
            }
            try? writer.close()
        }
        let stream = try ZstdDecompressionStream(fileDescriptor: pipe.fileHandleForReading.fileDescriptor)
        var output: [UInt8] = []
        while let chunk = try stream.nextChunk() { output += chunk }
        await writing.value
        #expect(output == input)
    }

    @Test("empty file has no lines") func emptyFileHasNoLines() throws {
        let (file, directory) = try write([])
        defer { try? FileManager.default.removeItem(at: directory) }
        let stream = try ZstdDecompressionStream(path: file.path)
        #expect(try stream.nextLine() == nil)
        #expect(try stream.nextChunk() == nil)
    }

    @Test("truncated file is reported") func truncatedFileIsReported() throws {
        let compressed = try Zstd.compress(liveActivityLines(count: 500))
        let (file, directory) = try write(Array(compressed.dropLast(10)))
        defer { try? FileManager.default.removeItem(at: directory) }
        let stream = try ZstdDecompressionStream(path: file.path)
        let error = try #require(throws: ZstdError.self) {
            while try stream.nextLine() != nil {}
        }
        #expect(error.description == "compressed input is truncated: it ends inside a zstd frame")
    }

    @Test("garbage file is reported") func garbageFileIsReported() throws {
        let (file, directory) = try write(Array("plain text, not zstd\n".utf8))
        defer { try? FileManager.default.removeItem(at: directory) }
        let stream = try ZstdDecompressionStream(path: file.path)
        let error = try #require(throws: ZstdError.self) { try stream.nextLine() }
        #expect(error.description == "zstd error: unknown frame descriptor")
    }

    @Test("missing file is reported") func missingFileIsReported() throws {
        let error = try #require(throws: ZstdError.self) {
            try ZstdDecompressionStream(path: "/nonexistent/log.zst")
        }
        #expect(error.description == "cannot open '/nonexistent/log.zst': no such file or directory")
        #expect(error.systemErrorNumber == ENOENT)
    }

    @Test("overlong line is refused") func overlongLineIsRefused() throws {
        let (file, directory) = try write(Zstd.compress([UInt8](repeating: UInt8(ascii: "x"), count: 300_000)))
        defer { try? FileManager.default.removeItem(at: directory) }
        let stream = try ZstdDecompressionStream(path: file.path)
        let error = try #require(throws: ZstdError.self) { try stream.nextLine(maximumByteCount: 100_000) }
        #expect(error.description == "decompressed line is longer than 100000 bytes")
    }

    @Test("output cap applies to lines") func outputCapAppliesToLines() throws {
        let input = liveActivityLines(count: 1000)
        let (file, directory) = try write(Zstd.compress(input))
        defer { try? FileManager.default.removeItem(at: directory) }
        let stream = try ZstdDecompressionStream(path: file.path, outputCap: input.count - 1)
        let error = try #require(throws: ZstdError.self) {
            while try stream.nextLine() != nil {}
        }
        #expect(error.description == "decompressed output exceeds the output cap of \(input.count - 1) bytes")
    }

    @Test("chunks resume after lines") func chunksResumeAfterLines() throws {
        let input = Array("first\nsecond\nthird\n".utf8)
        let (file, directory) = try write(Zstd.compress(input))
        defer { try? FileManager.default.removeItem(at: directory) }
        let stream = try ZstdDecompressionStream(path: file.path)
        #expect(try stream.nextLine() == Array("first".utf8))
        var rest: [UInt8] = []
        while let chunk = try stream.nextChunk() { rest += chunk }
        #expect(rest == Array("second\nthird\n".utf8))
    }
}
