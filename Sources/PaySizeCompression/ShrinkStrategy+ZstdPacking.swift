import Foundation
@_spi(Internals) import PaySize

extension ShrinkStrategy {
    /// The zstd level packing uses: 19, the highest of zstd's regular levels (20–22 need more
    /// memory to decode than a widget extension should spend).
    public static let zstdPackingLevel = 19

    /// How much smaller than the best natively decoded format a zstd frame must be for zstd
    /// packing to be suggested: 10 %.
    static let minimumAdvantageOverNativePercent = 10

    static func percentSmaller(_ size: Int, than other: Int) -> String {
        "\(Int((Double(other - size) * 100 / Double(max(other, 1))).rounded()))%"
    }

    /// zstd packing, honestly accounted: the bulkiest object or array inside the app's regions
    /// becomes one base64 string holding it compressed (with `dictionary` when given).
    ///
    /// The saving counts everything APNs sees: the zstd frame, base64 (4 bytes per 3, padded),
    /// the quotes, and `\/` for every `/` when the payload escapes slashes. It is suggested only
    /// when that total is smaller than the JSON it replaces (the advisor drops proposals that
    /// save nothing) and the frame is at least 10 % smaller than the best format Apple's
    /// Compression framework decodes (see ``nativePacking``): the app must then ship the
    /// dictionary and a zstd decoder, which the framework lacks.
    ///
    /// ```swift
    /// var advisor = ShrinkAdvisor()
    /// advisor.strategies.append(.zstdPacking(dictionary: try ZstdDictionary.train(samples: pastPayloads)))
    /// ```
    ///
    /// - Parameters:
    ///   - dictionary: A dictionary trained on earlier payloads (`paysize zstd-dictionary train`), or `nil`
    ///     for plain zstd.
    ///   - level: The compression level; default ``zstdPackingLevel``.
    /// - Returns: A strategy with the id `zstd-packing`.
    public static func zstdPacking(dictionary: ZstdDictionary?, level: Int = zstdPackingLevel) -> ShrinkStrategy {
        ShrinkStrategy(id: "zstd-packing") { context in
            guard let (pointer, element) = bulkiestContainer(in: context) else { return [] }
            let json = context.compactJSONBytes(at: pointer) ?? []
            let frame = try? Zstd.compress(json, level: level, dictionary: dictionary)
            // A zstd decoder must ship in the widget extension: worth it only when zstd beats the
            // best format Apple's Compression framework decodes by at least 10 %.
            guard let frame, let native = smallestNativePackedCount(json),
                frame.count * 100 <= native * (100 - minimumAdvantageOverNativePercent)
            else { return [] }
            let packed = Data(frame).base64EncodedString()
            // The edit packs the value as the plan's other edits left it; untouched, it is this one.
            let pack: @Sendable ([UInt8]) -> String? = { current in
                if current == json { return packed }
                return (try? Zstd.compress(current, level: level, dictionary: dictionary)).map {
                    Data($0).base64EncodedString()
                }
            }
            let with =
                dictionary.map { "zstd (level \(level)) and a \($0.bytes.count)-byte dictionary" }
                ?? "zstd (level \(level), no dictionary)"
            return [
                ShrinkCandidate(
                    id: "zstd-packing:\(pointer)", kind: "zstd-packing",
                    title:
                        "pack \(pointer) (\(element.compactByteCount) bytes) with \(with) into one base64 string (a \(frame.count)-byte frame, \(Self.percentSmaller(frame.count, than: native)) smaller than the best native format's \(native) bytes)",
                    paths: [pointer], contractChange: .app,
                    howToApply: """
                        Make \(pointer) a Data property (base64 in JSON) holding the zstd frame of its JSON; in the app, decompress it\(dictionary == nil ? "" : " with the dictionary (\(dictionary!.bytes.count) bytes, shipped in the app)") and decode the JSON with JSONDecoder. Apple's Compression framework has no zstd: the widget extension must ship a zstd decoder. Measured after compression and base64, with the payload's escaping.
                        """,
                    isLossy: false, edit: .replacingValue(at: pointer, withString: pack))
            ]
        }
    }

    /// The largest object or array strictly inside an app region (a region's root stays an
    /// object, as `ContentState` must), first in document order on a tie.
    static func bulkiestContainer(in context: ShrinkContext) -> (JSONPointer, JSONElement)? {
        var best: (JSONPointer, JSONElement)? = nil
        for region in context.appRegions {
            guard let root = context.payload.descendant(at: region) else { continue }
            var stack: [(JSONPointer, JSONElement)] = []
            func push(childrenOf element: JSONElement, at pointer: JSONPointer) {
                switch element.content {
                case .object(let members):
                    for member in members.reversed() { stack.append((pointer.appending(member.key), member.value)) }
                case .array(let elements):
                    for (index, child) in elements.enumerated().reversed() {
                        stack.append((pointer.appending(index: index), child))
                    }
                default:
                    break
                }
            }
            push(childrenOf: root, at: region)
            while let (pointer, element) = stack.popLast() {
                // A push SDK's shape is the SDK's type to decode: never packed, nor anything in it.
                guard element.members != nil || element.elements != nil, !context.isInSDKShape(pointer) else {
                    continue
                }
                if element.compactByteCount > (best?.1.compactByteCount ?? 0) { best = (pointer, element) }
                push(childrenOf: element, at: pointer)
            }
        }
        return best
    }
}
