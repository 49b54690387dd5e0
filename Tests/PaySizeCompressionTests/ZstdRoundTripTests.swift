import Foundation
import PaySizeCompression
import Testing

@Suite("Zstd round trips")
struct ZstdRoundTripTests {
    static let oneMegabyte = 1 << 20

    static let inputs: [(name: String, bytes: [UInt8])] = {
        var generator = SeededBytes(seed: 42)
        return [
            ("empty", []),
            ("one byte", [0x7B]),
            ("small JSON", Array(#"{"aps":{"event":"update","content-state":{"eta":5}}}"#.utf8)),
            ("1 MB random", generator.random(count: oneMegabyte)),
            ("1 MB of zeros", [UInt8](repeating: 0, count: oneMegabyte)),
            ("JSON Lines", liveActivityLines(count: 5000)),
        ]
    }()

    @Test("round-trips bytes", arguments: inputs.indices)
    func roundTripsBytes(index: Int) throws {
        let input = Self.inputs[index].bytes
        let compressed = try Zstd.compress(input)
        let output = try Zstd.decompress(compressed, outputCap: input.count)
        #expect(output == input, "\(Self.inputs[index].name)")
    }

    @Test(
        "round-trips at every level", arguments: [Zstd.levels.lowerBound, -5, 1, 3, 19, Zstd.levels.upperBound, 1000])
    func roundTripsAtEveryLevel(level: Int) throws {
        let input = liveActivityLines(count: 200)
        let compressed = try Zstd.compress(input, level: level)
        #expect(try Zstd.decompress(compressed, outputCap: input.count) == input)
    }

    @Test("round-trips without declared content size") func roundTripsWithoutDeclaredContentSize() throws {
        let input = liveActivityLines(count: 2000)
        let compressed = try Zstd.compress(input, writesContentSize: false)
        #expect(try Zstd.decompress(compressed, outputCap: input.count) == input)
    }

    @Test("round-trips Data") func roundTripsData() throws {
        let input = Data(liveActivityLines(count: 100))
        let compressed = try Zstd.compress(input, level: 9)
        #expect(try Zstd.decompress(compressed, outputCap: input.count) == input)
        // Data slices do not start at index 0.
        let slice = compressed.dropFirst(0)
        #expect(try Zstd.decompress(Data(slice), outputCap: input.count) == input)
    }

    @Test("compresses repetitive input well") func compressesRepetitiveInputWell() throws {
        let zeros = [UInt8](repeating: 0, count: Self.oneMegabyte)
        #expect(try Zstd.compress(zeros).count < 200)
        let lines = liveActivityLines(count: 5000)
        #expect(try Zstd.compress(lines).count * 10 < lines.count)
    }

    @Test("empty input holds no frames") func emptyInputHoldsNoFrames() throws {
        #expect(try Zstd.decompress([UInt8](), outputCap: 0) == [])
        #expect(try Zstd.decompress(Data(), outputCap: 0) == Data())
    }

    @Test("concatenated frames decompress in order") func concatenatedFramesDecompressInOrder() throws {
        let parts = (0..<5).map { Array("part \($0)\n".utf8) }
        var concatenated: [UInt8] = []
        for (index, part) in parts.enumerated() {
            // Mix frames with and without a declared size, as appended logs do.
            concatenated += try Zstd.compress(part, writesContentSize: index.isMultiple(of: 2))
        }
        #expect(try Zstd.decompress(concatenated, outputCap: 100) == parts.flatMap { $0 })
    }

    @Test("concatenated frames with declared sizes") func concatenatedFramesWithDeclaredSizes() throws {
        let first = Array(repeating: UInt8(ascii: "a"), count: 1000)
        let second = Array(repeating: UInt8(ascii: "b"), count: 2000)
        let concatenated = try Zstd.compress(first) + Zstd.compress(second)
        #expect(try Zstd.decompress(concatenated, outputCap: 3000) == first + second)
    }

    @Test("skippable frames are skipped") func skippableFramesAreSkipped() throws {
        // A skippable frame: magic 0x184D2A50 (little endian), a 4-byte length, then that many bytes.
        let skippable: [UInt8] = [0x50, 0x2A, 0x4D, 0x18, 3, 0, 0, 0, 1, 2, 3]
        let input = Array("kept".utf8)
        let bytes = try skippable + Zstd.compress(input) + skippable
        #expect(try Zstd.decompress(bytes, outputCap: 4) == input)
    }

    @Test("reports library version") func reportsLibraryVersion() {
        #expect(Zstd.libraryVersion.hasPrefix("1."))
        #expect(Zstd.levels.upperBound == 22)
    }
}
