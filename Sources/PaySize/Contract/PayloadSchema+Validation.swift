import Foundation
@_spi(Internals) import PaySizeJSON

extension PayloadSchema {
    /// Checks a value against this schema as the device would receive it: encoded by a default
    /// `JSONEncoder` (ActivityKit's strategies), then validated.
    ///
    /// ```swift
    /// let schema = PayloadSchema.infer(from: DeliveryState.self)
    /// try schema.validate(DeliveryState(eta: .now, stops: 3))   // []
    /// ```
    ///
    /// - Parameter value: A content state or attributes value.
    /// - Returns: The findings as ``findings(inJSON:)`` returns them; empty when the value is fine.
    /// - Throws: `EncodingError` when `JSONEncoder` cannot encode the value.
    public func validate<Value: Encodable>(_ value: Value) throws -> [PayloadFinding] {
        try findings(inJSON: Array(JSONEncoder().encode(value)))
    }

    /// Checks a content-state (or attributes) JSON document against this schema.
    ///
    /// Schema violations are errors coded ``PayloadFinding/Code/dropped``, the instances a
    /// draft 2020-12 validator rejects; keys the schema does not know and `Date` numbers that
    /// look like Unix time are warnings coded ``PayloadFinding/Code/suspicious``. Paths are
    /// JSON Pointers from the document's root.
    ///
    /// ```swift
    /// try schema.findings(inJSON: Array(#"{"eta":"5m"}"#.utf8))
    /// // [/eta: dropped: expected a Date as a number of seconds since 2001-01-01, found string '5m'; …]
    /// ```
    ///
    /// - Parameter bytes: The document's UTF-8 bytes.
    /// - Returns: Errors first, then warnings; empty when the document is fine.
    /// - Throws: ``JSONScanError`` when the bytes are not JSON.
    public func findings(inJSON bytes: [UInt8]) throws -> [PayloadFinding] {
        findings(in: try JSONScanner.scan(bytes))
    }
}
