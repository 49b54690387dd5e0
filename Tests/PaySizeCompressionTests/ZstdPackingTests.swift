import Foundation
@_spi(Internals) import PaySize
import PaySizeCompression
import Testing

/// The zstd packing strategy: the saving counts the frame, base64 and escapes exactly, the
/// packed member decodes back, and nothing is suggested when packing does not win.
@Suite("zstd packing of content-state members") struct ZstdPackingTests {
    struct Leg: Codable, Equatable {
        var flight: String
        var gate: String
        var status: String
    }

    struct Trip: Codable, Equatable {
        var booking: String
        var legs: [Leg]
    }

    /// The type after the suggestion: the packed member is `Data` (base64 in JSON).
    struct PackedTrip: Codable {
        var booking: String
        var legs: Data
    }

    static func trip(_ seed: Int, legs: Int) -> Trip {
        Trip(
            booking: "XK4P9\(seed)",
            legs: (0..<legs).map {
                Leg(
                    flight: "LH\(400 + $0 + seed)", gate: "B\(20 + $0)",
                    status: ["on time", "delayed"][($0 + seed) % 2])
            })
    }

    static func json<T: Encodable>(_ value: T) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        return Array(try encoder.encode(value))
    }

    static func packing(
        _ bytes: [UInt8], dictionary: ZstdDictionary?
    ) throws -> (report: ShrinkReport, suggestion: ShrinkSuggestion?) {
        let report = try ShrinkAdvisor(strategies: [.zstdPacking(dictionary: dictionary)]).report(forJSONBytes: bytes)
        return (report, report.suggestions.first { $0.kind == "zstd-packing" })
    }

    /// Plain zstd packs these legs within 10 % of raw DEFLATE and Brotli, so it is not offered (a
    /// decoder would ship for little); with a trained dictionary it beats them by far.
    @Test("packed members decode back and save exactly") func packedMembersDecodeBackAndSaveExactly() throws {
        let trip = Self.trip(0, legs: 20)
        let bytes = try Self.json(trip)
        #expect(try Self.packing(bytes, dictionary: nil).suggestion == nil)
        let dictionary = try ZstdDictionary.train(samples: (1...40).map { try Self.json(Self.trip($0, legs: 20)) })
        let (report, found) = try Self.packing(bytes, dictionary: dictionary)
        let suggestion = try #require(found)
        #expect(suggestion.id == "zstd-packing:/legs")
        #expect(suggestion.contractChange == .app)
        #expect(suggestion.savedBytes == bytes.count - suggestion.jsonBytes.count)
        #expect(suggestion.savedBytes > 0)
        #expect(report.byteCount == bytes.count)

        let packed = try JSONDecoder().decode(PackedTrip.self, from: Data(suggestion.jsonBytes))
        #expect(packed.booking == trip.booking)
        let legsJSON = try Zstd.decompress(Array(packed.legs), outputCap: 1 << 20, dictionary: dictionary)
        #expect(try JSONDecoder().decode([Leg].self, from: Data(legsJSON)) == trip.legs)

        // Everything APNs sees is counted: the frame as base64, its quotes and every '\/'.
        let frame = try Zstd.compress(
            try Self.json(trip.legs), level: ShrinkStrategy.zstdPackingLevel, dictionary: dictionary)
        let base64 = Data(frame).base64EncodedString()
        let slashes = base64.filter { $0 == "/" }.count
        let legsBytes = try Self.json(trip.legs).count
        #expect(suggestion.savedBytes == legsBytes - (base64.utf8.count + slashes + 2))
        #expect(suggestion.howToApply.contains("Apple's Compression framework has no zstd"))
        #expect(suggestion.title.contains("smaller than the best native format's"))
    }

    @Test("a dictionary trained on the series wins more") func aDictionaryTrainedOnTheSeriesWinsMore() throws {
        let bytes = try Self.json(Self.trip(0, legs: 12))
        let dictionary = try ZstdDictionary.train(samples: (1...40).map { try Self.json(Self.trip($0, legs: 12)) })
        let plain = try Self.packing(bytes, dictionary: nil).suggestion
        let trained = try #require(try Self.packing(bytes, dictionary: dictionary).suggestion)
        #expect(plain == nil || trained.savedBytes > plain!.savedBytes)
    }

    @Test("packing is not suggested when it does not win") func packingIsNotSuggestedWhenItDoesNotWin() throws {
        let bytes = Array(#"{"booking":"XK","legs":[{"g":"B1"},{"g":"B2"}]}"#.utf8)
        let (report, suggestion) = try Self.packing(bytes, dictionary: nil)
        #expect(suggestion == nil)
        #expect(report.suggestions.isEmpty)
    }

    @Test("redundancy is measured with and without the dictionary")
    func redundancyIsMeasuredWithAndWithoutTheDictionary() throws {
        let bytes = try Self.json(Self.trip(0, legs: 12))
        let dictionary = try ZstdDictionary.train(samples: (1...40).map { try Self.json(Self.trip($0, legs: 12)) })
        let redundancy = try PayloadRedundancy(compactJSON: bytes, dictionary: dictionary)
        #expect(redundancy.byteCount == bytes.count)
        #expect(redundancy.zstdByteCount == (try Zstd.compress(bytes, level: 19)).count)
        #expect(
            redundancy.dictionaryZstdByteCount == (try Zstd.compress(bytes, level: 19, dictionary: dictionary)).count)
        #expect(redundancy.dictionaryByteCount == dictionary.bytes.count)
        #expect(redundancy.dictionaryZstdByteCount! < redundancy.zstdByteCount)
        #expect(try PayloadRedundancy(compactJSON: bytes, dictionary: nil).dictionaryZstdByteCount == nil)
    }
}
