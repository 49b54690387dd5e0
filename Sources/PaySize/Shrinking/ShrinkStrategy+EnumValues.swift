@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Strings drawn from a closed set → an enum with short raw values that decodes unknown values.
    ///
    /// A closed set has one of three sources: an enum in the app's schema; a status-like member
    /// (its key's last word is `status`, `state`, `phase`, `kind`, `type`…) holding few distinct
    /// values; or values that repeat across the payloads of a series (each value of this
    /// payload seen in at least two of them). Names and free text (keys such as `name`, `team`,
    /// `player`, `title`, `text`) never become enums, whatever repeats: the next activity's
    /// payload holds other names. A path qualifies when it holds strings at least twice, at
    /// most 16 distinct ones, each seen twice on average, 3 to 64 bytes long with a letter,
    /// none a date, a URL or a blob; outside arrays it needs two distinct values. The commonest
    /// values get the shortest raw values, and every snippet decodes a value it does not know
    /// as a fallback case, so a newer server cannot break an installed app.
    static let enumValues = ShrinkStrategy(id: "enum-values") { context in
        var seen: [JSONPointer: [String]] = [:]
        var order: [JSONPointer] = []
        func add(_ value: ShrinkValue) {
            guard let string = value.element.stringValue else { return }
            let path = value.path.folded
            if seen[path] == nil { order.append(path) }
            seen[path, default: []].append(string)
        }
        for value in context.reshapableValues where value.path.folded != value.path { add(value) }
        // In how many payloads of the series each value appears, by path.
        var payloadCounts: [JSONPointer: [String: Int]] = [:]
        let seriesValues = context.series.count > 1 ? context.seriesValues(reshapable: true) : []
        for payloadValues in seriesValues {
            var here: [JSONPointer: Set<String>] = [:]
            for value in payloadValues {
                guard let string = value.element.stringValue else { continue }
                here[value.path.folded, default: []].insert(string)
            }
            for (path, strings) in here {
                for string in strings { payloadCounts[path, default: [:]][string, default: 0] += 1 }
            }
        }
        for payloadValues in context.seriesValues(reshapable: true) {
            for value in payloadValues where value.path.folded == value.path { add(value) }
        }
        let present = Set(context.reshapableValues.filter { $0.element.stringValue != nil }.map(\.path.folded))
        return order.compactMap { path -> ShrinkCandidate? in
            guard present.contains(path), let strings = seen[path], let key = path.lastKey ?? path.parent.lastKey,
                !isNameLikeKey(key)
            else { return nil }
            var schemaValues: [String]? = nil
            if let (view, schema) = context.schema(at: path) {
                if view.isDate(schema) { return nil }
                schemaValues = view.enumValues(of: schema)
            }
            let current = Set(
                context.reshapableValues.filter { $0.path.folded == path }.compactMap { $0.element.stringValue })
            let repeatsAcrossSeries =
                seriesValues.count > 1 && current.allSatisfy { (payloadCounts[path]?[$0] ?? 0) >= 2 }
            guard schemaValues != nil || isStatusLikeKey(key) || repeatsAcrossSeries else { return nil }
            var counts: [String: Int] = [:]
            var distinct: [String] = []
            for string in strings {
                if counts[string] == nil { distinct.append(string) }
                counts[string, default: 0] += 1
            }
            let inArray = path.components.contains(.anyIndex)
            // A lone status (`"status":"boarding"`) is a closed set by its name even with one
            // value seen: the hint lists it and the fallback takes the states not seen yet.
            let isLoneStatus = !inArray && distinct.count == 1 && isStatusLikeKey(key)
            guard
                isLoneStatus
                    || (strings.count >= 2 && distinct.count * 2 <= strings.count && (inArray || distinct.count >= 2)),
                distinct.count <= 16, distinct.allSatisfy(isEnumLike)
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

    /// The fallback case and the `init(from:)` that decodes any unknown raw value to it.
    static func fallback(avoidingCases cases: Set<String>, rawValues: Set<String>) -> String {
        var name = "unknown"
        var number = 2
        while cases.contains(name) || rawValues.contains(name) {
            name = "unknown\(number)"
            number += 1
        }
        return """
                case \(name)  // any value this build does not know

                init(from decoder: any Decoder) throws {
                    let rawValue = try decoder.singleValueContainer().decode(String.self)
                    self = Self(rawValue: rawValue) ?? .\(name)
                }

            """
    }

    /// Keys whose last word says the value is one of a few states: `status`, `orderState`, `eventType`.
    static func isStatusLikeKey(_ key: String) -> Bool {
        guard let last = SwiftNaming.words(of: key).last?.lowercased() else { return false }
        return [
            "status", "state", "phase", "kind", "type", "category", "mode", "level", "severity", "trend", "stage",
            "condition", "priority", "result", "outcome", "direction", "availability", "style", "variant", "tier",
        ].contains(last)
    }

    /// Keys that hold names or free text, which never form a closed set.
    static func isNameLikeKey(_ key: String) -> Bool {
        SwiftNaming.words(of: key).map { $0.lowercased() }.contains {
            [
                "name", "names", "title", "subtitle", "label", "text", "description", "note", "notes", "message",
                "comment", "player", "team", "author", "club", "venue", "city", "address", "headline", "body",
                "summary", "caption", "detail", "details", "street", "runner", "driver", "courier", "restaurant",
                "store", "artist", "opponent", "home", "away",
            ].contains($0)
        }
    }

    private static func isEnumLike(_ string: String) -> Bool {
        let length = string.utf8.count
        return length >= 3 && length <= 64 && string.contains(where: \.isLetter) && !string.contains("://")
            && ISO8601Timestamp(string) == nil && !BlobDetection.isBlob(string)
    }

    private static func proposal(
        at path: JSONPointer, values: [String], rawValues: [String: String], occurrences: Int, isExistingEnum: Bool
    ) -> ShrinkCandidate {
        let typeName = SwiftNaming.typeName(
            for: path.components.reversed().lazy.compactMap { component in
                if case .key(let key) = component { return key }
                return nil
            }.first ?? "value")
        var usedCases: Set<String> = []
        var snippet = "enum \(typeName): String, Codable {\n"
        var usedRawValues: Set<String> = []
        for value in values {
            var name = SwiftNaming.caseName(for: value)
            var number = 2
            while usedCases.contains(name) {
                name = SwiftNaming.caseName(for: value) + String(number)
                number += 1
            }
            usedCases.insert(name)
            let raw = rawValues[value] ?? value
            usedRawValues.insert(raw)
            snippet += "    case \(name) = \(SwiftNaming.stringLiteral(raw))  // \(SwiftNaming.stringLiteral(value))\n"
        }
        snippet += fallback(avoidingCases: usedCases, rawValues: usedRawValues)
        snippet += "}"
        let mapped = values.filter { rawValues[$0] != nil }
        var mapping = mapped.prefix(3).map { "'\(JSONPointer.escapingControlCharacters($0))' → '\(rawValues[$0]!)'" }
            .joined(separator: ", ")
        if mapped.count > 3 { mapping += ", …" }
        let lead =
            isExistingEnum
            ? "The type at \(path) is an enum already; give its cases short raw values"
            : values.count == 1
                ? "The status at \(path) ('\(JSONPointer.escapingControlCharacters(values[0]))', the one value seen) becomes an enum with short raw values: add a case for every state the app shows"
                : "The strings at \(path) (\(occurrences) seen, \(values.count) distinct) become an enum with short raw values"
        return ShrinkCandidate(
            id: "enum-values:\(path)", kind: "enum-values",
            title: "enum with short raw values at \(path): \(mapping)", paths: [path],
            contractChange: .app,
            howToApply: """
                \(lead); the view shows text for each case, and the server sends the raw values:
                \(snippet)
                A value this build does not know (a newer server's) decodes as the fallback case instead of failing the update. Installed apps decode only the raw values they know: ship the app first, and keep decoding the old spellings while running activities hold them.
                """,
            isLossy: false, edit: .replacingStrings(at: path) { rawValues[$0] })
    }
}
