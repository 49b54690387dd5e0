@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Families of numbered keys (`item_1_name`, `item_1_price`, `item_2_name`…) → one array of
    /// records (`"item":[{"name":…,"price":…},…]`), an app change.
    ///
    /// The number stops being spelled in every key, and the fields' names are written once per
    /// record instead of with the number. Records follow the numbers in ascending order; a
    /// number missing a field gets no member for it (an optional in the app's type).
    static let foldedKeyFamilies = ShrinkStrategy(id: "fold-keys") { context in
        var proposals: [ShrinkCandidate] = []
        var seen: Set<String> = []
        for value in context.reshapableValues {
            guard let members = value.element.members, members.count >= KeyFamily.minimumNumberCount else { continue }
            let path = value.path.folded
            let keys = members.map(\.key).filter { !context.keptKeys.contains($0) }
            for family in KeyFamily.families(in: keys) {
                let id = "fold-keys:\(path.appending(.key(family.pattern)))"
                guard seen.insert(id).inserted else { continue }
                let name = arrayName(for: family, avoiding: Set(members.map(\.key)))
                let fields = family.suffixes.map(fieldName)
                var snippet = "struct \(SwiftNaming.typeName(for: name)): Codable {\n"
                for (field, suffix) in zip(fields, family.suffixes) where !field.isEmpty {
                    let sample = members.first {
                        KeyFamily.split($0.key).map { $0.prefix == family.prefix && $0.suffix == suffix } ?? false
                    }
                    let type = sample.map { swiftType(of: $0.value) } ?? "String"
                    snippet += "    var \(SwiftNaming.isIdentifier(field) ? field : "`\(field)`"): \(type)?\n"
                }
                snippet += "}\n"
                snippet += "var \(name): [\(SwiftNaming.typeName(for: name))]  // replaces \(family.pattern)"
                proposals.append(
                    ShrinkCandidate(
                        id: id, kind: "fold-keys",
                        title:
                            "fold \(family.numbers.count) numbered \(family.pattern) key groups at \(path) into one array '\(name)' of records (\(family.suffixes.count) fields)",
                        paths: [path.appending(.key(family.pattern))], contractChange: .app,
                        howToApply: """
                            Send the \(family.pattern) members as one array of records, in number order, and decode it in the app:
                            \(snippet)
                            Installed apps and running activities still read the numbered keys: ship the app first and decode both forms until no running activity holds the old one.
                            """,
                        isLossy: false, edit: folding(family, at: path, into: name)))
            }
        }
        return proposals
    }

    /// The Swift type a JSON value decodes as, for the snippet.
    private static func swiftType(of element: JSONElement) -> String {
        switch element.content {
        case .string: "String"
        case .number: element.isIntegerToken ? "Int" : "Double"
        case .bool: "Bool"
        default: "String"
        }
    }

    /// The array's name: the prefix without trailing punctuation (`item_` → `item`).
    private static func arrayName(for family: KeyFamily, avoiding taken: Set<String>) -> String {
        var name = String(family.prefix.reversed().drop { !$0.isLetter && !$0.isNumber }.reversed())
        if name.isEmpty { name = "items" }
        while taken.contains(name) { name += "s" }
        return name
    }

    /// A field's key: the suffix without leading punctuation (`_price` → `price`); `""` when the
    /// numbered keys are the values themselves (`photo1`).
    private static func fieldName(_ suffix: String) -> String {
        String(suffix.drop { !$0.isLetter && !$0.isNumber })
    }

    private static func folding(_ family: KeyFamily, at path: JSONPointer, into name: String) -> ShrinkEdit {
        ShrinkEdit(phase: .values) { document in
            let escapesSlashes = document.escapesSlashes
            document.modify(path) { node in
                guard case .object(let members) = node.content else { return }
                var records: [Int: [ShrinkNode.Member]] = [:]
                var scalars: [Int: ShrinkNode] = [:]
                var firstPosition: Int? = nil
                var kept: [ShrinkNode.Member] = []
                for member in members {
                    guard let (prefix, number, suffix) = KeyFamily.split(member.originalKey), prefix == family.prefix
                    else {
                        kept.append(member)
                        continue
                    }
                    if firstPosition == nil { firstPosition = kept.count }
                    let field = fieldName(suffix)
                    if field.isEmpty {
                        scalars[number] = member.value
                    } else {
                        let text = ShrinkDocument.encoded(field, escapingSlashes: escapesSlashes)
                        records[number, default: []].append(
                            ShrinkNode.Member(
                                key: field, originalKey: field, keyText: .encoded(text), value: member.value))
                    }
                }
                guard let firstPosition else { return }
                let numbers = Set(records.keys).union(scalars.keys).sorted()
                let elements = numbers.map { number in
                    scalars[number] ?? ShrinkNode(content: .object(records[number] ?? []))
                }
                let key = ShrinkDocument.encoded(name, escapingSlashes: escapesSlashes)
                kept.insert(
                    ShrinkNode.Member(
                        key: name, originalKey: name, keyText: .encoded(key),
                        value: ShrinkNode(content: .array(elements))),
                    at: firstPosition)
                node.content = .object(kept)
            }
        }
    }
}
