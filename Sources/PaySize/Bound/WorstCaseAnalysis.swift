import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// Walks a compiled schema to the costliest value it allows, as one of Foundation's writers
/// would re-encode it: each part's worst is independent of the others (JSON members and items do
/// not interact) except where values must differ (dictionary keys, `uniqueItems`), which draws
/// the costliest distinct values instead.
///
/// The writers differ only in numbers read as `Double` or `Float` (a `Date`'s seconds among
/// them): the Swift writer's shortest round-trip text, or the Objective-C writer's 17
/// significant digits (<doc:WhatTheDeviceCounts>).
struct WorstCaseAnalysis {
    struct Row {
        var path: JSONPointer
        var count: Int
        var byteCount: Int
    }

    /// The costliest value of one place and what it is made of.
    struct Worst {
        var bytes: Int
        var witness: JSONElement
        var rows: [Row] = []
        var arrays: [WorstCaseBound.ArrayHeadroom] = []
        var sites: [LimitSite] = []

        /// This value `count` times over, for items and dictionary values.
        func repeated(_ count: Int) -> (rows: [Row], sites: [LimitSite]) {
            (
                rows.map { Row(path: $0.path, count: $0.count * count, byteCount: $0.byteCount * count) },
                sites.map { site in
                    var repeated = site
                    repeated.bytesPerUnit *= count
                    return repeated
                }
            )
        }
    }

    enum Outcome {
        case bounded(Worst)
        /// Some place inside has no bound (recorded in ``unbounded``).
        case unbounded
        /// No value is allowed here.
        case impossible
    }

    let schema: CompiledSchema
    let printable: Bool
    let dates: WorstCaseBound.DateEncodingStrategy
    /// The writer whose text of each floating-point number is counted.
    let writer: JSONWriter
    /// Whether each unbounded place counts at its smallest allowed form instead of making the
    /// whole unbounded: the bounded rest.
    let shortestUnbounded: Bool
    let validator: SchemaValidator
    /// Where the schema document marks an array as a Swift `Set` (`x-paysize-set`): its items
    /// are drawn distinct, as decoding keeps one of each repeated item.
    let setLocations: Set<JSONPointer>
    /// Where the schema document lists what a value is written as (`x-paysize-written-as`): an
    /// enum that decodes any value of its raw type to one of its cases, each re-encoded as one
    /// of the listed values.
    let writtenValues: [JSONPointer: [JSONElement]]
    /// The inference's notes (`x-paysize-note`) by place: why a place is as wide as it is, said
    /// again where that place makes the bound unbounded.
    let placeNotes: [JSONPointer: String]
    /// Where a definition was inlined (a limit placed inside a recursive type), with its node:
    /// entering such a place enters the definition.
    let inlinedDefinitions: [JSONPointer: Int]
    private(set) var unbounded: [WorstCaseBound.UnboundedPath] = []
    private(set) var notes: [String] = []
    private var referencesInProgress: [Int] = []

    init(
        schema: CompiledSchema, printable: Bool, dates: WorstCaseBound.DateEncodingStrategy, writer: JSONWriter,
        shortestUnbounded: Bool = false, setLocations: Set<JSONPointer> = [],
        writtenValues: [JSONPointer: [JSONElement]] = [:], placeNotes: [JSONPointer: String] = [:],
        inlinedDefinitions: [JSONPointer: Int] = [:]
    ) {
        self.setLocations = setLocations
        self.writtenValues = writtenValues
        self.placeNotes = placeNotes
        self.inlinedDefinitions = inlinedDefinitions
        self.schema = schema
        self.printable = printable
        self.dates = dates
        self.writer = writer
        self.shortestUnbounded = shortestUnbounded
        self.validator = SchemaValidator(schema: schema)
    }

    mutating func run() -> Worst? {
        if case .bounded(let worst) = worst(schema.nodes[schema.root], path: .root) { return worst }
        return nil
    }

    // MARK: - Nodes

    /// Records an unbounded place; in the bounded rest it counts as `shortest` instead (a value
    /// cut off by recursion is absent: `.impossible`).
    private mutating func markUnbounded(
        _ path: JSONPointer, why: String, fix: String, shortest: Outcome = .impossible
    ) -> Outcome {
        let entry = WorstCaseBound.UnboundedPath(path: path, why: why, fix: fix)
        if !unbounded.contains(entry) { unbounded.append(entry) }
        return shortestUnbounded ? shortest : .unbounded
    }

    /// The smallest JSON value, `0`, for a place that allows any value.
    private func smallestValue(_ path: JSONPointer) -> Outcome {
        .bounded(leaf(.number("0"), bytes: 1, path: path))
    }

    private mutating func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    /// `child` with the size keywords of `parent` (a node that refers to it or offers it as a
    /// branch) added, so a limit set beside a `$ref` or an `anyOf` still applies.
    private func merged(_ parent: CompiledSchema.Node, into child: CompiledSchema.Node) -> CompiledSchema.Node {
        var node = child
        func lower<T: Comparable>(_ a: T?, _ b: T?) -> T? { a.map { x in b.map { min(x, $0) } ?? x } ?? b }
        func higher<T: Comparable>(_ a: T?, _ b: T?) -> T? { a.map { x in b.map { max(x, $0) } ?? x } ?? b }
        node.string.maxLength = lower(child.string.maxLength, parent.string.maxLength)
        node.string.minLength = higher(child.string.minLength, parent.string.minLength)
        node.array.maxItems = lower(child.array.maxItems, parent.array.maxItems)
        node.array.minItems = higher(child.array.minItems, parent.array.minItems)
        node.object.maxProperties = lower(child.object.maxProperties, parent.object.maxProperties)
        node.object.minProperties = higher(child.object.minProperties, parent.object.minProperties)
        // The exact decimals: a number's nearest Double would move an end (0.30000000000000001 to 0.3).
        node.number.minimum = higher(child.number.minimum, parent.number.minimum)
        node.number.maximum = lower(child.number.maximum, parent.number.maximum)
        node.number.exclusiveMinimum = higher(child.number.exclusiveMinimum, parent.number.exclusiveMinimum)
        node.number.exclusiveMaximum = lower(child.number.exclusiveMaximum, parent.number.exclusiveMaximum)
        if let types = parent.types {
            node.types = child.types.map { $0.filter(types.contains) } ?? types
        }
        node.enumValues = child.enumValues ?? parent.enumValues
        node.constValue = child.constValue ?? parent.constValue
        node.number.numberType = child.number.numberType ?? parent.number.numberType
        node.string.stringFormat = child.string.stringFormat ?? parent.string.stringFormat
        node.string.integerText = child.string.integerText ?? parent.string.integerText
        node.isReferenceDate = child.isReferenceDate || parent.isReferenceDate
        node.object.propertyNames = child.object.propertyNames ?? parent.object.propertyNames
        node.array.items = child.array.items ?? parent.array.items
        node.array.uniqueItems = child.array.uniqueItems || parent.array.uniqueItems
        if child.array.pairs == nil { node.array.pairs = parent.array.pairs }
        if !child.object.hasPropertiesKeyword, parent.object.hasPropertiesKeyword {
            node.object.properties = parent.object.properties
            node.object.hasPropertiesKeyword = true
            node.object.required = parent.object.required
        }
        node.object.additionalProperties = child.object.additionalProperties ?? parent.object.additionalProperties
        return node
    }

