/// Reads what a shrinking strategy needs from the app's schema: which keys are optional, which
/// objects are dictionaries, which numbers are `Date`s, which strings are enums.
///
/// Only the schema's public document is read, as any draft 2020-12 reader would: `properties`,
/// `required`, `additionalProperties`, `items`, `prefixItems`, local `$ref`s, and the nullable
/// `anyOf`/`oneOf` or `type` arrays that optionals become.
struct ShrinkSchemaView {
    let document: JSONElement

    init(_ schema: PayloadSchema) {
        document = schema.document
    }

    /// The schema of the value at `components` below the schema's root, or `nil` when unknown.
    func schema(at components: ArraySlice<ShrinkPath.Component>) -> JSONElement? {
        var current = resolved(document)
        for component in components {
            guard let schema = current else { return nil }
            switch component {
            case .key(let key):
                current = resolved(child(of: schema, key: key))
            case .index(let index):
                if let prefix = schema["prefixItems"]?.elements, prefix.indices.contains(index) {
                    current = resolved(prefix[index])
                } else {
                    current = resolved(schema["items"])
                }
            case .anyIndex:
                current = resolved(schema["items"])
            }
        }
        return current
    }

    /// The keys an object schema requires, or `nil` when the schema says nothing.
    func requiredKeys(of schema: JSONElement) -> Set<String>? {
        guard let required = schema["required"]?.elements else {
            return schema["properties"] != nil ? [] : nil
        }
        return Set(required.compactMap(\.stringValue))
    }

    /// The properties an object schema names.
    func propertyNames(of schema: JSONElement) -> [String] {
        schema["properties"]?.members?.map(\.key) ?? []
    }

    /// Whether an object schema describes a dictionary (its keys are data, not `CodingKeys`).
    func isDictionary(_ schema: JSONElement) -> Bool {
        schema["properties"] == nil && schema["additionalProperties"]?.members != nil
    }

    /// Whether the schema is a `Date` (marked with ``PayloadSchema/dateAnnotation``).
    func isDate(_ schema: JSONElement) -> Bool {
        schema[PayloadSchema.dateAnnotation] != nil
    }

    /// The string values of an `enum`, when the schema has one.
    func enumValues(of schema: JSONElement) -> [String]? {
        schema["enum"]?.elements?.compactMap(\.stringValue)
    }

    private func child(of schema: JSONElement, key: String) -> JSONElement? {
        if let property = schema["properties"]?[key] { return property }
        for keyword in ["oneOf", "anyOf"] {
            for branch in schema[keyword]?.elements ?? [] {
                if let property = resolved(branch)?["properties"]?[key] { return property }
            }
        }
        if let additional = schema["additionalProperties"], additional.members != nil { return additional }
        return nil
    }

    /// `schema` with local `$ref`s followed and a nullable wrapper (`anyOf`/`oneOf` of one
    /// schema and `{"type": "null"}`) removed; at most 32 steps, so a cycle of references ends.
    private func resolved(_ schema: JSONElement?) -> JSONElement? {
        var current = schema
        for _ in 0..<32 {
            guard let schema = current else { return nil }
            if let reference = schema["$ref"]?.stringValue {
                current = target(of: reference)
                continue
            }
            for keyword in ["anyOf", "oneOf"] {
                if let branches = schema[keyword]?.elements {
                    let others = branches.filter { $0["type"]?.stringValue != "null" }
                    if others.count == 1, branches.count == 2 {
                        current = others[0]
                        break
                    }
                }
            }
            if current.map({ $0 == schema }) == true { return schema }
        }
        return nil
    }

    /// The schema a local reference such as `#/$defs/Leg` names.
    private func target(of reference: String) -> JSONElement? {
        guard reference.hasPrefix("#") else { return nil }
        let pointer = reference.dropFirst()
        guard !pointer.isEmpty else { return document }
        guard pointer.hasPrefix("/") else { return nil }
        var components: [JSONPointer.Component] = []
        for part in pointer.dropFirst().split(separator: "/", omittingEmptySubsequences: false) {
            let key = part.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
            components.append(.key(key))
        }
        return document.descendant(at: JSONPointer(components: components))
    }
}
