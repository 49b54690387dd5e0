@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// What one run of a type's `init(from:)` asked a ``DecodingTracer`` for, as a tree that becomes a
/// schema: a keyed container becomes an object, an unkeyed one an array, a single value its type.
/// Probes of each place (``SiteFacts``) then say what the type really accepts there.
final class DecodingTrace {
    enum Kind {
        case unknown
        case keyed
        case unkeyed
        case single
    }

    /// What probing one place showed about the type reading it.
    struct SiteFacts {
        /// Whether the type throws when the value is missing.
        var required: Bool?
        /// Whether the type accepts `null` here.
        var nullable: Bool?
        /// Schemas the type reads after the first type read here fails (a `try?` chain).
        var fallbacks: [JSONElement] = []
        /// Whether the type recovers from any value here (`try?` with a default).
        var recoversFromAnyValue = false
        var notes: [String] = []
    }

    private(set) var kind = Kind.unknown
    /// Keyed: the keys read, in the order read.
    private(set) var properties: [(key: String, value: DecodingTrace)] = []
    private var propertyIndexes: [String: Int] = [:]
    /// Unkeyed: one recording per element read, and whether the decoder looped on `isAtEnd`.
    private(set) var elements: [DecodingTrace] = []
    var consultsEnd = false
    /// Single: the schemas of the types read (more than one when a decoder tries several).
    private(set) var alternatives: [JSONElement] = []
    /// How the value was read, for places no probe reached: `decode` makes it required,
    /// `decodeIfPresent` and `decodeNil` nullable, `contains` alone only present.
    var requiredHint = false
    var nullableHint = false
    /// Whether the only read here was `contains` (any value, and no note that nothing is read).
    var onlyPresenceChecked = false
    var facts: SiteFacts?
    var notes: [String] = []

    func become(_ newKind: Kind) {
        onlyPresenceChecked = false
        if kind == .unknown {
            kind = newKind
        } else if kind != newKind {
            note("init(from:) reads this value as more than one kind of container; the schema shows the first")
        }
    }

    func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    /// The recording for `key`, added on first use.
    func property(_ key: String) -> DecodingTrace {
        become(.keyed)
        if let index = propertyIndexes[key] { return properties[index].value }
        let child = DecodingTrace()
        propertyIndexes[key] = properties.count
        properties.append((key, child))
        return child
    }

    /// The recording for element `index`, added on first use.
    func element(_ index: Int) -> DecodingTrace {
        become(.unkeyed)
        while elements.count <= index { elements.append(DecodingTrace()) }
        return elements[index]
    }

    /// Records that a value of the type described by `schema` was read here.
    func record(_ schema: JSONElement) {
        become(.single)
        guard kind == .single else { return }
        if !alternatives.contains(where: { $0.isJSONEqual(to: schema) }) { alternatives.append(schema) }
    }

    var isRequired: Bool { facts?.required ?? requiredHint }

    /// The JSON Schema for what was recorded, probe facts included.
    func schema() -> JSONElement {
        var schema: JSONElement
        var notes = self.notes
        switch kind {
        case .unknown:
            schema = .object([])
            if !onlyPresenceChecked && !nullableHint {
                notes.append("init(from:) reads nothing here, so any value is accepted")
            }
        case .keyed:
            var members: [(String, JSONElement)] = [("type", .string("object"))]
            // Even with no member read, `properties` says the object is a type's own keys, not a
            // dictionary: a case without associated values is `{}` however much the payload
            // holds, and the worst-case bound counts it so.
            members.append(("properties", .object(properties.map { ($0.key, $0.value.schema()) })))
            let required = properties.filter { $0.value.isRequired }.map { JSONElement.string($0.key) }
            if !required.isEmpty { members.append(("required", .array(required))) }
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
                let minimum = (elements.lastIndex(where: \.isRequired) ?? -1) + 1
                var members: [(String, JSONElement)] = [
                    ("type", .string("array")), ("prefixItems", .array(elementSchemas)),
                ]
                if minimum > 0 { members.append(("minItems", .integer(minimum))) }
                schema = .object(members)
            }
        case .single:
            schema = Self.union(alternatives) ?? .object([])
        }
        if let facts, facts.recoversFromAnyValue {
            // The type it reads stays as documentation; `true` accepts everything else.
            schema = .object([
                ("anyOf", .array([schema, .bool(true)])),
                ("description", .string("init(from:) recovers from any value here (try? with a fallback)")),
            ])
        } else {
            if let facts, !facts.fallbacks.isEmpty {
                schema = Self.union([schema] + facts.fallbacks) ?? schema
            }
            if facts?.nullable ?? nullableHint, kind != .unknown {
                schema = Self.nullable(schema)
            }
        }
        notes += facts?.notes ?? []
        if !notes.isEmpty {
            var unique: [String] = []
            for note in notes where !unique.contains(note) { unique.append(note) }
            schema = schema.setting(PaySizeKeyword.note.rawValue, to: .string(unique.joined(separator: "; ")))
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
                || members.contains(where: { PaySizeKeyword(rawValue: $0.key)?.isAssertion == true })
        else { return schema }
        let structural = ["$ref", "anyOf", "oneOf", "allOf", "const", "not"]
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
