@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Explicit `null` members → dropped. Synthesized `Decodable` reads a missing optional as
    /// `nil`, so installed apps accept it (a server change), unless a custom `init(from:)`
    /// requires the key: the app's schema, when given, catches that. Also lists, at 0 bytes,
    /// the optionals the schema knows of that are already omitted.
    static let droppedNulls = ShrinkStrategy(id: "drop-nulls") { context in
        let paths = memberPaths(in: context) { $0.isNull }
        var proposals: [ShrinkCandidate] = []
        if !paths.isEmpty {
            proposals.append(
                ShrinkCandidate(
                    id: "drop-nulls", kind: "drop-nulls",
                    title: "drop explicit nulls at \(summary(of: paths))", paths: paths,
                    contractChange: .server,
                    howToApply: """
                        Have the server omit nil optionals instead of writing null (synthesized Encodable already does; in a hand-written encode(to:), use encodeIfPresent). Synthesized Decodable reads a missing optional as nil, so installed apps accept it.
                        """,
                    isLossy: false, edit: .removingMembers(at: paths) { $0.isNull }))
        }
        let omitted = omittedOptionals(in: context)
        if !omitted.isEmpty {
            proposals.append(
                ShrinkCandidate(
                    id: "omitted-optionals", kind: "omitted-optionals",
                    title: "nil optionals already omitted at \(summary(of: omitted)): they cost 0 bytes",
                    paths: omitted, contractChange: .none,
                    howToApply: """
                        Nothing to gain: these optional properties are nil and synthesized Encodable leaves them out, so removing them from the type saves no bytes.
                        """,
                    isLossy: false, edit: .unchanged, reportsWithoutSaving: true))
        }
        return proposals
    }

    /// Default-valued members (`false`, `0`, `""`, `[]`, `{}`) → dropped; the app must then
    /// decode them with `decodeIfPresent(_:forKey:) ?? default`, an app change.
    static let droppedDefaults = ShrinkStrategy(id: "drop-defaults") { context in
        let paths = memberPaths(in: context, where: isDefaultValue)
        guard !paths.isEmpty else { return [] }
        return [
            ShrinkCandidate(
                id: "drop-defaults", kind: "drop-defaults",
                title: "drop default-valued members (false, 0, \"\", [], {}) at \(summary(of: paths))",
                paths: paths, contractChange: .app,
                howToApply: """
                    Have the server omit members that hold their default, and decode them in the app with a default, e.g. `active = try container.decodeIfPresent(Bool.self, forKey: .active) ?? false`. Installed apps without that default fail to decode a payload missing the key: ship the app first.
                    """,
                isLossy: false, edit: .removingMembers(at: paths) { isDefaultValue($0) })
        ]
    }

    /// The folded paths of object members whose value satisfies `condition`, in document order.
    private static func memberPaths(in context: ShrinkContext, where condition: (JSONElement) -> Bool) -> [JSONPointer]
    {
        var paths: [JSONPointer] = []
        for value in context.values {
            guard let members = value.element.members else { continue }
            for member in members where condition(member.value) {
                let path = value.path.folded.appending(.key(member.key))
                if !paths.contains(path) { paths.append(path) }
            }
        }
        return paths
    }

    static func isDefaultValue(_ element: JSONElement) -> Bool {
        switch element.content {
        case .bool(let value): !value
        case .number(let text): Double(text) == 0
        case .string(let string): string.isEmpty
        case .array(let elements): elements.isEmpty
        case .object(let members): members.isEmpty
        case .null: false
        }
    }

    private static func isDefaultValue(_ node: ShrinkNode) -> Bool {
        switch node.content {
        case .bool(let value): !value
        case .number(let text): Double(text) == 0
        case .string(let string, _): string.isEmpty
        case .array(let elements): elements.isEmpty
        case .object(let members): members.isEmpty
        case .null: false
        }
    }

    /// Optional properties (in the schema, not required) that no object at their path holds.
    private static func omittedOptionals(in context: ShrinkContext) -> [JSONPointer] {
        var objects: [JSONPointer: Set<String>] = [:]
        var order: [JSONPointer] = []
        for value in context.values {
            guard let members = value.element.members else { continue }
            let path = value.path.folded
            if objects[path] == nil { order.append(path) }
            objects[path, default: []].formUnion(members.map(\.key))
        }
        var omitted: [JSONPointer] = []
        for path in order {
            guard let (view, schema) = context.schema(at: path), !view.isDictionary(schema),
                let required = view.requiredKeys(of: schema)
            else { continue }
            for name in view.propertyNames(of: schema) where !required.contains(name) && !objects[path]!.contains(name)
            {
                omitted.append(path.appending(.key(name)))
            }
        }
        return omitted
    }

    /// Up to three paths, then how many more.
    static func summary(of paths: [JSONPointer]) -> String {
        let listed = paths.prefix(3).map(\.description).joined(separator: ", ")
        return paths.count > 3 ? "\(listed) and \(paths.count - 3) more" : listed
    }
}
