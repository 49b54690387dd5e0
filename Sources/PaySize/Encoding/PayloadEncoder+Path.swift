import Foundation

extension PayloadEncoder {
    /// Which implementation a `PayloadEncoder` runs, for triage and as a baseline.
    ///
    /// `Sources/PaySize/Encoding/README.md` lists what the plain path turns off. Both paths
    /// write the same bytes and throw the same errors.
    @_spi(Internals)
    @_spi(Internals) public enum Path: Sendable, Equatable {
        /// The byte-stream encoder with all its shortcuts.
        case fast
        /// The same encoder with every shortcut that rests on a layout or caching assumption
        /// turned off.
        case plain

        /// `.plain` when the environment variable `PAYSIZE_ENCODER` is `plain`, `.fast`
        /// otherwise. Read once, the first time an encoder is made.
        @_spi(Internals) public static let configured: Path = {
            guard let value = getenv("PAYSIZE_ENCODER") else { return .fast }
            return String(cString: value) == "plain" ? .plain : .fast
        }()
    }

    /// Makes this thread's next call defer every nested value's node again: forgets which types
    /// asked their encoder for more than one scalar (`Sources/PaySize/Encoding/README.md`, the
    /// plain path). For fuzzing and tests, which would otherwise reach deferred frames only until
    /// their own value types are known.
    @_spi(Internals) public static func forgetFramedTypes() {
        EncodingSessionPool.forgetFramedTypes()
    }

    /// Encodes `value` on the plain path: a session of its own for this call, never pooled.
    ///
    /// - Returns: The bytes, Foundation's when the value needs its tree.
    func encodePlainly<T: Encodable>(_ value: T) throws -> [UInt8] {
        let session = EncodingSession(isPlain: true)
        session.begin(options: self, countingOnly: false)
        let encoded: [UInt8]?
        do {
            try session.run(value)
            encoded = session.needsFallback ? nil : Array(session.writer.written)
        } catch {
            session.endCall()
            guard session.needsFallback else { throw error }
            return try foundationEncoded(value)
        }
        session.endCall()
        return try encoded ?? foundationEncoded(value)
    }
}
