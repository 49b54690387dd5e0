extension ShrinkStrategy {
    /// Descriptive strings drawn from a small set → an enum with short raw values.
    ///
    /// The set shows only where a path holds several values: the elements of an array (in this
    /// payload: in a series, arrays often carry the same elements update after update), or the
    /// payloads of a series (one value each). A path qualifies when it holds strings at least
    /// twice, at most 16 distinct ones, each seen twice on average, 3 to 64 bytes long with a
    /// letter, none a date, a URL or a blob. Outside arrays it needs two distinct values: one
    /// value in every payload is a constant (see the `move-to-attributes` strategy). The
    /// commonest values get the shortest raw values.
    static let enumValues = ShrinkStrategy(id: "enum-values") { context in
        var seen: [ShrinkPath: [String]] = [:]
        var order: [ShrinkPath] = []
        func add(_ value: ShrinkValue) {
            guard let string = value.element.stringValue else { return }
            let path = value.path.folded
            if seen[path] == nil { order.append(path) }
            seen[path, default: []].append(string)
        }
        for value in context.values where value.path.folded != value.path { add(value) }
        for payloadValues in context.seriesValues() {
            for value in payloadValues where value.path.folded == value.path { add(value) }
        }
        let present = Set(context.values.filter { $0.element.stringValue != nil }.map(\.path.folded))
        return order.compactMap { path -> ShrinkProposal? in
            guard present.contains(path), let strings = seen[path] else { return nil }
            var schemaValues: [String]? = nil
            if let (view, schema) = context.schema(at: path) {
                if view.isDate(schema) { return nil }
                schemaValues = view.enumValues(of: schema)
            }
            var counts: [String: Int] = [:]
            var distinct: [String] = []
            for string in strings {
                if counts[string] == nil { distinct.append(string) }
                counts[string, default: 0] += 1
            }
            let inArray = path.components.contains(.anyIndex)
            guard strings.count >= 2, distinct.count <= 16, distinct.count * 2 <= strings.count,
                inArray || distinct.count >= 2, distinct.allSatisfy(isEnumLike)
            else { return nil }
            let values = (schemaValues ?? []).filter { counts[$0] == nil } + distinct
            let byFrequency = values.enumerated().sorted {
                (counts[$1.element] ?? 0, $0.offset) < (counts[$0.element] ?? 0, $1.offset)
            }.map(\.element)
            var taken: Set<String> = []
            var rawValues: [String: String] = [:]
            for value in byFrequency {
                let short = SwiftNaming.shortName(for: value, avoiding: taken.union(values))
                taken.insert(short)
                if short.utf8.count < value.utf8.count { rawValues[value] = short }
            }
            guard !rawValues.isEmpty else { return nil }
            return proposal(
                at: path, values: byFrequency, rawValues: rawValues, occurrences: strings.count,
                isExistingEnum: schemaValues != nil)
        }
    }

    private static func isEnumLike(_ string: String) -> Bool {
        let length = string.utf8.count
        return length >= 3 && length <= 64 && string.contains(where: \.isLetter) && !string.contains("://")
            && ISO8601Timestamp(string) == nil && !BlobDetection.isBlob(string)
    }

    private static func proposal(
        at path: ShrinkPath, values: [String], rawValues: [String: String], occurrences: Int, isExistingEnum: Bool
    ) -> ShrinkProposal {
        let typeName = SwiftNaming.typeName(
            for: path.components.reversed().lazy.compactMap { component in
                if case .key(let key) = component { return key }
                return nil
            }.first ?? "value")
        var usedCases: Set<String> = []
        var snippet = "enum \(typeName): String, Codable {\n"
        for value in values {
            var name = SwiftNaming.caseName(for: value)
            var number = 2
            while usedCases.contains(name) {
                name = SwiftNaming.caseName(for: value) + String(number)
                number += 1
            }
            usedCases.insert(name)
            let raw = rawValues[value] ?? value
            snippet += "    case \(name) = \(SwiftNaming.stringLiteral(raw))  // \(SwiftNaming.stringLiteral(value))\n"
        }
        snippet += "}"
        let mapped = values.filter { rawValues[$0] != nil }
        var mapping = mapped.prefix(3).map { "'\(JSONPointer.escapingControlCharacters($0))' → '\(rawValues[$0]!)'" }
            .joined(separator: ", ")
        if mapped.count > 3 { mapping += ", …" }
        let lead =
            isExistingEnum
            ? "The type at \(path) is an enum already; give its cases short raw values"
            : "The strings at \(path) (\(occurrences) seen, \(values.count) distinct) become an enum with short raw values"
        return ShrinkProposal(
            id: "enum-values:\(path)", strategyID: "enum-values",
            title: "enum with short raw values at \(path): \(mapping)", paths: [path.rawValue],
            contractChange: .app,
            howToApply: """
                \(lead); the view shows text for each case, and the server sends the raw values:
                \(snippet)
                Installed apps decode only the raw values they know: ship the app first, and keep decoding the old spellings while running activities hold them.
                """,
            isLossy: false, edit: .replacingStrings(at: path) { rawValues[$0] })
    }
}
