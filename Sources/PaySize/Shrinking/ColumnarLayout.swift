/// How an array of small records is sent in columnar form: one member per field, each field an
/// array of its values, a start and a step, or a first value and its differences.
///
/// `[{"t":0,"bpm":92},{"t":5,"bpm":95},{"t":10,"bpm":94}]` becomes
/// `{"count":3,"t":{"start":0,"step":5},"bpm":[92,3,-1]}`. The layout is chosen once for a path
/// and re-applied to every payload of a series: a payload whose records do not fit it (a date
/// no longer evenly stepped, a field missing) keeps its records, which the snippet's wrapper
/// decodes as well.
struct ColumnarLayout: Sendable {
    /// The Swift type a field decodes as.
    enum FieldType: String, Sendable {
        case int = "Int"
        case double = "Double"
        /// Seconds since 2001 in a number, as a `Date` decodes by default.
        case date = "Date"
        case string = "String"
        case bool = "Bool"
    }

    /// How a field's column is written.
    enum Encoding: Sendable {
        /// `{"start":s,"step":d}`: record `i` holds `s + i × d`, exactly.
        case steps
        /// The first value, then each value minus the one before (integers only).
        case deltas
        /// Every value as written.
        case values
    }

    struct Column: Sendable {
        /// The member's key in every record and in the columnar object.
        var key: String
        var type: FieldType
        /// Whether every value is an integer token (an `Int`, or a `Date` in whole seconds).
        var isIntegral: Bool
        var encoding: Encoding
        /// Whether a ``Encoding/steps`` column has a step of 0 in every array (one value throughout).
        var isConstant = false
    }

    var columns: [Column]
    /// The member holding the number of records: `count` unless a field is so named.
    var countKey: String

    /// The fewest members a record may have; and the most, so that only small records qualify.
    static let memberCountRange = 2...8
    /// Integers whose differences any JSON reader keeps exactly (2^53).
    static let integerMagnitudeLimit = 9_007_199_254_740_992

    /// The layout for the records of every array in `instances`, or `nil` unless each record
    /// is an object with the same 2 to 8 keys, each key holding strings only, Booleans only or
    /// numbers only. A number member is a start and a step when it is evenly stepped in every
    /// array (exactly, for fractions), else delta-encoded when its values are integers and
    /// their differences are written shorter.
    ///
    /// - Parameter isDate: Whether a key's numbers are `Date`s (seconds since 2001).
    static func infer(_ instances: [[ShrinkNode]], isDate: (String) -> Bool) -> ColumnarLayout? {
        guard let first = instances.first?.first, case .object(let firstMembers) = first.content,
            memberCountRange.contains(firstMembers.count)
        else { return nil }
        let keys = firstMembers.map(\.originalKey)
        guard Set(keys).count == keys.count else { return nil }
        var columns: [Column] = []
        for key in keys {
            var values: [[ShrinkNode]] = []
            for records in instances {
                var column: [ShrinkNode] = []
                for record in records {
                    guard case .object(let members) = record.content, members.count == keys.count,
                        let member = members.first(where: { $0.originalKey == key })
                    else { return nil }
                    column.append(member.value)
                }
                values.append(column)
            }
            guard let column = Self.column(key: key, values: values, isDate: isDate(key)) else { return nil }
            columns.append(column)
        }
        var countKey = "count"
        var number = 2
        while keys.contains(countKey) {
            countKey = "count\(number)"
            number += 1
        }
        return ColumnarLayout(columns: columns, countKey: countKey)
    }

    private static func column(key: String, values: [[ShrinkNode]], isDate: Bool) -> Column? {
        let all = values.joined()
        if all.allSatisfy({ if case .string = $0.content { true } else { false } }) {
            return Column(key: key, type: .string, isIntegral: false, encoding: .values)
        }
        if all.allSatisfy({ if case .bool = $0.content { true } else { false } }) {
            return Column(key: key, type: .bool, isIntegral: false, encoding: .values)
        }
        let numbers = values.map { $0.compactMap(Self.numberText) }
        guard numbers.map(\.count) == values.map(\.count) else { return nil }
        let integers = numbers.map { $0.compactMap(Self.integer) }
        let isIntegral = integers.map(\.count) == numbers.map(\.count)
        let doubles = numbers.map { $0.compactMap { Double($0) } }
        guard doubles.allSatisfy({ $0.allSatisfy(\.isFinite) }), doubles.map(\.count) == numbers.map(\.count)
        else { return nil }
        let type: FieldType =
            isDate && doubles.joined().allSatisfy({ $0 >= 0 && $0 < PayloadSchema.unixSecondsThreshold })
            ? .date : isIntegral ? .int : .double
        let isStepped =
            isIntegral
            ? integers.allSatisfy { intSteps($0) != nil } : doubles.allSatisfy { doubleSteps($0) != nil }
        if isStepped {
            let isConstant =
                isIntegral ? integers.allSatisfy { intSteps($0) == 0 } : doubles.allSatisfy { doubleSteps($0) == 0 }
            return Column(key: key, type: type, isIntegral: isIntegral, encoding: .steps, isConstant: isConstant)
        }
        if isIntegral {
            let plain = numbers.joined().reduce(0) { $0 + $1.utf8.count }
            let deltas = zip(numbers, integers).reduce(0) { total, pair in
                total + deltaTexts(tokens: pair.0, values: pair.1).reduce(0) { $0 + $1.utf8.count }
            }
            if deltas < plain { return Column(key: key, type: type, isIntegral: true, encoding: .deltas) }
        }
        return Column(key: key, type: type, isIntegral: isIntegral, encoding: .values)
    }

