import Foundation
@_spi(Internals) import PaySize

extension ShrinkStrategy {
    /// Packing the widget extension decodes natively: the bulkiest object or array inside the
    /// app's regions becomes one base64 string holding it compressed as raw DEFLATE or Brotli,
    /// which Apple's Compression framework reads without a bundled decoder.
    ///
    /// One suggestion per format (`deflate-packing:` and `brotli-packing:`, then the path), each
    /// with its Swift decoding snippet. The saving counts everything APNs sees: the compressed
    /// bytes, base64, the quotes, and `\/` for every `/` when the payload escapes slashes.
    ///
    /// ```swift
    /// var advisor = ShrinkAdvisor()
    /// advisor.strategies.append(.nativePacking)
    /// ```
    public static let nativePacking = ShrinkStrategy(id: "native-packing") { context in
        guard let (pointer, element) = bulkiestContainer(in: context) else { return [] }
        let json = context.compactJSONBytes(at: pointer) ?? []
        return NativeCodec.allCases.compactMap { codec -> ShrinkCandidate? in
            guard let packed = codec.compress(json) else { return nil }
            let encoded = Data(packed).base64EncodedString()
            let pack: @Sendable ([UInt8]) -> String? = { current in
                if current == json { return encoded }
                return codec.compress(current).map { Data($0).base64EncodedString() }
            }
            return ShrinkCandidate(
                id: "\(codec.name)-packing:\(pointer)", kind: "\(codec.name)-packing",
                title:
                    "pack \(pointer) (\(element.compactByteCount) bytes) as \(codec.name) into one base64 string (\(packed.count) bytes packed), decoded natively",
                paths: [pointer], contractChange: .app,
                howToApply: """
                    Make \(pointer) a Data property (base64 in JSON) holding its JSON packed as \(codec.summary). No decoder ships with the app; in the widget extension:
                    \(decodingSnippet(codec))
                    Measured after compression and base64, with the payload's escaping.
                    """,
                isLossy: false, edit: .replacingValue(at: pointer, withString: pack))
        }
    }

    /// The Swift that unpacks a member packed with `codec`, with Apple's Compression framework.
    static func decodingSnippet(_ codec: NativeCodec) -> String {
        """
        import Compression
        import Foundation

        func unpacked(_ packed: Data) throws -> Data {
            var json = Data()
            let filter = try OutputFilter(.decompress, using: \(codec.appleAlgorithm)) { chunk in
                if let chunk { json.append(chunk) }
            }
            try filter.write(packed)
            try filter.finalize()
            return json
        }
        // let events = try JSONDecoder().decode([Event].self, from: unpacked(state.packedEvents))
        """
    }

    /// The smallest packed size among the native formats for the value at `pointer`'s JSON.
    static func smallestNativePackedCount(_ json: [UInt8]) -> Int? {
        NativeCodec.allCases.compactMap { $0.compress(json)?.count }.min()
    }
}
