import Foundation

/// A schema document checked against the keywords the validator supports and flattened into
/// nodes that point at each other by index, with every local `$ref` resolved.
struct CompiledSchema: Sendable {
    struct Node: Sendable {
        /// Where the node is in the schema document.
        var location: JSONPointer
        /// `true` or `false` written as a whole schema.
        var constant: Bool?
        var types: [String]?
        var properties: [(key: String, node: Int)] = []
        var required: [String] = []
        var additionalProperties: Int?
        var items: Int?
        var prefixItems: [Int] = []
        var enumValues: [JSONElement]?
        var constValue: JSONElement?
        var minimum: SchemaNumber?
        var maximum: SchemaNumber?
        var exclusiveMinimum: SchemaNumber?
        var exclusiveMaximum: SchemaNumber?
        var minLength: Int?
        var maxLength: Int?
        var minItems: Int?
        var maxItems: Int?
        var minProperties: Int?
        var maxProperties: Int?
        var uniqueItems = false
        var anyOf: [Int]?
        var oneOf: [Int]?
        var allOf: [Int]?
        var not: Int?
        var reference: Int?
        var propertyNames: Int?
        /// The keywords only hand-written schemas use, behind one reference: the validator copies a
        /// node on every level of a value it walks, so a deep value's stack depends on its size.
        var handWritten: HandWrittenKeywords?

        /// Marked by inference as a `Date` counting seconds since 2001-01-01.
        var isReferenceDate = false
        var hasPropertiesKeyword = false
        /// `x-paysize-number`: the Swift type the number is decoded into.
        var numberType: SwiftNumberType?
        /// `x-paysize-format`: the Foundation type the string is decoded into.
        var stringFormat: StringFormat?
        /// `x-paysize-integer-text`: the schema of the integer a string reads as.
        var integerText: Int?
        /// `x-paysize-pairs`: the key and value schemas of a flat `[key, value, …]` array.
        var pairs: (key: Int, value: Int)?

        /// Whether any PaySize assertion keyword is set here.
        var hasPaySizeAssertion: Bool {
            numberType != nil || stringFormat != nil || integerText != nil || pairs != nil
        }
    }

    private(set) var nodes: [Node] = []
    var root: Int { 0 }
    /// How `const`, `enum`, `uniqueItems` and object keys compare strings.
    var stringEquality = StringEquality.canonicalEquivalence
    /// Whether `format` is an assertion (``StandardFormat``) rather than an annotation.
    var assertsFormat = false

    /// Keywords read only by people and tools; the validator skips them, as JSON Schema says.
    static let annotations: Set<String> = [
        "$schema", "$id", "$comment", "title", "description", "default", "examples", "format",
        "contentEncoding", "contentMediaType", "deprecated", "readOnly", "writeOnly", "$defs", "definitions",
    ]
    static let typeNames: Set<String> = ["object", "array", "string", "number", "integer", "boolean", "null"]

    init(document: JSONElement) throws {
        var pending: [(node: Int, reference: String, location: JSONPointer)] = []
        var byLocation: [String: Int] = [:]
        _ = try compile(document, at: .root, pending: &pending, byLocation: &byLocation)
        for (index, reference, location) in pending {
            guard reference.hasPrefix("#") else { throw SchemaError.remoteReference(reference, at: location) }
            let fragment = String(reference.dropFirst())
            guard fragment.isEmpty || fragment.hasPrefix("/") else {
                // `#name` is an anchor, which this validator does not support.
                throw SchemaError.unsupportedKeyword("$ref to an anchor '\(reference)'", at: location)
            }
            guard let decoded = fragment.removingPercentEncoding, let target = byLocation[decoded] else {
                throw SchemaError.unresolvedReference(reference, at: location)
            }
            nodes[index].reference = target
        }
    }

