@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension PayloadSchema {
    /// Infers the schema of `type` as ``infer(from:)`` does and writes `limits` into it, so the
    /// limits land in the schema snapshot beside the type's shape.
    ///
    /// Each pointer names a member by its JSON key, `*` standing for every array item (and every
    /// dictionary value); the keyword is written at that place, beside an optional's `anyOf` or
    /// a recursive type's `$ref` rather than inside it.
    ///
    /// ```swift
    /// try PayloadSchema.infer(from: OrderState.self, limits: ["/items": .maxItems(12), "/items/*/name": .maxLength(40)])
    /// ```
    ///
    /// - Throws: ``SizeLimitError`` when a pointer names no member of the type (a renamed
    ///   property breaks the test loudly) or the keyword does not apply to what it names.
    public static func infer<T: Decodable>(from type: T.Type, limits: [String: SizeLimit]) throws -> PayloadSchema {
        var document = infer(from: type).document
        let definitions = document["$defs"]
        for (pointer, limit) in limits.sorted(by: { $0.key < $1.key }) {
            let components = try Self.limitComponents(pointer)
            document = try Self.placing(
                limit, in: document, at: components[...], pointer: pointer, typeName: String(describing: type),
                definitions: definitions, depth: 0)
        }
        return try PayloadSchema(document: document)
    }

    private static func limitComponents(_ pointer: String) throws -> [String] {
        guard pointer.isEmpty || pointer.hasPrefix("/") else {
            throw SizeLimitError(pointer: pointer, description: "limit pointer '\(pointer)' does not start with '/'")
        }
        return pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map {
            $0.replacingOccurrences(of: "~1", with: "/").replacingOccurrences(of: "~0", with: "~")
        }
    }

    /// `schema` with `limit` written at the place `components` lead to.
    private static func placing(
        _ limit: SizeLimit, in schema: JSONElement, at components: ArraySlice<String>, pointer: String,
        typeName: String, definitions: JSONElement?, depth: Int
    ) throws -> JSONElement {
        func fail(_ why: String) -> SizeLimitError {
            let reached = String(
                pointer.dropLast(components.joined(separator: "/").count + (components.isEmpty ? 0 : 1)))
            let place = reached.isEmpty ? "the root" : "'\(reached)'"
            return SizeLimitError(
                pointer: pointer,
                description: "limit pointer '\(pointer)' names no member of '\(typeName)': \(why) at \(place)")
        }
        guard depth < 64 else { throw fail("the type contains itself") }
        guard let first = components.first else {
            guard Self.kinds(of: schema, definitions: definitions).contains(where: { Self.matches($0, limit) }) else {
                let kinds = Self.kinds(of: schema, definitions: definitions).sorted().joined(separator: " or ")
                throw SizeLimitError(
                    pointer: pointer,
                    description:
                        "limit '\(limit.keyword)' at '\(pointer)' of '\(typeName)' applies to \(limit.appliesTo)s, found \(kinds.isEmpty ? "no type" : kinds)"
                )
            }
            var placed = schema
            for (keyword, value) in limit.members {
                // An existing propertyNames (integer or enum keys) keeps its own keywords.
                if keyword == "propertyNames", let names = schema[keyword], let length = value["maxLength"] {
                    placed = placed.setting(keyword, to: names.setting("maxLength", to: length))
                } else {
                    placed = placed.setting(keyword, to: value)
                }
            }
            return placed
        }
        // An optional's branches and a `$ref`'s target hold the members.
        if let branches = (schema["anyOf"] ?? schema["oneOf"])?.elements {
            let keyword = schema["anyOf"] != nil ? "anyOf" : "oneOf"
            var placed = false
            var rewritten: [JSONElement] = []
            for branch in branches {
                if let updated = try? placing(
                    limit, in: branch, at: components, pointer: pointer, typeName: typeName, definitions: definitions,
                    depth: depth + 1)
                {
                    rewritten.append(updated)
                    placed = true
                } else {
                    rewritten.append(branch)
                }
            }
            guard placed else {
                throw fail("no branch has '\(first == "*" ? "items" : first)'")
            }
            return schema.setting(keyword, to: .array(rewritten))
        }
        if let reference = schema["$ref"]?.stringValue, reference.hasPrefix("#/$defs/"),
            let target = definitions?[String(reference.dropFirst("#/$defs/".count))]
        {
            // Inline the definition here, so the limit applies to this place only.
            let inlined = schema.removing("$ref").mergingMembers(of: target)
            return try placing(
                limit, in: inlined, at: components, pointer: pointer, typeName: typeName, definitions: definitions,
                depth: depth + 1)
        }
        let rest = components.dropFirst()
        if first == "*" {
            for keyword in ["items", "additionalProperties"] {
                if let inner = schema[keyword], inner.members != nil {
                    return schema.setting(
                        keyword,
                        to: try placing(
                            limit, in: inner, at: rest, pointer: pointer, typeName: typeName, definitions: definitions,
                            depth: depth + 1))
                }
            }
            throw fail("no array items or dictionary values")
        }
        guard let properties = schema["properties"], let member = properties[first] else {
            throw fail("no member '\(first)'")
        }
        let updated = try placing(
            limit, in: member, at: rest, pointer: pointer, typeName: typeName, definitions: definitions,
            depth: depth + 1)
        return schema.setting("properties", to: properties.setting(first, to: updated))
    }

    private static func kinds(of schema: JSONElement, definitions: JSONElement?) -> Set<String> {
        var kinds = Set<String>()
        if let type = schema["type"] {
            if let name = type.stringValue { kinds.insert(name) }
            for name in type.elements ?? [] { if let text = name.stringValue { kinds.insert(text) } }
        }
        for branch in (schema["anyOf"] ?? schema["oneOf"])?.elements ?? [] {
            kinds.formUnion(Self.kinds(of: branch, definitions: definitions))
        }
        if let reference = schema["$ref"]?.stringValue, reference.hasPrefix("#/$defs/"),
            let target = definitions?[String(reference.dropFirst("#/$defs/".count))]
        {
            kinds.formUnion(Self.kinds(of: target.removing("$ref"), definitions: nil))
        }
        if schema["properties"] != nil { kinds.insert("object") }
        return kinds
    }

    private static func matches(_ kind: String, _ limit: SizeLimit) -> Bool {
        switch limit {
        case .range: kind == "number" || kind == "integer"
        default: kind == limit.appliesTo
        }
    }
}

extension JSONElement {
    /// This object with `other`'s members added where this one has none of that name.
    fileprivate func mergingMembers(of other: JSONElement) -> JSONElement {
        var result = self
        for member in other.members ?? [] where result[member.key] == nil {
            result = result.setting(member.key, to: member.value)
        }
        return result
    }
}
