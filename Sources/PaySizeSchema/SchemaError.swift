@_spi(Internals) import PaySizeJSON

/// Why a schema document cannot be used: it is not JSON, or it asks for something the validator
/// cannot honour (an unsupported keyword, a remote `$ref`), which it refuses rather than ignore.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case unsupportedKeyword(String)
        case misspelledKeyword(String, suggestion: String)
        case unsupportedDialect(String)
        case unresolvedReference(String, resolved: String)
        case unsupportedVocabulary(String)
        case missingDocument(String, document: String)
        case invalidKeywordValue(keyword: String, expected: String)
        case unsupportedPattern(String, ECMAScriptPatternError)
        case notASchema
        case unreadable(String)
    }

    private let code: Code
    /// Where in the schema document the problem is, for example `/properties/eta/patternProperties`.
    public let path: JSONPointer
    /// The URI of the referenced document the problem is in; `nil` for the document given.
    package private(set) var document: String?

    private init(_ code: Code, at path: JSONPointer) {
        self.code = code
        self.path = path
    }

    package static func unsupportedKeyword(_ keyword: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.unsupportedKeyword(keyword), at: path)
    }
    package static func unsupportedDialect(_ uri: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.unsupportedDialect(uri), at: path)
    }
    package static func unresolvedReference(_ reference: String, resolved: String, at path: JSONPointer) -> SchemaError
    {
        SchemaError(.unresolvedReference(reference, resolved: resolved), at: path)
    }
    package static func missingDocument(_ reference: String, document: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.missingDocument(reference, document: document), at: path)
    }
    package static func unsupportedVocabulary(_ uri: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.unsupportedVocabulary(uri), at: path)
    }

    /// This error, placed in the referenced document at `uri` (kept when already placed).
    package func `in`(document uri: String) -> SchemaError {
        var placed = self
        if placed.document == nil, uri != CompiledSchema.defaultURI, !uri.isEmpty { placed.document = uri }
        return placed
    }
    package static func invalidKeywordValue(_ keyword: String, expected: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.invalidKeywordValue(keyword: keyword, expected: expected), at: path)
    }
    package static func unsupportedPattern(_ pattern: String, _ error: ECMAScriptPatternError, at path: JSONPointer)
        -> SchemaError
    {
        SchemaError(.unsupportedPattern(pattern, error), at: path)
    }
    package static func misspelledKeyword(_ keyword: String, suggestion: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.misspelledKeyword(keyword, suggestion: suggestion), at: path)
    }
    package static func notASchema(at path: JSONPointer) -> SchemaError {
        SchemaError(.notASchema, at: path)
    }
    package static func unreadable(_ message: String) -> SchemaError {
        SchemaError(.unreadable(message), at: .root)
    }

    /// The problem in one line, starting with the document (when it is a referenced one) and
    /// the schema location.
    public var description: String {
        document.map { "\($0): " + descriptionInDocument } ?? descriptionInDocument
    }

    /// The problem in one line, starting with the schema location within its document.
    package var descriptionInDocument: String {
        let message: String
        switch code {
        case .unsupportedKeyword(let keyword):
            message = "unsupported keyword '\(keyword)': the validator cannot honour it, so it refuses the schema"
        case .misspelledKeyword(let keyword, let suggestion):
            message =
                "unknown keyword '\(keyword)', did you mean '\(suggestion)'? A near miss of a draft 2020-12 keyword is refused, not skipped"
        case .unsupportedDialect(let uri):
            message = "unsupported '$schema' '\(uri)': only draft 2020-12 is supported"
        case .unresolvedReference(let reference, let resolved):
            message =
                reference == resolved || reference.hasPrefix("#")
                ? "reference '\(reference)' does not point to a schema"
                : "reference '\(reference)' (resolved to '\(resolved)') does not point to a schema"
        case .missingDocument(let reference, let document):
            message =
                "reference '\(reference)' names the document '\(document)', which was not found (it is not in this schema, not a bundled metaschema and not a schema file PaySize was given)"
        case .unsupportedVocabulary(let uri):
            message = "the metaschema requires the vocabulary '\(uri)', which PaySize does not implement"
        case .invalidKeywordValue(let keyword, let expected):
            message = "'\(keyword)' must be \(expected)"
        case .unsupportedPattern(let pattern, let error):
            let position = error.offset.map { " (at character \($0))" } ?? ""
            message = "pattern '\(pattern)' cannot be used: \(error.message)\(position)"
        case .notASchema:
            message = "a schema must be an object or a boolean"
        case .unreadable(let text):
            message = "schema is not valid JSON: \(text)"
        }
        return "\(path): \(message)"
    }
}
