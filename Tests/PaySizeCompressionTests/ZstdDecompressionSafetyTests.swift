import Foundation
import PaySizeCompression
import Testing

@Suite("Zstd decompression safety")
struct ZstdDecompressionSafetyTests {
    static let hundredMegabytes = 100 << 20
    static let oneMegabyte = 1 << 20

    /// 100 MB of zeros in one frame that declares its size: a few kilobytes.
    static let declaredBomb: [UInt8] = {
        try! Zstd.compress([UInt8](repeating: 0, count: hundredMegabytes))
    }()

    /// 100 MB of zeros in one frame that declares no size, as streaming encoders write.
    static let undeclaredBomb: [UInt8] = {
        try! Zstd.compress([UInt8](repeating: 0, count: hundredMegabytes), writesContentSize: false)
    }()

    @Test("declared size bomb is refused up front") func declaredSizeBombIsRefusedUpFront() throws {
        #expect(Self.declaredBomb.count < 10_000)
        let error = try #require(throws: ZstdError.self) {
            try Zstd.decompress(Self.declaredBomb, outputCap: Self.oneMegabyte)
        }
        #expect(error.description == "decompressed size 104857600 bytes exceeds the output cap of 1048576 bytes")
        #expect(error.isOutputCapExceeded)
        #expect(error.outputCap == Self.oneMegabyte)
        #expect(error.declaredByteCount == Self.hundredMegabytes)
        #expect(error.zstdErrorName == nil)
    }

    @Test("declared sizes are added across frames") func declaredSizesAreAddedAcrossFrames() throws {
        // Each frame fits under the cap; together they do not.
        let frame = try Zstd.compress([UInt8](repeating: 0, count: Self.oneMegabyte))
        let frames = Array([[UInt8]](repeating: frame, count: 100).joined())
        let error = try #require(throws: ZstdError.self) {
            try Zstd.decompress(frames, outputCap: 10 * Self.oneMegabyte)
        }
        #expect(error.description == "decompressed size 11534336 bytes exceeds the output cap of 10485760 bytes")
    }

    @Test("undeclared size bomb is refused while passing the cap") func undeclaredSizeBombIsRefusedWhilePassingTheCap()
        throws
    {
        #expect(Self.undeclaredBomb.count < 10_000)
        let error = try #require(throws: ZstdError.self) {
            try Zstd.decompress(Self.undeclaredBomb, outputCap: Self.oneMegabyte)
        }
        #expect(error.description == "decompressed output exceeds the output cap of 1048576 bytes")
        #expect(error.declaredByteCount == nil)
        #expect(error.outputCap == Self.oneMegabyte)
    }

    @Test("undeclared size bomb stream stops at the cap") func undeclaredSizeBombStreamStopsAtTheCap() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("bomb.zst")
        try Data(Self.undeclaredBomb).write(to: file)

        let stream = try ZstdDecompressionStream(path: file.path, outputCap: Self.oneMegabyte)
        var handedOut = 0
        let error = try #require(throws: ZstdError.self) {
            while let chunk = try stream.nextChunk() {
                handedOut += chunk.count
            }
        }
        #expect(error.description == "decompressed output exceeds the output cap of 1048576 bytes")
        #expect(handedOut <= Self.oneMegabyte)
        // Refused at the first byte past the cap, not after a whole frame.
        #expect(stream.totalOutputByteCount == Self.oneMegabyte + 1)
        // The stream stays failed.
        #expect(throws: error) { try stream.nextChunk() }
    }

    @Test("output exactly at the cap is accepted") func outputExactlyAtTheCapIsAccepted() throws {
        let input = [UInt8](repeating: 7, count: 5000)
        for writesContentSize in [true, false] {
            let compressed = try Zstd.compress(input, writesContentSize: writesContentSize)
            #expect(try Zstd.decompress(compressed, outputCap: 5000) == input)
            #expect(throws: ZstdError.self) { try Zstd.decompress(compressed, outputCap: 4999) }
        }
    }

    @Test("truncated frame is reported", arguments: [1, 4, 10, 100, 500])
    func truncatedFrameIsReported(keptByteCount: Int) throws {
        var generator = SeededBytes(seed: 7)
        let compressed = try Zstd.compress(generator.random(count: 4096) + liveActivityLines(count: 50))
        try #require(keptByteCount < compressed.count)
        let error = try #require(throws: ZstdError.self) {
            try Zstd.decompress(Array(compressed.prefix(keptByteCount)), outputCap: 1 << 20)
        }
        #expect(error.description == "compressed input is truncated: it ends inside a zstd frame")
        #expect(error.isTruncatedInput)
    }

    @Test("truncated second frame is reported") func truncatedSecondFrameIsReported() throws {
        let frame = try Zstd.compress(liveActivityLines(count: 20))
        let bytes = frame + frame.dropLast(3)
        let error = try #require(throws: ZstdError.self) { try Zstd.decompress(bytes, outputCap: 1 << 20) }
        #expect(error.isTruncatedInput)
    }

    @Test("garbage is reported with zstd's error name") func garbageIsReportedWithZstdsErrorName() throws {
        let error = try #require(throws: ZstdError.self) {
            try Zstd.decompress(Array("{\"not\":\"zstd\"}".utf8), outputCap: 1 << 20)
        }
        #expect(error.description == "zstd error: unknown frame descriptor")
        #expect(error.zstdErrorName == "Unknown frame descriptor")
        #expect(!error.isTruncatedInput && !error.isOutputCapExceeded)
    }

    @Test("trailing garbage after a frame is reported") func trailingGarbageAfterAFrameIsReported() throws {
        let bytes = try Zstd.compress(Array("fine".utf8)) + [0xDE, 0xAD, 0xBE, 0xEF, 0x00]
        let error = try #require(throws: ZstdError.self) { try Zstd.decompress(bytes, outputCap: 100) }
        #expect(error.description == "zstd error: unknown frame descriptor")
    }

    @Test("corrupted frame is reported") func corruptedFrameIsReported() throws {
        var compressed = try Zstd.compress(liveActivityLines(count: 200))
        for index in stride(from: 20, to: compressed.count - 8, by: 7) {
            compressed[index] ^= 0x5A
        }
        #expect(throws: ZstdError.self) { try Zstd.decompress(compressed, outputCap: 1 << 20) }
    }

    @Test("random bytes never crash", arguments: 0..<64)
    func randomBytesNeverCrash(seed: Int) throws {
        var generator = SeededBytes(seed: UInt64(seed))
        var bytes = generator.random(count: Int(generator.next() % 2048))
        if seed.isMultiple(of: 2) && bytes.count >= 4 {
            // Start with zstd's frame magic so the decoder gets past the first check.
            bytes.replaceSubrange(0..<4, with: [0x28, 0xB5, 0x2F, 0xFD])
        }
        do {
            let output = try Zstd.decompress(bytes, outputCap: 1 << 16)
            #expect(output.count <= 1 << 16)
        } catch {
            #expect(!String(describing: error).isEmpty)
        }
    }

    /// A 22-byte frame whose header asks for a 128 MB window (zstd's own limit), then one raw block.
    static func frameAskingForWindow(log: Int, content: [UInt8]) -> [UInt8] {
        let magic: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD]
        // Frame header descriptor 0: no content size, no checksum, no dictionary, a window descriptor.
        let windowDescriptor = UInt8((log - 10) << 3)
        let blockHeader = 1 | (content.count << 3)  // last block, raw
        let block = [UInt8(blockHeader & 0xFF), UInt8(blockHeader >> 8 & 0xFF), UInt8(blockHeader >> 16)]
        return magic + [0x00, windowDescriptor] + block + content
    }

    @Test("frame asking for more than the window cap is refused") func frameAskingForMoreThanTheWindowCapIsRefused()
        throws
    {
        let content = Array(#"{"aps":{}}"#.utf8)
        let frame = Self.frameAskingForWindow(log: 27, content: content)
        #expect(frame.count == 19)
        let error = try #require(throws: ZstdError.self) { try Zstd.decompress(frame, outputCap: 1 << 20) }
        #expect(error.isWindowTooLarge)
        #expect(error.maximumWindowByteCount == 8 << 20)
        #expect(
            error.description
                == "a frame needs a decoding window larger than 8 MB (windowLog 23), the most this decoder allows")

        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("tiny.zst")
        try Data(frame).write(to: file)
        let stream = try ZstdDecompressionStream(path: file.path)
        #expect(throws: error) { try stream.nextLine() }

        // Allowed a 128 MB window, the same frame decodes, as it did before the cap.
        #expect(try Zstd.decompress(frame, outputCap: 1 << 20, maximumWindowLog: 27) == content)
        // A frame at the cap decodes.
        #expect(
            try Zstd.decompress(Self.frameAskingForWindow(log: 23, content: content), outputCap: 1 << 20) == content)
    }

    /// A frame whose header declares `declaredSize` bytes of content (an 8-byte field), holding
    /// `content` in a raw block and ending with an empty last block.
    ///
    /// zstd's streaming decoder does not compare the declared size with what an empty last
    /// block ends; `ZSTD_decompress` does.
    static func frameDeclaring(size declaredSize: UInt64, content: [UInt8]) -> [UInt8] {
        // Frame header: 8-byte content size, window descriptor 0x28 (a 32 KB window).
        var frame: [UInt8] = [0x28, 0xB5, 0x2F, 0xFD, 0xC0, 0x28]
        frame += (0..<8).map { UInt8(truncatingIfNeeded: declaredSize >> (8 * $0)) }
        func blockHeader(size: Int, isLast: Bool) -> [UInt8] {
            let header = size << 3 | (isLast ? 1 : 0)
            return (0..<3).map { UInt8(truncatingIfNeeded: header >> (8 * $0)) }
        }
        if !content.isEmpty { frame += blockHeader(size: content.count, isLast: false) + content }
        return frame + blockHeader(size: 0, isLast: true)
    }

    /// A skippable frame of `byteCount` bytes in all.
    static func skippableFrame(byteCount: Int) -> [UInt8] {
        let payload = byteCount - 8
        return [0x50, 0x2A, 0x4D, 0x18] + (0..<4).map { UInt8(truncatingIfNeeded: payload >> (8 * $0)) }
            + [UInt8](repeating: 0xAB, count: payload)
    }

    /// Decompresses `bytes` from a file with `ZstdDecompressionStream`, chunk by chunk.
    static func streamed(_ bytes: [UInt8], outputCap: Int) throws -> [UInt8] {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("frames.zst")
        try Data(bytes).write(to: file)
        let stream = try ZstdDecompressionStream(path: file.path, outputCap: outputCap)
        var output: [UInt8] = []
        while let chunk = try stream.nextChunk() { output += chunk }
        return output
    }

    @Test("a frame holding less than its declared size is refused both ways")
    func aFrameHoldingLessThanItsDeclaredSizeIsRefusedBothWays() throws {
        let content = Array("{\"a\":1}\n".utf8)
        let frame = Self.frameDeclaring(size: 200_000, content: content)
        let message = "a zstd frame declares 200000 bytes of content but holds 8"
        let oneShot = try #require(throws: ZstdError.self) { try Zstd.decompress(frame, outputCap: 1 << 20) }
        #expect(oneShot.description == message)
        let streamed = try #require(throws: ZstdError.self) { try Self.streamed(frame, outputCap: 1 << 20) }
        #expect(streamed.description == message)
        #expect(!streamed.isOutputCapExceeded && !streamed.isTruncatedInput)
        // The same frame declaring what it holds decodes.
        let honest = Self.frameDeclaring(size: UInt64(content.count), content: content)
        #expect(try Zstd.decompress(honest, outputCap: 1 << 20) == content)
        #expect(try Self.streamed(honest, outputCap: 1 << 20) == content)
    }

    /// Found by FuzzZstd (Fuzz/Regressions/FuzzZstd/empty-frame-declaring-huge-size): a frame
    /// with a checksum whose header declares 0x7B00000000000001 bytes and whose only block is empty.
    @Test("an empty frame declaring a huge size is refused both ways")
    func anEmptyFrameDeclaringAHugeSizeIsRefusedBothWays() throws {
        let frame: [UInt8] = [
            0x28, 0xB5, 0x2F, 0xFD, 0xD4, 0x2D, 0x01, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x7B, 0x01, 0x00, 0x00,
            0x99, 0xE9, 0xD8, 0x51,
        ]
        let oneShot = try #require(throws: ZstdError.self) { try Zstd.decompress(frame, outputCap: 1 << 18) }
        #expect(
            oneShot.description
                == "decompressed size 8863084066665136129 bytes exceeds the output cap of 262144 bytes")
        let streamed = try #require(throws: ZstdError.self) { try Self.streamed(frame, outputCap: 1 << 18) }
        #expect(streamed.description == "a zstd frame declares 8863084066665136129 bytes of content but holds 0")
    }

    /// The stream reads 131075 bytes at a time (`ZSTD_DStreamInSize()`); a frame header that starts
    /// `bytesBeforeBoundary` bytes before the end of the first read is split across two reads.
    @Test("a frame header split across reads is still checked", arguments: [1, 5, 6, 13, 17, 18])
    func aFrameHeaderSplitAcrossReadsIsStillChecked(bytesBeforeBoundary: Int) throws {
        let skip = Self.skippableFrame(byteCount: 131_075 - bytesBeforeBoundary)
        let content = Array("{\"aps\":{}}\n".utf8)
        let lying = skip + Self.frameDeclaring(size: 200_000, content: content)
        let error = try #require(throws: ZstdError.self) { try Self.streamed(lying, outputCap: 1 << 20) }
        #expect(error.description == "a zstd frame declares 200000 bytes of content but holds 11")
        let honest = skip + Self.frameDeclaring(size: UInt64(content.count), content: content)
        #expect(try Self.streamed(honest, outputCap: 1 << 20) == content)
        let compressed = try Zstd.compress(liveActivityLines(count: 30))
        #expect(try Self.streamed(skip + compressed, outputCap: 1 << 20) == liveActivityLines(count: 30))
    }
}
