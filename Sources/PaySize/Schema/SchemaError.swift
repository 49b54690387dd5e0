/// Why a schema document cannot be used: it is not JSON, or it asks for something the validator
/// cannot honour (an unsupported keyword, a remote `$ref`), which it refuses rather than ignore.
public struct SchemaError: Error, Sendable, Equatable, CustomStringConvertible {
    private enum Code: Sendable, Equatable {
        case unsupportedKeyword(String)
        case unsupportedDialect(String)
        case remoteReference(String)
        case unresolvedReference(String)
        case invalidKeywordValue(keyword: String, expected: String)
        case unsupportedPattern(String, ECMAScriptPatternError)
        case notASchema
        case unreadable(String)
    }

    private let code: Code
    /// Where in the schema document the problem is, for example `/properties/eta/patternProperties`.
    public let path: JSONPointer

    private init(_ code: Code, at path: JSONPointer) {
        self.code = code
        self.path = path
    }

    static func unsupportedKeyword(_ keyword: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.unsupportedKeyword(keyword), at: path)
    }
    static func unsupportedDialect(_ uri: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.unsupportedDialect(uri), at: path)
    }
    static func remoteReference(_ reference: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.remoteReference(reference), at: path)
    }
    static func unresolvedReference(_ reference: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.unresolvedReference(reference), at: path)
    }
    static func invalidKeywordValue(_ keyword: String, expected: String, at path: JSONPointer) -> SchemaError {
        SchemaError(.invalidKeywordValue(keyword: keyword, expected: expected), at: path)
    }
    static func unsupportedPattern(_ pattern: String, _ error: ECMAScriptPatternError, at path: JSONPointer)
        -> SchemaError
    {
        SchemaError(.unsupportedPattern(pattern, error), at: path)
    }
    static func notASchema(at path: JSONPointer) -> SchemaError {
        SchemaError(.notASchema, at: path)
    }
    static func unreadable(_ message: String) -> SchemaError {
        SchemaError(.unreadable(message), at: .root)
    }

    /// The problem in one line, starting with the schema location.
    public var description: String {
        let message: String
        switch code {
        case .unsupportedKeyword(let keyword):
            message = "unsupported keyword '\(keyword)': the validator cannot honour it, so it refuses the schema"
        case .unsupportedDialect(let uri):
            message = "unsupported '$schema' '\(uri)': only draft 2020-12 is supported"
        case .remoteReference(let reference):
            message = "remote '$ref' '\(reference)' is not supported: only local references such as '#/$defs/Name'"
        case .unresolvedReference(let reference):
            message = "'$ref' '\(reference)' does not point to a schema in this document"
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
