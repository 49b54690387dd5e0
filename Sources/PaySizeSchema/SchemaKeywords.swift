/// The names a schema's keywords are sorted by: the draft 2020-12 vocabularies, the vendor
/// annotations collected as such, and the near misses of a 2020-12 keyword.
package enum SchemaKeywords {
    /// Every keyword of the draft 2020-12 vocabularies (core, applicator, unevaluated,
    /// validation, meta-data, format annotation, content), and `definitions`, which draft 2020-12
    /// keeps reading for older schemas.
    package static let draft202012: Set<String> = [
        "$id", "$schema", "$ref", "$anchor", "$dynamicRef", "$dynamicAnchor", "$vocabulary", "$comment", "$defs",
        "prefixItems", "items", "contains", "additionalProperties", "properties", "patternProperties",
        "dependentSchemas", "propertyNames", "if", "then", "else", "allOf", "anyOf", "oneOf", "not",
        "unevaluatedItems", "unevaluatedProperties", "type", "enum", "const", "multipleOf", "maximum",
        "exclusiveMaximum", "minimum", "exclusiveMinimum", "maxLength", "minLength", "pattern", "maxItems",
        "minItems", "uniqueItems", "maxContains", "minContains", "maxProperties", "minProperties", "required",
        "dependentRequired", "title", "description", "default", "deprecated", "readOnly", "writeOnly", "examples",
        "format", "contentEncoding", "contentMediaType", "contentSchema", "definitions",
    ]

    /// Annotation keywords other vocabularies write into real schemas, collected as annotations
    /// and never checked: VS Code's JSON language service (`markdownDescription`,
    /// `deprecationMessage`, `errorMessage`, `patternErrorMessage`, `enumDescriptions`,
    /// `markdownEnumDescriptions`, `defaultSnippets`, `doNotSuggest`, `suggestSortText`,
    /// `allowComments`, `allowTrailingCommas`), json-schema-to-typescript (`tsType`,
    /// `tsEnumNames`) and the OpenAPI 3.1 base vocabulary (`discriminator`, `xml`,
    /// `externalDocs`, `example`). `example` is listed for OpenAPI though it is one letter from
    /// `examples`: it is what OpenAPI writes, never a misspelling there.
    package static let vendorAnnotations: Set<String> = [
        "markdownDescription", "deprecationMessage", "errorMessage", "patternErrorMessage", "enumDescriptions",
        "markdownEnumDescriptions", "defaultSnippets", "doNotSuggest", "suggestSortText", "allowComments",
        "allowTrailingCommas", "tsType", "tsEnumNames", "discriminator", "xml", "externalDocs", "example",
    ]

    /// Whether `keyword` is a vendor annotation: an `x-…` keyword other than PaySize's own, or
    /// one of ``vendorAnnotations``.
    package static func isVendorAnnotation(_ keyword: String) -> Bool {
        (keyword.hasPrefix("x-") && !keyword.hasPrefix(PaySizeKeyword.prefix)) || vendorAnnotations.contains(keyword)
    }

    /// The 2020-12 keyword `keyword` most likely misspells, or `nil` when none is near.
    ///
    /// Near is the same letters in another case (`readonly`), or an edit distance, counting a
    /// swap of two neighbours as one edit, of 1 for a keyword of up to 4 characters and 2 for a
    /// longer one (`maxLenght`, `minLenght`, `requierd`): enough for a slip of the fingers, and
    /// too few to turn one real word into another. Ties go to the first in sorted order, so the
    /// suggestion never depends on set order.
    package static func suggestion(for keyword: String) -> String? {
        let written = Array(keyword.unicodeScalars)
        let limit = written.count <= 4 ? 1 : 2
        var best: (distance: Int, keyword: String)?
        for known in draft202012.sorted() {
            let distance =
                known.lowercased() == keyword.lowercased()
                ? 0 : editDistance(written, Array(known.unicodeScalars), limit: limit)
            guard distance <= limit else { continue }
            if distance < best?.distance ?? Int.max { best = (distance, known) }
        }
        return best?.keyword
    }

    /// The optimal string alignment distance of `a` and `b` (insertions, deletions,
    /// substitutions and swaps of neighbours), or `limit + 1` once it is certainly above `limit`.
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        guard !a.isEmpty, !b.isEmpty else { return max(a.count, b.count) }
        var before = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { value = min(value, before[j - 2] + 1) }
                current[j] = value
                rowMinimum = min(rowMinimum, value)
            }
            if rowMinimum > limit { return limit + 1 }
            (before, previous, current) = (previous, current, before)
        }
        return previous[b.count]
    }
}