    /// The costliest value of `node` at `path`. With `nullIsAbsent` (an optional member of a
    /// `Codable` type), `null` is no value of its own: it decodes to `nil`, which synthesized
    /// `encode(to:)` leaves out, so the member counts only when present.
    private mutating func worst(_ node: CompiledSchema.Node, path: JSONPointer, nullIsAbsent: Bool = false) -> Outcome {
        if let definition = inlinedDefinitions[node.location], !referencesInProgress.contains(definition) {
            referencesInProgress.append(definition)
            defer { referencesInProgress.removeLast() }
            return worstOfNode(node, path: path, nullIsAbsent: nullIsAbsent)
        }
        return worstOfNode(node, path: path, nullIsAbsent: nullIsAbsent)
    }

    private mutating func worstOfNode(_ node: CompiledSchema.Node, path: JSONPointer, nullIsAbsent: Bool) -> Outcome {
        if let constant = node.constant {
            return constant
                ? markUnbounded(
                    path, why: "any JSON value is allowed",
                    fix: "give \(path.components.isEmpty ? "the root" : path.boundText) a type and limits",
                    shortest: smallestValue(path))
                : .impossible
        }
        if let reference = node.inPlace.reference {
            guard !referencesInProgress.contains(reference) else {
                // The definition's name is what the Swift type is called (`$defs/Comment`).
                let location = schema.nodes[reference].location
                let name: String
                if case .key(let key)? = location.components.last { name = key } else { name = location.boundText }
                return markUnbounded(
                    path, why: "'\(name)' contains itself at \(path.boundText), so values nest without end",
                    fix:
                        "limit the depth with .maxDepth at \(path.boundText) (a SizeLimit), or unroll the schema there to a fixed depth"
                )
            }
            referencesInProgress.append(reference)
            defer { referencesInProgress.removeLast() }
            var parent = node
            parent.inPlace.reference = nil
            return worst(merged(parent, into: schema.nodes[reference]), path: path, nullIsAbsent: nullIsAbsent)
        }
        if let branches = node.inPlace.anyOf ?? node.inPlace.oneOf {
            var parent = node
            parent.inPlace.anyOf = nil
            parent.inPlace.oneOf = nil
            return best(branches.map { merged(parent, into: schema.nodes[$0]) }, path: path, nullIsAbsent: nullIsAbsent)
        }
        if let branches = node.inPlace.allOf {
            // A value must meet every branch: the smallest branch bound is sound.
            var parent = node
            parent.inPlace.allOf = nil
            var smallest: Outcome = .unbounded
            for branch in branches {
                let outcome = worst(merged(parent, into: schema.nodes[branch]), path: path, nullIsAbsent: nullIsAbsent)
                switch (outcome, smallest) {
                case (.impossible, _): return .impossible
                case (.bounded(let a), .bounded(let b)): if a.bytes < b.bytes { smallest = outcome }
                case (.bounded, .unbounded): smallest = outcome
                default: break
                }
            }
            note(
                "allOf at \(path.boundText) is bounded by its smallest branch; the witness meets that branch"
            )
            return smallest
        }
        if let written = writtenValues[node.location] {
            return writtenWorst(written, node: node, path: path)
        }
        if let values = node.enumValues ?? node.constValue.map({ [$0] }) {
            let index = schemaIndex(of: node)
            let allowed = values.filter { validator.accepts(index, $0) && !(nullIsAbsent && $0.isNull) }
            return best(allowed.map { .bounded(enumWorst($0, node: node, path: path)) })
        }
        var kinds = node.types ?? []
        if node.types == nil {
            if node.object.hasPropertiesKeyword || node.object.additionalProperties != nil
                || node.object.propertyNames != nil
            {
                kinds = ["object"]
            } else if node.array.items != nil || !node.array.prefixItems.isEmpty || node.array.pairs != nil {
                kinds = ["array"]
            } else if node.string.maxLength != nil || node.string.stringFormat != nil {
                kinds = ["string"]
            } else if node.number.numberType != nil || node.minimum != nil || node.maximum != nil {
                kinds = ["number"]
            } else {
                return markUnbounded(
                    path, why: "no type: any JSON value is allowed", fix: "give \(path.boundText) a type",
                    shortest: smallestValue(path))
            }
        }
        var outcomes: [Outcome] = []
        for kind in kinds {
            switch kind {
            case "null": outcomes.append(nullIsAbsent ? .impossible : .bounded(leaf(.null, bytes: 4, path: path)))
            case "boolean": outcomes.append(.bounded(leaf(.bool(false), bytes: 5, path: path)))
            case "string": outcomes.append(stringWorst(node, path: path))
            case "integer": outcomes.append(numberWorst(node, path: path, integer: true))
            case "number": outcomes.append(numberWorst(node, path: path, integer: false))
            case "object": outcomes.append(objectWorst(node, path: path))
            default: outcomes.append(arrayWorst(node, path: path))
            }
        }
        return best(outcomes)
    }

    /// The index of a node, found by its location (nodes are copied when merged).
    private func schemaIndex(of node: CompiledSchema.Node) -> Int {
        schema.nodes.firstIndex { $0.location == node.location } ?? schema.root
    }

    private mutating func best(_ nodes: [CompiledSchema.Node], path: JSONPointer, nullIsAbsent: Bool) -> Outcome {
        var outcomes: [Outcome] = []
        for node in nodes { outcomes.append(worst(node, path: path, nullIsAbsent: nullIsAbsent)) }
        return best(outcomes)
    }

    private func best(_ outcomes: [Outcome]) -> Outcome {
        var result: Outcome = .impossible
        for outcome in outcomes {
            switch (outcome, result) {
            case (.unbounded, _): result = .unbounded
            case (.bounded(let a), .bounded(let b)): if a.bytes > b.bytes { result = outcome }
            case (.bounded, .impossible): result = outcome
            default: break
            }
        }
        return result
    }

    private func leaf(_ witness: JSONElement, bytes: Int, path: JSONPointer) -> Worst {
        Worst(bytes: bytes, witness: witness, rows: [Row(path: path, count: 1, byteCount: bytes)])
    }

    // MARK: - Scalars

