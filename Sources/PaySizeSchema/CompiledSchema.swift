import Foundation
@_spi(Internals) import PaySizeJSON

/// A schema document checked against the keywords the validator supports and flattened into
/// nodes that point at each other by index, with every local `$ref` resolved.
package struct CompiledSchema: Sendable {
    /// The only `$schema` accepted: draft 2020-12.
    package static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// One subschema: its keywords grouped by what they apply to, every group a plain value
    /// filled while the schema compiles and never changed after (``nodes`` is read-only outside).
    package struct Node: Sendable {
        /// A node at `location` with every keyword absent.
        package init(location: JSONPointer = .root) {
            self.location = location
        }

        /// Where the node is in the schema document.
        package var location: JSONPointer
        /// `true` or `false` written as a whole schema.
        package var constant: Bool?
        package var types: [String]?
        package var enumValues: [JSONElement]?
        package var constValue: JSONElement?
        /// Marked by inference as a `Date` counting seconds since 2001-01-01.
        package var isReferenceDate = false
        /// The subschemas applied to the same value: references and the combinators.
        package var inPlace: InPlaceKeywords {
            get { storedInPlace?.keywords ?? InPlaceKeywords() }
            set { storedInPlace = .keywords(newValue) }
        }
        package var number: NumberKeywords {
            get { storedNumber?.keywords ?? NumberKeywords() }
            set { storedNumber = .keywords(newValue) }
        }
        package var string: StringKeywords {
            get { storedString?.keywords ?? StringKeywords() }
            set { storedString = .keywords(newValue) }
        }
        package var array: ArrayKeywords {
            get { storedArray?.keywords ?? ArrayKeywords() }
            set { storedArray = .keywords(newValue) }
        }
        package var object: ObjectKeywords {
            get { storedObject?.keywords ?? ObjectKeywords() }
            set { storedObject = .keywords(newValue) }
        }

        /// Whether a keyword applies a subschema to this same value (`$ref`, `$dynamicRef`, a
        /// combinator, `if`/`then`/`else`, `dependentSchemas`): only such a node can be reached
        /// again on the same value while it is being applied, so only its walks are watched for
        /// loops.
        package internal(set) var appliesInPlace = false
        /// Whether `unevaluatedProperties` or `unevaluatedItems` is written here.
        package internal(set) var checksUnevaluated = false

        // Each group is held out of line and only when written: the validator reads a node at
        // every level of its walk, and a small node keeps each level's stack frame small.
        fileprivate var storedInPlace: KeywordGroup<InPlaceKeywords>?
        private var storedNumber: KeywordGroup<NumberKeywords>?
        private var storedString: KeywordGroup<StringKeywords>?
        private var storedArray: KeywordGroup<ArrayKeywords>?
        private var storedObject: KeywordGroup<ObjectKeywords>?
    }

    /// One group of a node's keywords, out of line. An indirect case is a value like any other:
    /// it is never changed in place, only replaced, so nodes share nothing mutable.
    package indirect enum KeywordGroup<Keywords: Sendable>: Sendable {
        case keywords(Keywords)

        var keywords: Keywords {
            switch self {
            case .keywords(let keywords): keywords
            }
        }
    }

    /// The keywords that apply subschemas to the value itself, not to its parts.
    package struct InPlaceKeywords: Sendable {
        package var reference: Int?
        /// `$dynamicRef`: the node it resolves to statically.
        package var dynamicReference: Int?
        /// The `$dynamicAnchor` name a `$dynamicRef` looks up in the dynamic scope, when its static
        /// target carries that dynamic anchor; `nil` when it acts as a `$ref`.
        package var dynamicAnchor: String?
        package var allOf: [Int]?
        package var anyOf: [Int]?
        package var oneOf: [Int]?
        package var not: Int?
        package var ifSchema: Int?
        package var thenSchema: Int?
        package var elseSchema: Int?
    }

    /// The assertions on numbers, each bound the exact decimal written in the schema.
    package struct NumberKeywords: Sendable {
        package var minimum: JSONDecimal?
        package var maximum: JSONDecimal?
        package var exclusiveMinimum: JSONDecimal?
        package var exclusiveMaximum: JSONDecimal?
        package var multipleOf: SchemaMultiple?
        /// `x-paysize-number`: the Swift type the number is decoded into.
        package var numberType: SwiftNumberType?
    }

    /// The assertions on strings.
    package struct StringKeywords: Sendable {
        package var minLength: Int?
        package var maxLength: Int?
        /// `pattern`: an ECMA-262 regular expression the string must match somewhere.
        package var pattern: ECMAScriptPattern?
        /// `format`, when it names a format PaySize can assert.
        package var format: StandardFormat?
        /// `x-paysize-format`: the Foundation type the string is decoded into.
        package var stringFormat: StringFormat?
        /// `x-paysize-integer-text`: the schema of the integer a string reads as.
        package var integerText: Int?
    }

    /// The keywords on arrays: assertions and the subschemas of items.
    package struct ArrayKeywords: Sendable {
        package var prefixItems: [Int] = []
        package var items: Int?
        package var minItems: Int?
        package var maxItems: Int?
        package var uniqueItems = false
        /// `contains`, with `minContains` (default 1) and `maxContains`.
        package var contains: Int?
        package var minContains: Int?
        package var maxContains: Int?
        package var unevaluatedItems: Int?
        /// `x-paysize-pairs`: the key and value schemas of a flat `[key, value, …]` array.
        package var pairs: (key: Int, value: Int)?
    }

    /// The keywords on objects: assertions and the subschemas of members.
    package struct ObjectKeywords: Sendable {
        package var properties: [(key: String, node: Int)] = []
        /// `patternProperties`: the schema of every member whose key the pattern matches.
        package var patternProperties: [(pattern: ECMAScriptPattern, node: Int)] = []
        package var additionalProperties: Int?
        package var propertyNames: Int?
        package var required: [String] = []
        /// `dependentRequired`: when the key is present, these keys must be too.
        package var dependentRequired: [(key: String, required: [String])] = []
        /// `dependentSchemas`: when the key is present, the whole object must satisfy the schema.
        package var dependentSchemas: [(key: String, node: Int)] = []
        package var minProperties: Int?
        package var maxProperties: Int?
        package var unevaluatedProperties: Int?
        /// Whether `properties` or `patternProperties` is written (even empty): the object's keys
        /// are described here.
        package var hasPropertiesKeyword = false
    }

    package private(set) var nodes: [Node] = []
    package var root: Int { 0 }
    /// For each node, the root node of the schema resource (`$id`, or a document's root) it is
    /// in: a `$dynamicRef` looks for its anchor in the resources the evaluation has entered.
    private(set) var resourceOf: [Int] = []
    /// Each resource root node's `$dynamicAnchor`s, by name.
    private(set) var dynamicAnchors: [Int: [String: Int]] = [:]
    /// Whether a `$dynamicRef` depends on the dynamic scope: then a node's verdict on a value
    /// depends on the route to it, and the validator cannot keep answers per node and value.
    private(set) var usesDynamicScope = false

    /// A keyword in a schema document: the document's URI (its retrieval URI, as given or as a
    /// reference named it) and the keyword's place in it.
    package struct KeywordPlace: Sendable, Hashable {
        package var document: String
        package var location: JSONPointer
    }
    /// The unknown keywords skipped (under ``UnknownKeywordPolicy/warn`` or `ignore`), in the
    /// order read.
    package private(set) var unknownKeywordPlaces: [KeywordPlace] = []
    /// The vendor annotations collected (``SchemaKeywords/isVendorAnnotation(_:)``).
    package private(set) var vendorAnnotations: [KeywordPlace] = []
    /// The retrieval URI of the document compiled first.
    package private(set) var firstDocumentURI = defaultURI

    /// The base URI of a document given without one: references relative to it name nothing.
    package static let defaultURI = "urn:paysize:schema"
    /// How `const`, `enum`, `uniqueItems` and object keys compare strings.
    package var stringEquality = StringEquality.canonicalEquivalence
    /// Whether `format` is an assertion (``StandardFormat``) rather than an annotation.
    package var assertsFormat = false

    /// Keywords read only by people and tools; the validator skips them, as JSON Schema says.
    package static let annotations: Set<String> = [
        "$schema", "$id", "$comment", "title", "description", "default", "examples", "format",
        "contentEncoding", "contentMediaType", "contentSchema", "deprecated", "readOnly", "writeOnly", "$defs",
        "definitions", "$vocabulary",
    ]
    package static let typeNames: Set<String> = ["object", "array", "string", "number", "integer", "boolean", "null"]
    /// The keywords of the draft 2020-12 validation vocabulary: annotations under a metaschema
    /// whose `$vocabulary` leaves that vocabulary out.
    package static let validationKeywords: Set<String> = [
        "type", "enum", "const", "multipleOf", "maximum", "exclusiveMaximum", "minimum", "exclusiveMinimum",
        "maxLength", "minLength", "pattern", "maxItems", "minItems", "uniqueItems", "maxContains", "minContains",
        "maxProperties", "minProperties", "required", "dependentRequired",
    ]

    /// Compiles `document`, read from `uri`, resolving every `$ref` and `$dynamicRef`: within it
    /// by JSON Pointer, `$anchor`, `$dynamicAnchor` or an embedded `$id`; to the bundled draft
    /// 2020-12 metaschemas; else to the document `load` returns for the URI (none without it).
    ///
    /// A keyword that is neither a 2020-12 keyword, a PaySize keyword nor a vendor annotation
    /// is refused or skipped as `unknownKeywords` says (see ``UnknownKeywordPolicy``); skipped
    /// ones are listed in ``unknownKeywordPlaces``, vendor annotations in ``vendorAnnotations``.
    package init(
        document: JSONElement, uri: String = defaultURI, load: SchemaDocumentLoader? = nil,
        unknownKeywords: UnknownKeywordPolicy = .warn
    ) throws {
        let compilation = Compilation(load: load, unknownKeywords: unknownKeywords)
        try compileDocument(document, uri: uri, compilation)
        var next = 0
        while next < compilation.pending.count {
            let reference = compilation.pending[next]
            next += 1
            let target = try resolve(reference, compilation)
            nodes[reference.node].appliesInPlace = true
            if reference.isDynamic {
                let (document, fragment) = SchemaURI.splitFragment(reference.uri)
                let name = fragment.removingPercentEncoding ?? fragment
                if !fragment.hasPrefix("/"), !fragment.isEmpty,
                    compilation.dynamicAnchorKeys.contains(document + "#" + name)
                {
                    nodes[reference.node].inPlace.dynamicAnchor = name
                    usesDynamicScope = true
                }
                nodes[reference.node].inPlace.dynamicReference = target
            } else {
                nodes[reference.node].inPlace.reference = target
            }
        }
        firstDocumentURI = uri
        unknownKeywordPlaces = compilation.unknownKeywordPlaces
        vendorAnnotations = compilation.vendorAnnotations
    }

    /// The node `reference` names, loading the document it is in when no loaded one has its URI.
    private mutating func resolve(_ reference: Compilation.Pending, _ compilation: Compilation) throws -> Int {
        let (document, fragment) = SchemaURI.splitFragment(reference.uri)
        if compilation.pointers[document + "#"] == nil, !compilation.documents.contains(document) {
            compilation.documents.insert(document)
            if let element = try Self.loadDocument(document, compilation, for: reference) {
                try compileDocument(element, uri: document, compilation)
            }
        }
        let decoded = fragment.removingPercentEncoding ?? fragment
        let key = document + "#" + decoded
        let found = decoded.isEmpty || decoded.hasPrefix("/") ? compilation.pointers[key] : compilation.anchors[key]
        guard let found else {
            let error =
                compilation.pointers[document + "#"] == nil
                ? SchemaError.missingDocument(reference.written, document: document, at: reference.location)
                : SchemaError.unresolvedReference(reference.written, resolved: reference.uri, at: reference.location)
            throw reference.document == compilation.firstDocument ? error : error.in(document: reference.document)
        }
        return found
    }

    private static func loadDocument(
        _ uri: String, _ compilation: Compilation, for reference: Compilation.Pending
    ) throws -> JSONElement? {
        if let bundled = MetaSchemas.document(at: uri) { return bundled }
        // The loader's own errors (an unreadable file, one that is not JSON) name the file.
        return try compilation.load?(uri)
    }

    private mutating func compileDocument(_ element: JSONElement, uri: String, _ compilation: Compilation) throws {
        compilation.documents.insert(uri)
        let scope = Scope(
            base: uri, document: uri, resources: [(uri, 0)], resource: nodes.count, assertsValidation: true)
        do {
            _ = try compile(element, at: .root, scope, compilation)
        } catch let error as SchemaError where uri != compilation.firstDocument {
            throw error.in(document: uri)
        }
    }

    /// Where a subschema is: its base URI and the resources around it.
    private struct Scope {
        var base: String
        /// The retrieval URI of the document, for messages.
        var document: String
        /// The enclosing resources, outermost first: each URI and the depth of its root in the document.
        var resources: [(uri: String, depth: Int)]
        var resource: Int
        /// Whether the validation vocabulary applies (a custom metaschema may leave it out).
        var assertsValidation: Bool
    }

    /// The identifiers and unresolved references gathered while compiling.
    private final class Compilation {
        struct Pending {
            var node: Int
            /// The reference resolved against its base URI.
            var uri: String
            /// As written in the schema, for messages.
            var written: String
            var location: JSONPointer
            var document: String
            var isDynamic: Bool
        }
        let load: SchemaDocumentLoader?
        var firstDocument: String?
        var documents: Set<String> = []
        /// `uri#/pointer` (the root is `uri#`) of every subschema, for each resource around it.
        var pointers: [String: Int] = [:]
        /// `uri#name` of every `$anchor` and `$dynamicAnchor`.
        var anchors: [String: Int] = [:]
        var dynamicAnchorKeys: Set<String> = []
        var pending: [Pending] = []
        let unknownKeywords: UnknownKeywordPolicy
        var unknownKeywordPlaces: [KeywordPlace] = []
        var vendorAnnotations: [KeywordPlace] = []

        init(load: SchemaDocumentLoader?, unknownKeywords: UnknownKeywordPolicy) {
            self.load = load
            self.unknownKeywords = unknownKeywords
        }
    }

    /// Reads `$id`, `$schema`, `$anchor` and `$dynamicAnchor` of the subschema at `index`: its scope.
    private mutating func identify(
        _ members: [JSONMember], _ index: Int, at location: JSONPointer, _ outer: Scope, _ compilation: Compilation
    ) throws -> Scope {
        var scope = outer
        if let id = members.first(where: { $0.key == "$id" })?.value {
            guard let text = id.stringValue else {
                throw SchemaError.invalidKeywordValue("$id", expected: "a string", at: location)
            }
            let (resolved, fragment) = SchemaURI.splitFragment(SchemaURI.resolve(text, against: scope.base))
            guard fragment.isEmpty else {
                throw SchemaError.invalidKeywordValue(
                    "$id", expected: "a URI without a fragment (name a place with '$anchor')",
                    at: location.appending("$id"))
            }
            scope.base = resolved
            scope.resource = index
            if !scope.resources.contains(where: { $0.uri == resolved }) {
                scope.resources.append((resolved, location.components.count))
            }
            resourceOf[index] = index
        }
        if scope.resource == index || location == .root, let schema = members.first(where: { $0.key == "$schema" }) {
            scope.assertsValidation = try assertsValidation(
                schema.value, at: location.appending("$schema"), compilation)
        }
        for member in members where member.key == "$anchor" || member.key == "$dynamicAnchor" {
            guard let name = member.value.stringValue, Self.isAnchorName(name) else {
                throw SchemaError.invalidKeywordValue(
                    member.key,
                    expected: "a plain name such as 'node' (a letter or '_', then letters, digits, '-', '.', '_')",
                    at: location)
            }
            compilation.anchors[scope.base + "#" + name] = index
            if member.key == "$dynamicAnchor" {
                compilation.dynamicAnchorKeys.insert(scope.base + "#" + name)
                dynamicAnchors[scope.resource, default: [:]][name] = index
            }
        }
        return scope
    }

    private static func isAnchorName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first,
            first == "_" || ("A"..."Z").contains(first) || ("a"..."z").contains(first)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            ("A"..."Z").contains($0) || ("a"..."z").contains($0) || ("0"..."9").contains($0)
                || "-._".unicodeScalars.contains($0)
        }
    }

    /// Whether the validation vocabulary applies under the metaschema `value` names: draft
    /// 2020-12's own, or one whose `$vocabulary` PaySize knows every required entry of.
    private mutating func assertsValidation(_ value: JSONElement, at location: JSONPointer, _ compilation: Compilation)
        throws -> Bool
    {
        let uri = value.stringValue ?? ""
        if uri == Self.dialect || uri == Self.dialect + "#" { return true }
        let document = SchemaURI.splitFragment(uri).document
        let pending = Compilation.Pending(
            node: 0, uri: document, written: uri, location: location, document: compilation.firstDocument ?? "",
            isDynamic: false)
        guard SchemaURI.Parts(uri).scheme != nil,
            let metaschema = try? Self.loadDocument(document, compilation, for: pending),
            let vocabularies = metaschema["$vocabulary"]?.members,
            metaschema["$schema"]?.stringValue.map({ $0 == Self.dialect || $0 == Self.dialect + "#" })
                ?? false
        else {
            throw SchemaError.unsupportedDialect(uri, at: location)
        }
        for vocabulary in vocabularies where vocabulary.value.boolValue == true {
            guard Self.knownVocabularies.contains(vocabulary.key) else {
                throw SchemaError.unsupportedVocabulary(vocabulary.key, at: location)
            }
        }
        return vocabularies.contains { $0.key == Self.vocabularyPrefix + "validation" }
    }

    private static let vocabularyPrefix = "https://json-schema.org/draft/2020-12/vocab/"
    /// The draft 2020-12 vocabularies PaySize implements (format and content as annotations).
    package static let knownVocabularies: Set<String> = Set(
        ["core", "applicator", "unevaluated", "validation", "meta-data", "format-annotation", "content"].map {
            vocabularyPrefix + $0
        })

    private mutating func compile(
        _ element: JSONElement, at location: JSONPointer, _ outer: Scope, _ compilation: Compilation
    ) throws -> Int {
        let index = nodes.count
        nodes.append(Node(location: location))
        resourceOf.append(outer.resource)
        if compilation.firstDocument == nil { compilation.firstDocument = outer.document }
        var scope = outer
        if let members = element.members {
            scope = try identify(members, index, at: location, outer, compilation)
        }
        for resource in scope.resources {
            let relative = JSONPointer(components: Array(location.components.dropFirst(resource.depth)))
            let key = resource.uri + "#" + relative.rawValue
            if compilation.pointers[key] == nil { compilation.pointers[key] = index }
        }
        if let constant = element.boolValue {
            nodes[index].constant = constant
            return index
        }
        guard let members = element.members else { throw SchemaError.notASchema(at: location) }

        func subschema(_ keyword: String, _ value: JSONElement) throws -> Int {
            try compile(value, at: location.appending(keyword), scope, compilation)
        }
        func subschemas(_ keyword: String, _ value: JSONElement) throws -> [Int] {
            guard let elements = value.elements, !elements.isEmpty else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "a non-empty array of schemas", at: location)
            }
            return try elements.enumerated().map { offset, element in
                try compile(element, at: location.appending(keyword).appending(index: offset), scope, compilation)
            }
        }
        for member in members {
            let keyword = member.key
            let value = member.value
            if !scope.assertsValidation, Self.validationKeywords.contains(keyword) { continue }
            switch keyword {
            case "$defs", "definitions":
                guard let definitions = value.members else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an object of schemas", at: location)
                }
                for definition in definitions {
                    _ = try compile(
                        definition.value, at: location.appending(keyword).appending(definition.key), scope, compilation)
                }
            case "properties":
                guard let properties = value.members else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an object of schemas", at: location)
                }
                nodes[index].object.hasPropertiesKeyword = true
                var compiled: [(key: String, node: Int)] = []
                for property in properties {
                    compiled.append(
                        (
                            property.key,
                            try compile(
                                property.value, at: location.appending(keyword).appending(property.key), scope,
                                compilation)
                        ))
                }
                nodes[index].object.properties = compiled
            case "additionalProperties": nodes[index].object.additionalProperties = try subschema(keyword, value)
            case "items":
                guard value.elements == nil else {
                    throw SchemaError.invalidKeywordValue(
                        keyword, expected: "one schema (draft 2020-12 writes tuples as 'prefixItems')", at: location)
                }
                nodes[index].array.items = try subschema(keyword, value)
            case "prefixItems": nodes[index].array.prefixItems = try subschemas(keyword, value)
            case "propertyNames": nodes[index].object.propertyNames = try subschema(keyword, value)
            case "if": nodes[index].inPlace.ifSchema = try subschema(keyword, value)
            case "then": nodes[index].inPlace.thenSchema = try subschema(keyword, value)
            case "else": nodes[index].inPlace.elseSchema = try subschema(keyword, value)
            case "dependentSchemas":
                guard let members = value.members else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an object of schemas", at: location)
                }
                for member in members {
                    let node = try compile(
                        member.value, at: location.appending(keyword).appending(member.key), scope, compilation)
                    nodes[index].object.dependentSchemas.append((member.key, node))
                }
            case "contains": nodes[index].array.contains = try subschema(keyword, value)
            case "patternProperties":
                guard let members = value.members else {
                    throw SchemaError.invalidKeywordValue(keyword, expected: "an object of schemas", at: location)
                }
                nodes[index].object.hasPropertiesKeyword = true
                for member in members {
                    let memberLocation = location.appending(keyword).appending(member.key)
                    let pattern = try Self.pattern(member.key, at: memberLocation)
                    let node = try compile(member.value, at: memberLocation, scope, compilation)
                    nodes[index].object.patternProperties.append((pattern, node))
                }
            case "anyOf": nodes[index].inPlace.anyOf = try subschemas(keyword, value)
            case "oneOf": nodes[index].inPlace.oneOf = try subschemas(keyword, value)
            case "allOf": nodes[index].inPlace.allOf = try subschemas(keyword, value)
            case "not": nodes[index].inPlace.not = try subschema(keyword, value)
            case "unevaluatedProperties": nodes[index].object.unevaluatedProperties = try subschema(keyword, value)
            case "unevaluatedItems": nodes[index].array.unevaluatedItems = try subschema(keyword, value)
            case PaySizeKeyword.integerText.rawValue:
                nodes[index].string.integerText = try subschema(keyword, value)
            case PaySizeKeyword.pairs.rawValue:
                let pair = try subschemas(keyword, value)
                guard pair.count == 2 else {
                    throw SchemaError.invalidKeywordValue(
                        keyword, expected: "an array of two schemas, the key's and the value's", at: location)
                }
                nodes[index].array.pairs = (pair[0], pair[1])
            default:
                try compileAssertion(keyword, value, index, at: location, scope, compilation)
            }
        }
        nodes[index].appliesInPlace = nodes[index].storedInPlace != nil || !nodes[index].object.dependentSchemas.isEmpty
        nodes[index].checksUnevaluated =
            nodes[index].object.unevaluatedProperties != nil || nodes[index].array.unevaluatedItems != nil
        return index
    }

    /// Compiles `keyword` of node `index` when its value holds no subschema: kept out of
    /// ``compile(_:at:_:_:)``, which recurses once per level of nesting, so that each level's
    /// stack frame holds only what the recursion needs (an unoptimized build reserves room for
    /// every case's temporaries in one frame).
    @inline(never)
    private mutating func compileAssertion(
        _ keyword: String, _ value: JSONElement, _ index: Int, at location: JSONPointer, _ scope: Scope,
        _ compilation: Compilation
    ) throws {
        func number(_ keyword: String, _ value: JSONElement) throws -> JSONDecimal {
            guard let text = value.numberText else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "a number", at: location)
            }
            guard let number = JSONDecimal(text) else {
                throw SchemaError.invalidKeywordValue(keyword, expected: Self.boundedNumber, at: location)
            }
            return number
        }
        func count(_ keyword: String, _ value: JSONElement) throws -> Int {
            guard let number = value.doubleValue, number >= 0, number.rounded() == number, number < 1e15 else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "a non-negative integer", at: location)
            }
            return Int(number)
        }
        func reference(_ keyword: String, _ value: JSONElement) throws {
            guard let written = value.stringValue else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "a string", at: location)
            }
            compilation.pending.append(
                .init(
                    node: index, uri: SchemaURI.resolve(written, against: scope.base), written: written,
                    location: location.appending(keyword), document: scope.document, isDynamic: keyword == "$dynamicRef"
                ))
        }

        switch keyword {
        case "$schema":
            guard scope.resource == index || location == .root else {
                throw SchemaError.unsupportedKeyword(
                    "$schema in a subschema without '$id'", at: location.appending(keyword))
            }
        case "$id", "$anchor", "$dynamicAnchor":
            return  // read by `identify`
        case "type":
            let names = value.stringValue.map { [$0] } ?? value.elements?.compactMap(\.stringValue)
            guard let names, !names.isEmpty, names.count == (value.elements?.count ?? 1),
                names.allSatisfy(Self.typeNames.contains)
            else {
                throw SchemaError.invalidKeywordValue(
                    keyword, expected: "a type name or an array of them", at: location)
            }
            nodes[index].types = names
        case "required":
            guard let names = value.elements?.compactMap(\.stringValue), names.count == value.elements?.count
            else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "an array of strings", at: location)
            }
            nodes[index].object.required = names
        case "enum":
            guard let values = value.elements else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "an array", at: location)
            }
            nodes[index].enumValues = values
        case "const": nodes[index].constValue = value
        case "minimum": nodes[index].number.minimum = try number(keyword, value)
        case "maximum": nodes[index].number.maximum = try number(keyword, value)
        case "exclusiveMinimum": nodes[index].number.exclusiveMinimum = try number(keyword, value)
        case "exclusiveMaximum": nodes[index].number.exclusiveMaximum = try number(keyword, value)
        case "minLength": nodes[index].string.minLength = try count(keyword, value)
        case "maxLength": nodes[index].string.maxLength = try count(keyword, value)
        case "minItems": nodes[index].array.minItems = try count(keyword, value)
        case "maxItems": nodes[index].array.maxItems = try count(keyword, value)
        case "minProperties": nodes[index].object.minProperties = try count(keyword, value)
        case "maxProperties": nodes[index].object.maxProperties = try count(keyword, value)
        case "uniqueItems":
            guard let flag = value.boolValue else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "a boolean", at: location)
            }
            nodes[index].array.uniqueItems = flag
        case "format":
            // Read always, asserted only when the schema asserts formats; an unknown name
            // stays an annotation either way.
            if let format = value.stringValue.flatMap(StandardFormat.init(rawValue:)) {
                nodes[index].string.format = format
            }
        case "multipleOf":
            guard let text = value.numberText, let multiple = SchemaMultiple(text) else {
                // A positive number refused here is past the exact-arithmetic bound: say so.
                let positive = value.numberText.map { text in
                    !text.hasPrefix("-")
                        && text.prefix { $0 != "e" && $0 != "E" }.contains { "123456789".contains($0) }
                }
                throw SchemaError.invalidKeywordValue(
                    keyword,
                    expected: positive == true
                        ? "a number greater than 0 with at most \(SchemaMultiple.maximumDigits) significant digits and \(Self.boundedExponent)"
                        : "a number greater than 0",
                    at: location)
            }
            nodes[index].number.multipleOf = multiple
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
                nodes[index].object.dependentRequired.append((member.key, names))
            }
        case "minContains": nodes[index].array.minContains = try count(keyword, value)
        case "maxContains": nodes[index].array.maxContains = try count(keyword, value)
        case "pattern":
            guard let source = value.stringValue else {
                throw SchemaError.invalidKeywordValue(keyword, expected: "a string", at: location)
            }
            nodes[index].string.pattern = try Self.pattern(source, at: location.appending(keyword))
        case "$ref", "$dynamicRef": try reference(keyword, value)
        case PaySizeKeyword.date.rawValue:
            nodes[index].isReferenceDate = value.stringValue == PaySizeKeyword.referenceDateValue
        case PaySizeKeyword.number.rawValue:
            guard let type = value.stringValue.flatMap(SwiftNumberType.init(rawValue:)) else {
                throw SchemaError.invalidKeywordValue(
                    keyword, expected: Self.oneOf(SwiftNumberType.allCases.map(\.rawValue)), at: location)
            }
            nodes[index].number.numberType = type
        case PaySizeKeyword.format.rawValue:
            guard let format = value.stringValue.flatMap(StringFormat.init(rawValue:)) else {
                throw SchemaError.invalidKeywordValue(
                    keyword, expected: Self.oneOf(StringFormat.allCases.map(\.rawValue)), at: location)
            }
            nodes[index].string.stringFormat = format
        case PaySizeKeyword.note.rawValue, PaySizeKeyword.keywords.rawValue, PaySizeKeyword.set.rawValue,
            PaySizeKeyword.writtenAs.rawValue, PaySizeKeyword.dateEncoding.rawValue:
            // Annotations: the worst-case bound reads the last three from the document.
            return
        default:
            if Self.annotations.contains(keyword) { return }
            let place = KeywordPlace(document: scope.document, location: location.appending(keyword))
            // Another tool's extension is an annotation, collected for `schema lint`.
            if SchemaKeywords.isVendorAnnotation(keyword) {
                compilation.vendorAnnotations.append(place)
                return
            }
            // An unknown keyword of ours may be an assertion from a newer PaySize, and a near
            // miss of a 2020-12 keyword is a misspelt assertion: neither is skipped silently.
            if keyword.hasPrefix(PaySizeKeyword.prefix) {
                throw SchemaError.unsupportedKeyword(keyword, at: place.location)
            }
            if compilation.unknownKeywords != .ignore, let meant = SchemaKeywords.suggestion(for: keyword) {
                throw SchemaError.misspelledKeyword(keyword, suggestion: meant, at: place.location)
            }
            guard compilation.unknownKeywords != .refuse else {
                throw SchemaError.unsupportedKeyword(keyword, at: place.location)
            }
            compilation.unknownKeywordPlaces.append(place)

        }
    }

    private static func pattern(_ source: String, at location: JSONPointer) throws(SchemaError) -> ECMAScriptPattern {
        do {
            return try ECMAScriptPattern(source)
        } catch {
            throw SchemaError.unsupportedPattern(source, error, at: location)
        }
    }

    /// The exact-number bound (``JSONDecimal/maximumWrittenExponent``) as schema errors state it.
    package static let boundedExponent = "an exponent part within ±10^15"
    private static let boundedNumber = "a number with \(boundedExponent)"

    private static func oneOf(_ names: [String]) -> String {
        "one of " + names.map { "'\($0)'" }.joined(separator: ", ")
    }
}

/// Finds the schema document at an absolute URI (no fragment) for a reference that no loaded
/// document resolves; `nil` when there is none.
package typealias SchemaDocumentLoader = (_ uri: String) throws -> JSONElement?
