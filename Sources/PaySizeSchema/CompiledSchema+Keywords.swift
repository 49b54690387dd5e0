@_spi(Internals) import PaySizeJSON

/// The numeric bounds as the product layer (bounds, shrinking, schema comparison) compares them:
/// as ``JSONNumber``, the number a `Double` decodes. The validator reads the exact decimals in
/// the node's number group; every other keyword is read in its group (`node.string.maxLength`).
extension CompiledSchema.Node {
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
}
