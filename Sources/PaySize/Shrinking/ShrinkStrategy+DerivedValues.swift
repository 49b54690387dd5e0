@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// The same value stored at two paths, or a string that only formats other members (a
    /// `"14 - 10"` beside the two scores) → keep one, derive the other in the view.
    ///
    /// Duplicates are strings of 6 characters or more outside arrays; the copy in the attributes
    /// (or else the first in the payload) stays. The same field of numbered keys (`item_4_status`,
    /// `item_8_status`) holding the same value is no duplicate: those are different items (their
    /// family is folded into records instead). A string is derived when it has at least 3
    /// characters and every run of letters and digits in it is the value of a sibling member (or of
    /// a member one object down), in every object at its path.
    static let derivedValues = ShrinkStrategy(id: "derive-values") { context in
        duplicateProposals(context) + formattedProposals(context)
    }

    private static func duplicateProposals(_ context: ShrinkContext) -> [ShrinkCandidate] {
        var places: [String: [ShrinkValue]] = [:]
        var order: [String] = []
        for value in context.reshapableValues {
            guard let string = value.element.stringValue, string.count >= 6, !value.path.isPattern,
                value.path.folded == value.path, value.path.lastKey != nil
            else { continue }
            if places[string] == nil { order.append(string) }
            places[string, default: []].append(value)
        }
        return order.compactMap { string in
            let values = places[string]!
            guard values.count >= 2, !isOneNumberedField(values.map(\.path)) else { return nil }
            let kept =
                values.first { $0.region == JSONPointer("aps", "attributes") || $0.region == JSONPointer("attributes") }
                ?? values[0]
            let dropped = values.filter { $0.path != kept.path }.map(\.path)
            let shown = string.count > 24 ? String(string.prefix(23)) + "…" : string
            return ShrinkCandidate(
                id: "derive-duplicate:\(dropped[0])", kind: "derive-duplicate",
                title:
                    "the same value at \(kept.path) and \(summary(of: dropped)) ('\(JSONPointer.escapingControlCharacters(shown))'): keep \(kept.path)",
                paths: [kept.path] + dropped, contractChange: .app,
                howToApply: """
                    Keep the value once, at \(kept.path), and have the view read it from there instead of from \(summary(of: dropped)); remove the other property (or decode it with decodeIfPresent) so installed apps that still expect it keep decoding until they update.
                    """,
                isLossy: false, edit: .removingMembers(at: dropped))
        }
    }

    /// Whether every path is the same field of numbered keys beside each other (`item_4_status`,
    /// `item_8_status`): one member of different items, equal by chance, not a value stored twice.
    private static func isOneNumberedField(_ paths: [JSONPointer]) -> Bool {
        let fields = Set(
            paths.map { path -> JSONPointer? in
                guard let key = path.lastKey, let parts = KeyFamily.split(key) else { return nil }
                return path.parent.appending(.key(parts.prefix + "*" + parts.suffix))
            })
        return fields.count == 1 && !fields.contains(nil)
    }

    private static func formattedProposals(_ context: ShrinkContext) -> [ShrinkCandidate] {
        var sources: [JSONPointer: Set<JSONPointer>] = [:]
        var derivable: [JSONPointer: Bool] = [:]
        var example: [JSONPointer: String] = [:]
        var order: [JSONPointer] = []
        for value in context.reshapableValues {
            guard let members = value.element.members else { continue }
            // Which members (or members of member objects) hold each scalar text, by their paths.
            var holders: [String: [JSONPointer]] = [:]
            for member in members {
                let memberPath = value.path.folded.appending(.key(member.key))
                for text in scalarTexts(of: member.value) { holders[text, default: []].append(memberPath) }
                for inner in member.value.members ?? [] {
                    for text in scalarTexts(of: inner.value) {
                        holders[text, default: []].append(memberPath.appending(.key(inner.key)))
                    }
                }
            }
            for member in members {
                guard let string = member.value.stringValue else { continue }
                let path = value.path.folded.appending(.key(member.key))
                let runs = alphanumericRuns(of: string)
                func others(_ text: String) -> [JSONPointer] { (holders[text] ?? []).filter { $0 != path } }
                let derived =
                    string.count >= 3 && !runs.isEmpty && others(string).isEmpty
                    && runs.allSatisfy { !others($0).isEmpty }
                if derivable[path] == nil {
                    order.append(path)
                    example[path] = string
                }
                derivable[path] = (derivable[path] ?? true) && derived
                if derived { sources[path, default: []].formUnion(runs.flatMap(others)) }
            }
        }
        return order.compactMap { path in
            guard derivable[path] == true, let used = sources[path] else { return nil }
            let from = used.sorted { $0.rawValue < $1.rawValue }.map(\.description).joined(separator: " and ")
            return ShrinkCandidate(
                id: "derive-formatted:\(path)", kind: "derive-formatted",
                title:
                    "\(path) only formats \(from) ('\(JSONPointer.escapingControlCharacters(example[path]!))'): derive it in the view",
                paths: [path], contractChange: .app,
                howToApply: """
                    Drop \(path) and format it in the view from \(from) (a computed property on the ContentState does it in one place). Make the property optional (or remove it) in the app first, so installed apps keep decoding.
                    """,
                isLossy: false, edit: .removingMembers(at: [path]))
        }
    }

    /// The texts a scalar can be written as in a formatted string: a number's token, a string.
    private static func scalarTexts(of element: JSONElement) -> [String] {
        switch element.content {
        case .number(let text): [text]
        case .string(let string): [string]
        default: []
        }
    }

    /// The maximal runs of ASCII letters and digits (and any non-ASCII) in `string`.
    private static func alphanumericRuns(of string: String) -> [String] {
        var runs: [String] = []
        var current = ""
        for scalar in string.unicodeScalars {
            let isRunScalar =
                ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                || scalar.value > 0x7F
            if isRunScalar {
                current.unicodeScalars.append(scalar)
            } else if !current.isEmpty {
                runs.append(current)
                current = ""
            }
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }
}
