@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// The structural comparison behind ``SchemaDiff``, between schema `a` and schema `b`.
struct SchemaComparison {
    struct Issue {
        var path: JSONPointer
        var message: String
    }

    /// One place in a schema with `$ref`, `allOf` and the `null` alternative folded in.
    struct Shape {
        var types: Set<String>?
        var enumValues: [JSONElement]?
        var properties: [String: Int] = [:]
        var required: Set<String> = []
        var closed = false
        var additional: Int?
        var items: Int?
        var prefixItems: [Int] = []
        var cases: [String: Int]?
        var isReferenceDate = false
        var numberType: SwiftNumberType?
        var minimum: JSONNumber?
        var maximum: JSONNumber?
        var minLength: Int?
        var maxLength: Int?
        var minItems: Int?
        var maxItems: Int?
    }

    let a: CompiledSchema
    let b: CompiledSchema
    var aName = ""
    var bName = ""

    static let allTypes: Set<String> = ["object", "array", "string", "number", "integer", "boolean", "null"]

    // MARK: Folding a node into a shape

    private static func shape(_ index: Int, in schema: CompiledSchema, depth: Int = 0) -> Shape {
        var shape = Shape()
        fold(index, in: schema, into: &shape, depth: depth)
        if shape.types == nil, let values = shape.enumValues {
            shape.types = Set(values.map(\.typeName))
        }
        return shape
    }

    private static func fold(_ index: Int, in schema: CompiledSchema, into shape: inout Shape, depth: Int) {
        guard depth < 64 else { return }
        let node = schema.nodes[index]
        if node.constant == false { shape.types = [] }
        if let types = node.types { shape.types = Set(types).intersection(shape.types ?? allTypes) }
        if let values = node.enumValues { shape.enumValues = values }
        if let value = node.constValue { shape.enumValues = [value] }
        for property in node.object.properties { shape.properties[property.key] = property.node }
        shape.required.formUnion(node.object.required)
        if let additional = node.object.additionalProperties {
            if schema.nodes[additional].constant == false { shape.closed = true } else { shape.additional = additional }
        }
        if let items = node.array.items { shape.items = items }
        if !node.array.prefixItems.isEmpty { shape.prefixItems = node.array.prefixItems }
        if node.isReferenceDate { shape.isReferenceDate = true }
        if let type = node.number.numberType { shape.numberType = type }
        shape.minimum = node.minimum ?? node.exclusiveMinimum ?? shape.minimum
        shape.maximum = node.maximum ?? node.exclusiveMaximum ?? shape.maximum
        shape.minLength = node.string.minLength ?? shape.minLength
        shape.maxLength = node.string.maxLength ?? shape.maxLength
        shape.minItems = node.array.minItems ?? shape.minItems
        shape.maxItems = node.array.maxItems ?? shape.maxItems
        if let reference = node.inPlace.reference { fold(reference, in: schema, into: &shape, depth: depth + 1) }
        for branch in node.inPlace.allOf ?? [] { fold(branch, in: schema, into: &shape, depth: depth + 1) }
        for alternatives in [node.inPlace.anyOf, node.inPlace.oneOf].compactMap({ $0 }) {
            foldAlternatives(alternatives, in: schema, into: &shape, depth: depth + 1)
        }
    }

    /// `anyOf`/`oneOf`: `[X, null]` is X or null; single-key objects are enum cases; anything
    /// else contributes its types only.
    private static func foldAlternatives(
        _ branches: [Int], in schema: CompiledSchema, into shape: inout Shape, depth: Int
    ) {
        let shapes = branches.map { self.shape($0, in: schema, depth: depth) }
        let nonNull = zip(branches, shapes).filter { $0.1.types != ["null"] }
        if nonNull.count == 1, nonNull.count < branches.count {
            fold(nonNull[0].0, in: schema, into: &shape, depth: depth)
            shape.types?.insert("null")
            return
        }
        // Enum cases: each alternative requires one key (its other properties are `false`, the
        // other cases' keys).
        if shapes.allSatisfy({
            $0.types == ["object"] && $0.required.count == 1 && $0.properties[$0.required.first!] != nil
        }) {
            var cases: [String: Int] = [:]
            for branch in shapes {
                let key = branch.required.first!
                if let node = branch.properties[key] { cases[key] = node }
            }
            shape.cases = cases
            shape.types = ["object"]
            return
        }
        var types: Set<String> = []
        for branch in shapes { types.formUnion(branch.types ?? allTypes) }
        shape.types = types.intersection(shape.types ?? allTypes)
    }