    /// The records of one array in this layout, or `nil` when they do not fit it.
    func columnarNode(of records: [ShrinkNode], escapesSlashes: Bool) -> ShrinkNode? {
        guard !records.isEmpty else { return nil }
        var valuesByKey: [String: [ShrinkNode]] = [:]
        var keyTexts: [String: ShrinkNode.Text] = [:]
        for record in records {
            guard case .object(let members) = record.content, members.count == columns.count else { return nil }
            for member in members {
                valuesByKey[member.originalKey, default: []].append(member.value)
                if keyTexts[member.originalKey] == nil { keyTexts[member.originalKey] = member.keyText }
            }
        }
        func encoded(_ key: String) -> ShrinkNode.Text {
            .encoded(ShrinkDocument.encoded(key, escapingSlashes: escapesSlashes))
        }
        var members = [
            ShrinkNode.Member(
                key: countKey, originalKey: countKey, keyText: encoded(countKey),
                value: ShrinkNode(content: .number(String(records.count))))
        ]
        for column in columns {
            guard let values = valuesByKey[column.key], values.count == records.count,
                let keyText = keyTexts[column.key], let content = column.content(of: values, keyText: encoded)
            else { return nil }
            members.append(
                ShrinkNode.Member(
                    key: column.key, originalKey: column.key, keyText: keyText, value: ShrinkNode(content: content)))
        }
        return ShrinkNode(content: .object(members))
    }

    /// The number token of a number node.
    static func numberText(_ node: ShrinkNode) -> String? {
        if case .number(let text) = node.content { return text }
        return nil
    }

    /// The value of an integer token within ±2^53.
    static func integer(_ text: String) -> Int? {
        guard !text.contains(where: { $0 == "." || $0 == "e" || $0 == "E" }), let value = Int(text),
            value.magnitude <= integerMagnitudeLimit
        else { return nil }
        return value
    }

    /// The step of evenly stepped integers (0 for fewer than two), or `nil`.
    static func intSteps(_ values: [Int]) -> Int? {
        guard let start = values.first else { return nil }
        // Wrapping arithmetic, as the snippet's: the same bits either way.
        let step = values.count > 1 ? values[1] &- values[0] : 0
        for (index, value) in values.enumerated() where value != start &+ index &* step { return nil }
        return step
    }

    /// The step of numbers that `start + Double(index) * step` gives back bit for bit, or `nil`.
    static func doubleSteps(_ values: [Double]) -> Double? {
        guard let start = values.first else { return nil }
        let step = values.count > 1 ? values[1] - values[0] : 0
        guard step.isFinite else { return nil }
        for (index, value) in values.enumerated()
        where (start + Double(index) * step).bitPattern != value.bitPattern {
            return nil
        }
        return step
    }

    /// The first token as written, then each difference.
    static func deltaTexts(tokens: [String], values: [Int]) -> [String] {
        guard let first = tokens.first else { return [] }
        return [first] + zip(values.dropFirst(), values).map { String($0 &- $1) }
    }

    /// A Double as JSON, as Foundation writes it: its shortest form without a trailing `.0`.
    static func doubleText(_ value: Double) -> String {
        let text = value.description
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }
}

extension ColumnarLayout.Column {
    /// The column's JSON, or `nil` when `values` do not fit its type and encoding.
    fileprivate func content(
        of values: [ShrinkNode], keyText: (String) -> ShrinkNode.Text
    ) -> ShrinkNode.Content? {
        switch type {
        case .string:
            guard values.allSatisfy({ if case .string = $0.content { true } else { false } }) else { return nil }
            return .array(values)
        case .bool:
            guard values.allSatisfy({ if case .bool = $0.content { true } else { false } }) else { return nil }
            return .array(values)
        case .int, .double, .date:
            break
        }
        let tokens = values.compactMap(ColumnarLayout.numberText)
        guard tokens.count == values.count else { return nil }
        let integers = tokens.compactMap(ColumnarLayout.integer)
        if isIntegral { guard integers.count == tokens.count else { return nil } }
        switch encoding {
        case .values:
            return .array(values)
        case .deltas:
            return .array(
                ColumnarLayout.deltaTexts(tokens: tokens, values: integers).map { ShrinkNode(content: .number($0)) })
        case .steps:
            let step: String
            if isIntegral {
                guard let steps = ColumnarLayout.intSteps(integers) else { return nil }
                step = String(steps)
            } else {
                let doubles = tokens.compactMap { Double($0) }
                guard doubles.count == tokens.count, let steps = ColumnarLayout.doubleSteps(doubles) else {
                    return nil
                }
                step = ColumnarLayout.doubleText(steps)
            }
            return .object([
                ShrinkNode.Member(
                    key: "start", originalKey: "start", keyText: keyText("start"),
                    value: ShrinkNode(content: .number(tokens[0]))),
                ShrinkNode.Member(
                    key: "step", originalKey: "step", keyText: keyText("step"),
                    value: ShrinkNode(content: .number(step))),
            ])
        }
    }
}
