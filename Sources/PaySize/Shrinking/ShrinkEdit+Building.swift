@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// The edits the core's strategies are made of.
extension ShrinkEdit {
    /// Removes each member at `paths` whose value satisfies `condition`.
    static func removingMembers(
        at paths: [JSONPointer], where condition: @escaping @Sendable (ShrinkNode) -> Bool = { _ in true }
    ) -> ShrinkEdit {
        ShrinkEdit(phase: .values) { document in
            for path in paths {
                guard let key = path.lastKey else { continue }
                document.modify(path.parent) { node in
                    guard case .object(let members) = node.content,
                        members.contains(where: { $0.originalKey == key && condition($0.value) })
                    else { return }
                    node.content = .object(members.filter { !($0.originalKey == key && condition($0.value)) })
                }
            }
        }
    }

    /// Renames the members of the objects at `path` whose original keys `names` maps; a member
    /// another edit has renamed already (a scaled integer's new key) keeps that name.
    static func renamingKeys(at path: JSONPointer, _ names: [String: String]) -> ShrinkEdit {
        ShrinkEdit(phase: .keys) { document in
            let encoded = names.mapValues { ShrinkDocument.encoded($0, escapingSlashes: document.escapesSlashes) }
            document.modify(path) { node in
                guard case .object(var members) = node.content else { return }
                node.content = .null
                for index in members.indices where members[index].key == members[index].originalKey {
                    if let name = names[members[index].originalKey], let text = encoded[members[index].originalKey] {
                        members[index].key = name
                        members[index].keyText = .encoded(text)
                    }
                }
                node.content = .object(members)
            }
        }
    }

    /// Replaces each string at `path` for which `transform` returns a new value.
    static func replacingStrings(
        at path: JSONPointer, _ transform: @escaping @Sendable (String) -> String?
    ) -> ShrinkEdit {
        ShrinkEdit(phase: .values) { document in
            let escapesSlashes = document.escapesSlashes
            document.modify(path) { node in
                guard case .string(let string, _) = node.content, let replacement = transform(string) else { return }
                node = ShrinkNode(
                    content: .string(
                        replacement, .encoded(ShrinkDocument.encoded(replacement, escapingSlashes: escapesSlashes))))
            }
        }
    }

    /// Replaces each value at `path` for which `transform` returns a new number token.
    static func replacingWithNumbers(
        at path: JSONPointer, _ transform: @escaping @Sendable (JSONElement.Content) -> String?
    ) -> ShrinkEdit {
        ShrinkEdit(phase: .values) { document in
            document.modify(path) { node in
                let content: JSONElement.Content
                switch node.content {
                case .string(let string, _): content = .string(string)
                case .number(let text): content = .number(text)
                default: return
                }
                if let token = transform(content) { node = ShrinkNode(content: .number(token)) }
            }
        }
    }

    /// Keeps the last `count` elements of each array at `path`.
    static func keepingLastElements(at path: JSONPointer, count: Int) -> ShrinkEdit {
        ShrinkEdit(phase: .values) { document in
            document.modify(path) { node in
                guard case .array(let elements) = node.content, elements.count > count else { return }
                node.content = .array(Array(elements.suffix(count)))
            }
        }
    }

    /// Writes every string and key with only the escapes JSON requires (`"`, `\`, controls):
    /// no `\/`, no `\u` for printable characters.
    static let rewritingEscapes = ShrinkEdit(phase: .escaping) { document in
        document.escapesSlashes = false
        func rewrite(_ node: inout ShrinkNode) {
            switch node.content {
            case .object(var members):
                node.content = .null
                for index in members.indices {
                    members[index].keyText = .encoded(
                        ShrinkDocument.encoded(members[index].key, escapingSlashes: false))
                    rewrite(&members[index].value)
                }
                node.content = .object(members)
            case .array(var elements):
                node.content = .null
                for index in elements.indices { rewrite(&elements[index]) }
                node.content = .array(elements)
            case .string(let string, _):
                node.content = .string(string, .encoded(ShrinkDocument.encoded(string, escapingSlashes: false)))
            default:
                break
            }
        }
        rewrite(&document.root)
    }
}
