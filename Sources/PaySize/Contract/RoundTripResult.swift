@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// What ``ContentStateRoundTrip/check(_:encoder:timestamp:)-(_,JSONEncoder,_)`` found: whether the device gets back
/// the state the server encoded and, if not, the first field that differs and why.
public struct RoundTripResult: Sendable, Equatable, CustomStringConvertible {
    /// The APNs payload the check built: `{"aps":{"timestamp":…,"event":"update","content-state":…}}`.
    public var payload: [UInt8]
    /// The first differing field, relative to `content-state` (for example `/etaDate`); `nil` when
    /// the round trip is faithful.
    @_spi(Internals) public var path: JSONPointer?
    /// Why, in one line; `nil` when the round trip is faithful.
    public var message: String?
    /// Whether the device fails to decode the state (it drops the update) rather than decoding
    /// it to a different value (it shows wrong data).
    package var isDecodingFailure: Bool

    /// Whether the device decodes exactly the state the server encoded.
    public var isFaithful: Bool { message == nil }

    /// The problem as a finding at its place in the payload (`/aps/content-state/…`): dropped when
    /// decoding fails, suspicious when it decodes to a different value.
    public var finding: PayloadFinding? {
        guard let message else { return nil }
        let place = JSONPointer("aps", "content-state").appending(contentsOf: path ?? .root)
        // The deepest part of the path that exists in the payload, for the byte offset.
        var offset: Int?
        if let root = try? JSONScanner.scan(payload) {
            var existing = place
            while root.descendant(at: existing) == nil && !existing.components.isEmpty { existing = existing.parent }
            offset = root.descendant(at: existing)?.byteRange.lowerBound
        }
        return PayloadFinding(
            path: place, code: isDecodingFailure ? .dropped : .suspicious, message: message,
            fix:
                "encode content-state with JSONEncoder's default strategies (.deferredToDate, .useDefaultKeys, .base64)",
            byteOffset: offset)
    }

    /// `faithful`, or the path and message.
    public var description: String {
        guard let message else { return "faithful" }
        return "\(path ?? .root): \(message)"
    }
}