    /// A value of an enum that decodes any value of its raw type to one of its cases, each
    /// written as one of `written` (which read back as themselves): whatever is sent, the
    /// longest of them. The witness is the longest one the node allows; where the node's own
    /// keywords allow none of the longest, a note says by how much the witness falls short.
    private mutating func writtenWorst(_ written: [JSONElement], node: CompiledSchema.Node, path: JSONPointer)
        -> Outcome
    {
        let index = schemaIndex(of: node)
        let counted = written.map { enumWorst($0, node: node, path: path) }
        guard let bound = counted.map(\.bytes).max() else { return .impossible }
        let allowed = counted.filter { validator.accepts(index, $0.witness) }
        guard var witness = allowed.max(by: { $0.bytes < $1.bytes }) else {
            note(
                "no value written for a case is allowed at \(path.boundText): a value sent there decodes to a fallback case, so the bound counts the longest case (\(bound) bytes), and there is no witness of it"
            )
            return .bounded(counted.first { $0.bytes == bound } ?? counted[0])
        }
        if witness.bytes < bound {
            note(
                "the value at \(path.boundText) is written as one of its cases, the longest \(bound) bytes; the longest one allowed there, the witness, is \(witness.bytes)"
            )
            witness.bytes = bound
            witness.rows = [Row(path: path, count: 1, byteCount: bound)]
        }
        return .bounded(witness)
    }

    /// A listed value: its bytes once decoded as the node's type and encoded again.
    private func enumWorst(_ value: JSONElement, node: CompiledSchema.Node, path: JSONPointer) -> Worst {
        leaf(value, bytes: encodedByteCount(of: value, node: node), path: path)
    }

    private func encodedByteCount(of value: JSONElement, node: CompiledSchema.Node) -> Int {
        switch value.content {
        case .string(let string): return EncodedText.quotedByteCount(string)
        case .number(let text):
            switch node.number.numberType.flatMap({ $0.read(text) }) {
            case .double(let double): return floatingText(double).utf8.count
            case .float(let float): return floatingText(float).utf8.count
            case .integer(let number): return number.description.utf8.count
            case .decimal(let decimal): return decimal.description.utf8.count
            case nil:
                if value.isIntegerToken, let number = JSONNumber(text) { return number.description.utf8.count }
                return Double(text).map { $0.isFinite ? floatingText($0).utf8.count : text.utf8.count }
                    ?? text.utf8.count
            }
        case .array(let elements):
            return 2 + max(0, elements.count - 1) + elements.reduce(0) { $0 + encodedByteCount(of: $1, node: node) }
        case .object(let members):
            return 2 + max(0, members.count - 1)
                + members.reduce(0) {
                    $0 + EncodedText.quotedByteCount($1.key) + 1 + encodedByteCount(of: $1.value, node: node)
                }
        default: return value.compactByteCount
        }
    }

    /// The writer's text of a finite floating-point value.
    private func floatingText<F: BinaryFloatingPoint & LosslessStringConvertible>(_ value: F) -> String {
        switch writer {
        case .swift: FloatingText.text(value)
        case .objc: FloatingText.seventeenDigitText(value)
        }
    }

    /// The writer's longest text of a value in `lower...upper`, and the value.
    private func longestFloatingText<F: BinaryFloatingPoint & LosslessStringConvertible>(
        in lower: F, _ upper: F, maximumDigits: Int, plainUpperBound: F
    ) -> (value: F, text: String)? {
        switch writer {
        case .swift:
            FloatingText.longest(in: lower, upper, maximumDigits: maximumDigits, plainUpperBound: plainUpperBound)
        case .objc: FloatingText.longestSeventeenDigits(in: lower, upper)
        }
    }

    private mutating func stringWorst(_ node: CompiledSchema.Node, path: JSONPointer) -> Outcome {
        let shown = path.boundText
        if node.string.stringFormat == .uuid {
            return .bounded(leaf(.string("E621E1F8-C36C-495A-93FC-0C247A3E6E5F"), bytes: 38, path: path))
        }
        guard let maxLength = node.string.maxLength else {
            // At its shortest: minLength ASCII letters (a multiple of four for base64).
            let minLength = node.string.minLength ?? 0
            let length = node.string.stringFormat == .base64 ? (minLength + 3) / 4 * 4 : minLength
            let why = placeNotes[node.location].map { "a string without maxLength (\($0))" }
            return markUnbounded(
                path, why: why ?? "a string without maxLength", fix: "add maxLength to \(shown)",
                shortest: .bounded(
                    leaf(.string(String(repeating: "A", count: length)), bytes: 2 + length, path: path)))
        }
        let minLength = node.string.minLength ?? 0
        guard minLength <= maxLength else { return .impossible }
        switch node.string.stringFormat {
        case .base64:
            // Data of 3n bytes of 0xFF is n groups of `////`, each `/` written as `\/`.
            let groups = maxLength / 4
            guard groups * 4 >= minLength else { return .impossible }
            var worst = leaf(.string(String(repeating: "////", count: groups)), bytes: 2 + groups * 8, path: path)
            worst.sites = [
                LimitSite(path: path, keyword: "maxLength", value: maxLength, floor: minLength, bytesPerUnit: 2)
            ]
            return .bounded(worst)
        case .url:
            // URL(string:) percent-encodes a 4-byte scalar as 12 bytes, and absoluteString keeps them.
            guard maxLength > 0 else { return .impossible }
            let witness = String(repeating: "\u{1F600}", count: maxLength)
            var worst = leaf(.string(witness), bytes: 2 + 12 * maxLength, path: path)
            worst.sites = [
                LimitSite(
                    path: path, keyword: "maxLength", value: maxLength, floor: max(minLength, 1), bytesPerUnit: 12)
            ]
            note(
                "URL strings are measured as Foundation's URL(string:) percent-encodes them (12 bytes for a 4-byte scalar)"
            )
            return .bounded(worst)
        default:
            if node.string.integerText != nil {
                return .bounded(
                    distinctStrings(node, count: 1, path: path).first ?? leaf(.string(""), bytes: 2, path: path))
            }
            let text =
                EncodedText.costliestStrings(
                    count: 1, minimumLength: minLength, maximumLength: maxLength, printable: printable
                ).first ?? ""
            var worst = leaf(.string(text), bytes: EncodedText.quotedByteCount(text), path: path)
            worst.sites = [
                LimitSite(
                    path: path, keyword: "maxLength", value: maxLength, floor: minLength,
                    bytesPerUnit: printable ? 4 : 6)
            ]
            return .bounded(worst)
        }
    }

