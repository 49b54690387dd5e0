@_spi(Internals) import PaySizeJSON

/// Each keyword of a node by its own name: the product layer (bounds, shrinking, schema
/// comparison) reads single keywords, and edits copies of nodes, without caring which group
/// holds them. A compiled schema's own nodes stay as compiled (``CompiledSchema/nodes`` is
/// read-only outside it). The bounds read as ``JSONNumber`` here, as the product compares them
/// (a number decoded into a `Double`); the validator reads the exact decimals in the group.
extension CompiledSchema.Node {
    package var reference: Int? {
        get { inPlace.reference }
        set { inPlace.reference = newValue }
    }
    package var dynamicReference: Int? {
        get { inPlace.dynamicReference }
        set { inPlace.dynamicReference = newValue }
    }
    package var dynamicAnchor: String? {
        get { inPlace.dynamicAnchor }
        set { inPlace.dynamicAnchor = newValue }
    }
    package var allOf: [Int]? {
        get { inPlace.allOf }
        set { inPlace.allOf = newValue }
    }
    package var anyOf: [Int]? {
        get { inPlace.anyOf }
        set { inPlace.anyOf = newValue }
    }
    package var oneOf: [Int]? {
        get { inPlace.oneOf }
        set { inPlace.oneOf = newValue }
    }
    package var `not`: Int? {
        get { inPlace.not }
        set { inPlace.not = newValue }
    }
    package var ifSchema: Int? {
        get { inPlace.ifSchema }
        set { inPlace.ifSchema = newValue }
    }
    package var thenSchema: Int? {
        get { inPlace.thenSchema }
        set { inPlace.thenSchema = newValue }
    }
    package var elseSchema: Int? {
        get { inPlace.elseSchema }
        set { inPlace.elseSchema = newValue }
    }
    package var minimum: JSONNumber? {
        get { number.minimum.flatMap { JSONNumber($0.text) } }
        set { number.minimum = newValue.flatMap { JSONDecimal($0.description) } }
    }
    package var maximum: JSONNumber? {
        get { number.maximum.flatMap { JSONNumber($0.text) } }
        set { number.maximum = newValue.flatMap { JSONDecimal($0.description) } }
    }
    package var exclusiveMinimum: JSONNumber? {
        get { number.exclusiveMinimum.flatMap { JSONNumber($0.text) } }
        set { number.exclusiveMinimum = newValue.flatMap { JSONDecimal($0.description) } }
    }
    package var exclusiveMaximum: JSONNumber? {
        get { number.exclusiveMaximum.flatMap { JSONNumber($0.text) } }
        set { number.exclusiveMaximum = newValue.flatMap { JSONDecimal($0.description) } }
    }
    package var multipleOf: SchemaMultiple? {
        get { number.multipleOf }
        set { number.multipleOf = newValue }
    }
    package var numberType: SwiftNumberType? {
        get { number.numberType }
        set { number.numberType = newValue }
    }
    package var minLength: Int? {
        get { string.minLength }
        set { string.minLength = newValue }
    }
    package var maxLength: Int? {
        get { string.maxLength }
        set { string.maxLength = newValue }
    }
    package var pattern: ECMAScriptPattern? {
        get { string.pattern }
        set { string.pattern = newValue }
    }
    package var format: StandardFormat? {
        get { string.format }
        set { string.format = newValue }
    }
    package var stringFormat: StringFormat? {
        get { string.stringFormat }
        set { string.stringFormat = newValue }
    }
    package var integerText: Int? {
        get { string.integerText }
        set { string.integerText = newValue }
    }
    package var prefixItems: [Int] {
        get { array.prefixItems }
        set { array.prefixItems = newValue }
    }
    package var items: Int? {
        get { array.items }
        set { array.items = newValue }
    }
    package var minItems: Int? {
        get { array.minItems }
        set { array.minItems = newValue }
    }
    package var maxItems: Int? {
        get { array.maxItems }
        set { array.maxItems = newValue }
    }
    package var uniqueItems: Bool {
        get { array.uniqueItems }
        set { array.uniqueItems = newValue }
    }
    package var contains: Int? {
        get { array.contains }
        set { array.contains = newValue }
    }
    package var minContains: Int? {
        get { array.minContains }
        set { array.minContains = newValue }
    }
    package var maxContains: Int? {
        get { array.maxContains }
        set { array.maxContains = newValue }
    }
    package var unevaluatedItems: Int? {
        get { array.unevaluatedItems }
        set { array.unevaluatedItems = newValue }
    }
    package var pairs: (key: Int, value: Int)? {
        get { array.pairs }
        set { array.pairs = newValue }
    }
    package var properties: [(key: String, node: Int)] {
        get { object.properties }
        set { object.properties = newValue }
    }
    package var patternProperties: [(pattern: ECMAScriptPattern, node: Int)] {
        get { object.patternProperties }
        set { object.patternProperties = newValue }
    }
    package var additionalProperties: Int? {
        get { object.additionalProperties }
        set { object.additionalProperties = newValue }
    }
    package var propertyNames: Int? {
        get { object.propertyNames }
        set { object.propertyNames = newValue }
    }
    package var required: [String] {
        get { object.required }
        set { object.required = newValue }
    }
    package var dependentRequired: [(key: String, required: [String])] {
        get { object.dependentRequired }
        set { object.dependentRequired = newValue }
    }
    package var dependentSchemas: [(key: String, node: Int)] {
        get { object.dependentSchemas }
        set { object.dependentSchemas = newValue }
    }
    package var minProperties: Int? {
        get { object.minProperties }
        set { object.minProperties = newValue }
    }
    package var maxProperties: Int? {
        get { object.maxProperties }
        set { object.maxProperties = newValue }
    }
    package var unevaluatedProperties: Int? {
        get { object.unevaluatedProperties }
        set { object.unevaluatedProperties = newValue }
    }
    package var hasPropertiesKeyword: Bool {
        get { object.hasPropertiesKeyword }
        set { object.hasPropertiesKeyword = newValue }
    }
}