    // MARK: Everything valid under `a` is valid under `b`?

    func widenings(_ x: Int, _ y: Int, at path: JSONPointer) -> [Issue] {
        var seen: Set<[Int]> = []
        return widenings(x, y, at: path, seen: &seen)
    }

    /// `nullReported`: the caller already said that `null` here is refused (with the key missing).
    private func widenings(
        _ x: Int, _ y: Int, at path: JSONPointer, seen: inout Set<[Int]>, nullReported: Bool = false
    ) -> [Issue] {
        guard seen.insert([x, y]).inserted, path.components.count < 64 else { return [] }
        let left = Self.shape(x, in: a)
        let right = Self.shape(y, in: b)
        var issues: [Issue] = []

        let leftTypes = left.types ?? Self.allTypes
        if let rightTypes = right.types {
            let lost = leftTypes.filter { !Self.accepts(rightTypes, $0) && !(nullReported && $0 == "null") }.sorted()
            if !lost.isEmpty {
                issues.append(
                    Issue(
                        path: path,
                        message:
                            "\(aName) may hold \(Self.list(lost)) here, which \(bName) cannot decode (it expects \(Self.list(rightTypes.sorted())))"
                    ))
            }
        }
        if let rightValues = right.enumValues {
            if let leftValues = left.enumValues {
                let extra = leftValues.filter { value in !rightValues.contains { $0.isJSONEqual(to: value) } }
                if !extra.isEmpty {
                    issues.append(
                        Issue(
                            path: path,
                            message:
                                "\(aName) may hold \(extra.map(SchemaValidator.literal).joined(separator: ", ")), which \(bName) cannot decode"
                        ))
                }
            } else if left.types != [] {
                issues.append(
                    Issue(
                        path: path,
                        message:
                            "\(bName) accepts only \(rightValues.map(SchemaValidator.literal).joined(separator: ", ")) here, but \(aName) may hold any value"
                    ))
            }
        }
        if let rightCases = right.cases {
            let leftCases = left.cases ?? [:]
            for key in leftCases.keys.sorted() {
                if let target = rightCases[key] {
                    issues += widenings(leftCases[key]!, target, at: path.appending(key), seen: &seen)
                } else {
                    issues.append(
                        Issue(path: path, message: "\(aName) may hold case '\(key)', which \(bName) cannot decode"))
                }
            }
        }
        if left.isReferenceDate != right.isReferenceDate, leftTypes.contains("number"),
            right.types?.contains("number") ?? true
        {
            issues.append(
                Issue(
                    path: path,
                    message: "one side reads this number as a Date (seconds since 2001-01-01) and the other does not"))
        }
        issues += boundIssues(left, right, path)
        if let from = left.numberType, let to = right.numberType, !Self.floatingRange(of: from, fitsIn: to) {
            issues.append(
                Issue(
                    path: path,
                    message:
                        "\(aName) may hold a \(from.rawValue) beyond what a \(to.rawValue) holds here, which \(bName) cannot decode"
                ))
        }

        if leftTypes.contains("object"), right.types?.contains("object") ?? true {
            // A key made optional (or required) is usually nullable on one side too: one conflict
            // says both.
            var nullReported: Set<String> = []
            for key in right.required.sorted() where !left.required.contains(key) {
                if let from = left.properties[key], let to = right.properties[key],
                    Self.shape(from, in: a).types?.contains("null") ?? true,
                    !(Self.shape(to, in: b).types?.contains("null") ?? true)
                {
                    nullReported.insert(key)
                    let expected = Self.list((Self.shape(to, in: b).types ?? []).sorted())
                    issues.append(
                        Issue(
                            path: path.appending(key),
                            message:
                                "\(aName) may omit key '\(key)' or hold null there, which \(bName) cannot decode (it requires \(expected))"
                        ))
                    continue
                }
                let how = left.properties[key] == nil ? "does not have it" : "may omit it"
                issues.append(
                    Issue(
                        path: path.appending(key), message: "key '\(key)' is required by \(bName) but \(aName) \(how)"))
            }
            for key in left.properties.keys.sorted() {
                if let target = right.properties[key] {
                    issues += widenings(
                        left.properties[key]!, target, at: path.appending(key), seen: &seen,
                        nullReported: nullReported.contains(key))
                } else if let target = right.additional {
                    issues += widenings(left.properties[key]!, target, at: path.appending(key), seen: &seen)
                } else if right.closed {
                    issues.append(Issue(path: path.appending(key), message: "\(bName) does not allow key '\(key)'"))
                }
            }
            if let from = left.additional, let to = right.additional {
                issues += widenings(from, to, at: path, seen: &seen)
            }
        }
        if leftTypes.contains("array"), right.types?.contains("array") ?? true {
            for (offset, item) in left.prefixItems.enumerated() {
                let target = offset < right.prefixItems.count ? right.prefixItems[offset] : right.items
                if let target { issues += widenings(item, target, at: path.appending(index: offset), seen: &seen) }
            }
            if let from = left.items, let to = right.items {
                issues += widenings(from, to, at: path.appending(index: 0), seen: &seen)
            }
        }
        return issues
    }

