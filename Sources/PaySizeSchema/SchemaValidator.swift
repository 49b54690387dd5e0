import Foundation
@_spi(Internals) import PaySizeJSON

/// Checks a JSON value against a ``CompiledSchema``: violations (what a draft 2020-12 validator
/// rejects, which the device drops) and, separately, suspicions (what the device accepts but
/// surely misreads).
package struct SchemaValidator {
    package let schema: CompiledSchema
    /// Whether PaySize's assertion keywords (``PaySizeKeyword/isAssertion``) are checked; without
    /// them the verdicts are a plain draft 2020-12 validator's, which tests compare with Python's
    /// `jsonschema`.
    package let checksPaySizeKeywords: Bool
    /// `accepts` answers for values read from bytes, keyed by node, byte range and size (within one
    /// scanned document these name one value): choosing `anyOf`/`oneOf` alternatives at every
    /// level would otherwise re-check each subtree. Built values (empty range) are not cached.
    private let answers = Answers()

    private final class Answers {
        struct Key: Hashable {
            var node: Int
            var start: Int
            var end: Int
            var size: Int

            /// The key for `instance` under node `index`; `nil` for a built value (empty range).
            init?(_ index: Int, _ instance: JSONElement) {
                guard !instance.byteRange.isEmpty else { return nil }
                node = index
                start = instance.byteRange.lowerBound
                end = instance.byteRange.upperBound
                size = instance.compactByteCount
            }
        }
        var known: [Key: Bool] = [:]
        /// `violations` and `suspicions` per node and value, for the same reason: a schema whose
        /// `$ref`s, `allOf`s and `anyOf`s point at one node from several places (or loop back
        /// through it) would otherwise have it re-checked once per route, which grows
        /// exponentially with the number of hops (`{"oneOf":[{"$ref":"#"},{"$ref":"#"}]}`).
        /// Within one validator every value sits at one path, so the findings are the same.
        var violations: [Key: [SchemaViolation]] = [:]
        var suspicions: [Key: [SchemaViolation]] = [:]
        /// The resources entered on the way to the node being checked, outermost first (the
        /// dynamic scope a `$dynamicRef` searches); kept only when the schema has one. A resource
        /// entered again is not repeated: the search takes its outermost entry anyway, and so
        /// the scope stays as short as the schema's resources are few.
        var scope: [Int] = []
        /// `violations` and `accepts` answers per value and dynamic scope, when the schema uses it.
        struct ScopedKey: Hashable {
            var key: Key
            var scope: [Int]
        }
        var scopedKnown: [ScopedKey: Bool] = [:]
        var scopedViolations: [ScopedKey: [SchemaViolation]] = [:]
        /// Nodes checked that no answer is kept for (a value built while checking, such as a
        /// key under `propertyNames`, has no byte range to key it by): bounded, since schemas
        /// that loop through `anyOf` would otherwise check such a value exponentially often.
        var steps = 0
        var exhausted = false
    }

    /// The most uncached node checks for one value; past it the value is refused with one
    /// finding saying so.
    package static let maximumSteps = 1_000_000

    package init(schema: CompiledSchema, checksPaySizeKeywords: Bool = true) {
        self.schema = schema
        self.checksPaySizeKeywords = checksPaySizeKeywords
    }

    /// More `$ref`/`allOf`/`anyOf`/`oneOf`/`not` hops than this without moving into the value
    /// means the schema loops (`{"$ref": "#"}`); the value is accepted there. Descending into
    /// the value resets the count: its nesting is already bounded by the scanner's depth limit.
    package static let maximumDepth = 64

    private func node(_ index: Int) -> CompiledSchema.Node { schema.nodes[index] }

    // MARK: - Violations

    package func violations(of instance: JSONElement, at path: JSONPointer) -> [SchemaViolation] {
        let found = violations(schema.root, instance, path, depth: 0)
        guard answers.exhausted else { return found }
        return found + [
            violation(
                "$ref",
                path,
                "checking this value against the schema takes more than \(Self.maximumSteps) steps, so it is not shown to be valid",
                fix: "simplify the schema's recursion through '$ref' and 'anyOf', or send a smaller value")
        ]
    }

    private func violations(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int) -> [SchemaViolation]
    {
        if schema.usesDynamicScope { return scopedViolations(index, instance, path, depth: depth) }
        let key = Answers.Key(index, instance)
        if let key, let known = answers.violations[key] { return known }
        if key == nil, !step() { return [] }
        let found = Self.unique(Self.locating(violationsHere(index, instance, path, depth: depth), at: instance))
        if let key { answers.violations[key] = found }
        return found
    }

    /// `violations` when the schema uses the dynamic scope: answers kept per dynamic scope too,
    /// the node's resource entered for what it reaches, and a bound on the work.
    @inline(never)
    private func scopedViolations(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int)
        -> [SchemaViolation]
    {
        let entered = enter(index)
        defer { leave(entered) }
        let key = Answers.Key(index, instance).map { Answers.ScopedKey(key: $0, scope: answers.scope) }
        if let key, let known = answers.scopedViolations[key] { return known }
        guard step() else { return [] }
        let found = Self.unique(Self.locating(violationsHere(index, instance, path, depth: depth), at: instance))
        if let key { answers.scopedViolations[key] = found }
        return found
    }

    /// Counts one uncached check; `false` once the bound is passed.
    private func step() -> Bool {
        answers.steps += 1
        if answers.steps > Self.maximumSteps { answers.exhausted = true }
        return !answers.exhausted
    }

    /// Enters the resource of node `index` into the dynamic scope; whether it was new there.
    private func enter(_ index: Int) -> Bool {
        let resource = schema.resourceOf[index]
        guard !answers.scope.contains(resource) else { return false }
        answers.scope.append(resource)
        return true
    }

    private func leave(_ entered: Bool) {
        if entered { answers.scope.removeLast() }
    }

    /// The node a `$dynamicRef` of node `index` names: the outermost resource in the dynamic
    /// scope with a `$dynamicAnchor` of its name, else its static target.
    @inline(never)
    private func dynamicTarget(_ index: Int) -> Int? {
        let node = schema.nodes[index]
        guard let target = node.dynamicReference else { return nil }
        guard let name = node.dynamicAnchor else { return target }
        for resource in answers.scope {
            if let anchored = schema.dynamicAnchors[resource]?[name] { return anchored }
        }
        return target
    }

    /// `findings` without repeats, in order: two routes to one node report its problems once.
    private static func unique(_ findings: [SchemaViolation]) -> [SchemaViolation] {
        guard findings.count > 1 else { return findings }
        var seen: Set<SchemaViolation> = []
        return findings.filter { seen.insert($0).inserted }
    }

    /// Findings made at this level (deeper ones already have an offset) point at this value.
    private static func locating(_ findings: [SchemaViolation], at instance: JSONElement) -> [SchemaViolation] {
        guard !instance.byteRange.isEmpty, findings.contains(where: { $0.byteOffset == nil }) else { return findings }
        return findings.map { finding in
            var located = finding
            if located.byteOffset == nil { located.byteOffset = instance.byteRange.lowerBound }
            return located
        }
    }

    private func violationsHere(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int)
        -> [SchemaViolation]
    {
        guard depth < Self.maximumDepth else { return [] }
        if let constant = schema.nodes[index].constant {
            return constant
                ? []
                : [
                    violation(
                        "false", path, "no value is allowed here, found \(Self.describe(instance))", fix: "remove it")
                ]
        }
        var found: [SchemaViolation] = []
        if let reference = schema.nodes[index].reference {
            found += violations(reference, instance, path, depth: depth + 1)
        }
        if let typeFinding = typeViolation(index, instance, path) {
            // A wrong type makes every other keyword here moot.
            return found + [typeFinding]
        }
        found += valueViolations(index, instance, path, depth: depth)
        switch instance.content {
        case .object(let members): found += objectViolations(index, members, path, depth: depth)
        case .array(let elements): found += arrayViolations(index, elements, path, depth: depth)
        default: break
        }
        found += combinatorViolations(index, instance, path, depth: depth)
        return found
    }

    // The parts of `violationsHere`, kept apart so each level of a deeply nested value takes
    // little stack: its recursion passes through here once per level.

    @inline(never)
    private func typeViolation(_ index: Int, _ instance: JSONElement, _ path: JSONPointer) -> SchemaViolation? {
        let node = schema.nodes[index]
        guard let types = node.types, !types.contains(where: { Self.matches(instance, type: $0) }) else { return nil }
        return typeViolation(node, types, instance, path)
    }

    @inline(never)
    private func valueViolations(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int)
        -> [SchemaViolation]
    {
        let node = schema.nodes[index]
        var found: [SchemaViolation] = []
        if let values = node.enumValues, !values.contains(where: { equal($0, instance, as: node) }) {
            let listed = values.prefix(12).map(Self.literal).joined(separator: ", ")
            found.append(
                violation(
                    "enum",
                    path, "unknown value \(Self.literal(instance)), expected one of \(listed)",
                    fix: "send one of the known values; a new case must reach every installed app first"))
        }
        if let constant = node.constValue, !equal(constant, instance, as: node) {
            found.append(
                violation(
                    "const",
                    path, "expected \(Self.literal(constant)), found \(Self.literal(instance))",
                    fix: "send \(Self.literal(constant))"))
        }
        found += numberViolations(node, instance, path)
        found += stringViolations(node, instance, path, depth: depth)
        return found
    }

    @inline(never)
    private func combinatorViolations(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int)
        -> [SchemaViolation]
    {
        let node = schema.nodes[index]
        var found: [SchemaViolation] = []
        if let all = node.allOf {
            for branch in all { found += violations(branch, instance, path, depth: depth + 1) }
        }
        if let any = node.anyOf, !any.contains(where: { accepts($0, instance, depth: depth + 1) }) {
            let results = any.map { violations($0, instance, path, depth: depth + 1) }
            found += explainNoMatch(any, results, instance, path, keyword: "anyOf")
        }
        if let one = node.oneOf {
            let matching = one.filter { accepts($0, instance, depth: depth + 1) }.count
            if matching == 0 {
                let results = one.map { violations($0, instance, path, depth: depth + 1) }
                found += explainNoMatch(one, results, instance, path, keyword: "oneOf")
            } else if matching > 1 {
                found.append(
                    violation(
                        "oneOf",
                        path, "matches \(matching) alternatives of 'oneOf', exactly one must match",
                        fix: "send a value that fits exactly one alternative (for an enum: exactly one case key)"))
            }
        }
        if let negated = node.not, accepts(negated, instance, depth: depth + 1) {
            found.append(
                violation("not", path, "matches a schema it must not match ('not')", fix: "send a different value"))
        }
        if node.handWritten != nil {
            found += conditionalViolations(index, instance, path, depth: depth)
        }
        return found
    }

    /// `if`/`then`/`else` and `dependentSchemas`: apart, so the recursion through
    /// ``combinatorViolations(_:_:_:depth:)`` keeps a small frame.
    @inline(never)
    private func conditionalViolations(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int)
        -> [SchemaViolation]
    {
        var found: [SchemaViolation] = []
        if let target = dynamicTarget(index) {
            found += violations(target, instance, path, depth: depth + 1)
        }
        for branch in conditionalBranches(index, instance, depth: depth) {
            found += violations(branch, instance, path, depth: depth + 1)
        }
        found += unevaluatedViolations(index, instance, path, depth: depth)
        return found
    }

    /// `unevaluatedProperties` and `unevaluatedItems`: the members and items that no keyword of
    /// this node, nor of a subschema applied here in place and satisfied, evaluated.
    @inline(never)
    private func unevaluatedViolations(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int)
        -> [SchemaViolation]
    {
        let node = schema.nodes[index]
        var found: [SchemaViolation] = []
        if let unevaluated = node.unevaluatedProperties, let members = instance.members {
            let evaluated = evaluation(index, instance, depth: depth)
            for member in members where !evaluated.covers(member.key) {
                let memberPath = path.appending(member.key)
                if self.node(unevaluated).constant == false {
                    found.append(
                        violation(
                            "unevaluatedProperties",
                            memberPath, "key '\(Self.shown(member.key))' is not allowed here (unevaluatedProperties)",
                            fix: "remove '\(Self.shown(member.key))'"))
                } else {
                    found += violations(unevaluated, member.value, memberPath, depth: 0)
                }
            }
        }
        if let unevaluated = node.unevaluatedItems, let elements = instance.elements {
            let evaluated = evaluation(index, instance, depth: depth)
            for (offset, element) in elements.enumerated() where !evaluated.covers(offset) {
                if self.node(unevaluated).constant == false {
                    found.append(
                        violation(
                            "unevaluatedItems",
                            path.appending(index: offset),
                            "no item is allowed at index \(offset) (unevaluatedItems)", fix: "remove the item"))
                } else {
                    found += violations(unevaluated, element, path.appending(index: offset), depth: 0)
                }
            }
        }
        return found
    }

    /// What the annotations of node `index` on `instance` cover: the keys and item indices its
    /// keywords evaluate, and those of every subschema it applies in place that holds (`$ref`,
    /// `$dynamicRef`, `allOf`, the `anyOf`/`oneOf` alternatives that hold, `if` when it holds and
    /// the branch taken, `dependentSchemas`), draft 2020-12's annotation collection.
    package final class Evaluation {
        var allKeys = false
        var keys: Set<String> = []
        var allItems = false
        var items: Set<Int> = []
        /// Nodes already collected: each counts once, which also ends loops through `$ref`.
        var visited: Set<Int> = []

        func covers(_ key: String) -> Bool { allKeys || keys.contains(key) }
        func covers(_ offset: Int) -> Bool { allItems || items.contains(offset) }
    }

    @inline(never)
    private func evaluation(_ index: Int, _ instance: JSONElement, depth: Int) -> Evaluation {
        let evaluation = Evaluation()
        collect(index, instance, depth: depth, into: evaluation, own: false)
        return evaluation
    }

    /// Adds what node `index` evaluates in `instance` to `evaluation`; `own` says whether its
    /// own `unevaluated…` keywords count (not for the node that asks).
    @inline(never)
    private func collect(_ index: Int, _ instance: JSONElement, depth: Int, into evaluation: Evaluation, own: Bool) {
        guard depth < Self.maximumDepth, !(evaluation.allKeys && evaluation.allItems),
            evaluation.visited.insert(index).inserted
        else { return }
        let entered = schema.usesDynamicScope ? enter(index) : false
        defer { leave(entered) }
        let node = schema.nodes[index]
        if node.constant != nil { return }
        if let members = instance.members {
            if node.additionalProperties != nil || (own && node.unevaluatedProperties != nil) {
                evaluation.allKeys = true
            } else {
                for member in members {
                    if node.properties.contains(where: { $0.key == member.key })
                        || node.patternProperties.contains(where: { Self.matches($0.pattern, member.key) })
                    {
                        evaluation.keys.insert(member.key)
                    }
                }
            }
        }
        if let elements = instance.elements {
            if node.items != nil || (own && node.unevaluatedItems != nil) {
                evaluation.allItems = true
            } else {
                for offset in 0..<min(node.prefixItems.count, elements.count) { evaluation.items.insert(offset) }
                if let contains = node.contains {
                    for (offset, element) in elements.enumerated() where accepts(contains, element) {
                        evaluation.items.insert(offset)
                    }
                }
            }
        }
        var applied: [Int] = []
        if let reference = node.reference { applied.append(reference) }
        applied += node.allOf ?? []
        for branch in (node.anyOf ?? []) + (node.oneOf ?? []) where accepts(branch, instance, depth: depth + 1) {
            applied.append(branch)
        }
        if node.handWritten != nil {
            if let target = dynamicTarget(index) { applied.append(target) }
            applied += conditionalBranches(index, instance, depth: depth, includingIf: true)
        }
        for branch in applied {
            collect(branch, instance, depth: depth + 1, into: evaluation, own: true)
        }
    }

    /// The subschemas that `if`/`then`/`else` and `dependentSchemas` apply to `instance`: `then`
    /// or `else` by whether `if` holds (`if` itself when it does, when `including` it), and the
    /// dependent schema of every key present.
    @inline(never)
    package func conditionalBranches(_ index: Int, _ instance: JSONElement, depth: Int, includingIf: Bool = false)
        -> [Int]
    {
        let node = schema.nodes[index]
        var branches: [Int] = []
        if let condition = node.ifSchema {
            let holds = accepts(condition, instance, depth: depth + 1)
            if holds, includingIf { branches.append(condition) }
            if let branch = holds ? node.thenSchema : node.elseSchema { branches.append(branch) }
        }
        if !node.dependentSchemas.isEmpty, let members = instance.members {
            for dependent in node.dependentSchemas
            where members.contains(where: { schema.stringEquality.equal($0.key, dependent.key) }) {
                branches.append(dependent.node)
            }
        }
        return branches
    }

    @inline(never)
    private func objectViolations(_ index: Int, _ members: [JSONMember], _ path: JSONPointer, depth: Int)
        -> [SchemaViolation]
    {
        let node = schema.nodes[index]
        var found: [SchemaViolation] = []
        let keys = StringEquality.Keys(members.map(\.key), schema.stringEquality)
        for key in node.required where !keys.contains(key) {
            if let similar = Self.similarKey(to: key, in: members.map(\.key)) {
                found.append(
                    violation(
                        "required",
                        path.appending(key),
                        "missing required key '\(Self.shown(key))' (the payload has '\(Self.shown(similar))')",
                        fix:
                            "send '\(Self.shown(key))' exactly as the app's CodingKeys spell it: do not use .convertToSnakeCase"
                    ))
            } else {
                found.append(
                    violation(
                        "required",
                        path.appending(key), "missing required key '\(Self.shown(key))'",
                        fix: "add '\(Self.shown(key))' to the payload, or make it optional in the app's type"))
            }
        }
        for dependent in node.dependentRequired where keys.contains(dependent.key) {
            for name in dependent.required where !keys.contains(name) {
                found.append(
                    violation(
                        "dependentRequired",
                        path.appending(name),
                        "missing key '\(Self.shown(name))', required when '\(Self.shown(dependent.key))' is present",
                        fix: "add '\(Self.shown(name))', or leave out '\(Self.shown(dependent.key))'"))
            }
        }
        if let minimum = node.minProperties, members.count < minimum {
            found.append(
                violation(
                    "minProperties",
                    path, "object has \(members.count) keys, fewer than \(minimum)",
                    fix: "send at least \(minimum) keys"))
        }
        if let maximum = node.maxProperties, members.count > maximum {
            found.append(
                violation(
                    "maxProperties",
                    path, "object has \(members.count) keys, more than \(maximum)", fix: "send at most \(maximum) keys")
            )
        }
        for member in members {
            let memberPath = path.appending(member.key)
            if let names = node.propertyNames {
                for finding in violations(names, .string(member.key), memberPath, depth: 0) {
                    var keyed = finding
                    keyed.message = "key '\(Self.shown(member.key))' is not allowed: \(finding.message)"
                    if !member.keyRange.isEmpty { keyed.byteOffset = member.keyRange.lowerBound }
                    found.append(keyed)
                }
            }
            let property = node.properties.first(where: { schema.stringEquality.equal($0.key, member.key) })
            if let property {
                found += violations(property.node, member.value, memberPath, depth: 0)
            }
            let patterned = node.patternProperties.filter { Self.matches($0.pattern, member.key) }
            for pattern in patterned {
                found += violations(pattern.node, member.value, memberPath, depth: 0)
            }
            if property != nil || !patterned.isEmpty {
                continue
            } else if let additional = node.additionalProperties {
                if self.node(additional).constant == false {
                    found.append(
                        violation(
                            "additionalProperties",
                            memberPath, "key '\(Self.shown(member.key))' is not allowed here",
                            fix: "remove '\(Self.shown(member.key))'"))
                } else {
                    found += violations(additional, member.value, memberPath, depth: 0)
                }
            }
        }
        return found
    }

    @inline(never)
    private func arrayViolations(_ index: Int, _ elements: [JSONElement], _ path: JSONPointer, depth: Int)
        -> [SchemaViolation]
    {
        let node = schema.nodes[index]
        var found: [SchemaViolation] = []
        if let minimum = node.minItems, elements.count < minimum {
            found.append(
                violation(
                    "minItems",
                    path, "array has \(elements.count) items, fewer than \(minimum)",
                    fix: "send at least \(minimum) items"))
        }
        if let maximum = node.maxItems, elements.count > maximum {
            found.append(
                violation(
                    "maxItems",
                    path, "array has \(elements.count) items, more than \(maximum)",
                    fix: "send at most \(maximum) items"))
        }
        for (offset, element) in elements.enumerated() {
            if offset < node.prefixItems.count {
                found += violations(node.prefixItems[offset], element, path.appending(index: offset), depth: 0)
            } else if let items = node.items {
                if self.node(items).constant == false {
                    found.append(
                        violation(
                            "items",
                            path.appending(index: offset), "no item is allowed at index \(offset)",
                            fix: "send at most \(offset) items"))
                } else {
                    found += violations(items, element, path.appending(index: offset), depth: 0)
                }
            }
        }
        if checksPaySizeKeywords, let pairs = node.pairs {
            if elements.count % 2 != 0 {
                found.append(
                    violation(
                        "x-paysize-pairs",
                        path,
                        "a dictionary written as a flat [key, value, …] array needs an even number of items, found \(elements.count)",
                        fix: "send a value after every key"))
            }
            for (offset, element) in elements.enumerated() {
                found += violations(
                    offset % 2 == 0 ? pairs.key : pairs.value, element, path.appending(index: offset), depth: 0)
            }
        }
        if node.handWritten != nil { found += containsViolations(node, elements, path) }
        if node.uniqueItems {
            outer: for first in elements.indices {
                for second in elements.indices where second > first {
                    if elements[first].isJSONEqual(to: elements[second], strings: schema.stringEquality) {
                        found.append(
                            violation(
                                "uniqueItems",
                                path, "items \(first) and \(second) are equal, items must be unique",
                                fix: "remove the duplicate"))
                        break outer
                    }
                }
            }
        }
        return found
    }

    /// `contains` with `minContains` (default 1) and `maxContains`.
    @inline(never)
    private func containsViolations(_ node: CompiledSchema.Node, _ elements: [JSONElement], _ path: JSONPointer)
        -> [SchemaViolation]
    {
        guard let contains = node.contains else { return [] }
        var matching = 0
        for element in elements where accepts(contains, element) { matching += 1 }
        let minimum = node.minContains ?? 1
        var found: [SchemaViolation] = []
        if matching < minimum {
            found.append(
                violation(
                    "minContains",
                    path, "array has \(matching) items matching 'contains', fewer than \(minimum)",
                    fix: "send at least \(minimum) items that match"))
        }
        if let maximum = node.maxContains, matching > maximum {
            found.append(
                violation(
                    "maxContains",
                    path, "array has \(matching) items matching 'contains', more than \(maximum)",
                    fix: "send at most \(maximum) items that match"))
        }
        return found
    }

    /// Bounds (compared exactly, see ``JSONNumber``) and, when checked, `x-paysize-number`:
    /// a number the bounds already refuse is not reported twice.
    private func numberViolations(_ node: CompiledSchema.Node, _ instance: JSONElement, _ path: JSONPointer)
        -> [SchemaViolation]
    {
        guard let text = instance.numberText, let value = JSONNumber(text) else { return [] }
        var found: [SchemaViolation] = []
        if let minimum = node.minimum, value < minimum {
            found.append(
                violation(
                    "minimum", path, "\(text) is less than the minimum \(minimum)", fix: "send a value ≥ \(minimum)"))
        }
        if let maximum = node.maximum, value > maximum {
            found.append(
                violation(
                    "maximum", path, "\(text) is more than the maximum \(maximum)", fix: "send a value ≤ \(maximum)"))
        }
        if let bound = node.exclusiveMinimum, value <= bound {
            found.append(
                violation("exclusiveMinimum", path, "\(text) is not more than \(bound)", fix: "send a value > \(bound)")
            )
        }
        if let bound = node.exclusiveMaximum, value >= bound {
            found.append(
                violation("exclusiveMaximum", path, "\(text) is not less than \(bound)", fix: "send a value < \(bound)")
            )
        }
        if let multiple = node.multipleOf, !multiple.divides(text) {
            found.append(
                violation(
                    "multipleOf",
                    path, "\(text) is not a multiple of \(multiple.description)",
                    fix: "send a multiple of \(multiple.description)"))
        }
        if found.isEmpty, checksPaySizeKeywords, let type = node.numberType, type.read(text) == nil {
            found.append(
                violation(
                    "x-paysize-number",
                    path, "JSONDecoder cannot read \(text) as \(type.rawValue)", fix: "send \(type.range)"))
        }
        return found
    }

    /// `enum` and `const` equality: as JSON Schema says, or, under `x-paysize-number`, as the
    /// decoded Swift values (two spellings of one `Float` are one raw value).
    private func equal(_ listed: JSONElement, _ instance: JSONElement, as node: CompiledSchema.Node) -> Bool {
        if checksPaySizeKeywords, let type = node.numberType, let a = listed.numberText, let b = instance.numberText {
            guard let x = type.read(a), let y = type.read(b) else {
                return listed.isJSONEqual(to: instance, strings: schema.stringEquality)
            }
            return x == y
        }
        return listed.isJSONEqual(to: instance, strings: schema.stringEquality)
    }

    /// Whether `pattern` matches `text`. A match that would exceed the pattern's work bound
    /// counts as no match: the value cannot be shown to satisfy the schema.
    package static func matches(_ pattern: ECMAScriptPattern, _ text: String) -> Bool {
        (try? pattern.matches(text)) ?? false
    }

    private func stringViolations(
        _ node: CompiledSchema.Node, _ instance: JSONElement, _ path: JSONPointer, depth: Int
    ) -> [SchemaViolation] {
        guard let string = instance.stringValue else { return [] }
        // JSON Schema counts code points, not UTF-16 units or grapheme clusters.
        let length = string.unicodeScalars.count
        var found: [SchemaViolation] = []
        if let minimum = node.minLength, length < minimum {
            found.append(
                violation(
                    "minLength",
                    path, "string is \(length) characters long, shorter than \(minimum)",
                    fix: "send at least \(minimum) characters"))
        }
        if let maximum = node.maxLength, length > maximum {
            found.append(
                violation(
                    "maxLength",
                    path, "string is \(length) characters long, longer than \(maximum)",
                    fix: "send at most \(maximum) characters"))
        }
        if let pattern = node.pattern {
            do {
                if try !pattern.matches(string) {
                    found.append(
                        violation(
                            "pattern",
                            path, "'\(Self.clipped(string))' does not match the pattern '\(pattern.source)'",
                            fix: "send a value that matches '\(pattern.source)'"))
                }
            } catch {
                found.append(
                    violation("pattern", path, error.message, fix: "simplify the pattern or send a shorter string"))
            }
        }
        if schema.assertsFormat, let format = node.format, !format.accepts(string) {
            found.append(
                violation(
                    "format",
                    path, "'\(Self.clipped(string))' is not a valid '\(format.rawValue)' (format)",
                    fix: "send a '\(format.rawValue)' string, or check without --format-assertion"))
        }
        guard checksPaySizeKeywords else { return found }
        if let format = node.stringFormat, !format.accepts(string) {
            found.append(
                violation(
                    "x-paysize-format",
                    path, "'\(Self.clipped(string))' is not \(format.name) JSONDecoder can read", fix: format.fix))
        }
        if let integerText = node.integerText {
            if let integer = Int(string) {
                found += violations(integerText, .integer(integer), path, depth: depth + 1)
            } else {
                found.append(
                    violation(
                        "x-paysize-integer-text",
                        path, "'\(Self.clipped(string))' is not an integer as Int(_:) reads it",
                        fix: "send an integer such as '3' or '-1'"))
            }
        }
        return found
    }

    private func typeViolation(
        _ node: CompiledSchema.Node, _ types: [String], _ instance: JSONElement, _ path: JSONPointer
    ) -> SchemaViolation {
        if node.isReferenceDate, let string = instance.stringValue {
            let kind = ISO8601Timestamp.startsWithDate(string) ? "an ISO-8601 string" : "string"
            return violation(
                "type",
                path,
                "expected a Date as a number of seconds since 2001-01-01, found \(kind) '\(Self.clipped(string))'",
                fix: "encode dates with JSONEncoder's default .deferredToDate (not .iso8601): Unix seconds − 978307200")
        }
        let expected = Self.joined(types)
        if types.contains("integer"), instance.doubleValue != nil {
            return violation(
                "type",
                path, "expected \(expected), found \(Self.describe(instance))", fix: "send a whole number")
        }
        return violation(
            "type",
            path, "expected \(expected), found \(Self.describe(instance))", fix: "send \(Self.withArticle(expected))")
    }

    /// For `anyOf`/`oneOf` with no match: the reasons from the one alternative the value was
    /// plainly meant for (the only one of its type, or the only one whose required keys it has),
    /// else one line naming the alternatives.
    private func explainNoMatch(
        _ branches: [Int], _ results: [[SchemaViolation]], _ instance: JSONElement, _ path: JSONPointer,
        keyword: String
    ) -> [SchemaViolation] {
        var candidates = branches.indices.filter { typeAccepts(branches[$0], instance) }
        // Inference writes a branch for a type that reads other keys when one is missing, guarded
        // by `not` (that key present): where its guard holds, that branch is the one meant.
        let guarded = candidates.filter { resolved(branches[$0]).not != nil }
        if !guarded.isEmpty {
            let open = guarded.filter { index in
                resolved(branches[index]).not.map { !accepts($0, instance) } ?? false
            }
            candidates = open.isEmpty ? candidates.filter { resolved(branches[$0]).not == nil } : open
        }
        if candidates.count > 1, let keys = instance.members.map({ Set($0.map(\.key)) }) {
            let keyed = candidates.filter {
                requiredKeys(branches[$0]).map { !$0.isEmpty && $0.isSubset(of: keys) } ?? false
            }
            if keyed.count == 1 { candidates = keyed }
        }
        if candidates.count == 1 {
            return results[candidates[0]]
        }
        let typeNames = branches.compactMap { typeList(of: $0) }.flatMap { $0 }
        var unique: [String] = []
        for name in typeNames where !unique.contains(name) { unique.append(name) }
        if candidates.isEmpty, !unique.isEmpty {
            return [
                violation(
                    keyword,
                    path, "expected \(Self.joined(unique)), found \(Self.describe(instance))",
                    fix: "send \(Self.withArticle(Self.joined(unique)))")
            ]
        }
        if instance.members != nil, let keys = caseKeys(branches) {
            return [
                violation(
                    keyword,
                    path,
                    "expected an object with exactly one of the keys \(keys.map { "'\(Self.shown($0))'" }.joined(separator: ", "))",
                    fix: "send exactly one case key the installed apps know")
            ]
        }
        return [
            violation(
                keyword,
                path, "matches none of the \(branches.count) alternatives of '\(keyword)'",
                fix: "send a value that fits one of them")
        ]
    }

    private func resolved(_ index: Int) -> CompiledSchema.Node {
        var current = node(index)
        var hops = 0
        while let reference = current.reference, current.types == nil, hops < 64 {
            current = node(reference)
            hops += 1
        }
        return current
    }

    private func typeList(of index: Int) -> [String]? { resolved(index).types }

    private func typeAccepts(_ index: Int, _ instance: JSONElement) -> Bool {
        guard let types = typeList(of: index) else { return true }
        return types.contains { Self.matches(instance, type: $0) }
    }

    private func requiredKeys(_ index: Int) -> Set<String>? {
        let node = resolved(index)
        return node.required.isEmpty ? nil : Set(node.required)
    }

    /// The case keys when every alternative is a single-key object (an enum with associated values).
    private func caseKeys(_ branches: [Int]) -> [String]? {
        var keys: [String] = []
        for branch in branches {
            let node = resolved(branch)
            guard node.required.count == 1 else { return nil }
            keys.append(node.required[0])
        }
        return keys
    }

    /// Whether `instance` satisfies node `index`: the same rules as `violations`, without building
    /// findings or paths, stopping at the first failure. Used to pick `anyOf`/`oneOf` alternatives.
    package func accepts(_ index: Int, _ instance: JSONElement, depth: Int = 0) -> Bool {
        if schema.usesDynamicScope { return scopedAcceptance(index, instance, depth: depth) }
        guard let key = Answers.Key(index, instance) else {
            return step() ? checkAcceptance(index, instance, depth: depth) : false
        }
        if let known = answers.known[key] { return known }
        let answer = checkAcceptance(index, instance, depth: depth)
        answers.known[key] = answer
        return answer
    }

    /// `accepts` when the schema uses the dynamic scope, as ``scopedViolations(_:_:_:depth:)``.
    @inline(never)
    private func scopedAcceptance(_ index: Int, _ instance: JSONElement, depth: Int) -> Bool {
        let entered = enter(index)
        defer { leave(entered) }
        let key = Answers.Key(index, instance).map { Answers.ScopedKey(key: $0, scope: answers.scope) }
        if let key, let known = answers.scopedKnown[key] { return known }
        guard step() else { return false }
        let answer = checkAcceptance(index, instance, depth: depth)
        if let key { answers.scopedKnown[key] = answer }
        return answer
    }

    private func checkAcceptance(_ index: Int, _ instance: JSONElement, depth: Int) -> Bool {
        guard depth < Self.maximumDepth else { return true }
        if let constant = schema.nodes[index].constant { return constant }
        if let reference = schema.nodes[index].reference, !accepts(reference, instance, depth: depth + 1) {
            return false
        }
        guard acceptsHere(index, instance, depth: depth) else { return false }
        switch instance.content {
        case .object(let members): guard acceptsMembers(index, members, depth: depth) else { return false }
        case .array(let elements): guard acceptsElements(index, elements) else { return false }
        default: break
        }
        return acceptsCombinators(index, instance, depth: depth)
    }

    // The parts of `checkAcceptance`, kept apart so each level of a deeply nested value takes
    // little stack: its recursion passes through here once per level.

    @inline(never)
    private func acceptsHere(_ index: Int, _ instance: JSONElement, depth: Int) -> Bool {
        let node = schema.nodes[index]
        if let types = node.types, !types.contains(where: { Self.matches(instance, type: $0) }) { return false }
        if let values = node.enumValues, !values.contains(where: { equal($0, instance, as: node) }) { return false }
        if let constant = node.constValue, !equal(constant, instance, as: node) { return false }
        if instance.numberText != nil, !numberViolations(node, instance, .root).isEmpty { return false }
        if let string = instance.stringValue {
            let length = string.unicodeScalars.count
            if let minimum = node.minLength, length < minimum { return false }
            if let maximum = node.maxLength, length > maximum { return false }
            if let pattern = node.pattern, !Self.matches(pattern, string) { return false }
            if schema.assertsFormat, let format = node.format, !format.accepts(string) { return false }
            if checksPaySizeKeywords {
                if let format = node.stringFormat, !format.accepts(string) { return false }
                if let integerText = node.integerText {
                    guard let integer = Int(string), accepts(integerText, .integer(integer), depth: depth + 1) else {
                        return false
                    }
                }
            }
        }
        return true
    }

    @inline(never)
    private func acceptsMembers(_ index: Int, _ members: [JSONMember], depth: Int) -> Bool {
        let node = schema.nodes[index]
        let keys = StringEquality.Keys(members.map(\.key), schema.stringEquality)
        if node.required.contains(where: { !keys.contains($0) }) { return false }
        if !node.dependentRequired.isEmpty, !Self.satisfiesDependentRequired(node, keys) { return false }
        if let minimum = node.minProperties, members.count < minimum { return false }
        if let maximum = node.maxProperties, members.count > maximum { return false }
        if let names = node.propertyNames, !members.allSatisfy({ accepts(names, .string($0.key), depth: depth + 1) }) {
            return false
        }
        for member in members {
            let property = node.properties.first(where: { schema.stringEquality.equal($0.key, member.key) })
            if let property, !accepts(property.node, member.value) { return false }
            var patterned = false
            if !node.patternProperties.isEmpty {
                guard let covered = acceptsPatterned(node, member) else { return false }
                patterned = covered
            }
            if property == nil, !patterned, let additional = node.additionalProperties,
                !accepts(additional, member.value)
            {
                return false
            }
        }
        return true
    }

    /// Whether every key `dependentRequired` asks for is present.
    @inline(never)
    private static func satisfiesDependentRequired(_ node: CompiledSchema.Node, _ keys: StringEquality.Keys) -> Bool {
        for dependent in node.dependentRequired where keys.contains(dependent.key) {
            if dependent.required.contains(where: { !keys.contains($0) }) { return false }
        }
        return true
    }

    /// `patternProperties` for one member: nil when a matching pattern's schema refuses the value,
    /// else whether any pattern matched the key.
    @inline(never)
    private func acceptsPatterned(_ node: CompiledSchema.Node, _ member: JSONMember) -> Bool? {
        var covered = false
        for pattern in node.patternProperties where Self.matches(pattern.pattern, member.key) {
            if !accepts(pattern.node, member.value) { return nil }
            covered = true
        }
        return covered
    }

    @inline(never)
    private func acceptsElements(_ index: Int, _ elements: [JSONElement]) -> Bool {
        let node = schema.nodes[index]
        if let minimum = node.minItems, elements.count < minimum { return false }
        if let maximum = node.maxItems, elements.count > maximum { return false }
        for (offset, element) in elements.enumerated() {
            if offset < node.prefixItems.count {
                if !accepts(node.prefixItems[offset], element) { return false }
            } else if let items = node.items, !accepts(items, element) {
                return false
            }
        }
        if node.handWritten != nil, !containsViolations(node, elements, .root).isEmpty { return false }
        if node.uniqueItems {
            for first in elements.indices {
                for second in elements.indices where second > first {
                    if elements[first].isJSONEqual(to: elements[second], strings: schema.stringEquality) {
                        return false
                    }
                }
            }
        }
        if checksPaySizeKeywords, let pairs = node.pairs {
            guard elements.count % 2 == 0 else { return false }
            for (offset, element) in elements.enumerated() {
                if !accepts(offset % 2 == 0 ? pairs.key : pairs.value, element) { return false }
            }
        }
        return true
    }

    @inline(never)
    private func acceptsCombinators(_ index: Int, _ instance: JSONElement, depth: Int) -> Bool {
        let node = schema.nodes[index]
        if let all = node.allOf, !all.allSatisfy({ accepts($0, instance, depth: depth + 1) }) { return false }
        if let any = node.anyOf, !any.contains(where: { accepts($0, instance, depth: depth + 1) }) { return false }
        if let one = node.oneOf, one.filter({ accepts($0, instance, depth: depth + 1) }).count != 1 { return false }
        if let negated = node.not, accepts(negated, instance, depth: depth + 1) { return false }
        if node.handWritten != nil, !acceptsHandWritten(index, instance, depth: depth) { return false }
        return true
    }

    /// `$dynamicRef`, `if`/`then`/`else`, `dependentSchemas` and the `unevaluated…` keywords.
    @inline(never)
    private func acceptsHandWritten(_ index: Int, _ instance: JSONElement, depth: Int) -> Bool {
        if let target = dynamicTarget(index), !accepts(target, instance, depth: depth + 1) { return false }
        for branch in conditionalBranches(index, instance, depth: depth)
        where !accepts(branch, instance, depth: depth + 1) {
            return false
        }
        let node = schema.nodes[index]
        if let unevaluated = node.unevaluatedProperties, let members = instance.members {
            let evaluated = evaluation(index, instance, depth: depth)
            for member in members where !evaluated.covers(member.key) {
                if !accepts(unevaluated, member.value) { return false }
            }
        }
        if let unevaluated = node.unevaluatedItems, let elements = instance.elements {
            let evaluated = evaluation(index, instance, depth: depth)
            for (offset, element) in elements.enumerated() where !evaluated.covers(offset) {
                if !accepts(unevaluated, element) { return false }
            }
        }
        return true
    }

    // MARK: - Text

    private func violation(_ keyword: String, _ path: JSONPointer, _ message: String, fix: String) -> SchemaViolation {
        SchemaViolation(path: path, keyword: keyword, message: message, fix: fix)
    }

    package static func matches(_ instance: JSONElement, type: String) -> Bool {
        switch type {
        case "integer":
            // JSON Schema (and JSONDecoder) take 1.0 and 1e2 as integers.
            guard let value = instance.doubleValue else { return false }
            return instance.isIntegerToken || (value.isFinite && value.rounded() == value)
        default:
            return instance.typeName == type
        }
    }

    /// The key in `keys` that differs from `key` only in case style (`eta_date` for `etaDate`).
    package static func similarKey(to key: String, in keys: [String]) -> String? {
        func folded(_ text: String) -> String {
            text.lowercased().filter { $0 != "_" && $0 != "-" }
        }
        let target = folded(key)
        return keys.first { $0 != key && folded($0) == target }
    }

    package static func describe(_ instance: JSONElement) -> String {
        switch instance.content {
        case .string(let value): "string '\(clipped(value))'"
        case .number(let text): "number \(text)"
        case .bool(let value): "boolean \(value)"
        case .null: "null"
        case .object: "object"
        case .array: "array"
        }
    }

    package static func literal(_ instance: JSONElement) -> String {
        switch instance.content {
        case .string(let value): "'\(clipped(value))'"
        case .number(let text): text
        case .bool(let value): "\(value)"
        case .null: "null"
        case .object: "an object"
        case .array: "an array"
        }
    }

    /// A string value for a message: at most 40 characters, control characters escaped.
    package static func clipped(_ text: String) -> String {
        shown(text.count <= 40 ? text : String(text.prefix(39)) + "…")
    }

    /// A key or value quoted in a message, with control characters written as JSON escapes so
    /// the message stays on one line (a key may hold `\n`).
    package static func shown(_ text: String) -> String {
        JSONPointer.escapingControlCharacters(text)
    }

    package static func joined(_ names: [String]) -> String {
        names.count <= 1 ? (names.first ?? "") : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    package static func withArticle(_ text: String) -> String {
        if text == "null" { return text }
        return (text.first.map { "aeiou".contains($0) } ?? false ? "an " : "a ") + text
    }

    package static func text(_ value: Double) -> String {
        RewrittenNumber.swiftText(of: value)
    }

    package static func day(_ date: Date) -> String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate]
        return formatter.string(from: date)
    }
}