    private mutating func numberWorst(_ node: CompiledSchema.Node, path: JSONPointer, integer: Bool) -> Outcome {
        let type = node.number.numberType
        if type == .decimal, !node.isReferenceDate { return decimalWorst(node, path: path) }
        if !node.isReferenceDate, integer || type?.integerBounds != nil {
            guard let (lower, upper) = integerRange(node) else { return .impossible }
            let value = lower.text.utf8.count >= upper.text.utf8.count ? lower : upper
            return .bounded(leaf(.number(value.text), bytes: value.text.utf8.count, path: path))
        }
        var lower = -Double.greatestFiniteMagnitude
        var upper = Double.greatestFiniteMagnitude
        // The Doubles below over-approximate the numbers allowed (an exclusive end's own Double
        // is reached from just inside it), so a range that holds no number is told first.
        if Self.holdsNoNumber(node.number) {
            note("no number lies in the range at \(path.boundText), so no value is allowed there")
            return .impossible
        }
        // An inclusive end is sent as written and decodes to its nearest Double, which may lie
        // just outside it (9007199254740993 decodes to 9007199254740992): the range reaches it.
        if let minimum = node.minimum {
            lower = Swift.max(lower, Swift.min(Self.double(atLeast: minimum), Self.nearest(minimum)))
        }
        if let maximum = node.maximum {
            upper = Swift.min(upper, Swift.max(Self.double(atMost: maximum), Self.nearest(maximum)))
        }
        // An exclusive end is not sent, but a number just inside it decodes to the Double nearest
        // the end, which may be the end itself or lie just outside it: the range reaches it.
        if let minimum = node.number.exclusiveMinimum { lower = Swift.max(lower, Self.double(above: minimum)) }
        if let maximum = node.number.exclusiveMaximum { upper = Swift.min(upper, -Self.double(above: maximum.negated)) }
        guard lower <= upper else {
            note("no number lies in the range at \(path.boundText), so no value is allowed there")
            return .impossible
        }
        if node.isReferenceDate {
            switch dates {
            case .deferredToDate: break
            case .iso8601: return iso8601Worst(lower, upper, node: node, path: path)
            case .secondsSince1970, .millisecondsSince1970: return unixDateWorst(lower, upper, node: node, path: path)
            }
        }
        // `-0` is allowed wherever 0 is (JSON Schema compares numbers by value) and decodes to a
        // negative zero, which both writers write as `-0`: two bytes, beyond the `0` the
        // shortest texts below find in a range that holds only zero.
        let holdsZero = lower <= 0 && upper >= 0
        if type == .float {
            // JSONDecoder rounds an allowed number to the nearest Float, so the ends round too
            // (a Float past the greatest finite one is refused).
            var floatLower = Swift.max(Float(lower), -Float.greatestFiniteMagnitude)
            var floatUpper = Swift.min(Float(upper), Float.greatestFiniteMagnitude)
            // A number other than 0 that rounds to a zero Float is refused (x-paysize-number),
            // so zero is reached only when the range holds 0 itself.
            if floatLower == 0, lower > 0 { floatLower = .leastNonzeroMagnitude }
            if floatUpper == 0, upper < 0 { floatUpper = -.leastNonzeroMagnitude }
            guard floatLower <= floatUpper,
                let found = longestFloatingText(
                    in: floatLower, floatUpper, maximumDigits: 9, plainUpperBound: 16_777_216)
            else {
                note(
                    "no Float lies in the range at \(path.boundText): every number in it rounds to zero, which only 0 itself may, so no value is allowed there"
                )
                return .impossible
            }
            if holdsZero, found.text.utf8.count < 2 { return .bounded(leaf(.number("-0"), bytes: 2, path: path)) }
            // An end rounded past the range is sent as the end itself, which decodes to it.
            // The Float's own text may read, as a decimal, just past an end its value is within:
            // then the value's Double text, which reads back as the same Float, is sent.
            let value = Double(found.value)
            let sent = Self.sentText(
                [found.text, FloatingText.text(value), FloatingText.text(lower), FloatingText.text(upper)],
                node: node
            ) {
                if case .float(let float)? = SwiftNumberType.float.read($0) { return float == found.value }
                return false
            }
            return .bounded(leaf(.number(sent), bytes: found.text.utf8.count, path: path))
        }
        guard
            let found = longestFloatingText(
                in: lower, upper, maximumDigits: 17, plainUpperBound: 9_007_199_254_740_992)
        else { return .impossible }
        if holdsZero, found.text.utf8.count < 2 { return .bounded(leaf(.number("-0"), bytes: 2, path: path)) }
        // Only a Double at an end of the range may be reached from just inside an exclusive end.
        let inside = found.value == lower || found.value == upper ? Self.textsJustInside(node.number) : []
        let sent = Self.sentText([found.text, FloatingText.text(found.value)] + inside, node: node) {
            Double($0) == found.value
        }
        return .bounded(leaf(.number(sent), bytes: found.text.utf8.count, path: path))
    }

    /// The text a server sends for a number the analysis counts: the first of `candidates` (the
    /// writer's text, then other texts of the same value) and the node's inclusive ends as
    /// written that the ends allow as exact decimals, as the validator compares them, and that
    /// `decodes` reads back as the counted value. The count is the writer's text of that value
    /// whichever is sent: the device writes what it decoded, not what it was sent, and
    /// `1.1000000000000001`, the device's writing of `1.1`, is above `"maximum": 1.1`.
    /// When none is (a value the ends reach only through a text not tried here), the first is
    /// sent.
    private static func sentText(
        _ candidates: [String], node: CompiledSchema.Node, decodes: (String) -> Bool
    ) -> String {
        let number = node.number
        let ends = [number.minimum, number.maximum].compactMap { $0?.text }
        for text in candidates + ends {
            guard let value = JSONDecimal(text), decodes(text) else { continue }
            if let minimum = number.minimum, value < minimum { continue }
            if let maximum = number.maximum, maximum < value { continue }
            if let minimum = number.exclusiveMinimum, value <= minimum { continue }
            if let maximum = number.exclusiveMaximum, maximum <= value { continue }
            return text
        }
        return candidates[0]
    }

