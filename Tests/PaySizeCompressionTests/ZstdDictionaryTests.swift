import Foundation
import PaySizeCompression
import Testing

@Suite("Zstd dictionaries")
struct ZstdDictionaryTests {
    static let samples: [[UInt8]] = (0..<400).map { index in
        Array(
            (#"{"aps":{"timestamp":\#(1_700_000_000 + index * 37),"event":"update","content-state":"#
                + #"{"eta":\#(index % 60),"driver":"driver \#(index % 13)","stage":"stage-\#(index % 5)","#
                + #""vehicle":{"plate":"KX-\#(index % 97)","color":"\#(["red", "blue", "white"][index % 3])"}}}}"#)
                .utf8
        )
    }

    static let dictionary: ZstdDictionary = try! ZstdDictionary.train(samples: samples, capacity: 4096)

    @Test("trains a dictionary with an ID") func trainsADictionaryWithAnID() throws {
        let dictionary = Self.dictionary
        #expect(!dictionary.bytes.isEmpty && dictionary.bytes.count <= 4096)
        #expect(dictionary.id != nil)
        #expect(Array(dictionary.bytes.prefix(4)) == [0x37, 0xA4, 0x30, 0xEC])  // zstd's dictionary magic
    }

    @Test("dictionary round-trips and shrinks small payloads") func dictionaryRoundTripsAndShrinksSmallPayloads() throws
    {
        let payload = Array(
            #"{"aps":{"timestamp":1700099999,"event":"update","content-state":{"eta":12,"driver":"driver 4","stage":"stage-2","vehicle":{"plate":"KX-5","color":"red"}}}}"#
                .utf8)
        let plain = try Zstd.compress(payload)
        let packed = try Zstd.compress(payload, dictionary: Self.dictionary)
        #expect(packed.count < plain.count)
        #expect(try Zstd.decompress(packed, outputCap: payload.count, dictionary: Self.dictionary) == payload)
        #expect(Zstd.dictionaryID(ofFrame: packed) == Self.dictionary.id)
        #expect(Zstd.dictionaryID(ofFrame: plain) == nil)

        let data = try Zstd.compress(Data(payload), dictionary: Self.dictionary)
        #expect(try Zstd.decompress(data, outputCap: payload.count, dictionary: Self.dictionary) == Data(payload))
    }

    @Test("decompressing without the dictionary fails") func decompressingWithoutTheDictionaryFails() throws {
        let packed = try Zstd.compress(Self.samples[0], dictionary: Self.dictionary)
        let error = try #require(throws: ZstdError.self) { try Zstd.decompress(packed, outputCap: 1 << 20) }
        #expect(error.description == "zstd error: dictionary mismatch")
        #expect(error.zstdErrorName == "Dictionary mismatch")
    }

    @Test("stream uses the dictionary") func streamUsesTheDictionary() throws {
        let lines = Self.samples.prefix(50).flatMap { $0 + [UInt8(ascii: "\n")] }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("dict.zst")
        try Data(Zstd.compress(lines, dictionary: Self.dictionary)).write(to: file)

        let stream = try ZstdDecompressionStream(path: file.path, dictionary: Self.dictionary)
        var count = 0
        while let line = try stream.nextLine() {
            #expect(line == Self.samples[count])
            count += 1
        }
        #expect(count == 50)
    }

    @Test("raw content dictionary works without an ID") func rawContentDictionaryWorksWithoutAnID() throws {
        let raw = ZstdDictionary(bytes: Array(#"{"aps":{"event":"update","content-state":{"#.utf8))
        #expect(raw.id == nil)
        let payload = Array(#"{"aps":{"event":"update","content-state":{"eta":1}}}"#.utf8)
        let packed = try Zstd.compress(payload, dictionary: raw)
        #expect(try Zstd.decompress(packed, outputCap: 100, dictionary: raw) == payload)
    }

    @Test("too few samples are refused") func tooFewSamplesAreRefused() throws {
        let error = try #require(throws: ZstdError.self) {
            try ZstdDictionary.train(samples: Array(Self.samples.prefix(3)))
        }
        #expect(error.description == "dictionary training needs at least 7 samples, got 3")
    }

    @Test("too little sample data is refused before zstd crashes") func tooLittleSampleDataIsRefusedBeforeZstdCrashes()
        throws
    {
        // zstd 1.5.4's trainer crashes on these instead of returning an error.
        let tiny = (0..<10).map { [UInt8(truncatingIfNeeded: $0)] }
        let error = try #require(throws: ZstdError.self) { try ZstdDictionary.train(samples: tiny) }
        #expect(
            error.description
                == "dictionary training needs at least 8 bytes in its first 7 samples (zstd trains on the first three quarters), got 7"
        )
        let skewed: [[UInt8]] = [[1], [2], [3], [4], [5], [6], [7], Array(repeating: 9, count: 57)]
        #expect(throws: ZstdError.self) { try ZstdDictionary.train(samples: skewed) }
    }

    @Test("empty samples are ignored") func emptySamplesAreIgnored() throws {
        let samples = Array(repeating: [UInt8](), count: 70) + [Array(repeating: 1, count: 64)]
        let error = try #require(throws: ZstdError.self) { try ZstdDictionary.train(samples: samples) }
        #expect(error.description == "dictionary training needs at least 7 samples, got 1")
    }

    @Test("smallest accepted sample set trains") func smallestAcceptedSampleSetTrains() throws {
        let samples = (0..<11).map { [UInt8(truncatingIfNeeded: $0 &* 37)] }
        let dictionary = try ZstdDictionary.train(samples: samples, capacity: 1024)
        #expect(!dictionary.bytes.isEmpty)
    }
}
