import Foundation
@_spi(Internals) import PaySize
import Testing

@testable import PaySizeCompression

/// Raw DEFLATE and Brotli packing: what Apple's Compression framework decodes in a widget
/// extension, measured exactly, and zstd only when it beats them by 10 %.
@Suite("Packing with the native codecs") struct NativePackingTests {
    static func events(_ count: Int) -> [UInt8] {
        let events = (0..<count).map {
            #"{"minute":\#($0 * 3),"type":"Goal scored","player":"Player \#($0 % 7)","text":"Goal scored by Player \#($0 % 7) after a move down the right"}"#
        }
        return Array(
            #"{"aps":{"timestamp":1764514800,"event":"update","content-state":{"events":[\#(events.joined(separator: ","))]}}}"#
                .utf8)
    }

    @Test("packed members round trip and save exactly", arguments: NativeCodec.allCases)
    func packedMembersRoundTripAndSaveExactly(_ codec: NativeCodec) throws {
        let bytes = Self.events(30)
        let report = try ShrinkAdvisor(strategies: [.nativePacking]).report(forJSONBytes: bytes)
        let suggestion = try #require(
            report.suggestions.first { $0.id == "\(codec.name)-packing:/aps/content-state/events" })
        #expect(suggestion.contractChange == .app && !suggestion.isLossy)
        #expect(suggestion.howToApply.contains("OutputFilter(.decompress, using: \(codec.appleAlgorithm))"))
        let shrunk = try JSONScanner.scan(suggestion.jsonBytes)
        #expect(suggestion.savedBytes == bytes.count - shrunk.compactByteCount)
        let packed = try #require(shrunk["aps"]?["content-state"]?["events"]?.stringValue)
        let data = try #require(Data(base64Encoded: packed))
        let original = try JSONScanner.scan(bytes)
        let events = try #require(original["aps"]?["content-state"]?["events"])
        let unpacked = try #require(codec.decompress(Array(data), maximumByteCount: 1 << 16))
        #expect(unpacked == events.compactJSONBytes(in: bytes))
    }

    @Test("raw deflate has no zlib header") func rawDeflateHasNoZlibHeader() throws {
        let json = Array(String(repeating: #"{"a":"bbbbbbbb"},"#, count: 40).utf8)
        let packed = try #require(NativeCodec.deflate.compress(json))
        // A zlib stream starts 0x78; raw DEFLATE's first byte holds BFINAL and BTYPE instead.
        #expect(packed.first != 0x78)
        #expect(NativeCodec.deflate.decompress(packed, maximumByteCount: 4096) == json)
    }

    @Test("zstd joins only when it beats native formats by ten percent")
    func zstdJoinsOnlyWhenItBeatsNativeFormatsByTenPercent() throws {
        let bytes = Self.events(30)
        let report = try ShrinkAdvisor(strategies: [.nativePacking, .zstdPacking(dictionary: nil)])
            .report(forJSONBytes: bytes)
        let state = try JSONScanner.scan(bytes)["aps"]!["content-state"]!["events"]!.compactJSONBytes(in: bytes)
        let zstd = try Zstd.compress(state, level: ShrinkStrategy.zstdPackingLevel).count
        let sizes = NativeCodec.allCases.compactMap { $0.compress(state)?.count }
        let native = try #require(sizes.min())
        let offered = report.suggestions.contains { $0.kind == "zstd-packing" }
        #expect(offered == (zstd * 100 <= native * 90))
    }
}
