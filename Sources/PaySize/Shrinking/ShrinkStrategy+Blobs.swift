@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Embedded blobs (base64 `Data`, data URLs, long opaque tokens, encoded polylines: anything
    /// ``BlobDetection/isOpaque(_:)`` but a URL, over 64 bytes) → an identifier or asset name the
    /// app resolves. Measured with an 8-character identifier made from the blob's hash.
    static let blobs = ShrinkStrategy(id: "blob-to-identifier") { context in
        var largest: [JSONPointer: Int] = [:]
        var order: [JSONPointer] = []
        for value in context.reshapableValues {
            guard let string = value.element.stringValue, isReplaceable(string) else { continue }
            let path = value.path.folded
            if largest[path] == nil { order.append(path) }
            largest[path] = max(largest[path] ?? 0, value.element.compactByteCount)
        }
        return order.map { path in
            ShrinkCandidate(
                id: "blob-to-identifier:\(path)", kind: "blob-to-identifier",
                title: "embedded blob at \(path) (\(largest[path]!) bytes) → an asset name or identifier",
                paths: [path], contractChange: .app,
                howToApply: """
                    Keep the data out of the payload: ship it in the app's asset catalog or an App Group container (or fetch it before the update), and send only its name or identifier, measured here as an 8-character one. The app's type changes from Data to a String name it resolves.
                    """,
                isLossy: false,
                edit: .replacingStrings(at: path) { isReplaceable($0) ? identifier(for: $0) : nil })
        }
    }

    /// Whether a string is a blob, or opaque text (not a URL) over 64 bytes.
    static func isReplaceable(_ string: String) -> Bool {
        BlobDetection.isBlob(string)
            || (string.utf8.count > BlobDetection.minimumByteCount && !string.contains("://")
                && BlobDetection.isOpaque(string))
    }

    /// An 8-character hex identifier for `string` (its 32-bit FNV-1a hash), stable across runs.
    static func identifier(for string: String) -> String {
        var hash: UInt32 = 2_166_136_261
        for byte in string.utf8 {
            hash ^= UInt32(byte)
            hash = hash &* 16_777_619
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
