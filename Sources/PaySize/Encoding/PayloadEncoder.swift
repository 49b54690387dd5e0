import Foundation

/// A fast drop-in for Foundation's `JSONEncoder` that writes the same bytes.
///
/// The options are Foundation's own types, so switching from `JSONEncoder` changes one word.
/// Under `.sortedKeys` the output is byte-identical to `JSONEncoder`'s for every value it can
/// encode, `.prettyPrinted` and `.withoutEscapingSlashes` included; without `.sortedKeys`,
/// members come out in the order they were encoded (Foundation's order is hash order) and the
/// size is the same. Errors are Foundation's: same `EncodingError` case, coding path and text.
///
/// Values are written straight into one growing byte buffer, with no intermediate tree. If a
/// type uses its containers in an order a byte stream cannot follow (writing through a nested
/// container after its parent moved on, or writing a key twice through `nestedContainer` or
/// `superEncoder`), the value is encoded again with `JSONEncoder` and that result is returned.
///
/// ```swift
/// struct State: Encodable { var eta = 5; var driver = "Ana" }
///
/// var encoder = PayloadEncoder()
/// encoder.outputFormatting = [.sortedKeys]
/// let data = try encoder.encode(State())         // {"driver":"Ana","eta":5}
/// let size = try encoder.encodedSize(of: State()) // 24, without building the bytes
/// ```
///
/// A type that catches an error thrown by one of its own members and keeps encoding is also
/// re-encoded with `JSONEncoder`, as the bytes written for the failed member are stale.
///
/// An encoder or container kept past its value's `encode(to:)` reads an empty `codingPath`
/// (Foundation still answers with the old path); writes through it once the whole call has
/// returned succeed and change nothing, as in Foundation.
///
/// Working buffers and what the encoder learned about each `CodingKey` type are kept between
/// calls (a few sets, one per thread encoding at once), so repeated calls allocate only their
/// result.
///
/// To tell a bug in a shortcut from one in the encoder itself, run the process with the
/// environment variable `PAYSIZE_ENCODER=plain` (read once, when the first encoder is made):
/// every `PayloadEncoder` then writes the same bytes through a plain path, with no per-thread
/// cache and no shortcut that rests on a type's memory layout.
///
/// `PayloadEncoder` is a value: configure a copy per use, share it across threads freely.
public struct PayloadEncoder: Sendable {
    /// Output formatting: `.sortedKeys`, `.prettyPrinted`, `.withoutEscapingSlashes`.
    /// Defaults to `[]`, as `JSONEncoder` does.
    public var outputFormatting: JSONEncoder.OutputFormatting = []

    /// How `Date` values are written. Defaults to `.deferredToDate`: seconds since 2001-01-01 as
    /// a number, which is what a Live Activity's default decoder expects.
    public var dateEncodingStrategy: JSONEncoder.DateEncodingStrategy {
        get { (strategies ?? .defaults).values.dateEncodingStrategy }
        set { changeStrategies { $0.dateEncodingStrategy = newValue } }
    }

    /// How `Data` values are written. Defaults to `.base64`.
    public var dataEncodingStrategy: JSONEncoder.DataEncodingStrategy {
        get { (strategies ?? .defaults).values.dataEncodingStrategy }
        set { changeStrategies { $0.dataEncodingStrategy = newValue } }
    }

    /// How keys are converted. Defaults to `.useDefaultKeys`. As in Foundation, the keys of a
    /// `[String: Value]` dictionary are never converted, and a `.custom` closure sees the same
    /// coding paths in the same order as under `JSONEncoder` (a member's key after the keys
    /// inside its value). For a value re-encoded with `JSONEncoder` (see above) the closure is
    /// called again by that encoder.
    public var keyEncodingStrategy: JSONEncoder.KeyEncodingStrategy {
        get { (strategies ?? .defaults).values.keyEncodingStrategy }
        set { changeStrategies { $0.keyEncodingStrategy = newValue } }
    }

    /// What to write for NaN and infinities. Defaults to `.throw`.
    public var nonConformingFloatEncodingStrategy: JSONEncoder.NonConformingFloatEncodingStrategy {
        get { (strategies ?? .defaults).values.nonConformingFloatEncodingStrategy }
        set { changeStrategies { $0.nonConformingFloatEncodingStrategy = newValue } }
    }

    /// Which of Foundation's writers to write numbers as. Defaults to ``JSONWriter/swift``, the
    /// bytes of swift-foundation's `JSONEncoder` (iOS 17+, macOS 14+, Swift 6 on Linux);
    /// ``JSONWriter/objc`` writes and counts as iOS 16's `JSONEncoder` did, each non-integral
    /// `Double` or `Float` with 17 significant digits (`1.1` as `1.1000000000000001`, byte for
    /// byte `String(format: "%.17g", value)`), <doc:WhatTheDeviceCounts>.
    public var writer: JSONWriter = .swift

