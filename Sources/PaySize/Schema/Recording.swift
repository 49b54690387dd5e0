/// What one run of a type's `init(from:)` asked a ``SchemaRecorder`` for, as a tree that becomes a
/// schema: a keyed container becomes an object, an unkeyed one an array, a single value its type.
final class Recording {
    enum Kind {
        case unknown
        case keyed
        case unkeyed
        case single
    }

    private(set) var kind = Kind.unknown
    /// Keyed: the keys read, in the order read, and which of them `decode` (not `decodeIfPresent`) read.
    private(set) var properties: [(key: String, value: Recording)] = []
    private(set) var required: [String] = []
    /// Unkeyed: one recording per element read, and whether the decoder looped on `isAtEnd`.
    private(set) var elements: [Recording] = []
    var consultsEnd = false
    /// Single: the schemas of the types read (more than one when a decoder tries several).
    private(set) var alternatives: [JSONElement] = []
    /// Whether the decoder checked for `null` here.
    var nullable = false
    var notes: [String] = []

    func become(_ newKind: Kind) {
        if kind == .unknown {
            kind = newKind
        } else if kind != newKind {
            note("init(from:) reads this value as more than one kind of container; the schema shows the first")
        }
    }

    func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    /// The recording for `key`, added on first use; `required` once any read of it is required.
    func property(_ key: String, required isRequired: Bool) -> Recording {
        become(.keyed)
        if isRequired && !required.contains(key) { required.append(key) }
        if let existing = properties.first(where: { $0.key == key }) { return existing.value }
        let child = Recording()
        properties.append((key, child))
        return child
    }

    func appendElement() -> Recording {
        become(.unkeyed)
        let child = Recording()
        elements.append(child)
        return child
    }

    /// Records that a value of the type described by `schema` was read here.
    func record(_ schema: JSONElement) {
        become(.single)
        guard kind == .single else { return }
        if !alternatives.contains(where: { $0.isJSONEqual(to: schema) }) { alternatives.append(schema) }
    }

    /// The JSON Schema for what was recorded.
    func schema() -> JSONElement {
        var schema: JSONElement
        switch kind {
        case .unknown:
            schema = .object([])
            if !nullable {
                note("init(from:) reads nothing here, so any value is accepted")
            }
        case .keyed:
            var members: [(String, JSONElement)] = [("type", .string("object"))]
            if !properties.isEmpty {
                members.append(("properties", .object(properties.map { ($0.key, $0.value.schema()) })))
            }
            if !required.isEmpty {
                members.append(("required", .array(required.map(JSONElement.string))))
            }
            schema = .object(members)
        case .unkeyed:
            let elementSchemas = elements.map { $0.schema() }
            if consultsEnd || elementSchemas.isEmpty {
                // A decoder that loops until `isAtEnd` reads arrays of any length.
                var members: [(String, JSONElement)] = [("type", .string("array"))]
                if let items = Self.union(elementSchemas) { members.append(("items", items)) }
                schema = .object(members)
            } else {
                // A decoder that reads a fixed number of elements: a tuple. Extra elements are
                // never read, so they are allowed.
                schema = .object([
                    ("type", .string("array")),
                    ("prefixItems", .array(elementSchemas)),
                    ("minItems", .integer(elementSchemas.count)),
                ])
            }
        case .single:
            schema = Self.union(alternatives) ?? .object([])
        }
        if nullable && kind != .unknown {
            schema = Self.nullable(schema)
        }
        if !notes.isEmpty {
            schema = schema.setting("x-paysize-note", to: .string(notes.joined(separator: "; ")))
        }
        return schema
    }

    /// One schema for several: itself when there is one, else `anyOf`.
    static func union(_ schemas: [JSONElement]) -> JSONElement? {
        var distinct: [JSONElement] = []
        for schema in schemas where !distinct.contains(where: { $0.isJSONEqual(to: schema) }) {
            distinct.append(schema)
        }
        switch distinct.count {
        case 0: return nil
        case 1: return distinct[0]
        default: return .object([("anyOf", .array(distinct))])
        }
    }

    /// `schema` also accepting `null`, which `decodeIfPresent` and `Optional` read as `nil`.
    static func nullable(_ schema: JSONElement) -> JSONElement {
        // A schema of annotations only accepts anything, null included.
        guard let members = schema.members,
            members.contains(where: { !CompiledSchema.annotations.contains($0.key) && !$0.key.hasPrefix("x-") })
        else { return schema }
        let structural = ["$ref", "anyOf", "oneOf", "allOf", "const"]
        if let type = schema["type"], !members.contains(where: { structural.contains($0.key) }) {
            var result = schema
            if let name = type.stringValue {
                result = result.setting("type", to: .array([.string(name), .string("null")]))
            } else if let names = type.elements, !names.contains(where: { $0.stringValue == "null" }) {
                result = result.setting("type", to: .array(names + [.string("null")]))
            }
            if let values = schema["enum"]?.elements, !values.contains(where: \.isNull) {
                result = result.setting("enum", to: .array(values + [.null]))
            }
            return result
        }
        return .object([("anyOf", .array([schema, .object([("type", .string("null"))])]))])
    }
}