    private mutating func compile(
        _ element: JSONElement, at location: JSONPointer,
        pending: inout [(node: Int, reference: String, location: JSONPointer)], byLocation: inout [String: Int]
    ) throws -> Int {
        let index = nodes.count
        nodes.append(Node(location: location))
        byLocation[location.rawValue] = index
        if let constant = element.boolValue {
            nodes[index].constant = constant
            return index
        }
        guard let members = element.members else { throw SchemaError.notASchema(at: location) }

        func subschema(_ keyword: String, _ value: JSONElement) throws -> Int {
            try compile(value, at: location.appending(keyword), pending: &pending, byLocation: &byLocation)
        }
        func subschemas(_ keyword: String, _ value: JSONElement) throws -> [Int] {
            guard let elements = value.elements, !elements.isEmpty else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "a non-empty array of schemas", at: location)
            }
            return try elements.enumerated().map { offset, element in
                try compile(
                    element, at: location.appending(keyword).appending(index: offset), pending: &pending,
                    byLocation: &byLocation)
            }
        }
        func number(_ keyword: String, _ value: JSONElement) throws -> SchemaNumber {
            guard let number = value.numberText.flatMap(SchemaNumber.init) else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "a number", at: location)
            }
            return number
        }
        func count(_ keyword: String, _ value: JSONElement) throws -> Int {
            guard let number = value.doubleValue, number >= 0, number.rounded() == number, number < 1e15 else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "a non-negative integer", at: location)
            }
            return Int(number)
        }

        for member in members {
            let keyword = member.key
            let value = member.value
            switch keyword {
            case "$schema":
                guard location == .root else {
                    throw SchemaError.unsupportedKeyword("$schema in a subschema", at: location.appending(keyword))
                }
                let uri = value.stringValue ?? ""
                guard uri == PayloadSchema.dialect || uri == PayloadSchema.dialect + "#" else {
                    throw SchemaError.unsupportedDialect(uri, at: location.appending(keyword))
                }
            case "$id":
                // A subschema `$id` would change what its `$ref`s mean.
                guard location == .root else {
                    throw SchemaError.unsupportedKeyword("$id in a subschema", at: location.appending(keyword))
                }
            case "$defs", "definitions":
                guard let definitions = value.members else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an object of schemas", at: location)
                }
                for definition in definitions {
                    _ = try compile(
                        definition.value, at: location.appending(keyword).appending(definition.key),
                        pending: &pending, byLocation: &byLocation)
                }
            case "type":
                let names = value.stringValue.map { [$0] } ?? value.elements?.compactMap(\.stringValue)
                guard let names, !names.isEmpty, names.count == (value.elements?.count ?? 1),
                    names.allSatisfy(Self.typeNames.contains)
                else {
                    throw SchemaError.invalidKeywordValue(
                        keyword, expected: "a type name or an array of them", at: location)
                }
                nodes[index].types = names
            case "properties":
                guard let properties = value.members else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an object of schemas", at: location)
                }
                nodes[index].hasPropertiesKeyword = true
                var compiled: [(key: String, node: Int)] = []
                for property in properties {
                    compiled.append(
                        (
                            property.key,
                            try compile(
                                property.value, at: location.appending(keyword).appending(property.key),
                                pending: &pending, byLocation: &byLocation)
                        ))
                }
                nodes[index].properties = compiled
            case "required":
                guard let names = value.elements?.compactMap(\.stringValue), names.count == value.elements?.count
                else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an array of strings", at: location)
                }
                nodes[index].required = names
            case "additionalProperties": nodes[index].additionalProperties = try subschema(keyword, value)
            case "items":
                guard value.elements == nil else {
                    throw SchemaError.invalidKeywordValue(
                        keyword, expected: "one schema (draft 2020-12 writes tuples as 'prefixItems')", at: location)
                }
                nodes[index].items = try subschema(keyword, value)
            case "prefixItems": nodes[index].prefixItems = try subschemas(keyword, value)
            case "enum":
                guard let values = value.elements else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an array", at: location)
                }
                nodes[index].enumValues = values
            case "const": nodes[index].constValue = value
            case "minimum": nodes[index].minimum = try number(keyword, value)
            case "maximum": nodes[index].maximum = try number(keyword, value)
            case "exclusiveMinimum": nodes[index].exclusiveMinimum = try number(keyword, value)
            case "exclusiveMaximum": nodes[index].exclusiveMaximum = try number(keyword, value)
            case "minLength": nodes[index].minLength = try count(keyword, value)
            case "maxLength": nodes[index].maxLength = try count(keyword, value)
            case "minItems": nodes[index].minItems = try count(keyword, value)
            case "maxItems": nodes[index].maxItems = try count(keyword, value)
            case "minProperties": nodes[index].minProperties = try count(keyword, value)
            case "maxProperties": nodes[index].maxProperties = try count(keyword, value)
            case "uniqueItems":
                guard let flag = value.boolValue else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "a boolean", at: location)
                }
                nodes[index].uniqueItems = flag
            case "propertyNames": nodes[index].propertyNames = try subschema(keyword, value)
            case "format":
                // Read always, asserted only when the schema asserts formats; an unknown name
                // stays an annotation either way.
                if let format = value.stringValue.flatMap(StandardFormat.init(rawValue:)) {
                    nodes[index].format = format
                }
            case "multipleOf":
                guard let text = value.numberText, let multiple = SchemaMultiple(text) else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "a number greater than 0", at: location)
                }
                nodes[index].multipleOf = multiple
            case "if": nodes[index].ifSchema = try subschema(keyword, value)
            case "then": nodes[index].thenSchema = try subschema(keyword, value)
            case "else": nodes[index].elseSchema = try subschema(keyword, value)
            case "dependentRequired":
                guard let members = value.members else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an object of string arrays", at: location)
                }
                for member in members {
                    guard let names = member.value.elements?.compactMap(\.stringValue),
                        names.count == member.value.elements?.count
                    else {
                        throw SchemaError.invalidKeywordValue(
                            keyword, expected: "an object of string arrays", at: location)
                    }
                    nodes[index].dependentRequired.append((member.key, names))
                }
            case "dependentSchemas":
                guard let members = value.members else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an object of schemas", at: location)
                }
                for member in members {
                    let node = try compile(
                        member.value, at: location.appending(keyword).appending(member.key), pending: &pending,
                        byLocation: &byLocation)
                    nodes[index].dependentSchemas.append((member.key, node))
                }
            case "contains": nodes[index].contains = try subschema(keyword, value)
            case "minContains": nodes[index].minContains = try count(keyword, value)
            case "maxContains": nodes[index].maxContains = try count(keyword, value)
            case "pattern":
                guard let source = value.stringValue else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "a string", at: location)
                }
                nodes[index].pattern = try Self.pattern(source, at: location.appending(keyword))
            case "patternProperties":
                guard let members = value.members else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an object of schemas", at: location)
                }
                nodes[index].hasPropertiesKeyword = true
                for member in members {
                    let memberLocation = location.appending(keyword).appending(member.key)
                    let pattern = try Self.pattern(member.key, at: memberLocation)
                    let node = try compile(member.value, at: memberLocation, pending: &pending, byLocation: &byLocation)
                    nodes[index].patternProperties.append((pattern, node))
                }
            case "anyOf": nodes[index].anyOf = try subschemas(keyword, value)
            case "oneOf": nodes[index].oneOf = try subschemas(keyword, value)
            case "allOf": nodes[index].allOf = try subschemas(keyword, value)
            case "not": nodes[index].not = try subschema(keyword, value)
            case "$ref":
                guard let reference = value.stringValue else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "a string", at: location)
                }
                pending.append((index, reference, location.appending(keyword)))
            case PaySizeKeyword.date.rawValue:
                nodes[index].isReferenceDate = value.stringValue == PayloadSchema.referenceDateValue
            case PaySizeKeyword.number.rawValue:
                guard let type = value.stringValue.flatMap(SwiftNumberType.init(rawValue:)) else {
                    throw SchemaError.invalidKeywordValue(
                        keyword, expected: Self.oneOf(SwiftNumberType.allCases.map(\.rawValue)), at: location)
                }
                nodes[index].numberType = type
            case PaySizeKeyword.format.rawValue:
                guard let format = value.stringValue.flatMap(StringFormat.init(rawValue:)) else {
                    throw SchemaError.invalidKeywordValue(
                        keyword, expected: Self.oneOf(StringFormat.allCases.map(\.rawValue)), at: location)
                }
                nodes[index].stringFormat = format
            case PaySizeKeyword.integerText.rawValue:
                nodes[index].integerText = try subschema(keyword, value)
            case PaySizeKeyword.pairs.rawValue:
                let pair = try subschemas(keyword, value)
                guard pair.count == 2 else {
                    throw SchemaError.invalidKeywordValue(
                        keyword, expected: "an array of two schemas, the key's and the value's", at: location)
                }
                nodes[index].pairs = (pair[0], pair[1])
            case PaySizeKeyword.note.rawValue, PaySizeKeyword.keywords.rawValue:
                continue
            default:
                if Self.annotations.contains(keyword) { continue }
                // Another tool's extension is an annotation; an unknown one of ours may be an
                // assertion from a newer PaySize, which must not be skipped silently.
                if keyword.hasPrefix("x-"), !keyword.hasPrefix(PaySizeKeyword.prefix) { continue }
                throw SchemaError.unsupportedKeyword(keyword, at: location.appending(keyword))
            }
        }
        return index
    }

    private static func pattern(_ source: String, at location: JSONPointer) throws(SchemaError) -> ECMAScriptPattern {
        do {
            return try ECMAScriptPattern(source)
        } catch {
            throw SchemaError.unsupportedPattern(source, error, at: location)
        }
    }

    private static func oneOf(_ names: [String]) -> String {
        "one of " + names.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// `pattern`, `patternProperties`, `multipleOf`, `if`/`then`/`else`, `dependentRequired`,
/// `dependentSchemas`, `contains` and `format` of one node. Filled while the schema compiles, never changed
/// after.
final class HandWrittenKeywords: @unchecked Sendable {
    /// `pattern`: an ECMA-262 regular expression the string must match somewhere.
    var pattern: ECMAScriptPattern?
    /// `patternProperties`: the schema of every member whose key the pattern matches.
    var patternProperties: [(pattern: ECMAScriptPattern, node: Int)] = []
    var multipleOf: SchemaMultiple?
    var ifSchema: Int?
    var thenSchema: Int?
    var elseSchema: Int?
    /// `dependentRequired`: when the key is present, these keys must be too.
    var dependentRequired: [(key: String, required: [String])] = []
    /// `dependentSchemas`: when the key is present, the whole object must satisfy the schema.
    var dependentSchemas: [(key: String, node: Int)] = []
    /// `contains`, with `minContains` (default 1) and `maxContains`.
    var contains: Int?
    var minContains: Int?
    var maxContains: Int?
    /// `format`, when it names a format PaySize can assert.
    var format: StandardFormat?
}

extension CompiledSchema.Node {
    private static let none = HandWrittenKeywords()

    /// The hand-written keywords, created on first write.
    private mutating func writable() -> HandWrittenKeywords {
        if let handWritten { return handWritten }
        let created = HandWrittenKeywords()
        handWritten = created
        return created
    }

    private var readable: HandWrittenKeywords { handWritten ?? Self.none }

    var pattern: ECMAScriptPattern? {
        get { readable.pattern }
        set { writable().pattern = newValue }
    }
    var patternProperties: [(pattern: ECMAScriptPattern, node: Int)] {
        get { readable.patternProperties }
        set { writable().patternProperties = newValue }
    }
    var multipleOf: SchemaMultiple? {
        get { readable.multipleOf }
        set { writable().multipleOf = newValue }
    }
    var ifSchema: Int? {
        get { readable.ifSchema }
        set { writable().ifSchema = newValue }
    }
    var thenSchema: Int? {
        get { readable.thenSchema }
        set { writable().thenSchema = newValue }
    }
    var elseSchema: Int? {
        get { readable.elseSchema }
        set { writable().elseSchema = newValue }
    }
    var dependentRequired: [(key: String, required: [String])] {
        get { readable.dependentRequired }
        set { writable().dependentRequired = newValue }
    }
    var dependentSchemas: [(key: String, node: Int)] {
        get { readable.dependentSchemas }
        set { writable().dependentSchemas = newValue }
    }
    var contains: Int? {
        get { readable.contains }
        set { writable().contains = newValue }
    }
    var minContains: Int? {
        get { readable.minContains }
        set { writable().minContains = newValue }
    }
    var maxContains: Int? {
        get { readable.maxContains }
        set { writable().maxContains = newValue }
    }
    var format: StandardFormat? {
        get { readable.format }
        set { writable().format = newValue }
    }
}