    private func boundIssues(_ left: Shape, _ right: Shape, _ path: JSONPointer) -> [Issue] {
        var issues: [Issue] = []
        func lower<Bound: Comparable & CustomStringConvertible>(_ name: String, _ l: Bound?, _ r: Bound?) {
            if let r, l.map({ $0 < r }) ?? true {
                issues.append(
                    Issue(path: path, message: "\(bName) requires \(name) ≥ \(r), \(aName) allows less"))
            }
        }
        func upper<Bound: Comparable & CustomStringConvertible>(_ name: String, _ l: Bound?, _ r: Bound?) {
            if let r, l.map({ $0 > r }) ?? true {
                issues.append(
                    Issue(path: path, message: "\(bName) requires \(name) ≤ \(r), \(aName) allows more"))
            }
        }
        if !Self.isUnboundedInteger(left) || !Self.hasInt64Bounds(right) {
            lower("a value", left.minimum, right.minimum)
            upper("a value", left.maximum, right.maximum)
        }
        lower("a length", left.minLength, right.minLength)
        upper("a length", left.maxLength, right.maxLength)
        lower("an item count", left.minItems, right.minItems)
        upper("an item count", left.maxItems, right.maxItems)
        return issues
    }

    // MARK: Can any value satisfy both?

    func disjoint(_ x: Int, _ y: Int, at path: JSONPointer) -> [Issue] {
        var seen: Set<[Int]> = []
        return disjoint(x, y, at: path, seen: &seen)
    }

