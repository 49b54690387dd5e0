@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Shorter JSON keys through `CodingKeys`, one suggestion per object type (objects folded
    /// by path, so a key repeated in every element of an array saves once per element).
    ///
    /// Keys of two bytes or fewer stay; so do keys that are not Swift identifiers (they already
    /// have a `CodingKeys` case) and the keys of dictionaries (data, not names: known from the
    /// schema, or guessed when an object has more than 24 keys or mostly non-identifier keys).
    /// The most frequent keys get the shortest names: initials (`departureGate` → `dg`) or the
    /// shortest unused prefix.
    static let shorterKeys = ShrinkStrategy(id: "shorter-keys") { context in
        var groups: [JSONPointer: KeyGroup] = [:]
        var order: [JSONPointer] = []
        for value in context.reshapableValues {
            guard let members = value.element.members, !members.isEmpty else { continue }
            let path = value.path.folded
            if groups[path] == nil {
                groups[path] = KeyGroup()
                order.append(path)
            }
            groups[path]!.objectCount += 1
            for member in members {
                if context.keptKeys.contains(member.key) || context.isInSDKShape(value.path.appending(member.key)) {
                    groups[path]!.kept.insert(member.key)
                }
                if groups[path]!.counts[member.key] == nil { groups[path]!.keys.append(member.key) }
                groups[path]!.counts[member.key, default: 0] += 1
            }
        }
        return order.compactMap { path in
            let group = groups[path]!
            if let (view, schema) = context.schema(at: path), view.isDictionary(schema) { return nil }
            let identifiers = group.keys.filter(SwiftNaming.isIdentifier)
            guard group.keys.count <= 24, identifiers.count * 2 > group.keys.count else { return nil }
            return group.proposal(at: path)
        }
    }

    /// The keys of the objects at one folded path.
    private struct KeyGroup {
        var keys: [String] = []
        var counts: [String: Int] = [:]
        var objectCount = 0
        /// Keys the app cannot rename (see ``KeptKeys``).
        var kept: Set<String> = []

        func proposal(at path: JSONPointer) -> ShrinkCandidate? {
            let renamable = keys.filter { SwiftNaming.isIdentifier($0) && $0.utf8.count > 2 && !kept.contains($0) }
            var taken = Set(keys.filter { !renamable.contains($0) })
            var names: [String: String] = [:]
            let byWeight = renamable.enumerated().sorted {
                (counts[$1.element]! * $1.element.utf8.count, $0.offset)
                    < (counts[$0.element]! * $0.element.utf8.count, $1.offset)
            }
            for key in byWeight.map(\.element) {
                let name = SwiftNaming.shortName(for: key, avoiding: taken)
                if name.utf8.count < key.utf8.count {
                    names[key] = name
                    taken.insert(name)
                } else {
                    taken.insert(key)
                }
            }
            guard !names.isEmpty else { return nil }

            var snippet = "enum CodingKeys: String, CodingKey {\n"
            for key in keys {
                if let name = names[key] {
                    snippet += "    case \(key) = \(SwiftNaming.stringLiteral(name))\n"
                } else if kept.contains(key) {
                    snippet += "    case \(key)  // kept: not the app's to rename\n"
                } else if SwiftNaming.isIdentifier(key) {
                    snippet += "    case \(key)\n"
                } else {
                    snippet += "    // and the existing case for \(SwiftNaming.stringLiteral(key))\n"
                }
            }
            snippet += "}"
            let objects = objectCount > 1 ? " (\(objectCount) objects)" : ""
            let keyCount = names.count == 1 ? "1 key" : "\(names.count) keys"
            return ShrinkCandidate(
                id: "shorter-keys:\(path)", kind: "shorter-keys",
                title: "shorter CodingKeys for \(keyCount) at \(path)\(objects)", paths: [path],
                contractChange: .app,
                howToApply: """
                    Map the properties of the type decoded at \(path) to short keys, and have the server send them:
                    \(snippet)
                    Installed apps and running activities still read the old keys: ship the app first, and decode both spellings until no running activity holds the old ones.
                    """,
                isLossy: false, edit: .renamingKeys(at: path, names))
        }
    }
}
