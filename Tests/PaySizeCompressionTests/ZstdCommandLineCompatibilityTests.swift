import Foundation
import PaySizeCompression
import Testing

/// Checks our frames against the `zstd` command-line tool; skipped where it is not installed.
@Suite("zstd command-line compatibility", .enabled(if: FileManager.default.isExecutableFile(atPath: zstdPath)))
struct ZstdCommandLineCompatibilityTests {
    /// Runs `zstd` with `arguments`, feeding `input` on stdin, and returns its stdout.
    private func zstd(_ arguments: [String], input: [UInt8] = []) throws -> [UInt8] {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: zstdPath)
        process.arguments = arguments
        let stdin = Pipe()
        let stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        let feeding = Thread {
            stdin.fileHandleForWriting.write(Data(input))
            try? stdin.fileHandleForWriting.close()
        }
        feeding.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "zstd \(arguments) exited \(process.terminationStatus)")
        return Array(output)
    }

    @Test("decompresses a file the tool compressed") func decompressesAFileTheToolCompressed() throws {
        let input = liveActivityLines(count: 3000)
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let plain = directory.appendingPathComponent("log.jsonl")
        try Data(input).write(to: plain)
        _ = try zstd(["-q", "-19", plain.path])  // writes log.jsonl.zst, declaring the size
        let compressedPath = plain.path + ".zst"

        let compressed = try Array(Data(contentsOf: URL(fileURLWithPath: compressedPath)))
        #expect(try Zstd.decompress(compressed, outputCap: input.count) == input)

        let stream = try ZstdDecompressionStream(path: compressedPath)
        var lineCount = 0
        while try stream.nextLine() != nil { lineCount += 1 }
        #expect(lineCount == 3000)
    }

    @Test("decompresses stdin output without declared size") func decompressesStdinOutputWithoutDeclaredSize() throws {
        let input = liveActivityLines(count: 2000)
        let compressed = try zstd(["-q", "-c"], input: input)
        #expect(try Zstd.decompress(compressed, outputCap: input.count) == input)
        #expect(throws: ZstdError.self) { try Zstd.decompress(compressed, outputCap: input.count - 1) }
    }

    /// Streamed through the tool (no declared size), each level's whole window is in the header:
    /// 2 MB at the default level, 8 MB at -19, both under the cap; 128 MB with --ultra -22 or --long.
    @Test(
        "tool frames at every level against the window cap",
        arguments: [
            (["-3"], true), (["-19"], true), (["--ultra", "-20"], false), (["--ultra", "-22"], false),
            (["--long"], false),
        ])
    func toolFramesAtEveryLevelAgainstTheWindowCap(_ level: ([String], Bool)) throws {
        let input = liveActivityLines(count: 200)
        let compressed = try zstd(["-q", "-c"] + level.0, input: input)
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("log.jsonl.zst").path
        try Data(compressed).write(to: URL(fileURLWithPath: path))
        let stream = try ZstdDecompressionStream(path: path)
        if level.1 {
            var lineCount = 0
            while try stream.nextLine() != nil { lineCount += 1 }
            #expect(lineCount == 200)
        } else {
            let error = try #require(throws: ZstdError.self) { while try stream.nextLine() != nil {} }
            #expect(error.isWindowTooLarge)
        }
    }

    @Test("decompresses concatenated tool frames") func decompressesConcatenatedToolFrames() throws {
        let first = liveActivityLines(count: 10)
        let second = Array("tail line\n".utf8)
        let compressed = try zstd(["-q", "-c"], input: first) + zstd(["-q", "-c", "--no-check"], input: second)
        #expect(try Zstd.decompress(compressed, outputCap: 1 << 20) == first + second)
    }

    @Test("tool decompresses our frames") func toolDecompressesOurFrames() throws {
        let input = liveActivityLines(count: 500)
        for writesContentSize in [true, false] {
            let compressed = try Zstd.compress(input, level: 7, writesContentSize: writesContentSize)
            #expect(try zstd(["-q", "-d", "-c"], input: compressed) == input)
        }
    }

    @Test("tool uses our dictionary") func toolUsesOurDictionary() throws {
        let samples = (0..<200).map { index in
            Array(#"{"aps":{"event":"update","content-state":{"eta":\#(index),"stage":"s\#(index % 4)"}}}"#.utf8)
        }
        let dictionary = try ZstdDictionary.train(samples: samples, capacity: 2048)
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let dictionaryFile = directory.appendingPathComponent("payloads.dict")
        try Data(dictionary.bytes).write(to: dictionaryFile)

        let ours = try Zstd.compress(samples[5], dictionary: dictionary)
        #expect(try zstd(["-q", "-d", "-c", "-D", dictionaryFile.path], input: ours) == samples[5])

        let theirs = try zstd(["-q", "-c", "-D", dictionaryFile.path], input: samples[6])
        #expect(try Zstd.decompress(theirs, outputCap: 1000, dictionary: dictionary) == samples[6])
    }
}

let zstdPath = "/usr/bin/zstd"