    private func disjoint(_ x: Int, _ y: Int, at path: JSONPointer, seen: inout Set<[Int]>) -> [Issue] {
        guard seen.insert([x, y]).inserted, path.components.count < 64 else { return [] }
        let left = Self.shape(x, in: a)
        let right = Self.shape(y, in: b)
        let leftTypes = left.types ?? Self.allTypes
        let rightTypes = right.types ?? Self.allTypes
        let common = Self.intersection(leftTypes, rightTypes)
        guard !common.isEmpty else {
            return [
                Issue(
                    path: path,
                    message:
                        "no payload satisfies both: the installed version expects \(Self.list(leftTypes.sorted())), the new one \(Self.list(rightTypes.sorted()))"
                )
            ]
        }
        if let leftValues = left.enumValues, let rightValues = right.enumValues,
            !leftValues.contains(where: { value in rightValues.contains { $0.isJSONEqual(to: value) } })
        {
            return [
                Issue(
                    path: path,
                    message:
                        "no payload satisfies both: the installed version accepts only \(leftValues.map(SchemaValidator.literal).joined(separator: ", ")), the new one only \(rightValues.map(SchemaValidator.literal).joined(separator: ", "))"
                )
            ]
        }
        // A value of a type both accept, other than an object or array, needs nothing more.
        if !common.subtracting(["object", "array"]).isEmpty, left.enumValues == nil, right.enumValues == nil {
            return []
        }
        var issues: [Issue] = []
        if let leftCases = left.cases, let rightCases = right.cases {
            let shared = Set(leftCases.keys).intersection(rightCases.keys)
            let satisfiable = shared.filter {
                disjoint(leftCases[$0]!, rightCases[$0]!, at: path.appending($0), seen: &seen).isEmpty
            }
            if satisfiable.isEmpty {
                issues.append(
                    Issue(
                        path: path,
                        message: "no payload satisfies both: the two versions share no enum case both can decode"))
            }
            return issues
        }
        if common.contains("object") {
            for key in left.required.union(right.required).sorted() {
                switch (left.properties[key] ?? left.additional, right.properties[key] ?? right.additional) {
                case (let l?, let r?):
                    issues += disjoint(l, r, at: path.appending(key), seen: &seen)
                case (nil, _) where left.closed, (_, nil) where right.closed:
                    issues.append(
                        Issue(
                            path: path.appending(key),
                            message:
                                "no payload satisfies both: one version requires key '\(key)' and the other forbids it")
                    )
                default:
                    break
                }
            }
        }
        if common.contains("array"), (left.minItems ?? 0) > 0 || (right.minItems ?? 0) > 0,
            let l = left.prefixItems.first ?? left.items, let r = right.prefixItems.first ?? right.items
        {
            issues += disjoint(l, r, at: path.appending(index: 0), seen: &seen)
        }
        return issues
    }

    /// An integer with no bounds: how PaySize wrote `Int` and `Int64` before it wrote their
    /// range (and how a hand-written schema often says "a whole number").
    private static func isUnboundedInteger(_ shape: Shape) -> Bool {
        shape.types?.contains("integer") == true && shape.minimum == nil && shape.maximum == nil
    }

    private static let int64Bounds = (JSONNumber(String(Int64.min)), JSONNumber(String(Int64.max)))

    /// Exactly `Int`'s range. Such a schema against an unbounded integer is no conflict: the
    /// unbounded one came from an `Int` too, and reading its bounds as a narrowing would call
    /// every schema recorded before PaySize wrote them incompatible with the next.
    private static func hasInt64Bounds(_ shape: Shape) -> Bool {
        shape.minimum == int64Bounds.0 && shape.maximum == int64Bounds.1
    }

    /// Whether every number `JSONDecoder` reads as `from` it also reads as `to`, for the
    /// floating types (integer types are compared by their bounds).
    private static func floatingRange(of from: SwiftNumberType, fitsIn to: SwiftNumberType) -> Bool {
        switch (from, to) {
        case (.double, .float), (.double, .decimal), (.decimal, .float): false
        default: true
        }
    }

    // MARK: Types

    /// Whether a value of `type` is accepted by `types` (every integer is a number).
    private static func accepts(_ types: Set<String>, _ type: String) -> Bool {
        types.contains(type) || (type == "integer" && types.contains("number"))
    }

    private static func intersection(_ x: Set<String>, _ y: Set<String>) -> Set<String> {
        var result = x.intersection(y)
        if x.contains("number") && y.contains("integer") || x.contains("integer") && y.contains("number") {
            result.insert("integer")
        }
        return result
    }

    private static func list(_ types: [String]) -> String {
        SchemaValidator.joined(types.map { SchemaValidator.withArticle($0) })
    }
}
