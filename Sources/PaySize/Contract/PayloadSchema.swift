import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

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
    @_spi(Internals) public let document: JSONElement
    var compiled: CompiledSchema

    /// How strings compare in `const`, `enum`, `uniqueItems` and object keys (`required`,
    /// `properties`, `additionalProperties`, `dependentRequired`, `dependentSchemas`, and so
    /// `propertyNames`): ``StringEquality/canonicalEquivalence`` by default, as the device's
    /// `JSONDecoder` compares them; ``StringEquality/codepoints`` for the JSON Schema
    /// specification's verdict.
    public var stringEquality: StringEquality {
        get { compiled.stringEquality }
        set { compiled.stringEquality = newValue }
    }

    /// Whether `format` is an assertion: `date-time`, `date`, `time`, `duration`, `email`,
    /// `hostname`, `ipv4`, `ipv6`, `uri`, `uri-reference`, `uuid` and `regex` are checked with
    /// parsers for their RFCs; other format names stay annotations. `false` by default, as draft
    /// 2020-12 makes `format` an annotation. `x-paysize-format` is checked either way.
    public var assertsFormat: Bool {
        get { compiled.assertsFormat }
        set { compiled.assertsFormat = newValue }
    }

    /// The only `$schema` accepted and the one inference writes.
    package static let dialect = CompiledSchema.dialect

    /// The annotation inference puts on every `Date`: its value says which epoch the number counts from.
    package static let dateAnnotation = "x-paysize-date"
    static let referenceDateValue = PaySizeKeyword.referenceDateValue
    static let referenceDateDescription =
        "a Date: seconds since 2001-01-01T00:00:00Z (JSONDecoder's default .deferredToDate), not Unix seconds"

    /// A `Date` number at or above this many seconds looks like Unix seconds.
    ///
    /// 1.2e9 seconds after 2001-01-01 is 2039-01-11: no Live Activity shows a date that far out,
    /// while every Unix timestamp since 2008-01-10 is larger. Values at or above
    /// ``unixMillisecondsThreshold`` look like Unix milliseconds instead.
    package static let unixSecondsThreshold: Double = 1.2e9
    /// A `Date` number at or above this looks like Unix milliseconds (1e11 s is ~3170 years).
    package static let unixMillisecondsThreshold: Double = 1e11

    /// Reads a schema document, refusing one the validator cannot honour.
    ///
    /// References resolve within the document (JSON Pointers, `$anchor`, `$dynamicAnchor`,
    /// embedded `$id`s) and to the bundled draft 2020-12 metaschemas; `paysize check --schema`
    /// also reads other files (see <doc:SchemaReferences>).
    ///
    /// - Throws: ``SchemaError`` for a near miss of a 2020-12 keyword (`maxLenght`), an unknown
    ///   keyword under ``UnknownKeywordPolicy/refuse``, a pattern using an ECMA-262 feature the
    ///   matcher lacks (backreferences, lookaround), a `$ref` to another document, an unresolvable
    ///   `$ref`, a `$schema` other than draft 2020-12 (or a metaschema requiring an unknown
    ///   vocabulary), or a malformed keyword.
    @_spi(Internals) public init(document: JSONElement, unknownKeywords: UnknownKeywordPolicy = .warn) throws {
        self.compiled = try CompiledSchema(document: document, unknownKeywords: unknownKeywords)
        self.document = document
    }

    /// Reads a schema document retrieved from `uri` (its base URI until an `$id` says otherwise),
    /// asking `load` for each document a reference names that is neither in it nor a bundled
    /// draft 2020-12 metaschema.
    ///
    /// - Throws: ``SchemaError`` as ``init(document:)``, also for an unresolvable reference or a
    ///   problem in a referenced document (``SchemaError/document`` names it).
    package init(
        document: JSONElement, uri: String, load: SchemaDocumentLoader?, unknownKeywords: UnknownKeywordPolicy = .warn
    ) throws {
        self.compiled = try CompiledSchema(document: document, uri: uri, load: load, unknownKeywords: unknownKeywords)
        self.document = document
    }

    /// The draft 2020-12 metaschema (bundled with the vocabularies it refers to), which
    /// `paysize schema lint` validates documents against.
    package static let metaschema: PayloadSchema = {
        guard let document = MetaSchemas.document(at: dialect) else { preconditionFailure("no bundled metaschema") }
        do {
            return try PayloadSchema(document: document, uri: dialect, load: nil)
        } catch {
            preconditionFailure("the bundled metaschema does not compile: \(error)")
        }
    }()

    /// Reads a schema document from JSON bytes.
    ///
    /// A keyword unknown to draft 2020-12 and to PaySize is skipped and listed in
    /// ``unknownKeywords`` by default, or refused or skipped silently as `unknownKeywords`
    /// says; a near miss of a 2020-12 keyword is refused unless the policy is `ignore`:
    ///
    /// ```swift
    /// let schema = try PayloadSchema(jsonBytes: Array(#"{"tsType":"Date","colour":"red"}"#.utf8))
    /// schema.unknownKeywords  // [/colour]
    /// try PayloadSchema(jsonBytes: Array(#"{"maxLenght":3}"#.utf8))
    /// // throws: /maxLenght: unknown keyword 'maxLenght', did you mean 'maxLength'? …
    /// ```
    ///
    /// - Parameters:
    ///   - jsonBytes: The schema document.
    ///   - unknownKeywords: What to do with an unknown keyword; ``UnknownKeywordPolicy/warn`` by
    ///     default.
    /// - Throws: `JSONScanError` when the bytes are not JSON, else as `init(document:)`.
    public init(jsonBytes: [UInt8], unknownKeywords: UnknownKeywordPolicy = .warn) throws {
        try self.init(document: JSONScanner.scan(jsonBytes), unknownKeywords: unknownKeywords)
    }

    /// Where the document has a keyword that was skipped because nothing knows it (a JSON
    /// Pointer to each, in the order written); empty under ``UnknownKeywordPolicy/refuse``.
    /// Keywords of referenced documents are not listed here.
    public var unknownKeywords: [JSONPointer] {
        compiled.unknownKeywordPlaces.filter { $0.document == compiled.firstDocumentURI }.map(\.location)
    }

    /// Every skipped unknown keyword and every vendor annotation, with its document.
    package var unknownKeywordPlaces: [CompiledSchema.KeywordPlace] { compiled.unknownKeywordPlaces }
    package var vendorAnnotations: [CompiledSchema.KeywordPlace] { compiled.vendorAnnotations }

    /// Infers the schema of `type` by running its own `init(from:)` against a recording
    /// `Decoder`: no instance needed.
    ///
    /// Each place the type reads is probed: it is run again with the value missing, `null`, of
    /// another type, refused (an unknown enum value, a number out of range) or unusual, and the
    /// schema accepts what the type recovers from. So `decodeIfPresent` and `try?` defaults make
    /// a key optional, a `try?` chain accepts each type it tries, a forward-compatible enum that
    /// falls back to `.unknown` accepts any string, and a key read only when another is missing
    /// becomes a branch (`anyOf`).
    ///
    /// Numbers carry the exact range of their Swift type (`minimum`/`maximum` for integers, and
    /// `x-paysize-number` for how `JSONDecoder` reads them: `1e20` is no `Int`, `1e39` no
    /// `Float`); `URL`, `UUID` and `Data` strings are checked with Foundation's own parsers
    /// (`x-paysize-format`); dictionaries' keys as the decoder reads them (integer keys, enum keys,
    /// the flat `[key, value, …]` array); `Date` is a number of seconds since 2001-01-01, marked
    /// `"x-paysize-date": "reference-date"`. Raw-value enums list their values, `CaseIterable` or
    /// not. The document lists the PaySize keywords it uses under `x-paysize-keywords`, with how a
    /// validator in another language should read them.
    ///
    /// What cannot be learned is said in an `x-paysize-note` with the fix, and the rest of the
    /// type is still inferred: a type that refuses some values it reads (a range or format check
    /// inside `init(from:)`), raw values that cannot be listed, keys read through `allKeys` whose
    /// names cannot be listed. ``infer(from:examples:)`` learns from values where the type alone
    /// cannot show what it accepts.
    public static func infer<T: Decodable>(from type: T.Type) -> PayloadSchema {
        compiled(SchemaInference().document(for: type))
    }

    /// Infers the schema of `type` as ``infer(from:)`` does, trying the strings and numbers of
    /// `examples` (encoded by a default `JSONEncoder`) where the type refuses placeholder values,
    /// and writing the encoded examples under the standard `examples` annotation.
    ///
    /// An example the inferred schema still refuses, though `JSONDecoder` decodes it, is named in
    /// an `x-paysize-note` at the root: inference did not see how the type reads it.
    ///
    /// ```swift
    /// PayloadSchema.infer(from: Badge.self, examples: [Badge(code: "PS-1042")])
    /// ```
    public static func infer<T: Codable>(from type: T.Type, examples: [T]) -> PayloadSchema {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let encoded = examples.compactMap { example in
            (try? encoder.encode(example)).flatMap { try? JSONScanner.scan(Array($0)) }
        }
        let inference = SchemaInference()
        for example in encoded { inference.placeholders.add(scalarsOf: example) }
        var document = inference.document(for: type)
        if !encoded.isEmpty { document = document.setting("examples", to: .array(encoded)) }
        var notes: [String] = []
        let schema = compiled(document)
        for (index, example) in encoded.enumerated() {
            guard (try? JSONDecoder().decode(T.self, from: Data(JSONDocumentWriter.write(example)))) != nil else {
                continue
            }
            for finding in schema.findings(in: example) where finding.code == .dropped {
                notes.append(
                    "example \(index + 1) decodes as '\(type)' but this schema refuses it at \(finding.path) (\(finding.message)): inference did not see how init(from:) reads it"
                )
            }
        }
        guard !notes.isEmpty else { return schema }
        for note in notes { document = SchemaInference.adding(note, to: document) }
        return compiled(document)
    }

    /// An inferred document, compiled; inference writes only keywords the validator supports.
    private static func compiled(_ document: JSONElement) -> PayloadSchema {
        do {
            return try PayloadSchema(document: document)
        } catch {
            preconditionFailure("inferred schema does not compile: \(error)")
        }
    }

    /// The schema document: pretty-printed, keys sorted by UTF-8 bytes, a final newline; the same
    /// bytes every time for the same schema.
    public func jsonData() -> Data {
        Data(JSONDocumentWriter.write(document))
    }

    /// Checks `instance` (a `content-state` or `attributes` object) against this schema.
    ///
    /// Schema violations are errors coded ``PayloadFinding/Code/dropped`` (exactly the instances
    /// a draft 2020-12 validator rejects). Separately, keys the schema does not know and `Date`
    /// numbers that look like Unix time are warnings coded ``PayloadFinding/Code/suspicious``.
    ///
    /// - Parameters:
    ///   - instance: The value to check.
    ///   - path: Where `instance` sits in the payload, prefixed to every finding's path;
    ///     for example `JSONPointer("aps", "content-state")`. Defaults to the root.
    /// - Returns: Dropped findings first, then suspicious ones; empty when the value is fine.
    @_spi(Internals) public func findings(in instance: JSONElement, at path: JSONPointer = .root) -> [PayloadFinding] {
        let validator = SchemaValidator(schema: compiled)
        let dropped = validator.violations(of: instance, at: path).map(PayloadFinding.init(dropped:))
        let suspicious = DeviceSuspicions(validator: validator).suspicions(about: instance, at: path)
        return dropped + suspicious
    }

    /// Whether `instance` satisfies the schema (no ``PayloadFinding/Code/dropped`` finding).
    @_spi(Internals) public func isValid(_ instance: JSONElement) -> Bool {
        SchemaValidator(schema: compiled).accepts(compiled.root, instance)
    }

    /// Whether a plain draft 2020-12 validator accepts `instance`: PaySize's assertion keywords
    /// (`x-paysize-number`, `x-paysize-format`, …) skipped, as other validators skip them.
    func isValidByStandardKeywords(_ instance: JSONElement) -> Bool {
        SchemaValidator(schema: compiled, checksPaySizeKeywords: false).accepts(compiled.root, instance)
    }

    /// Whether the two documents are equal as JSON (member order and number spelling aside).
    public static func == (lhs: PayloadSchema, rhs: PayloadSchema) -> Bool {
        lhs.document.isJSONEqual(to: rhs.document)
    }
}
