/// A standard-library type whose JSON shape follows from its type parameters, so inference
/// describes it directly (and returns an empty value) instead of running its `init(from:)`:
/// that is what lets a type contain itself through an array, dictionary or optional.
protocol StructuralDecodable {
    static func inferStructure(in inference: SchemaInference) -> SchemaInference.Inferred
}

extension Array: StructuralDecodable where Element: Decodable {
    static func inferStructure(in inference: SchemaInference) -> SchemaInference.Inferred {
        let element = inference.infer(Element.self)
        return .init(schema: .object([("type", .string("array")), ("items", element.schema)]), value: [Element]())
    }
}

extension ContiguousArray: StructuralDecodable where Element: Decodable {
    static func inferStructure(in inference: SchemaInference) -> SchemaInference.Inferred {
        let element = inference.infer(Element.self)
        return .init(
            schema: .object([("type", .string("array")), ("items", element.schema)]),
            value: ContiguousArray<Element>())
    }
}

extension Set: StructuralDecodable where Element: Decodable {
    static func inferStructure(in inference: SchemaInference) -> SchemaInference.Inferred {
        // Duplicates decode fine (the set keeps one), so no `uniqueItems`.
        let element = inference.infer(Element.self)
        return .init(schema: .object([("type", .string("array")), ("items", element.schema)]), value: Set<Element>())
    }
}

extension Optional: StructuralDecodable where Wrapped: Decodable {
    static func inferStructure(in inference: SchemaInference) -> SchemaInference.Inferred {
        let wrapped = inference.infer(Wrapped.self)
        return .init(schema: Recording.nullable(wrapped.schema), value: Wrapped?.none as Any)
    }
}

extension Dictionary: StructuralDecodable where Key: Decodable, Value: Decodable {
    static func inferStructure(in inference: SchemaInference) -> SchemaInference.Inferred {
        let value = inference.infer(Value.self)
        let empty = [Key: Value]()
        // Foundation's rule: String and Int keys (and CodingKeyRepresentable ones) make an
        // object; any other key type a flat [key, value, …] array.
        if Key.self == Int.self {
            return .init(
                schema: .object([
                    ("type", .string("object")), ("additionalProperties", value.schema),
                    ("description", .string("keys are integers written as strings")),
                ]),
                value: empty)
        }
        if Key.self == String.self || Key.self is any CodingKeyRepresentable.Type {
            return .init(
                schema: .object([("type", .string("object")), ("additionalProperties", value.schema)]), value: empty)
        }
        let key = inference.infer(Key.self)
        return .init(
            schema: .object([
                ("type", .string("array")),
                ("items", Recording.union([key.schema, value.schema]) ?? .object([])),
                ("description", .string("a dictionary keyed by '\(Key.self)': a flat [key, value, …] array")),
            ]),
            value: empty)
    }
}
