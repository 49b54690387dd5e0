@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

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
        // Duplicates decode fine (the set keeps one), so no `uniqueItems`: a schema that refused
        // them would call a payload the device accepts dropped. The annotation tells the
        // worst-case bound to count distinct items, all a decoded set can hold.
        let element = inference.infer(Element.self)
        return .init(
            schema: .object([
                ("type", .string("array")), ("items", element.schema), (PaySizeKeyword.set.rawValue, .bool(true)),
            ]),
            value: Set<Element>())
    }
}

extension Optional: StructuralDecodable where Wrapped: Decodable {
    static func inferStructure(in inference: SchemaInference) -> SchemaInference.Inferred {
        let wrapped = inference.infer(Wrapped.self)
        return .init(schema: DecodingTrace.nullable(wrapped.schema), value: Wrapped?.none as Any)
    }
}

extension Dictionary: StructuralDecodable where Key: Decodable, Value: Decodable {
    static func inferStructure(in inference: SchemaInference) -> SchemaInference.Inferred {
        let value = inference.infer(Value.self)
        let empty = [Key: Value]()
        // Foundation's rule: String, Int and CodingKeyRepresentable keys make an object, read
        // by the key's own parser; any other key type a flat [key, value, …] array.
        var members: [(String, JSONElement)] = [("type", .string("object")), ("additionalProperties", value.schema)]
        if Key.self == String.self {
            return .init(schema: .object(members), value: empty)
        }
        if Key.self == Int.self {
            members.append(
                ("propertyNames", .object([(PaySizeKeyword.integerText.rawValue, .bool(true))])))
            members.append(("description", .string("keys are integers written as strings")))
            return .init(schema: .object(members), value: empty)
        }
        if let representable = Key.self as? any CodingKeyRepresentable.Type {
            let (names, note) = DictionaryKeys.names(of: representable)
            if let names { members.append(("propertyNames", names)) }
            if let note { members.append((PaySizeKeyword.note.rawValue, .string(note))) }
            return .init(schema: .object(members), value: empty)
        }
        let key = inference.infer(Key.self)
        return .init(
            schema: .object([
                ("type", .string("array")),
                (PaySizeKeyword.pairs.rawValue, .array([key.schema, value.schema])),
                ("description", .string("a dictionary keyed by '\(Key.self)': a flat [key, value, …] array")),
            ]),
            value: empty)
    }
}
