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
    /// A ``SizeLimit/maxDepth(_:)`` is placed after the other limits, and each level it unrolls
    /// copies the place as they left it: limits under the first recursive place apply to every
    /// level below it.
    ///
    /// ```swift
    /// try PayloadSchema.infer(from: OrderState.self, limits: ["/items": .maxItems(12), "/items/*/name": .maxLength(40)])
    /// ```
    ///
    /// - Parameters:
    ///   - type: The `ContentState` (or attributes) type.
    ///   - limits: Size keywords by JSON Pointer.
    ///   - dateEncodingStrategy: How the app's `JSONEncoder` writes a `Date`. Any other than the
    ///     default ``WorstCaseBound/DateEncodingStrategy/deferredToDate`` is recorded at the
    ///     root as `x-paysize-date-encoding`, which ``WorstCaseBound`` and `paysize bound` read;
    ///     the `Date` numbers stay seconds since 2001, as the device decodes them.
    /// - Throws: ``SizeLimitError`` when a pointer names no member of the type (a renamed
    ///   property breaks the test loudly) or the keyword does not apply to what it names.
    public static func infer<T: Decodable>(
        from type: T.Type, limits: [String: SizeLimit],
        dateEncodingStrategy: WorstCaseBound.DateEncodingStrategy = .deferredToDate
    ) throws -> PayloadSchema {
        var document = infer(from: type).document
        if dateEncodingStrategy != .deferredToDate {
            document = document.setting(
                PaySizeKeyword.dateEncoding.rawValue, to: .string(dateEncodingStrategy.rawValue))
            let listed = document[PaySizeKeyword.keywords.rawValue] ?? .object([])
            document = document.setting(
                PaySizeKeyword.keywords.rawValue,
                to: listed.setting(
                    PaySizeKeyword.dateEncoding.rawValue, to: .string(PaySizeKeyword.dateEncoding.explanation)))
        }
        let definitions = document["$defs"]
        // Depth limits last: each unrolls the place as the other limits left it.
        let ordered = limits.sorted {
            ($0.value.isDepth ? 1 : 0, $0.key) < ($1.value.isDepth ? 1 : 0, $1.key)
        }
        for (pointer, limit) in ordered {
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
            if case .maxDepth(let depth) = limit {
                return try unrolled(
                    schema, depth: depth, pointer: pointer, typeName: typeName, definitions: definitions)
            }
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
            // Inline the definition here, so the limit applies to this place only; the title names
            // the type, so the bound still sees a type that contains itself.
            let name = String(reference.dropFirst("#/$defs/".count))
            let inlined = schema.removing("$ref").mergingMembers(of: target).mergingMembers(
                of: .object([("title", .string(name))]))
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

    /// The recursive place `schema` unrolled `depth` levels: each level is the place's own
    /// schema with its references to the definition it recurs through replaced by the level
    /// below, and below the last level nothing (`false`: an array there is empty, an optional
    /// absent).
    private static func unrolled(
        _ schema: JSONElement, depth: Int, pointer: String, typeName: String, definitions: JSONElement?
    ) throws -> JSONElement {
        guard depth >= 0,
            let reference = schema["$ref"]?.stringValue ?? firstReference(in: schema),
            reference.hasPrefix("#/$defs/"),
            let definition = definitions?[String(reference.dropFirst("#/$defs/".count))]
        else {
            throw SizeLimitError(
                pointer: pointer,
                description:
                    "limit 'maxDepth' at '\(pointer)' of '\(typeName)' applies where a type contains itself, found no recursion"
            )
        }
        let template = schema["$ref"] == nil ? schema : schema.removing("$ref").mergingMembers(of: definition)
        var level = JSONElement.bool(false)
        for _ in 0..<depth {
            level = replacingReferences(to: reference, in: template, with: level)
        }
        return level
    }

    /// The first `$ref` to a definition inside `schema`.
    private static func firstReference(in schema: JSONElement) -> String? {
        if let reference = schema["$ref"]?.stringValue { return reference }
        for member in schema.members ?? [] where member.key != "enum" && member.key != "const" {
            if let found = firstReference(in: member.value) { return found }
        }
        for element in schema.elements ?? [] {
            if let found = firstReference(in: element) { return found }
        }
        return nil
    }

    /// `schema` with each subschema that refers to `reference` replaced by `replacement` (its
    /// other keywords kept beside it).
    private static func replacingReferences(
        to reference: String, in schema: JSONElement, with replacement: JSONElement
    ) -> JSONElement {
        if let members = schema.members {
            if schema["$ref"]?.stringValue == reference {
                let rest = schema.removing("$ref")
                guard rest.members?.isEmpty == false else { return replacement }
                return replacement.members == nil
                    ? .object([("allOf", .array([rest, replacement]))]) : rest.mergingMembers(of: replacement)
            }
            return .object(
                members.map { member in
                    member.key == "enum" || member.key == "const"
                        ? (member.key, member.value)
                        : (member.key, replacingReferences(to: reference, in: member.value, with: replacement))
                })
        }
        if let elements = schema.elements {
            return .array(elements.map { replacingReferences(to: reference, in: $0, with: replacement) })
        }
        return schema
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
        case .range, .exclusiveRange: kind == "number" || kind == "integer"
        case .maxDepth: true
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