    /// A `Date` written by `.secondsSince1970` or `.millisecondsSince1970`: the schema's number
    /// counts seconds since 2001 (what the device decodes), and the encoder writes
    /// `timeIntervalSince1970` (the seconds plus 978307200, rounded to a Double) or a thousand
    /// times that, rounded again.
    ///
    /// The shift is monotonic, so the longest text of any Double between the shifted ends bounds
    /// every allowed value. Not every Double there is a shifted one: the witness is the allowed
    /// number nearest the longest text's value (and its neighbours) whose shifted text is
    /// longest, and where none reaches the bound a note says by how much it falls short.
    private mutating func unixDateWorst(
        _ lower: Double, _ upper: Double, node: CompiledSchema.Node, path: JSONPointer
    ) -> Outcome {
        let milliseconds = dates == .millisecondsSince1970
        let shift = Date.timeIntervalBetween1970AndReferenceDate
        func encoded(_ seconds: Double) -> Double {
            milliseconds ? 1000.0 * (seconds + shift) : seconds + shift
        }
        // A Date whose written number is not finite makes the encoder throw: no value to count.
        let low = Swift.max(encoded(lower), -Double.greatestFiniteMagnitude)
        let high = Swift.min(encoded(upper), Double.greatestFiniteMagnitude)
        // A written number near zero comes from seconds near -978307200, where Doubles are
        // 2^-24 apart or more, and the sum is exact (Sterbenz): no nonzero written value is
        // smaller than 2^-24 (times 1000 for milliseconds), so the tiny texts between are out.
        let gap = (milliseconds ? 1000.0 : 1.0) * 0x1p-24
        var found: (value: Double, text: String)?
        for (from, to) in [
            (low, Swift.min(high, -gap)), (Swift.max(low, gap), high), (Swift.max(low, 0), Swift.min(high, 0)),
        ]
        where from <= to {
            if let piece = longestFloatingText(
                in: from, to, maximumDigits: 17, plainUpperBound: 9_007_199_254_740_992),
                piece.text.utf8.count > found?.text.utf8.count ?? -1
            {
                found = piece
            }
        }
        guard let found else { return .impossible }
        let bound = found.text.utf8.count
        var best: (seconds: Double, byteCount: Int)?
        func consider(_ seconds: Double) {
            guard seconds >= lower, seconds <= upper else { return }
            let written = encoded(seconds)
            guard written.isFinite else { return }
            let byteCount = floatingText(written).utf8.count
            if byteCount > best?.byteCount ?? -1 { best = (seconds, byteCount) }
        }
        // Each start is walked a few dozen Doubles both ways: the shifted values step through
        // the texts near the longest one.
        let inverse = milliseconds ? found.value / 1000.0 - shift : found.value - shift
        for start in [inverse, lower, upper] where start.isFinite {
            var up = Swift.min(Swift.max(start, lower), upper)
            var down = up
            for _ in 0..<48 where best?.byteCount ?? -1 < bound {
                consider(up)
                consider(down)
                up = up.nextUp
                down = down.nextDown
            }
        }
        guard let best else { return .impossible }
        if best.byteCount < bound {
            note(
                "the Date at \(path.boundText) is bounded by the longest text between its shifted ends (\(bound) bytes); the witness reaches \(best.byteCount)"
            )
        }
        let sent = Self.sentText([FloatingText.text(best.seconds)], node: node) { Double($0) == best.seconds }
        return .bounded(leaf(.number(sent), bytes: bound, path: path))
    }

    /// A `Date` written by `.iso8601`: `YYYY-MM-DDTHH:MM:SSZ` in quotes, whole seconds rounded
    /// down, the year at least four digits and signed when negative. The text grows with the
    /// year's digits away from years 0 to 9999, and Foundation writes a text for every finite
    /// number (a `Date` beyond the dates it writes as the nearer of its first and last), so the
    /// longest is at an end of the range, which is the witness.
    private mutating func iso8601Worst(
        _ lower: Double, _ upper: Double, node: CompiledSchema.Node, path: JSONPointer
    ) -> Outcome {
        let lowerBytes = ISO8601Text.quotedByteCount(secondsSinceReferenceDate: lower)
        let upperBytes = ISO8601Text.quotedByteCount(secondsSinceReferenceDate: upper)
        let end = lowerBytes >= upperBytes ? lower : upper
        let sent = Self.sentText([FloatingText.text(end)], node: node) { Double($0) == end }
        return .bounded(leaf(.number(sent), bytes: Swift.max(lowerBytes, upperBytes), path: path))
    }

    /// A `Decimal`: the longest `description` of one read from a number the node allows.
    private mutating func decimalWorst(_ node: CompiledSchema.Node, path: JSONPointer) -> Outcome {
        let shown = path.boundText
        let lower = [node.minimum, node.exclusiveMinimum].compactMap { $0 }.max()
        let upper = [node.maximum, node.exclusiveMaximum].compactMap { $0 }.min()
        let found = DecimalLongest.longest(lower: lower, upper: upper) { token in
            guard let number = JSONNumber(token), Self.isWithinRange(number, of: node),
                case .decimal(let decimal)? = SwiftNumberType.decimal.read(token)
            else { return nil }
            return decimal.description.utf8.count
        }
        guard let found else { return .impossible }
        if found.witnessByteCount < found.byteCount {
            note(
                "the Decimal at \(shown) is bounded by its longest text near the ends of its range (\(found.byteCount) bytes); the witness reaches \(found.witnessByteCount)"
            )
        }
        return .bounded(leaf(.number(found.witness ?? "0"), bytes: found.byteCount, path: path))
    }

    /// Whether `number` meets the node's `minimum`, `maximum` and exclusive ends, compared as
    /// the validator compares them.
    private static func isWithinRange(_ number: JSONNumber, of node: CompiledSchema.Node) -> Bool {
        if let minimum = node.minimum, number < minimum { return false }
        if let maximum = node.maximum, maximum < number { return false }
        if let minimum = node.exclusiveMinimum, number <= minimum { return false }
        if let maximum = node.exclusiveMaximum, maximum <= number { return false }
        return true
    }

    /// The smallest Double at or above `number`.
    private static func double(atLeast number: JSONNumber) -> Double {
        var value = number.doubleValue
        if value.isInfinite { return value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude }
        if let exact = JSONNumber(FloatingText.text(value)), exact < number { value = value.nextUp }
        return value
    }

    /// The Double `JSONDecoder` reads `number` as, within the finite ones.
    private static func nearest(_ number: JSONNumber) -> Double {
        let value = number.doubleValue
        return Swift.min(Swift.max(value, -.greatestFiniteMagnitude), .greatestFiniteMagnitude)
    }

    /// The smallest Double that a number above `end` decodes to, or infinity when none does.
    ///
    /// `JSONDecoder` rounds to the nearest Double, ties to even, and refuses a number other than 0
    /// that rounds to zero or past the finite Doubles. Numbers just above `end` round as `end`
    /// does, except when `end` lies exactly halfway between two Doubles and rounds down: they
    /// round up.
    static func double(above end: JSONDecimal) -> Double {
        let nearest = Double(end.text) ?? .nan
        if nearest.isNaN || nearest == .infinity { return .infinity }
        if nearest == -.infinity { return -.greatestFiniteMagnitude }
        var value = nearest
        if !end.isNegative {
            if value.nextUp.isFinite, isHalfway(end, above: value) { value = value.nextUp }
            // Zero is reached only by a number that is zero, which is not above `end`.
            if value == 0 { value = .leastNonzeroMagnitude }
        } else if value < 0, isHalfway(end, above: (-value).nextDown) {
            // `end` rounded away from zero; numbers just above it, nearer zero, round the other way.
            value = -(-value).nextDown
        }
        return value
    }

    /// Whether the node's ends, compared as exact decimals, leave no number between them.
    static func holdsNoNumber(_ number: CompiledSchema.NumberKeywords) -> Bool {
        var lower: (end: JSONDecimal, isExclusive: Bool)?
        for (end, isExclusive) in [(number.minimum, false), (number.exclusiveMinimum, true)] {
            guard let end else { continue }
            if let current = lower, end < current.end || (end == current.end && !isExclusive) { continue }
            lower = (end, isExclusive)
        }
        var upper: (end: JSONDecimal, isExclusive: Bool)?
        for (end, isExclusive) in [(number.maximum, false), (number.exclusiveMaximum, true)] {
            guard let end else { continue }
            if let current = upper, current.end < end || (end == current.end && !isExclusive) { continue }
            upper = (end, isExclusive)
        }
        guard let lower, let upper else { return false }
        return upper.end < lower.end || (lower.end == upper.end && (lower.isExclusive || upper.isExclusive))
    }

