extension ColumnarLayout {
    /// The Swift an app decodes the columnar form with: the record type, and a wrapper whose
    /// `init(from:)` rebuilds the records (and still decodes them as sent before) and whose
    /// `encode(to:)` writes this layout (the records as they are when they do not fit it).
    ///
    /// Both types are `Hashable`, as a `ContentState` must be. Integer columns use wrapping
    /// arithmetic both ways, so every `Int` comes back exactly; fractional steps are computed as
    /// `start + Double(index) * step`, the expression the strategy checked bit for bit.
    func snippet(recordType: String, wrapperType: String) -> String {
        let names = Self.fieldNames(for: columns.map(\.key))
        var countName = "count"
        var number = 2
        while names.contains(countName) {
            countName = "count\(number)"
            number += 1
        }
        func caseText(_ name: String, _ key: String) -> String {
            name == key ? name : "\(name) = \(SwiftNaming.stringLiteral(key))"
        }
        let fields = Array(zip(columns, names))

        var text = "struct \(recordType): Codable, Hashable {\n"
        for (column, name) in fields { text += "    var \(name): \(column.type.rawValue)\n" }
        if zip(columns, names).contains(where: { $0.key != $1 }) {
            text += "\n    enum CodingKeys: String, CodingKey {\n"
            text += "        case \(fields.map { caseText($1, $0.key) }.joined(separator: ", "))\n    }\n"
        }
        text += "}\n\n"

        text += """
            /// The records, sent as columns; decodes the records as sent before, too.
            struct \(wrapperType): Codable, Hashable {
                var records: [\(recordType)]

                init(records: [\(recordType)]) { self.records = records }
                private enum CodingKeys: String, CodingKey {
                    case \(([caseText(countName, countKey)] + fields.map { caseText($1, $0.key) }).joined(separator: ", "))
                }

            """
        if columns.contains(where: { $0.encoding == .steps }) {
            text += "    private struct Steps<Number: Codable>: Codable { var start, step: Number }\n"
        }

        // init(from:)
        text += """

                init(from decoder: any Decoder) throws {
                    if let records = try? [\(recordType)](from: decoder) {  // the form sent before
                        self.records = records
                        return
                    }
                    let columns = try decoder.container(keyedBy: CodingKeys.self)
                    let \(countName) = try columns.decode(Int.self, forKey: .\(countName))

            """
        var lengths: [String] = []
        var arguments: [String] = []
        for (column, name) in fields {
            let local = "\(name)Column"
            let number = column.isIntegral ? "Int" : "Double"
            let value: String
            switch column.encoding {
            case .steps:
                text += "        let \(local) = try columns.decode(Steps<\(number)>.self, forKey: .\(name))\n"
                value =
                    column.isIntegral
                    ? "\(local).start &+ index &* \(local).step" : "\(local).start + Double(index) * \(local).step"
            case .deltas:
                text += "        let \(local) = try Self.sums(columns.decode([Int].self, forKey: .\(name)))\n"
                value = "\(local)[index]"
                lengths.append("\(local).count")
            case .values:
                text += "        let \(local) = try columns.decode([\(column.type.rawValue)].self, forKey: .\(name))\n"
                value = "\(local)[index]"
                lengths.append("\(local).count")
            }
            let isConverted = column.type == .date && column.encoding != .values
            let converted =
                !isConverted
                ? value
                : column.isIntegral
                    ? "Date(timeIntervalSinceReferenceDate: Double(\(value)))"
                    : "Date(timeIntervalSinceReferenceDate: \(value))"
            arguments.append("\(name): \(converted)")
        }
        if !lengths.isEmpty {
            text += """
                        guard [\(lengths.joined(separator: ", "))].allSatisfy({ $0 == \(countName) }) else {
                            throw DecodingError.dataCorruptedError(
                                forKey: .\(countName), in: columns, debugDescription: "a column does not hold \\(\(countName)) values")
                        }

                """
        }
        text += """
                    self.records = (0..<\(countName)).map { index in
                        \(recordType)(
                            \(arguments.joined(separator: ",\n                "))
                        )
                    }
                }

            """

        // encode(to:): the same layout, or the records when they do not fit it.
        var conditions = ["!records.isEmpty"]
        var encodings: [String] = []
        var helpers: Set<String> = []
        for (column, name) in fields {
            let seconds = "Int(exactly: $0.\(name).timeIntervalSinceReferenceDate)"
            switch column.encoding {
            case .steps:
                if column.isIntegral {
                    let values = column.type == .date ? seconds : "$0.\(name)"
                    conditions.append("let \(name)Steps = Self.intSteps(records.map { \(values) })")
                    helpers.insert("intSteps")
                } else {
                    let path = column.type == .date ? "\\.\(name).timeIntervalSinceReferenceDate" : "\\.\(name)"
                    conditions.append("let \(name)Steps = Self.doubleSteps(records.map(\(path)))")
                    helpers.insert("doubleSteps")
                }
                encodings.append("try columns.encode(\(name)Steps, forKey: .\(name))")
            case .deltas:
                helpers.formUnion(["differences"])
                if column.type == .date {
                    conditions.append("let \(name)Seconds = Self.integers(records.map { \(seconds) })")
                    helpers.insert("integers")
                    encodings.append("try columns.encode(Self.differences(\(name)Seconds), forKey: .\(name))")
                } else {
                    encodings.append("try columns.encode(Self.differences(records.map(\\.\(name))), forKey: .\(name))")
                }
            case .values:
                encodings.append("try columns.encode(records.map(\\.\(name)), forKey: .\(name))")
            }
        }
        text += """

                func encode(to encoder: any Encoder) throws {
                    guard \(conditions.joined(separator: ",\n            ")) else {
                        return try records.encode(to: encoder)  // not in this layout: the records as they are
                    }
                    var columns = encoder.container(keyedBy: CodingKeys.self)
                    try columns.encode(records.count, forKey: .\(countName))
                    \(encodings.joined(separator: "\n        "))
                }

            """
        if helpers.contains("differences") {
            text += """

                    // Differences and sums wrap, so every Int comes back exactly.
                    private static func differences(_ values: [Int]) -> [Int] { zip(values, [0] + values).map { $0 &- $1 } }
                    private static func sums(_ differences: [Int]) -> [Int] {
                        differences.reduce(into: []) { $0.append(($0.last ?? 0) &+ $1) }
                    }

                """
        }
        if helpers.contains("integers") {
            text += """
                    private static func integers(_ values: [Int?]) -> [Int]? {
                        values.contains(nil) ? nil : values.compactMap { $0 }
                    }

                """
        }
        if helpers.contains("intSteps") {
            text += """
                    private static func intSteps(_ values: [Int?]) -> Steps<Int>? {
                        guard let start = values.first ?? nil else { return nil }
                        let step = values.count > 1 ? (values[1] ?? start) &- start : 0
                        return values.indices.allSatisfy { values[$0] == start &+ $0 &* step } ? Steps(start: start, step: step) : nil
                    }

                """
        }
        if helpers.contains("doubleSteps") {
            text += """
                    private static func doubleSteps(_ values: [Double]) -> Steps<Double>? {
                        guard let start = values.first else { return nil }
                        let step = values.count > 1 ? values[1] - start : 0
                        let exact = values.indices.allSatisfy { (start + Double($0) * step).bitPattern == values[$0].bitPattern }
                        return exact ? Steps(start: start, step: step) : nil
                    }

                """
        }
        if text.hasSuffix("\n\n") { text.removeLast() }
        text += "}"
        return text
    }

