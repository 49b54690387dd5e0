import Foundation

/// A JSON Schema (draft 2020-12) describing a Live Activity's `ContentState` or attributes as the
/// device decodes them, inferred from the Swift type or read from a file.
///
/// ```swift
/// let schema = PayloadSchema.infer(from: DeliveryState.self)
/// try schema.jsonData().write(to: url)                  // pretty, sorted keys, stable
/// schema.findings(in: contentState, at: JSONPointer("aps", "content-state"))
/// // [/aps/content-state/eta: dropped: expected a Date as a number of seconds since 2001-01-01, …]
/// ```
public struct PayloadSchema: Sendable, Equatable {
    /// The schema document.
    public let document: JSONElement
    let compiled: CompiledSchema

    /// The only `$schema` accepted and the one inference writes.
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The annotation inference puts on every `Date`: its value says which epoch the number counts from.
    public static let dateAnnotation = "x-paysize-date"
    static let referenceDateValue = "reference-date"
    static let referenceDateDescription =
        "a Date: seconds since 2001-01-01T00:00:00Z (JSONDecoder's default .deferredToDate), not Unix seconds"

    /// A `Date` number at or above this many seconds looks like Unix seconds.
    ///
    /// 1.2e9 seconds after 2001-01-01 is 2039-01-11: no Live Activity shows a date that far out,
    /// while every Unix timestamp since 2008-01-10 is larger. Values at or above
    /// ``unixMillisecondsThreshold`` look like Unix milliseconds instead.
    public static let unixSecondsThreshold: Double = 1.2e9
    /// A `Date` number at or above this looks like Unix milliseconds (1e11 s is ~3170 years).
    public static let unixMillisecondsThreshold: Double = 1e11

    /// Reads a schema document, refusing one the validator cannot honour.
    ///
    /// - Throws: ``SchemaError`` for an unsupported keyword (`patternProperties`, `if`, …), a
    ///   remote or unresolvable `$ref`, a `$schema` other than draft 2020-12, or a malformed keyword.
    public init(document: JSONElement) throws {
        self.compiled = try CompiledSchema(document: document)
        self.document = document
    }

    /// Reads a schema document from JSON bytes.
    ///
    /// - Throws: `JSONScanError` when the bytes are not JSON, else as ``init(document:)``.
    public init(jsonBytes: [UInt8]) throws {
        try self.init(document: JSONScanner.scan(jsonBytes))
    }

    /// Infers the schema of `type` by decoding it through a recording `Decoder`: no instance needed.
    ///
    /// Covers properties (`decodeIfPresent` makes one optional and nullable), nested types,
    /// arrays, dictionaries, `String`/`Bool`/integers (with their bounds)/`Double`, `Date` (a
    /// number of seconds since 2001-01-01, marked `"x-paysize-date": "reference-date"`), `Data`
    /// (base64), `URL`, `UUID`, `CaseIterable` raw-value enums (their values as `enum`), custom
    /// `CodingKeys`, enums with associated values (`oneOf` single-key objects) and recursive
    /// types (`$defs`/`$ref`).
    ///
    /// What cannot be inferred is said in an `x-paysize-note` rather than guessed: a custom
    /// `init(from:)` that reads different keys depending on which are present (the schema is the
    /// union of the branches seen), one that throws on placeholder values (keys read after that
    /// are missing), a raw-value enum that is not `CaseIterable` (its values are unknown), keys
    /// read through `allKeys` with a key type whose cases cannot be listed. Not detectable, so not
    /// noted: a single value tried as one type after another (`try?` chains, as `AnyCodable`
    /// does) shows only the first type; checks inside `init(from:)` (ranges, formats) are not
    /// seen; `Int`/`Int64` get no bounds (smaller integer types do); `Data`, `UUID` and `URL`
    /// strings are not checked for their format (JSON Schema treats `format` and
    /// `contentEncoding` as annotations).
    public static func infer<T: Decodable>(from type: T.Type) -> PayloadSchema {
        let document = SchemaInference().document(for: type)
        do {
            return try PayloadSchema(document: document)
        } catch {
            preconditionFailure("inferred schema does not compile: \(error)")
        }
    }

    /// The schema document: pretty-printed, keys sorted by UTF-8 bytes, a final newline; the same
    /// bytes every time for the same schema.
    public func jsonData() -> Data {
        Data(SchemaDocumentWriter.write(document))
    }

    /// Checks `instance` (a `content-state` or `attributes` object) against this schema.
    ///
    /// Schema violations are ``ContractFinding/Severity/dropped`` (exactly the instances a
    /// draft 2020-12 validator rejects). Separately, keys the schema does not know and `Date`
    /// numbers that look like Unix time are ``ContractFinding/Severity/suspicious``.
    ///
    /// - Parameters:
    ///   - instance: The value to check.
    ///   - path: Where `instance` sits in the payload, prefixed to every finding's path;
    ///     for example `JSONPointer("aps", "content-state")`. Defaults to the root.
    /// - Returns: Dropped findings first, then suspicious ones; empty when the value is fine.
    public func findings(in instance: JSONElement, at path: JSONPointer = .root) -> [ContractFinding] {
        let validator = SchemaValidator(schema: compiled)
        let dropped = validator.violations(of: instance, at: path)
        let suspicious = validator.suspicions(about: instance, at: path)
        return dropped + suspicious
    }

    /// Whether `instance` satisfies the schema (no ``ContractFinding/Severity/dropped`` finding).
    public func isValid(_ instance: JSONElement) -> Bool {
        SchemaValidator(schema: compiled).accepts(compiled.root, instance)
    }

    /// Whether the two documents are equal as JSON (member order and number spelling aside).
    public static func == (lhs: PayloadSchema, rhs: PayloadSchema) -> Bool {
        lhs.document.isJSONEqual(to: rhs.document)
    }
}