    /// Whether the magnitude of `end` lies exactly halfway between `value` (zero or positive) and
    /// the next Double up: `value + ulp / 2`, compared exactly as integers.
    static func isHalfway(_ end: JSONDecimal, above value: Double) -> Bool {
        guard !end.isZero else { return false }
        // A halfway point has at most 54 significant bits: at most 767 significant digits, its
        // last digit at or above 10^-1075 and its first below 10^309.
        guard end.digits.count <= 767, end.exponent >= -1075, end.exponent + end.digits.count <= 309 else {
            return false
        }
        // value + ulp / 2 = (2 × value / ulp + 1) × 2^(exponent of ulp − 1).
        let ulp = value.ulp
        var halfway = BigUInt(UInt64(value / ulp) * 2 + 1)
        let binaryExponent = Int(ulp.exponent) - 1
        var decimal = BigUInt(0)
        for digit in end.digits {
            decimal.multiply(by: 10)
            decimal.add(UInt64(digit))
        }
        // decimal × 10^exponent = halfway × 2^binaryExponent, both sides made whole.
        if end.exponent >= 0 {
            decimal.multiply(byPowerOfFive: end.exponent)
            decimal.shiftLeft(by: end.exponent)
        } else {
            halfway.multiply(byPowerOfFive: -end.exponent)
            halfway.shiftLeft(by: -end.exponent)
        }
        if binaryExponent >= 0 { halfway.shiftLeft(by: binaryExponent) } else { decimal.shiftLeft(by: -binaryExponent) }
        return !(decimal < halfway) && !(halfway < decimal)
    }

    /// Texts of numbers strictly inside the node's exclusive ends and as close to them as 10^-40
    /// of their last digit: a number the range reaches only through one of those.
    static func textsJustInside(_ number: CompiledSchema.NumberKeywords) -> [String] {
        var texts: [String] = []
        for (end, up) in [(number.exclusiveMinimum, true), (number.exclusiveMaximum, false)] {
            guard let end, !end.isZero, end.digits.count <= 767 else { continue }
            for extra in 1...40 { texts.append(end.text(movedBy: extra, awayFromZero: up != end.isNegative)) }
        }
        return texts
    }

    /// The largest Double at or below `number`.
    private static func double(atMost number: JSONNumber) -> Double {
        var value = number.doubleValue
        if value.isInfinite { return value > 0 ? .greatestFiniteMagnitude : -.greatestFiniteMagnitude }
        if let exact = JSONNumber(FloatingText.text(value)), number < exact { value = value.nextDown }
        return value
    }

    /// The integers a node allows: its Swift type's range (every Swift integer type's when
    /// unnamed) within `minimum` and `maximum`.
    private func integerRange(_ node: CompiledSchema.Node) -> (WideInteger, WideInteger)? {
        var lower = WideInteger.smallest
        var upper = WideInteger.largest
        if let bounds = node.number.numberType?.integerBounds, let minimum = JSONDecimal(bounds.minimum),
            let maximum = JSONDecimal(bounds.maximum)
        {
            lower = WideInteger(rounding: minimum, up: true)
            upper = WideInteger(rounding: maximum, up: false)
        }
        // The exact decimals: an end's nearest Double may lie across an integer from it.
        let ends = node.number
        if let minimum = ends.minimum { lower = max(lower, WideInteger(rounding: minimum, up: true)) }
        if let maximum = ends.maximum { upper = min(upper, WideInteger(rounding: maximum, up: false)) }
        if let minimum = ends.exclusiveMinimum {
            let rounded = WideInteger(rounding: minimum, up: false)
            if let next = rounded.stepped(up: true) { lower = max(lower, next) }
        }
        if let maximum = ends.exclusiveMaximum {
            let rounded = WideInteger(rounding: maximum, up: true)
            if let next = rounded.stepped(up: false) { upper = min(upper, next) }
        }
        return lower <= upper ? (lower, upper) : nil
    }

    // MARK: - Distinct values

    /// The `count` costliest distinct values of a key or set item, costliest first; `nil` when
    /// this kind of value is not drawn distinct (the caller repeats its worst and says so).
    private mutating func distinctValues(_ node: CompiledSchema.Node, count: Int, path: JSONPointer) -> [Worst]? {
        var node = node
        while let reference = node.inPlace.reference {
            var parent = node
            parent.inPlace.reference = nil
            node = merged(parent, into: schema.nodes[reference])
        }
        if let written = writtenValues[node.location] {
            // A Set or keys of such an enum: at most one item per case, whatever is sent.
            return written.map { enumWorst($0, node: node, path: path) }.sorted { $0.bytes > $1.bytes }
                .prefix(count).map { $0 }
        }
        if let values = node.enumValues ?? node.constValue.map({ [$0] }) {
            let index = schemaIndex(of: node)
            return values.filter { validator.accepts(index, $0) }.map { enumWorst($0, node: node, path: path) }
                .sorted { $0.bytes > $1.bytes }.prefix(count).map { $0 }
        }
        let types = node.types ?? []
        if node.string.integerText != nil { return distinctStrings(node, count: count, path: path) }
        if types == ["string"] || (node.types == nil && node.string.maxLength != nil), node.string.stringFormat == nil {
            if node.string.integerText != nil || node.string.maxLength != nil {
                return distinctStrings(node, count: count, path: path)
            }
            return nil
        }
        if types == ["integer"] || node.number.numberType?.integerBounds != nil {
            guard let (lower, upper) = integerRange(node) else { return [] }
            return distinctIntegers(lower, upper, count: count).map {
                leaf(.number($0.text), bytes: $0.text.utf8.count, path: path)
            }
        }
        if types == ["boolean"] {
            return [leaf(.bool(false), bytes: 5, path: path), leaf(.bool(true), bytes: 4, path: path)].prefix(count).map
            { $0 }
        }
        return nil
    }

    private func distinctIntegers(_ lower: WideInteger, _ upper: WideInteger, count: Int) -> [WideInteger] {
        var result: [WideInteger] = []
        var low: WideInteger? = lower
        var high: WideInteger? = upper
        while result.count < count, let l = low, let h = high, l <= h {
            if l.text.utf8.count >= h.text.utf8.count {
                result.append(l)
                low = l == h ? nil : l.stepped(up: true)
            } else {
                result.append(h)
                high = h.stepped(up: false)
            }
        }
        return result
    }