    /// Swift property names for the keys: the key itself when it is an identifier, else its
    /// lowerCamelCase words; never a keyword, each unique.
    static func fieldNames(for keys: [String]) -> [String] {
        var used: Set<String> = []
        return keys.map { key in
            var name = SwiftNaming.isIdentifier(key) ? key : SwiftNaming.caseName(for: key)
            name = name.replacingOccurrences(of: "`", with: "")
            if name == "empty", key != "empty" { name = "field" }  // no ASCII word in the key
            if SwiftNaming.keywords.contains(name) || name == "records" { name += "Value" }
            let base = name
            var number = 2
            while used.contains(name) {
                name = base + String(number)
                number += 1
            }
            used.insert(name)
            return name
        }
    }

    /// The record type's name: the array's key in the singular (`readings` → `Reading`),
    /// `Record` added when that would shadow a standard type.
    static func recordTypeName(for key: String?) -> String {
        guard var word = key else { return "Record" }
        if word.hasSuffix("ies"), word.count > 4 {
            word = String(word.dropLast(3)) + "y"
        } else if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), word.count > 3 {
            word = String(word.dropLast())
        }
        let name = SwiftNaming.typeName(for: word)
        let taken: Set<String> = [
            "Date", "String", "Int", "Double", "Bool", "Data", "Array", "Set", "Dictionary", "Optional", "Result",
            "Error", "Decoder", "Encoder", "Codable", "Hashable", "URL", "Character", "Float", "Never", "Void",
            "Steps", "Value", "Any", "Self", "Type", "Protocol",
        ]
        return taken.contains(name) ? name + "Record" : name
    }
}
