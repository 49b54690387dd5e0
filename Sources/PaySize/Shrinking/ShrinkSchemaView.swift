@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// Reads what a shrinking strategy needs from the app's schema: which keys are optional, which
/// objects are dictionaries, which numbers are `Date`s, which strings are enums.
///
/// It reads the schema the validator compiled (``CompiledSchema``), so every reference the
/// validator resolves (`$ref` within the document and to other documents, anchors) is resolved
/// here the same way, once. A schema is a node index into that compilation.
struct ShrinkSchemaView {
    let compiled: CompiledSchema

    init(_ schema: PayloadSchema) {
        compiled = schema.compiled
    }

    /// The schema of the value at `components` below the schema's root, or `nil` when unknown.
    func schema(at components: ArraySlice<JSONPointer.Component>) -> Int? {
        var current = resolved(compiled.root)
        for component in components {
            guard let index = current else { return nil }
            let node = compiled.nodes[index]
            switch component {
            case .key(let key):
                current = resolved(child(of: index, key: key))
            case .index(let position):
                current = resolved(
                    node.array.prefixItems.indices.contains(position)
                        ? node.array.prefixItems[position] : node.array.items)
            case .anyIndex:
                current = resolved(node.array.items)
            }
        }
        return current
    }

    /// The keys an object schema requires, or `nil` when the schema says nothing.
    func requiredKeys(of schema: Int) -> Set<String>? {
        let node = compiled.nodes[schema]
        if node.object.required.isEmpty { return node.object.hasPropertiesKeyword ? [] : nil }
        return Set(node.object.required)
    }

    /// The properties an object schema names.
    func propertyNames(of schema: Int) -> [String] {
        compiled.nodes[schema].object.properties.map(\.key)
    }

    /// Whether an object schema describes a dictionary (its keys are data, not `CodingKeys`).
    func isDictionary(_ schema: Int) -> Bool {
        let node = compiled.nodes[schema]
        return !node.object.hasPropertiesKeyword && node.object.additionalProperties.map(isSchemaObject) == true
    }

    /// Whether the schema is a `Date` (marked with `x-paysize-date`).
    func isDate(_ schema: Int) -> Bool {
        compiled.nodes[schema].isReferenceDate
    }

    /// The string values of an `enum`, when the schema has one.
    func enumValues(of schema: Int) -> [String]? {
        compiled.nodes[schema].enumValues?.compactMap(\.stringValue)
    }

    private func child(of schema: Int, key: String) -> Int? {
        let node = compiled.nodes[schema]
        if let property = node.object.properties.first(where: { $0.key == key }) { return property.node }
        for branch in (node.inPlace.oneOf ?? []) + (node.inPlace.anyOf ?? []) {
            guard let resolvedBranch = resolved(branch) else { continue }
            if let property = compiled.nodes[resolvedBranch].object.properties.first(where: { $0.key == key }) {
                return property.node
            }
        }
        if let additional = node.object.additionalProperties, isSchemaObject(additional) { return additional }
        return nil
    }

    /// Whether a node is a schema object rather than `true` or `false`.
    private func isSchemaObject(_ index: Int) -> Bool {
        compiled.nodes[index].constant == nil
    }

    /// `schema` with references followed and a nullable wrapper (`anyOf`/`oneOf` of one schema and
    /// `{"type": "null"}`) removed; at most 32 steps, so a cycle of references ends.
    private func resolved(_ schema: Int?) -> Int? {
        var current = schema
        for _ in 0..<32 {
            guard let index = current else { return nil }
            let node = compiled.nodes[index]
            if let target = node.inPlace.reference ?? node.inPlace.dynamicReference {
                current = target
                continue
            }
            if let branches = node.inPlace.anyOf ?? node.inPlace.oneOf, branches.count == 2 {
                let others = branches.filter { compiled.nodes[$0].types != ["null"] }
                if others.count == 1 {
                    current = others[0]
                    continue
                }
            }
            return index
        }
        return nil
    }
}