    /// Distinct strings: for an integer-text key, the integers' own text; else the costliest text.
    private mutating func distinctStrings(_ node: CompiledSchema.Node, count: Int, path: JSONPointer) -> [Worst] {
        if let integerText = node.string.integerText {
            var keyNode = schema.nodes[integerText]
            if keyNode.number.numberType == nil { keyNode.number.numberType = .int }
            guard let (lower, upper) = integerRange(keyNode) else { return [] }
            // Keys are read with Int(_:), so they stay within Int's range.
            let clampedLower = max(lower, WideInteger(isNegative: true, magnitude: UInt64(Int64.max) + 1))
            let clampedUpper = min(upper, WideInteger(isNegative: false, magnitude: UInt64(Int64.max)))
            return distinctIntegers(clampedLower, clampedUpper, count: count).map {
                leaf(.string($0.text), bytes: $0.text.utf8.count + 2, path: path)
            }
        }
        let maxLength = node.string.maxLength ?? 0
        return EncodedText.costliestStrings(
            count: count, minimumLength: node.string.minLength ?? 0, maximumLength: maxLength, printable: printable
        ).map { leaf(.string($0), bytes: EncodedText.quotedByteCount($0), path: path) }
    }

    // MARK: - Containers

    private mutating func objectWorst(_ node: CompiledSchema.Node, path: JSONPointer) -> Outcome {
        let shown = path.boundText
        if node.object.hasPropertiesKeyword {
            // A Codable type writes only its own keys; each is present at its worst.
            var members: [(String, JSONElement)] = []
            var bytes = 2
            var parts = Worst(bytes: 0, witness: .null)
            var isUnbounded = false
            for (key, index) in node.object.properties {
                let isOptional = !node.object.required.contains(key)
                switch worst(schema.nodes[index], path: path.appending(key), nullIsAbsent: isOptional) {
                case .impossible:
                    if node.object.required.contains(key) { return .impossible }
                case .unbounded: isUnbounded = true
                case .bounded(let value):
                    if !members.isEmpty { bytes += 1 }
                    bytes += EncodedText.quotedByteCount(key) + 1 + value.bytes
                    members.append((key, value.witness))
                    parts.rows += value.rows
                    parts.arrays += value.arrays
                    parts.sites += value.sites
                }
            }
            if isUnbounded { return .unbounded }
            parts.bytes = bytes
            parts.witness = .object(members)
            return .bounded(parts)
        }
        // A dictionary: at most maxProperties keys, each as long as propertyNames allows.
        let valueNode = node.object.additionalProperties.map { schema.nodes[$0] }
        if let valueNode, valueNode.constant == false { return .bounded(Worst(bytes: 2, witness: .object([]))) }
        let empty = Outcome.bounded(Worst(bytes: 2, witness: .object([])))
        // In the bounded rest, a dictionary without maxProperties holds minProperties entries,
        // and keys without a length are as short as that many distinct keys can be.
        let fewest = node.object.minProperties ?? 0
        var maxProperties = fewest
        if let limit = node.object.maxProperties {
            maxProperties = limit
        } else {
            let outcome = markUnbounded(
                path, why: "a dictionary without maxProperties", fix: "add maxProperties to \(shown)",
                shortest: empty)
            guard shortestUnbounded else { return outcome }
            if fewest == 0 { return empty }
        }
        var keyNode = node.object.propertyNames.map { schema.nodes[$0] } ?? CompiledSchema.Node(location: node.location)
        if node.object.propertyNames == nil {
            let outcome = markUnbounded(
                path, why: "dictionary keys without a length limit",
                fix: "add propertyNames with maxLength to \(shown)")
            guard shortestUnbounded else { return outcome }
        } else if keyNode.string.maxLength == nil, keyNode.enumValues == nil, keyNode.constValue == nil,
            keyNode.string.integerText == nil
        {
            let outcome = markUnbounded(
                path, why: "dictionary keys without a length limit", fix: "add maxLength to propertyNames at \(shown)")
            guard shortestUnbounded else { return outcome }
        }
        if shortestUnbounded, keyNode.string.maxLength == nil, keyNode.enumValues == nil, keyNode.constValue == nil,
            keyNode.string.integerText == nil
        {
            var length = keyNode.string.minLength ?? 0
            var available = 1
            while available < maxProperties {
                length += 1
                available = available.multipliedReportingOverflow(by: 90).overflow ? Int.max : available * 90
            }
            keyNode.types = ["string"]
            keyNode.string.maxLength = max(length, keyNode.string.minLength ?? 0)
        }
        guard let keys = distinctValues(keyNode, count: maxProperties, path: path.appending(Self.keysOfDictionary))
        else {
            return markUnbounded(
                path, why: "dictionary keys of an unmodeled kind", fix: "give the keys of \(shown) maxLength",
                shortest: fewest == 0 ? empty : .impossible)
        }
        let valuePath = path.appending(.anyIndex)
        let value: Worst
        if let valueNode {
            switch worst(valueNode, path: valuePath) {
            case .unbounded: return .unbounded
            case .impossible:
                return keys.count >= (node.object.minProperties ?? 0) && (node.object.minProperties ?? 0) == 0
                    ? .bounded(Worst(bytes: 2, witness: .object([]))) : .impossible
            case .bounded(let found): value = found
            }
        } else {
            let outcome = markUnbounded(
                valuePath, why: "dictionary values of any type", fix: "give \(shown) additionalProperties with a type",
                shortest: smallestValue(valuePath))
            guard case .bounded(let found) = outcome else { return outcome }
            value = found
        }
        guard keys.count >= (node.object.minProperties ?? 0) else { return .impossible }
        var members: [(String, JSONElement)] = []
        var bytes = 2 + max(0, keys.count - 1)
        var keyBytes = 0
        for key in keys {
            // Keys are strings in JSON: an integer-text key's witness is its text.
            let keyText = key.witness.stringValue ?? ""
            members.append((keyText, value.witness))
            bytes += key.bytes + 1 + value.bytes
            keyBytes += key.bytes
        }
        let (rows, sites) = value.repeated(keys.count)
        var worst = Worst(bytes: bytes, witness: .object(members), rows: rows, arrays: value.arrays, sites: sites)
        worst.rows.append(Row(path: path.appending(Self.keysOfDictionary), count: keys.count, byteCount: keyBytes))
        let entryBytes = (keys.first?.bytes ?? 0) + 2 + value.bytes
        worst.sites.append(
            LimitSite(
                path: path, keyword: "maxProperties", value: maxProperties, floor: node.object.minProperties ?? 0,
                bytesPerUnit: entryBytes))
        if keyNode.string.maxLength != nil, keyNode.string.integerText == nil {
            worst.sites.append(
                LimitSite(
                    path: path, ofPropertyNames: true, keyword: "maxLength", value: keyNode.string.maxLength ?? 0,
                    floor: keyNode.string.minLength ?? 0, bytesPerUnit: (printable ? 4 : 6) * keys.count))
        }
        return .bounded(worst)
    }

