@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

// The two annotations only the worst-case bound reads: `x-paysize-set` on an array inferred from
// a Swift `Set`, and `x-paysize-date-encoding` at the root of a schema inferred for an app that
// encodes dates with another strategy. Neither changes which values are valid: the schema engine
// skips them as annotations, and the bound reads them from the document.
extension PayloadSchema {
    /// The members of a schema whose values are schemas by name, not keywords.
    private static let schemasByName: Set<String> = [
        "properties", "patternProperties", "$defs", "definitions", "dependentSchemas",
    ]
    /// The members of a schema whose values are instances, not schemas.
    private static let instances: Set<String> = ["enum", "const", "examples", "default"]

    /// The strategy recorded in `x-paysize-date-encoding` at the root; `nil` when absent
    /// (the default `.deferredToDate`) or not a strategy's name.
    package var recordedDateEncodingStrategy: WorstCaseBound.DateEncodingStrategy? {
        document[PaySizeKeyword.dateEncoding.rawValue]?.stringValue.flatMap(
            WorstCaseBound.DateEncodingStrategy.init(rawValue:))
    }

    /// Where the document marks an array as a `Set` (`"x-paysize-set": true`).
    var setLocations: Set<JSONPointer> {
        var found: Set<JSONPointer> = []
        Self.visitSchemas(document, at: .root) { schema, location in
            if schema[PaySizeKeyword.set.rawValue]?.boolValue == true { found.insert(location) }
        }
        return found
    }

    /// The places where a definition of `$defs` was inlined (their `title` is its name, as
    /// inference and ``infer(from:limits:dateEncodingStrategy:)`` write it), each with the
    /// definition's node: a type entered there is in progress, so a reference back to it is
    /// recursion.
    var inlinedDefinitions: [JSONPointer: Int] {
        guard let definitions = document["$defs"]?.members else { return [:] }
        var nodeByLocation: [JSONPointer: Int] = [:]
        for (index, node) in compiled.nodes.enumerated() where nodeByLocation[node.location] == nil {
            nodeByLocation[node.location] = index
        }
        var found: [JSONPointer: Int] = [:]
        Self.visitSchemas(document, at: .root) { schema, location in
            // The root's title is the type's qualified name (`Thread.Comment`), a definition's
            // name its own (`Comment`).
            guard let title = schema["title"]?.stringValue, schema["$ref"] == nil,
                let name = definitions.first(where: { title == $0.key || title.hasSuffix("." + $0.key) })?.key,
                let node = nodeByLocation[JSONPointer("$defs", name)]
            else { return }
            found[location] = node
        }
        return found
    }

    /// Calls `visit` with every schema object in `schema` and its location.
    private static func visitSchemas(
        _ schema: JSONElement, at location: JSONPointer, _ visit: (JSONElement, JSONPointer) -> Void
    ) {
        if let elements = schema.elements {
            for (index, element) in elements.enumerated() {
                visitSchemas(element, at: location.appending(index: index), visit)
            }
            return
        }
        guard let members = schema.members else { return }
        visit(schema, location)
        for member in members where !instances.contains(member.key) {
            let memberLocation = location.appending(member.key)
            if schemasByName.contains(member.key), let named = member.value.members {
                for entry in named { visitSchemas(entry.value, at: memberLocation.appending(entry.key), visit) }
            } else {
                visitSchemas(member.value, at: memberLocation, visit)
            }
        }
    }
}