    /// Values handed to every `encode(to:)` through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { (strategies ?? .defaults).values.userInfo }
        set { changeStrategies { $0.userInfo = newValue } }
    }

    /// The implementation that runs: ``Path/configured`` unless set.
    @_spi(Internals) public var path: Path = .configured

    /// The options besides `outputFormatting`, in one immutable box shared by copies; nil while
    /// they are all the defaults (as in most encoders), so copying such an encoder retains nothing.
    private(set) var strategies: EncodingStrategies?

    private mutating func changeStrategies(_ change: (inout EncodingStrategies.Values) -> Void) {
        var values = (strategies ?? .defaults).values
        change(&values)
        strategies = EncodingStrategies.boxing(values)
    }

    /// Creates an encoder with `JSONEncoder`'s default options.
    public init() {}

    /// Encodes a value as JSON.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The JSON bytes, identical to `JSONEncoder`'s under `.sortedKeys`.
    /// - Throws: `EncodingError.invalidValue` as `JSONEncoder` throws it: for NaN or an infinity
    ///   under the `.throw` float strategy, for a top-level value that encodes nothing, or for
    ///   containers nested 512 deep.
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        if path == .plain { return try Data(encodePlainly(value)) }
        // Each result gets a `Data` of its own, never one kept in the session between calls: a
        // `Data` stored past the call keeps its storage pointer with the enum tag in its top
        // bits, which LeakSanitizer cannot follow, so it would report the buffer as a leak at
        // exit (in the fuzz run, and in any caller's tests run with `--sanitize=address`).
        let encoded = try encodeWithoutFallback(value, countingOnly: false) { session in
            Data(bytes: session.writer.written.baseAddress!, count: session.writer.count)
        }
        return try encoded ?? Data(foundationEncoded(value))
    }

    /// Encodes a value as JSON into a byte array, skipping the copy into `Data`.
    ///
    /// - Parameter value: The value to encode.
    /// - Returns: The UTF-8 bytes of the JSON text, the same bytes ``encode(_:)`` returns.
    /// - Throws: The errors ``encode(_:)`` throws.
    public func encodeBytes<T: Encodable>(_ value: T) throws -> [UInt8] {
        if path == .plain { return try encodePlainly(value) }
        let encoded = try encodeWithoutFallback(value, countingOnly: false) { session in Array(session.writer.written) }
        return try encoded ?? foundationEncoded(value)
    }

    /// Counts the bytes ``encode(_:)`` would return, without building them.
    ///
    /// Members are never sorted in this mode (order does not change the size), and no bytes
    /// are stored, even when `.sortedKeys` is set.
    ///
    /// - Parameter value: The value to measure.
    /// - Returns: Exactly `try encode(value).count`.
    /// - Throws: The errors ``encode(_:)`` throws.
    public func encodedSize<T: Encodable>(of value: T) throws -> Int {
        if path == .plain { return try encodePlainly(value).count }
        let counted = try encodeWithoutFallback(value, countingOnly: true) { session in
            session.needsWritingMode ? nil : session.writer.countedBytes
        }
        switch counted {
        case .some(.some(let size)): return size
        // Counting mode met two keys it cannot tell apart without their bytes.
        case .some(.none): return try encodeBytes(value).count
        case .none: return try foundationEncoded(value).count
        }
    }

    /// Runs the byte-stream encoder on a session from ``EncodingSessionPool`` and reads the result
    /// with `result` before the session goes back.
    ///
    /// - Returns: `result`'s value, or nil when the value needs Foundation's tree.
    @inline(__always)
    func encodeWithoutFallback<T: Encodable, Result>(
        _ value: T,
        countingOnly: Bool,
        result: (EncodingSession) -> Result
    ) throws -> Result? {
        let (session, slot) = EncodingSessionPool.take()
        session.begin(options: self, countingOnly: countingOnly)
        do {
            try session.run(value)
        } catch {
            session.endCall()
            let fellBack = session.needsFallback
            EncodingSessionPool.giveBack(consume session, to: slot)
            if fellBack { return nil }
            throw error
        }
        if session.needsFallback {
            session.endCall()
            EncodingSessionPool.giveBack(consume session, to: slot)
            return nil
        }
        // No local of type `Result?`: a generic optional costs a metadata lookup per call.
        let outcome = result(session)
        session.endCall()
        EncodingSessionPool.giveBack(consume session, to: slot)
        return outcome
    }

    /// `value` as `JSONEncoder` with the same options writes it, its numbers then re-written by
    /// ``writer``: for values only Foundation's tree can reproduce.
    ///
    /// Under ``JSONWriter/objc`` each number is re-written from Foundation's text, which is the
    /// value's shortest round-trip form, so a `Double` gets exactly its `%.17g`; a `Float` gets
    /// its text's nearest `Double` rather than its widened value (Encoding/README.md).
    func foundationEncoded<T: Encodable>(_ value: T) throws -> [UInt8] {
        let bytes = Array(try foundationEncoder().encode(value))
        return writer == .objc ? JSONNumberRewriter.rewritingNumbers(in: bytes, writer: .objc) : bytes
    }

    /// A `JSONEncoder` with the same options, for values only Foundation's tree can reproduce.
    func foundationEncoder() -> JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = outputFormatting
        encoder.dateEncodingStrategy = dateEncodingStrategy
        encoder.dataEncodingStrategy = dataEncodingStrategy
        encoder.keyEncodingStrategy = keyEncodingStrategy
        encoder.nonConformingFloatEncodingStrategy = nonConformingFloatEncodingStrategy
        encoder.userInfo = userInfo
        return encoder
    }
}