    private mutating func arrayWorst(_ node: CompiledSchema.Node, path: JSONPointer) -> Outcome {
        let shown = path.boundText
        let itemPath = path.appending(.anyIndex)
        let prefix = node.array.prefixItems.map { schema.nodes[$0] }
        let itemNode: CompiledSchema.Node? = node.array.items.map { schema.nodes[$0] }
        let noMoreItems = itemNode?.constant == false
        let minItems = node.array.minItems ?? 0
        // In the bounded rest, an array without maxItems holds its fewest items.
        let fewestItems = max(minItems, prefix.count)
        var maxItems = fewestItems
        if let limit = node.array.maxItems ?? (noMoreItems ? prefix.count : nil) {
            maxItems = limit
        } else {
            let outcome = markUnbounded(path, why: "an array without maxItems", fix: "add maxItems to \(shown)")
            guard shortestUnbounded else { return outcome }
        }
        if let pairs = node.array.pairs {
            return pairsWorst(node, pairs: pairs, maxItems: maxItems, path: path)
        }
        var witnesses: [JSONElement] = []
        var bytes = 2
        var parts = Worst(bytes: 0, witness: .null)
        for (offset, prefixNode) in prefix.prefix(maxItems).enumerated() {
            switch worst(prefixNode, path: path.appending(index: offset)) {
            case .unbounded: return .unbounded
            case .impossible:
                guard offset >= minItems else { return .impossible }
                return .bounded(Self.array(witnesses, bytes: bytes, parts: parts))
            case .bounded(let value):
                if !witnesses.isEmpty { bytes += 1 }
                bytes += value.bytes
                witnesses.append(value.witness)
                parts.rows += value.rows
                parts.arrays += value.arrays
                parts.sites += value.sites
            }
        }
        let rest = maxItems - witnesses.count
        guard rest > 0, !noMoreItems, witnesses.count == prefix.count else {
            return witnesses.count >= minItems
                ? .bounded(Self.array(witnesses, bytes: bytes, parts: parts)) : .impossible
        }
        guard let itemNode else {
            let outcome = markUnbounded(
                itemPath, why: "array items of any type", fix: "give \(shown) items with a type",
                shortest: smallestValue(itemPath))
            guard case .bounded(let item) = outcome else { return outcome }
            for _ in 0..<rest {
                if !witnesses.isEmpty { bytes += 1 }
                bytes += item.bytes
                witnesses.append(item.witness)
            }
            return .bounded(Self.array(witnesses, bytes: bytes, parts: parts))
        }
        var items: [Worst]
        if node.array.uniqueItems || setLocations.contains(node.location) {
            if let distinct = distinctValues(itemNode, count: rest, path: itemPath) {
                items = distinct
            } else {
                switch worst(itemNode, path: itemPath) {
                case .unbounded: return .unbounded
                case .impossible: items = []
                case .bounded(let value): items = Array(repeating: value, count: rest)
                }
                note(
                    node.array.uniqueItems
                        ? "the items of \(itemPath.boundText) must differ; the bound counts each at the worst one, and the witness repeats it"
                        : "the items of \(itemPath.boundText) form a Set, which keeps one of each repeated item; the bound counts each at the worst one, and the witness repeats it"
                )
            }
        } else {
            switch worst(itemNode, path: itemPath) {
            case .unbounded: return .unbounded
            case .impossible: items = []
            case .bounded(let value): items = Array(repeating: value, count: rest)
            }
        }
        guard witnesses.count + items.count >= minItems else { return .impossible }
        guard let first = items.first else { return .bounded(Self.array(witnesses, bytes: bytes, parts: parts)) }
        for item in items {
            if !witnesses.isEmpty { bytes += 1 }
            bytes += item.bytes
            witnesses.append(item.witness)
        }
        let (rows, sites) = first.repeated(items.count)
        if items.allSatisfy({ $0.bytes == first.bytes }) {
            parts.rows += rows
        } else {
            parts.rows.append(Row(path: itemPath, count: items.count, byteCount: items.reduce(0) { $0 + $1.bytes }))
        }
        parts.sites += sites
        let perItem = first.bytes + 1
        parts.arrays.insert(
            WorstCaseBound.ArrayHeadroom(path: path, maxItems: maxItems, worstBytesPerItem: perItem), at: 0)
        parts.arrays += first.arrays
        parts.sites.append(
            LimitSite(
                path: path, keyword: "maxItems", value: maxItems, floor: max(minItems, prefix.count),
                bytesPerUnit: perItem))
        return .bounded(Self.array(witnesses, bytes: bytes, parts: parts))
    }

    /// A flat `[key, value, key, value, …]` dictionary: whole pairs, keys distinct.
    private mutating func pairsWorst(
        _ node: CompiledSchema.Node, pairs: (key: Int, value: Int), maxItems: Int, path: JSONPointer
    ) -> Outcome {
        let pairCount = maxItems / 2
        let shown = path.boundText
        var keys: [Worst]
        if let distinct = distinctValues(
            schema.nodes[pairs.key], count: pairCount, path: path.appending(Self.keysOfDictionary))
        {
            keys = distinct
        } else {
            switch worst(schema.nodes[pairs.key], path: path.appending(Self.keysOfDictionary)) {
            case .unbounded: return .unbounded
            case .impossible: keys = []
            case .bounded(let key): keys = Array(repeating: key, count: pairCount)
            }
            note("the keys of \(shown) must differ; the bound counts each at the worst one, and the witness repeats it")
        }
        let value: Worst
        switch worst(schema.nodes[pairs.value], path: path.appending(.anyIndex)) {
        case .unbounded: return .unbounded
        case .impossible: return .bounded(Worst(bytes: 2, witness: .array([])))
        case .bounded(let found): value = found
        }
        guard !keys.isEmpty else { return .bounded(Worst(bytes: 2, witness: .array([]))) }
        var witnesses: [JSONElement] = []
        var bytes = 2 + 2 * keys.count - 1
        var parts = Worst(bytes: 0, witness: .null)
        for key in keys {
            witnesses += [key.witness, value.witness]
            bytes += key.bytes + value.bytes
            parts.rows += key.rows
        }
        let (rows, sites) = value.repeated(keys.count)
        parts.rows += rows
        parts.sites += sites
        let perPair = keys[0].bytes + value.bytes + 2
        parts.arrays.insert(
            WorstCaseBound.ArrayHeadroom(path: path, maxItems: maxItems, worstBytesPerItem: perPair), at: 0)
        parts.sites.append(
            LimitSite(
                path: path, keyword: "maxItems", value: maxItems, floor: node.array.minItems ?? 0,
                bytesPerUnit: perPair / 2)
        )
        return .bounded(Self.array(witnesses, bytes: bytes, parts: parts))
    }

    private static func array(_ witnesses: [JSONElement], bytes: Int, parts: Worst) -> Worst {
        var worst = parts
        worst.bytes = bytes
        worst.witness = .array(witnesses)
        return worst
    }

    /// The member that stands for a dictionary's keys (or a pairs array's), printed `/(key)`
    /// after the dictionary: reports name the keys' place, its limits and its fixes by it. A
    /// schema's own member spelled `(key)` would print alike; no Swift type's coding keys are.
    static let keysOfDictionary = "(key)"
}
