@_spi(Internals) import PaySizeJSON

/// The numeric bounds as the product layer (bounds, shrinking, schema comparison) compares them:
/// as ``JSONNumber``, the number a `Double` decodes. The validator reads the exact decimals in
/// the node's number group, and anything that changes an end writes it there; every other
/// keyword is read in its group (`node.string.maxLength`).
extension CompiledSchema.Node {
    package var minimum: JSONNumber? { number.minimum.flatMap { JSONNumber($0.text) } }
    package var maximum: JSONNumber? { number.maximum.flatMap { JSONNumber($0.text) } }
    package var exclusiveMinimum: JSONNumber? { number.exclusiveMinimum.flatMap { JSONNumber($0.text) } }
    package var exclusiveMaximum: JSONNumber? { number.exclusiveMaximum.flatMap { JSONNumber($0.text) } }
}
