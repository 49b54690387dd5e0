import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

// The schemas of types whose JSON form Foundation fixes, and of raw values.
extension SchemaInference {
    /// `Date`'s schema: a number of seconds since 2001-01-01 (the default `.deferredToDate`
    /// reads a `Double`), see <doc:DeviceDecoding>.
    static let dateSchema = JSONElement.object([
        ("type", .string("number")),
        ("description", .string(PayloadSchema.referenceDateDescription)),
        (PaySizeKeyword.date.rawValue, .string(PayloadSchema.referenceDateValue)),
        (PaySizeKeyword.number.rawValue, .string(SwiftNumberType.double.rawValue)),
    ])

    /// The schema and a placeholder of a scalar or Foundation type, or `nil` for other types.
    static func known<T>(_ type: T.Type) -> Inferred? {
        func make(_ members: [(String, JSONElement)]) -> Inferred? {
            PlaceholderValues.builtIn(type, variant: 0).map { Inferred(schema: .object(members), value: $0) }
        }
        // A Foundation type written as a string: the standard annotation other tools read, and
        // the PaySize format checked with the parser `JSONDecoder` uses.
        func string(_ annotation: (String, String), _ format: StringFormat) -> Inferred? {
            make([
                ("type", .string("string")), (annotation.0, .string(annotation.1)),
                (PaySizeKeyword.format.rawValue, .string(format.rawValue)),
            ])
        }
        if let number = numberType(of: type) {
            return make(numberSchema(number))
        }
        switch type {
        case is String.Type: return make([("type", .string("string"))])
        case is Bool.Type: return make([("type", .string("boolean"))])
        case is Date.Type: return make(dateSchema.members?.map { ($0.key, $0.value) } ?? [])
        case is Data.Type: return string(("contentEncoding", "base64"), .base64)
        case is URL.Type: return string(("format", "uri-reference"), .url)
        case is UUID.Type: return string(("format", "uuid"), .uuid)
        default:
            return nil
        }
    }

    /// The number type `type` is, if it is one.
    static func numberType<T>(of type: T.Type) -> SwiftNumberType? {
        switch type {
        case is Int.Type: .int
        case is Int8.Type: .int8
        case is Int16.Type: .int16
        case is Int32.Type: .int32
        case is Int64.Type: .int64
        case is UInt.Type: .uint
        case is UInt8.Type: .uint8
        case is UInt16.Type: .uint16
        case is UInt32.Type: .uint32
        case is UInt64.Type: .uint64
        case is Float.Type: .float
        case is Double.Type: .double
        case is Decimal.Type: .decimal
        default: nil
        }
    }

    private static func numberType<I: BinaryInteger>(ofValue value: I) -> SwiftNumberType? {
        numberType(of: I.self)
    }

    /// An integer type's exact bounds (standard keywords every validator checks) and the number
    /// type `JSONDecoder` reads.
    static func numberSchema(_ number: SwiftNumberType) -> [(String, JSONElement)] {
        var members: [(String, JSONElement)] = [("type", .string(number.integerBounds == nil ? "number" : "integer"))]
        if let bounds = number.integerBounds {
            members.append(("minimum", .number(bounds.minimum)))
            members.append(("maximum", .number(bounds.maximum)))
        }
        members.append((PaySizeKeyword.number.rawValue, .string(number.rawValue)))
        return members
    }

    /// A raw value as `JSONEncoder` writes it: its JSON type name, the value, and the number
    /// type it is decoded as.
    static func rawElement(_ raw: Any) -> (type: String, value: JSONElement, number: SwiftNumberType?)? {
        switch raw {
        case let value as String: return ("string", .string(value), nil)
        case let value as Bool: return ("boolean", .bool(value), nil)
        case let value as Float: return ("number", .number(numberText(value.description)), .float)
        case let value as Double: return ("number", .number(numberText(value.description)), .double)
        case let value as any BinaryInteger:
            return ("integer", .number("\(value)"), numberType(ofValue: value))
        default: return nil
        }
    }

    /// A raw value of the same type as `raws`' that is none of them, to see whether a type
    /// accepts values it does not list; `nil` when there is none (`Bool`).
    static func unlistedRawValue(besides raws: [Any]) -> Any? {
        guard let first = raws.first else { return nil }
        func next<I: FixedWidthInteger>(_ values: [I]) -> I? {
            (values.max() ?? 0) < I.max
                ? (values.max() ?? 0) + 1 : (values.min() ?? 0) > I.min ? (values.min() ?? 0) - 1 : nil
        }
        switch first {
        case is String:
            let strings = raws.compactMap { $0 as? String }
            var candidate = "paysize-unlisted-value"
            while strings.contains(candidate) { candidate += "-" }
            return candidate
        case is Float: return unlistedFloatingPoint(raws.compactMap { $0 as? Float })
        case is Double: return unlistedFloatingPoint(raws.compactMap { $0 as? Double })
        case is Int: return next(raws.compactMap { $0 as? Int })
        case is Int8: return next(raws.compactMap { $0 as? Int8 })
        case is Int16: return next(raws.compactMap { $0 as? Int16 })
        case is Int32: return next(raws.compactMap { $0 as? Int32 })
        case is Int64: return next(raws.compactMap { $0 as? Int64 })
        case is UInt: return next(raws.compactMap { $0 as? UInt })
        case is UInt8: return next(raws.compactMap { $0 as? UInt8 })
        case is UInt16: return next(raws.compactMap { $0 as? UInt16 })
        case is UInt32: return next(raws.compactMap { $0 as? UInt32 })
        case is UInt64: return next(raws.compactMap { $0 as? UInt64 })
        default: return nil
        }
    }

    /// A finite value that is none of `values`. `max + 1.5` alone is not: from 2^25 up (or at the
    /// largest finite value) it rounds back to a listed value, and a type that decodes it would
    /// look like one that accepts any number.
    private static func unlistedFloatingPoint<F: BinaryFloatingPoint>(_ values: [F]) -> F? {
        let ends: [F] = [(values.max() ?? 0) + 1.5, (values.min() ?? 0) - 1.5, 0.5]
        let neighbours: [F] = values.flatMap { [$0.nextUp, $0.nextDown] }
        return (ends + neighbours).first(where: { $0.isFinite && !values.contains($0) })
    }

    /// A Double or Float description as `JSONEncoder` writes it: without a trailing `.0`.
    static func numberText(_ description: String) -> String {
        description.hasSuffix(".0") ? String(description.dropLast(2)) : description
    }

    /// A Double as `JSONEncoder` writes it.
    static func numberText(_ value: Double) -> String {
        numberText(value.description)
    }
}
