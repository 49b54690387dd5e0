import Foundation
@_spi(Internals) import PaySizeJSON

/// Checks a JSON value against a ``CompiledSchema``: violations (what a draft 2020-12 validator
/// rejects, which the device drops) and, separately, suspicions (what the device accepts but
/// surely misreads).
///
/// One walk applies every keyword. It either gathers every violation
/// (``violations(of:at:)``) or stops at the first one (``accepts(_:_:depth:)``, which also picks
/// `anyOf`/`oneOf` alternatives and decides `not`, `if` and `contains`), so the two answers agree
/// by construction.
///
/// The walk recurses once for each schema applied inside another: a `$ref`, `$dynamicRef` or
/// combinator hop, or a step into a member or item of the value. It goes at most
/// ``maximumDepth`` schemas deep; a value reached deeper is refused with one violation saying so,
/// never accepted unchecked. A schema applied again to the same value while it is still being
/// applied there (a loop of references that does not move into the value) holds at the repeat:
/// every schema on the loop is still checked once, and nothing learned under that assumption is
/// kept as an answer.
package struct SchemaValidator {
    package let schema: CompiledSchema
    /// Whether PaySize's assertion keywords (``PaySizeKeyword/isAssertion``) are checked; without
    /// them the verdicts are a plain draft 2020-12 validator's, which tests compare with Python's
    /// `jsonschema`.
    package let checksPaySizeKeywords: Bool
    /// Answers for values read from bytes, keyed by node, byte range and size (within one scanned
    /// document these name one value): choosing `anyOf`/`oneOf` alternatives at every level would
    /// otherwise re-check each subtree, and a schema whose `$ref`s, `allOf`s and `anyOf`s point at
    /// one node from several places would have it re-checked once per route, which grows
    /// exponentially with the number of hops (`{"oneOf":[{"$ref":"#"},{"$ref":"#"}]}`). Within one
    /// validator every value sits at one path, so the findings are the same. Built values (empty
    /// range) are not cached.
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
        /// Answers per value and dynamic scope, when the schema uses it.
        struct ScopedKey: Hashable {
            var key: Key
            var scope: [Int]
        }
        let plain = Memo<Key>()
        let scoped = Memo<ScopedKey>()
        /// The resources entered on the way to the node being checked, outermost first (the
        /// dynamic scope a `$dynamicRef` searches); kept only when the schema has one. A resource
        /// entered again is not repeated: the search takes its outermost entry anyway, and so
        /// the scope stays as short as the schema's resources are few.
        var scope: [Int] = []
        /// The shallowest depth of a walk still in progress that a loop assumed to hold; `Int.max`
        /// when none. Answers found beneath it rest on the assumption and are not kept.
        var assumed = Int.max
        /// Nodes checked that no answer is kept for (a value built while checking, such as a
        /// key under `propertyNames`, has no byte range to key it by): bounded, since schemas
        /// that loop through `anyOf` would otherwise check such a value exponentially often.
        var steps = 0
        var exhausted = false
        /// Whether a walk reached ``SchemaValidator/maximumDepth``.
        var tooDeep = false
    }

    /// The answers of one kind of key, yes-or-no and findings apart: a node and value being
    /// checked, when its node can loop back to it, is marked with its depth until its answer is
    /// known.
    private final class Memo<Key: Hashable> {
        enum Entry<Answer> {
            case inProgress(depth: Int)
            case answered(Answer)
        }
        var verdicts: [Key: Entry<Bool>] = [:]
        var findings: [Key: Entry<[SchemaViolation]>] = [:]
    }

    /// What one walk gathers: every violation when `collects`, else only whether there is one.
    private struct Outcome {
        let collects: Bool
        var violations: [SchemaViolation] = []
        var failed = false

        /// Whether the walk may stop: it answers yes or no, and the answer is no.
        var isDecided: Bool { failed && !collects }

        /// Records a violation, built only when every violation is gathered.
        mutating func add(_ violation: @autoclosure () -> SchemaViolation) {
            failed = true
            if collects { violations.append(violation()) }
        }

        mutating func add(_ found: [SchemaViolation]) {
            if !found.isEmpty { failed = true }
            violations += found
        }

        mutating func add(_ other: Outcome) {
            if other.failed { failed = true }
            violations += other.violations
        }
    }

    /// The most uncached node checks for one value; past it the value is refused with one
    /// finding saying so.
    package static let maximumSteps = 1_000_000

    /// The most schemas applied inside each other: `$ref`/`$dynamicRef`/combinator hops and steps
    /// into the value together. A walk that reaches it refuses the whole value with one violation
    /// (keyword `depth`). The walk recurses once per schema, so this bounds its stack: the deepest walk
    /// fits in 4 MiB even in a debug build, half of a Linux thread's default stack
    /// (`SchemaDepthTests`), and in a fraction of that optimized.
    package static let maximumDepth = 256

    package init(schema: CompiledSchema, checksPaySizeKeywords: Bool = true) {
        self.schema = schema
        self.checksPaySizeKeywords = checksPaySizeKeywords
    }

    private func node(_ index: Int) -> CompiledSchema.Node { schema.nodes[index] }

    // MARK: - Entry points

    package func violations(of instance: JSONElement, at path: JSONPointer) -> [SchemaViolation] {
        var found = violations(schema.root, instance, path, depth: 0)
        if answers.tooDeep {
            // Past the limit no answer is known, and `not`, `oneOf`, `if` and `contains` turn an
            // unknown into anything: the other findings cannot be trusted, the refusal can.
            var refusal = tooDeep(path)
            if !instance.byteRange.isEmpty { refusal.byteOffset = instance.byteRange.lowerBound }
            found = [refusal]
        }
        guard answers.exhausted else { return found }
        return found + [
            violation(
                "$ref",
                path,
                "checking this value against the schema takes more than \(Self.maximumSteps) steps, so it is not shown to be valid",
                fix: "simplify the schema's recursion through '$ref' and 'anyOf', or send a smaller value")
        ]
    }

    /// Whether `instance` satisfies node `index`: the walk of ``violations(of:at:)``, stopping at
    /// the first violation without building it. `depth` counts the schemas the caller is inside.
    /// A walk that went past ``maximumDepth`` or ``maximumSteps``, now or in an earlier call, makes
    /// every answer no.
    package func accepts(_ index: Int, _ instance: JSONElement, depth: Int = 0) -> Bool {
        holds(index, instance, depth: depth) && !answers.tooDeep && !answers.exhausted
    }

    /// Whether node `index` holds on `instance` as far as the walk can tell: the yes-or-no walk
    /// inside another, which leaves the limits to the outermost call.
    private func holds(_ index: Int, _ instance: JSONElement, depth: Int) -> Bool {
        var outcome = Outcome(collects: false)
        apply(index, instance, .root, depth: depth, &outcome)
        return !outcome.failed
    }

    private func violations(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int) -> [SchemaViolation]
    {
        var outcome = Outcome(collects: true)
        apply(index, instance, path, depth: depth, &outcome)
        return outcome.violations
    }

    // MARK: - The walk

    /// Applies node `index` to `instance`, `depth` schemas deep, adding what it finds to `outcome`.
    private func apply(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int, _ outcome: inout Outcome)
    {
        guard depth < Self.maximumDepth else {
            answers.tooDeep = true
            outcome.failed = true
            return
        }
        if schema.usesDynamicScope {
            applyScoped(index, instance, path, depth: depth, &outcome)
        } else if let key = Answers.Key(index, instance) {
            applyOnce(key, in: answers.plain, countingSteps: false, index, instance, path, depth: depth, &outcome)
        } else if step() {
            outcome.add(evaluate(index, instance, path, depth: depth, collects: outcome.collects))
        } else {
            outcome.failed = true
        }
    }

    /// `apply` when the schema uses the dynamic scope: answers kept per dynamic scope too, the
    /// node's resource entered for what it reaches, and a bound on the work.
    @inline(never)
    private func applyScoped(
        _ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int, _ outcome: inout Outcome
    ) {
        let entered = enter(index)
        defer { leave(entered) }
        if let key = Answers.Key(index, instance) {
            let scoped = Answers.ScopedKey(key: key, scope: answers.scope)
            applyOnce(scoped, in: answers.scoped, countingSteps: true, index, instance, path, depth: depth, &outcome)
        } else if step() {
            outcome.add(evaluate(index, instance, path, depth: depth, collects: outcome.collects))
        } else {
            outcome.failed = true
        }
    }

    /// Applies a node to a value read from bytes at most once per kind of walk: a kept answer is
    /// reused, and a node reached again while it is being applied to the same value holds there.
    ///
    /// A findings walk marks its node and value in progress among the yes-or-no answers too, so a
    /// yes-or-no walk inside it closes a loop where the findings walk would.
    private func applyOnce<Key: Hashable>(
        _ key: Key, in memo: Memo<Key>, countingSteps: Bool, _ index: Int, _ instance: JSONElement,
        _ path: JSONPointer, depth: Int, _ outcome: inout Outcome
    ) {
        let collects = outcome.collects
        if collects {
            switch memo.findings[key] {
            case .answered(let found)?:
                outcome.add(found)
                return
            case .inProgress(let entered)?:
                answers.assumed = min(answers.assumed, entered)
                return
            case nil:
                break
            }
        } else {
            switch memo.verdicts[key] {
            case .answered(let holds)?:
                if !holds { outcome.failed = true }
                return
            case .inProgress(let entered)?:
                answers.assumed = min(answers.assumed, entered)
                return
            case nil:
                break
            }
        }
        guard !countingSteps || step() else {
            outcome.failed = true
            return
        }
        let watched = schema.nodes[index].appliesInPlace
        var markedVerdict = false
        if watched {
            if collects {
                memo.findings[key] = .inProgress(depth: depth)
                if memo.verdicts[key] == nil {
                    memo.verdicts[key] = .inProgress(depth: depth)
                    markedVerdict = true
                }
            } else {
                memo.verdicts[key] = .inProgress(depth: depth)
            }
        }
        let own = evaluate(index, instance, path, depth: depth, collects: collects)
        // The answer is kept unless it rests on a loop's assumption about a walk still in progress.
        let settled = !watched || answers.assumed >= depth
        if settled, watched { answers.assumed = Int.max }
        if collects {
            memo.findings[key] = settled ? .answered(own.violations) : nil
            if markedVerdict { memo.verdicts[key] = settled ? .answered(!own.failed) : nil }
        } else {
            memo.verdicts[key] = settled ? .answered(!own.failed) : nil
        }
        outcome.add(own)
    }

    /// The outcome of node `index` on `instance` alone; findings made at this level point at it.
    private func evaluate(_ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int, collects: Bool)
        -> Outcome
    {
        var own = Outcome(collects: collects)
        applyKeywords(index, instance, path, depth: depth, &own)
        if collects { own.violations = Self.unique(Self.locating(own.violations, at: instance)) }
        return own
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
        let inPlace = schema.nodes[index].inPlace
        guard let target = inPlace.dynamicReference else { return nil }
        guard let name = inPlace.dynamicAnchor else { return target }
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

    // MARK: - Keywords

    // Each part below takes its node's keywords of one group and returns early once a yes-or-no
    // walk has its answer. They are kept apart so a walk through a deep value or a long chain of
    // references keeps a small frame per level.

    private func applyKeywords(
        _ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int, _ outcome: inout Outcome
    ) {
        if let constant = schema.nodes[index].constant {
            if !constant {
                outcome.add(
                    violation(
                        "false", path, "no value is allowed here, found \(Self.describe(instance))", fix: "remove it"))
            }
            return
        }
        let appliesInPlace = schema.nodes[index].appliesInPlace
        if appliesInPlace, let reference = schema.nodes[index].inPlace.reference {
            apply(reference, instance, path, depth: depth + 1, &outcome)
            if outcome.isDecided { return }
        }
        if let types = schema.nodes[index].types,
            !types.contains(where: { Self.matches(instance, type: $0, decodedAs: decodedType(index)) })
        {
            // A wrong type makes every other keyword here moot.
            outcome.add(typeViolation(schema.nodes[index], types, instance, path))
            return
        }
        applyValueKeywords(index, instance, path, depth: depth, &outcome)
        if outcome.isDecided { return }
        switch instance.content {
        case .object(let members): applyObjectKeywords(index, members, path, depth: depth, &outcome)
        case .array(let elements): applyArrayKeywords(index, elements, path, depth: depth, &outcome)
        default: break
        }
        if outcome.isDecided { return }
        if appliesInPlace {
            applyInPlaceKeywords(index, instance, path, depth: depth, &outcome)
            if outcome.isDecided { return }
        }
        if schema.nodes[index].checksUnevaluated {
            applyUnevaluatedKeywords(index, instance, path, depth: depth, &outcome)
        }
    }

    /// `enum`, `const` and the number and string assertions.
    @inline(never)
    private func applyValueKeywords(
        _ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int, _ outcome: inout Outcome
    ) {
        let numberType = schema.nodes[index].number.numberType
        if let values = schema.nodes[index].enumValues,
            !values.contains(where: { equal($0, instance, as: numberType) })
        {
            outcome.add(
                violation(
                    "enum",
                    path,
                    "unknown value \(Self.literal(instance)), expected one of \(values.prefix(12).map(Self.literal).joined(separator: ", "))",
                    fix: "send one of the known values; a new case must reach every installed app first"))
            if outcome.isDecided { return }
        }
        if let constant = schema.nodes[index].constValue, !equal(constant, instance, as: numberType) {
            outcome.add(
                violation(
                    "const",
                    path, "expected \(Self.literal(constant)), found \(Self.literal(instance))",
                    fix: "send \(Self.literal(constant))"))
            if outcome.isDecided { return }
        }
        if let text = instance.numberText {
            applyNumberKeywords(schema.nodes[index].number, text, path, &outcome)
        } else if let string = instance.stringValue {
            applyStringKeywords(schema.nodes[index].string, string, path, depth: depth, &outcome)
        }
    }

    /// Bounds (compared exactly on the decimals as written, see ``JSONDecimal``, or as the app
    /// decodes them under `x-paysize-number`) and, when checked, `x-paysize-number`: a number
    /// the bounds already refuse is not reported twice.
    @inline(never)
    private func applyNumberKeywords(
        _ keywords: CompiledSchema.NumberKeywords, _ text: String, _ path: JSONPointer, _ outcome: inout Outcome
    ) {
        let hasBounds =
            keywords.minimum != nil || keywords.maximum != nil || keywords.exclusiveMinimum != nil
            || keywords.exclusiveMaximum != nil || keywords.multipleOf != nil
        guard let value = JSONDecimal(text) else {
            // Past the exact-number bound nothing is shown: refused, never accepted unchecked.
            if hasBounds {
                outcome.add(
                    violation(
                        "number", path,
                        "\(Self.clipped(text)) has an exponent part beyond ±10^15, past the bound within which numbers are compared exactly",
                        fix: "send a number with a shorter exponent"))
            }
            return
        }
        // Where PaySize knows the Swift type the app decodes the number into, the bounds hold of
        // the decoded value, as the device compares it (``JSONNumber``: an integer token exactly,
        // another as its nearest `Double`); elsewhere of the decimal written, as the
        // specification says.
        let decoded = checksPaySizeKeywords && keywords.numberType != nil ? JSONNumber(text) : nil
        func order(_ bound: JSONDecimal) -> Int {
            if let decoded, let limit = JSONNumber(bound.text) {
                return decoded < limit ? -1 : (limit < decoded ? 1 : 0)
            }
            return value < bound ? -1 : (bound < value ? 1 : 0)
        }
        var bounded = true
        if let minimum = keywords.minimum, order(minimum) < 0 {
            bounded = false
            outcome.add(
                violation(
                    "minimum", path, "\(text) is less than the minimum \(minimum)", fix: "send a value ≥ \(minimum)"))
            if outcome.isDecided { return }
        }
        if let maximum = keywords.maximum, order(maximum) > 0 {
            bounded = false
            outcome.add(
                violation(
                    "maximum", path, "\(text) is more than the maximum \(maximum)", fix: "send a value ≤ \(maximum)"))
            if outcome.isDecided { return }
        }
        if let bound = keywords.exclusiveMinimum, order(bound) <= 0 {
            bounded = false
            outcome.add(
                violation("exclusiveMinimum", path, "\(text) is not more than \(bound)", fix: "send a value > \(bound)")
            )
            if outcome.isDecided { return }
        }
        if let bound = keywords.exclusiveMaximum, order(bound) >= 0 {
            bounded = false
            outcome.add(
                violation("exclusiveMaximum", path, "\(text) is not less than \(bound)", fix: "send a value < \(bound)")
            )
            if outcome.isDecided { return }
        }
        if let multiple = keywords.multipleOf, !multiple.divides(value) {
            bounded = false
            outcome.add(
                violation(
                    "multipleOf",
                    path, "\(text) is not a multiple of \(multiple.description)",
                    fix: "send a multiple of \(multiple.description)"))
            if outcome.isDecided { return }
        }
        if bounded, checksPaySizeKeywords, let type = keywords.numberType, type.read(text) == nil {
            outcome.add(
                violation(
                    "x-paysize-number",
                    path, "JSONDecoder cannot read \(text) as \(type.rawValue)", fix: "send \(type.range)"))
        }
    }

    @inline(never)
    private func applyStringKeywords(
        _ keywords: CompiledSchema.StringKeywords, _ string: String, _ path: JSONPointer, depth: Int,
        _ outcome: inout Outcome
    ) {
        // JSON Schema counts code points, not UTF-16 units or grapheme clusters.
        if keywords.minLength != nil || keywords.maxLength != nil {
            let length = string.unicodeScalars.count
            if let minimum = keywords.minLength, length < minimum {
                outcome.add(
                    violation(
                        "minLength",
                        path, "string is \(length) characters long, shorter than \(minimum)",
                        fix: "send at least \(minimum) characters"))
                if outcome.isDecided { return }
            }
            if let maximum = keywords.maxLength, length > maximum {
                outcome.add(
                    violation(
                        "maxLength",
                        path, "string is \(length) characters long, longer than \(maximum)",
                        fix: "send at most \(maximum) characters"))
                if outcome.isDecided { return }
            }
        }
        if let pattern = keywords.pattern {
            do {
                if try !pattern.matches(string) {
                    outcome.add(
                        violation(
                            "pattern",
                            path, "'\(Self.clipped(string))' does not match the pattern '\(pattern.source)'",
                            fix: "send a value that matches '\(pattern.source)'"))
                }
            } catch {
                // A match past the pattern's work bound cannot show the value satisfies it.
                outcome.add(
                    violation("pattern", path, error.message, fix: "simplify the pattern or send a shorter string"))
            }
            if outcome.isDecided { return }
        }
        if schema.assertsFormat, let format = keywords.format, !format.accepts(string) {
            outcome.add(
                violation(
                    "format",
                    path, "'\(Self.clipped(string))' is not a valid '\(format.rawValue)' (format)",
                    fix: "send a '\(format.rawValue)' string, or check without --format-assertion"))
            if outcome.isDecided { return }
        }
        guard checksPaySizeKeywords else { return }
        if let format = keywords.stringFormat, !format.accepts(string) {
            outcome.add(
                violation(
                    "x-paysize-format",
                    path, "'\(Self.clipped(string))' is not \(format.name) JSONDecoder can read", fix: format.fix))
            if outcome.isDecided { return }
        }
        if let integerText = keywords.integerText {
            if let integer = Int(string) {
                apply(integerText, .integer(integer), path, depth: depth + 1, &outcome)
            } else {
                outcome.add(
                    violation(
                        "x-paysize-integer-text",
                        path, "'\(Self.clipped(string))' is not an integer as Int(_:) reads it",
                        fix: "send an integer such as '3' or '-1'"))
            }
        }
    }

    @inline(never)
    private func applyObjectKeywords(
        _ index: Int, _ members: [JSONMember], _ path: JSONPointer, depth: Int, _ outcome: inout Outcome
    ) {
        let object = schema.nodes[index].object
        let keys = StringEquality.Keys(members.map(\.key), schema.stringEquality)
        for key in object.required where !keys.contains(key) {
            outcome.add(missingKey(key, in: members, path))
            if outcome.isDecided { return }
        }
        for dependent in object.dependentRequired where keys.contains(dependent.key) {
            for name in dependent.required where !keys.contains(name) {
                outcome.add(
                    violation(
                        "dependentRequired",
                        path.appending(name),
                        "missing key '\(Self.shown(name))', required when '\(Self.shown(dependent.key))' is present",
                        fix: "add '\(Self.shown(name))', or leave out '\(Self.shown(dependent.key))'"))
                if outcome.isDecided { return }
            }
        }
        if let minimum = object.minProperties, members.count < minimum {
            outcome.add(
                violation(
                    "minProperties",
                    path, "object has \(members.count) keys, fewer than \(minimum)",
                    fix: "send at least \(minimum) keys"))
            if outcome.isDecided { return }
        }
        if let maximum = object.maxProperties, members.count > maximum {
            outcome.add(
                violation(
                    "maxProperties",
                    path, "object has \(members.count) keys, more than \(maximum)", fix: "send at most \(maximum) keys")
            )
            if outcome.isDecided { return }
        }
        for member in members {
            let memberPath = outcome.collects ? path.appending(member.key) : path
            if let names = object.propertyNames {
                applyPropertyNames(names, member, memberPath, depth: depth, &outcome)
                if outcome.isDecided { return }
            }
            let property = object.properties.first(where: { schema.stringEquality.equal($0.key, member.key) })
            if let property {
                apply(property.node, member.value, memberPath, depth: depth + 1, &outcome)
                if outcome.isDecided { return }
            }
            var patterned = false
            for pattern in object.patternProperties where Self.matches(pattern.pattern, member.key) {
                patterned = true
                apply(pattern.node, member.value, memberPath, depth: depth + 1, &outcome)
                if outcome.isDecided { return }
            }
            if property == nil, !patterned, let additional = object.additionalProperties {
                if node(additional).constant == false {
                    outcome.add(
                        violation(
                            "additionalProperties",
                            memberPath, "key '\(Self.shown(member.key))' is not allowed here",
                            fix: "remove '\(Self.shown(member.key))'"))
                } else {
                    apply(additional, member.value, memberPath, depth: depth + 1, &outcome)
                }
                if outcome.isDecided { return }
            }
        }
    }

    private func missingKey(_ key: String, in members: [JSONMember], _ path: JSONPointer) -> SchemaViolation {
        if let similar = Self.similarKey(to: key, in: members.map(\.key)) {
            return violation(
                "required",
                path.appending(key),
                "missing required key '\(Self.shown(key))' (the payload has '\(Self.shown(similar))')",
                fix:
                    "send '\(Self.shown(key))' exactly as the app's CodingKeys spell it: do not use .convertToSnakeCase"
            )
        }
        return violation(
            "required",
            path.appending(key), "missing required key '\(Self.shown(key))'",
            fix: "add '\(Self.shown(key))' to the payload, or make it optional in the app's type")
    }

    /// `propertyNames` on one member's key: its findings say which key and point at the key.
    @inline(never)
    private func applyPropertyNames(
        _ names: Int, _ member: JSONMember, _ path: JSONPointer, depth: Int, _ outcome: inout Outcome
    ) {
        var own = Outcome(collects: outcome.collects)
        apply(names, .string(member.key), path, depth: depth + 1, &own)
        if own.collects {
            own.violations = own.violations.map { finding in
                var keyed = finding
                keyed.message = "key '\(Self.shown(member.key))' is not allowed: \(finding.message)"
                if !member.keyRange.isEmpty { keyed.byteOffset = member.keyRange.lowerBound }
                return keyed
            }
        }
        outcome.add(own)
    }

    @inline(never)
    private func applyArrayKeywords(
        _ index: Int, _ elements: [JSONElement], _ path: JSONPointer, depth: Int, _ outcome: inout Outcome
    ) {
        let array = schema.nodes[index].array
        if let minimum = array.minItems, elements.count < minimum {
            outcome.add(
                violation(
                    "minItems",
                    path, "array has \(elements.count) items, fewer than \(minimum)",
                    fix: "send at least \(minimum) items"))
            if outcome.isDecided { return }
        }
        if let maximum = array.maxItems, elements.count > maximum {
            outcome.add(
                violation(
                    "maxItems",
                    path, "array has \(elements.count) items, more than \(maximum)",
                    fix: "send at most \(maximum) items"))
            if outcome.isDecided { return }
        }
        for (offset, element) in elements.enumerated() {
            if offset < array.prefixItems.count {
                apply(array.prefixItems[offset], element, itemPath(path, offset, outcome), depth: depth + 1, &outcome)
            } else if let items = array.items {
                if node(items).constant == false {
                    outcome.add(
                        violation(
                            "items",
                            path.appending(index: offset), "no item is allowed at index \(offset)",
                            fix: "send at most \(offset) items"))
                } else {
                    apply(items, element, itemPath(path, offset, outcome), depth: depth + 1, &outcome)
                }
            }
            if outcome.isDecided { return }
        }
        if checksPaySizeKeywords, let pairs = array.pairs {
            if elements.count % 2 != 0 {
                outcome.add(
                    violation(
                        "x-paysize-pairs",
                        path,
                        "a dictionary written as a flat [key, value, …] array needs an even number of items, found \(elements.count)",
                        fix: "send a value after every key"))
                if outcome.isDecided { return }
            }
            for (offset, element) in elements.enumerated() {
                let pair = offset % 2 == 0 ? pairs.key : pairs.value
                apply(pair, element, itemPath(path, offset, outcome), depth: depth + 1, &outcome)
                if outcome.isDecided { return }
            }
        }
        if let contains = array.contains {
            applyContains(array, contains, elements, path, depth: depth, &outcome)
            if outcome.isDecided { return }
        }
        if array.uniqueItems {
            outer: for first in elements.indices {
                for second in elements.indices where second > first {
                    if elements[first].isJSONEqual(
                        to: elements[second], strings: schema.stringEquality, exactNumbers: true)
                    {
                        outcome.add(
                            violation(
                                "uniqueItems",
                                path, "items \(first) and \(second) are equal, items must be unique",
                                fix: "remove the duplicate"))
                        break outer
                    }
                }
            }
        }
    }

    private func itemPath(_ path: JSONPointer, _ offset: Int, _ outcome: Outcome) -> JSONPointer {
        outcome.collects ? path.appending(index: offset) : path
    }

    /// `contains` with `minContains` (default 1) and `maxContains`.
    @inline(never)
    private func applyContains(
        _ array: CompiledSchema.ArrayKeywords, _ contains: Int, _ elements: [JSONElement], _ path: JSONPointer,
        depth: Int, _ outcome: inout Outcome
    ) {
        var matching = 0
        for element in elements where holds(contains, element, depth: depth + 1) { matching += 1 }
        let minimum = array.minContains ?? 1
        if matching < minimum {
            outcome.add(
                violation(
                    "minContains",
                    path, "array has \(matching) items matching 'contains', fewer than \(minimum)",
                    fix: "send at least \(minimum) items that match"))
            if outcome.isDecided { return }
        }
        if let maximum = array.maxContains, matching > maximum {
            outcome.add(
                violation(
                    "maxContains",
                    path, "array has \(matching) items matching 'contains', more than \(maximum)",
                    fix: "send at most \(maximum) items that match"))
        }
    }

    /// `allOf`, `anyOf`, `oneOf`, `not`, `$dynamicRef`, `if`/`then`/`else` and `dependentSchemas`.
    @inline(never)
    private func applyInPlaceKeywords(
        _ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int, _ outcome: inout Outcome
    ) {
        let inPlace = schema.nodes[index].inPlace
        if let all = inPlace.allOf {
            for branch in all {
                apply(branch, instance, path, depth: depth + 1, &outcome)
                if outcome.isDecided { return }
            }
        }
        if let any = inPlace.anyOf, !any.contains(where: { holds($0, instance, depth: depth + 1) }) {
            outcome.failed = true
            if !outcome.collects { return }
            let results = any.map { violations($0, instance, path, depth: depth + 1) }
            outcome.add(explainNoMatch(any, results, instance, path, keyword: "anyOf", depth: depth))
        }
        if let one = inPlace.oneOf {
            var matching = 0
            for branch in one where holds(branch, instance, depth: depth + 1) {
                matching += 1
                if matching > 1, !outcome.collects { break }
            }
            if matching == 0 {
                outcome.failed = true
                if !outcome.collects { return }
                let results = one.map { violations($0, instance, path, depth: depth + 1) }
                outcome.add(explainNoMatch(one, results, instance, path, keyword: "oneOf", depth: depth))
            } else if matching > 1 {
                outcome.add(
                    violation(
                        "oneOf",
                        path, "matches \(matching) alternatives of 'oneOf', exactly one must match",
                        fix: "send a value that fits exactly one alternative (for an enum: exactly one case key)"))
                if outcome.isDecided { return }
            }
        }
        if let negated = inPlace.not, holds(negated, instance, depth: depth + 1) {
            outcome.add(
                violation("not", path, "matches a schema it must not match ('not')", fix: "send a different value"))
            if outcome.isDecided { return }
        }
        if let target = dynamicTarget(index) {
            apply(target, instance, path, depth: depth + 1, &outcome)
            if outcome.isDecided { return }
        }
        if inPlace.ifSchema != nil || !schema.nodes[index].object.dependentSchemas.isEmpty {
            for branch in conditionalBranches(index, instance, depth: depth) {
                apply(branch, instance, path, depth: depth + 1, &outcome)
                if outcome.isDecided { return }
            }
        }
    }

    /// `unevaluatedProperties` and `unevaluatedItems`.
    @inline(never)
    private func applyUnevaluatedKeywords(
        _ index: Int, _ instance: JSONElement, _ path: JSONPointer, depth: Int, _ outcome: inout Outcome
    ) {
        if let unevaluated = schema.nodes[index].object.unevaluatedProperties, let members = instance.members {
            applyUnevaluatedProperties(index, unevaluated, instance, members, path, depth: depth, &outcome)
            if outcome.isDecided { return }
        }
        if let unevaluated = schema.nodes[index].array.unevaluatedItems, let elements = instance.elements {
            applyUnevaluatedItems(index, unevaluated, instance, elements, path, depth: depth, &outcome)
        }
    }

    /// `unevaluatedProperties`: the members that no keyword of this node, nor of a subschema
    /// applied here in place and satisfied, evaluated.
    @inline(never)
    private func applyUnevaluatedProperties(
        _ index: Int, _ unevaluated: Int, _ instance: JSONElement, _ members: [JSONMember], _ path: JSONPointer,
        depth: Int, _ outcome: inout Outcome
    ) {
        let evaluated = evaluation(index, instance, depth: depth)
        for member in members where !evaluated.covers(member.key) {
            if node(unevaluated).constant == false {
                outcome.add(
                    violation(
                        "unevaluatedProperties",
                        path.appending(member.key),
                        "key '\(Self.shown(member.key))' is not allowed here (unevaluatedProperties)",
                        fix: "remove '\(Self.shown(member.key))'"))
            } else {
                let memberPath = outcome.collects ? path.appending(member.key) : path
                apply(unevaluated, member.value, memberPath, depth: depth + 1, &outcome)
            }
            if outcome.isDecided { return }
        }
    }

    /// `unevaluatedItems`, as `unevaluatedProperties` for items.
    @inline(never)
    private func applyUnevaluatedItems(
        _ index: Int, _ unevaluated: Int, _ instance: JSONElement, _ elements: [JSONElement], _ path: JSONPointer,
        depth: Int, _ outcome: inout Outcome
    ) {
        let evaluated = evaluation(index, instance, depth: depth)
        for (offset, element) in elements.enumerated() where !evaluated.covers(offset) {
            if node(unevaluated).constant == false {
                outcome.add(
                    violation(
                        "unevaluatedItems",
                        path.appending(index: offset),
                        "no item is allowed at index \(offset) (unevaluatedItems)", fix: "remove the item"))
            } else {
                apply(unevaluated, element, itemPath(path, offset, outcome), depth: depth + 1, &outcome)
            }
            if outcome.isDecided { return }
        }
    }

    /// `enum` and `const` equality: as JSON Schema says, or, under `x-paysize-number`, as the
    /// decoded Swift values (two spellings of one `Float` are one raw value).
    private func equal(_ listed: JSONElement, _ instance: JSONElement, as numberType: SwiftNumberType?) -> Bool {
        if checksPaySizeKeywords, let type = numberType, let a = listed.numberText, let b = instance.numberText {
            // Decoded into a Swift type, numbers compare as the device reads them.
            guard let x = type.read(a), let y = type.read(b) else {
                return listed.isJSONEqual(to: instance, strings: schema.stringEquality)
            }
            return x == y
        }
        return listed.isJSONEqual(to: instance, strings: schema.stringEquality, exactNumbers: true)
    }

    /// Whether `pattern` matches `text`. A match that would exceed the pattern's work bound
    /// counts as no match: the value cannot be shown to satisfy the schema.
    package static func matches(_ pattern: ECMAScriptPattern, _ text: String) -> Bool {
        (try? pattern.matches(text)) ?? false
    }

    private func tooDeep(_ path: JSONPointer) -> SchemaViolation {
        violation(
            "depth",
            path,
            "checking this value applies more than \(Self.maximumDepth) schemas inside each other, so it is not shown to be valid",
            fix:
                "send a value nested less deeply, or shorten the schema's chains of '$ref', 'allOf', 'anyOf', 'oneOf' and 'not'"
        )
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
            if node.object.additionalProperties != nil || (own && node.object.unevaluatedProperties != nil) {
                evaluation.allKeys = true
            } else {
                for member in members {
                    if node.object.properties.contains(where: { $0.key == member.key })
                        || node.object.patternProperties.contains(where: { Self.matches($0.pattern, member.key) })
                    {
                        evaluation.keys.insert(member.key)
                    }
                }
            }
        }
        if let elements = instance.elements {
            if node.array.items != nil || (own && node.array.unevaluatedItems != nil) {
                evaluation.allItems = true
            } else {
                for offset in 0..<min(node.array.prefixItems.count, elements.count) { evaluation.items.insert(offset) }
                if let contains = node.array.contains {
                    for (offset, element) in elements.enumerated() where holds(contains, element, depth: depth + 1) {
                        evaluation.items.insert(offset)
                    }
                }
            }
        }
        var applied: [Int] = []
        if let reference = node.inPlace.reference { applied.append(reference) }
        applied += node.inPlace.allOf ?? []
        for branch in (node.inPlace.anyOf ?? []) + (node.inPlace.oneOf ?? [])
        where holds(branch, instance, depth: depth + 1) {
            applied.append(branch)
        }
        if let target = dynamicTarget(index) { applied.append(target) }
        applied += conditionalBranches(index, instance, depth: depth, includingIf: true)
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
        if let condition = node.inPlace.ifSchema {
            let holdsHere = holds(condition, instance, depth: depth + 1)
            if holdsHere, includingIf { branches.append(condition) }
            if let branch = holdsHere ? node.inPlace.thenSchema : node.inPlace.elseSchema { branches.append(branch) }
        }
        if !node.object.dependentSchemas.isEmpty, let members = instance.members {
            for dependent in node.object.dependentSchemas
            where members.contains(where: { schema.stringEquality.equal($0.key, dependent.key) }) {
                branches.append(dependent.node)
            }
        }
        return branches
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
        if types.contains("integer"), let text = instance.numberText, JSONDecimal(text) == nil {
            return violation(
                "type",
                path,
                "expected \(expected), found number \(Self.clipped(text)), whose exponent part is beyond ±10^15, past the bound within which numbers are compared exactly",
                fix: "send a whole number with a shorter exponent")
        }
        if types.contains("integer"), instance.numberText != nil {
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
        keyword: String, depth: Int
    ) -> [SchemaViolation] {
        var candidates = branches.indices.filter { typeAccepts(branches[$0], instance) }
        // Inference writes a branch for a type that reads other keys when one is missing, guarded
        // by `not` (that key present): where its guard holds, that branch is the one meant.
        let guarded = candidates.filter { resolved(branches[$0]).inPlace.not != nil }
        if !guarded.isEmpty {
            let open = guarded.filter { index in
                resolved(branches[index]).inPlace.not.map { !holds($0, instance, depth: depth + 1) } ?? false
            }
            candidates = open.isEmpty ? candidates.filter { resolved(branches[$0]).inPlace.not == nil } : open
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
        while let reference = current.inPlace.reference, current.types == nil, hops < Self.maximumDepth {
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
        return node.object.required.isEmpty ? nil : Set(node.object.required)
    }

    /// The case keys when every alternative is a single-key object (an enum with associated values).
    private func caseKeys(_ branches: [Int]) -> [String]? {
        var keys: [String] = []
        for branch in branches {
            let node = resolved(branch)
            guard node.object.required.count == 1 else { return nil }
            keys.append(node.object.required[0])
        }
        return keys
    }

    // MARK: - Text

    private func violation(_ keyword: String, _ path: JSONPointer, _ message: String, fix: String) -> SchemaViolation {
        SchemaViolation(path: path, keyword: keyword, message: message, fix: fix)
    }

    /// The Swift number type the app decodes node `index`'s numbers into, when PaySize's
    /// keywords are checked: then numbers are judged as the device reads them.
    private func decodedType(_ index: Int) -> SwiftNumberType? {
        checksPaySizeKeywords ? schema.nodes[index].number.numberType : nil
    }

    /// Whether `instance` has JSON type `type`; a number decoded into a Swift type (`decodedAs`)
    /// is an integer when its nearest `Double` is whole, as `JSONDecoder` reads it.
    package static func matches(_ instance: JSONElement, type: String, decodedAs decoded: SwiftNumberType?) -> Bool {
        if type == "integer", decoded != nil, let value = instance.doubleValue {
            return instance.isIntegerToken || (value.isFinite && value.rounded() == value)
        }
        return matches(instance, type: type)
    }

    package static func matches(_ instance: JSONElement, type: String) -> Bool {
        switch type {
        case "integer":
            // JSON Schema takes 1.0, 1e2 and 1e400 as integers: the decimal written is whole. A
            // token past the exact-number bound is not shown to be one.
            guard let text = instance.numberText else { return false }
            return instance.isIntegerToken || JSONDecimal(text)?.isInteger == true
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
