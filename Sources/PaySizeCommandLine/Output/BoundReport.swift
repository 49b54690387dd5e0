@_spi(Internals) import PaySize

/// One schema's bound as `paysize bound` reports it: the Swift writer's figures (JSONEncoder on
/// iOS 17 and later), and the device's, by the writer `--device-writer` names, which the limit
/// judges.
struct BoundReport {
    var file: String
    var bound: WorstCaseBound
    var attributes: WorstCaseBound?
    var judgesPrintable: Bool
    var budget: PayloadBudget

    /// The content-state figure of `writer` of the kind judged: the worst, or the printable one
    /// with `--printable`.
    func contentStateBytes(_ writer: JSONWriter) -> Int? {
        let figures = bound.figures(of: writer)
        return judgesPrintable ? figures.printableByteCount : figures.byteCount
    }

    /// The attributes' figure of `writer` of the kind judged; `nil` without attributes.
    func attributesBytes(_ writer: JSONWriter) -> Int? {
        guard let figures = attributes?.figures(of: writer) else { return nil }
        return judgesPrintable ? figures.printableByteCount : figures.byteCount
    }

    /// Attributes plus content state as `writer` writes them, as ActivityKit weighs them; `nil`
    /// without attributes.
    func activityKitBytes(_ writer: JSONWriter) -> Int? {
        guard let attributesBytes = attributesBytes(writer), let contentStateBytes = contentStateBytes(writer) else {
            return nil
        }
        return attributesBytes + contentStateBytes
    }

    /// The figure of `writer` compared with the limit, or while unbounded the bounded rest
    /// (which only picks the writer).
    private func comparedBytes(_ writer: JSONWriter) -> Int {
        if let bytes = attributes == nil ? contentStateBytes(writer) : activityKitBytes(writer) { return bytes }
        let figures = bound.figures(of: writer)
        return (judgesPrintable ? figures.printableBoundedRestByteCount : figures.boundedRestByteCount) ?? -1
    }

    /// The writer whose figures the limit judges: the one `--device-writer` names, or for
    /// `larger` the one whose judged figure is larger (the Objective-C writer on a tie).
    var deviceWriter: JSONWriter {
        let writers = budget.deviceWriter.writers
        return writers.dropFirst().reduce(writers[0]) { comparedBytes($1) >= comparedBytes($0) ? $1 : $0 }
    }

    /// The judged writer's figures.
    var device: WorstCaseBound.WriterFigures { bound.figures(of: deviceWriter) }

    /// The Swift writer's content-state figure of the kind judged.
    var contentStateBytes: Int? { contentStateBytes(.swift) }

    /// The Swift writer's attributes plus content state; `nil` without attributes.
    var activityKitBytes: Int? { activityKitBytes(.swift) }

    /// The figure compared with the limit: the device's content state, or with attributes its
    /// ActivityKit figure.
    var judgedBytes: Int? {
        attributes == nil ? contentStateBytes(deviceWriter) : activityKitBytes(deviceWriter)
    }

    var tier: SizeTier? { judgedBytes.map { budget.tier(forByteCount: $0) } }

    var fits: Bool { judgedBytes.map { $0 <= budget.limit } ?? false }

    /// Every unbounded place, the attributes' after the content state's, with the text that
    /// names it: the attributes' prefixed `attributes `.
    var unbounded: [(place: String, entry: WorstCaseBound.UnboundedPath)] {
        bound.unbounded.map { ($0.path.boundText, $0) }
            + (attributes?.unbounded ?? []).map { ("attributes " + $0.path.boundText, $0) }
    }

    func passes(failOn: SizeTier) -> Bool {
        guard let tier else { return false }
        return tier < failOn
    }

    /// Items one array can still take within the limit at the worst case.
    func moreItemsFit(_ array: WorstCaseBound.ArrayHeadroom) -> Int? {
        guard let judgedBytes, array.worstBytesPerItem > 0 else { return nil }
        let room = budget.limit - judgedBytes
        return room >= 0
            ? room / array.worstBytesPerItem : -((-room + array.worstBytesPerItem - 1) / array.worstBytesPerItem)
    }

    var json: JSONOutputValue {
        .object([
            ("file", .string(file)),
            ("contentStateBytes", .optional(bound.byteCount)),
            ("printableContentStateBytes", .optional(bound.printableByteCount)),
            ("boundedRestBytes", .optional(bound.boundedRestByteCount)),
            ("printableBoundedRestBytes", .optional(bound.printableBoundedRestByteCount)),
            ("attributesBytes", .optional(judgesPrintable ? attributes?.printableByteCount : attributes?.byteCount)),
            ("activityKitBytes", .optional(activityKitBytes)),
            ("deviceWriter", .string(deviceWriter.name)),
            ("deviceContentStateBytes", .optional(device.byteCount)),
            ("printableDeviceContentStateBytes", .optional(device.printableByteCount)),
            ("deviceBoundedRestBytes", .optional(device.boundedRestByteCount)),
            ("printableDeviceBoundedRestBytes", .optional(device.printableBoundedRestByteCount)),
            ("deviceAttributesBytes", .optional(attributesBytes(deviceWriter))),
            ("deviceActivityKitBytes", .optional(activityKitBytes(deviceWriter))),
            ("limit", .int(budget.limit)),
            ("tier", .optional(tier?.rawValue)),
            ("fits", .bool(fits)),
            (
                "unbounded",
                .array(
                    unbounded.map {
                        .object([
                            ("path", .string($0.place)), ("why", .string($0.entry.why)), ("fix", .string($0.entry.fix)),
                        ])
                    })
            ),
            (
                "arrays",
                .array(
                    device.arrays.map {
                        .object([
                            ("path", .string($0.path.boundText)), ("maxItems", .int($0.maxItems)),
                            ("worstBytesPerItem", .int($0.worstBytesPerItem)),
                            ("moreItemsFit", .optional(moreItemsFit($0))),
                        ])
                    })
            ),
            ("witness", bound.witnessJSON.map(JSONOutputValue.json) ?? .null),
            ("printableWitness", bound.printableWitnessJSON.map(JSONOutputValue.json) ?? .null),
            ("deviceWitness", device.witnessJSON.map(JSONOutputValue.json) ?? .null),
            ("assumptions", .string(assumptions)),
        ])
    }

    /// The assumptions as one text, each sentence ending in a period.
    var assumptions: String {
        var sentences = bound.assumptions
        sentences.append(
            judgesPrintable
                ? "the limit is judged on the device's printable figure (--printable), by the \(deviceWriter) writer"
                : "the limit is judged on the device's first figure, by the \(deviceWriter) writer")
        if attributes != nil {
            sentences.append(
                "ActivityKit's figure is the attributes' bound plus the content state's, both as one writer writes them"
            )
        }
        sentences.append("the push's aps envelope (timestamp, event, alert) is not counted; tiers are advisory")
        return sentences.map { $0.prefix(1).uppercased() + $0.dropFirst() + "." }.joined(separator: " ")
    }

    /// Columns in a breakdown bar.
    static let barWidth = 40

    var text: String {
        var text = "\(file): "
        if let bytes = bound.byteCount, let printable = bound.printableByteCount {
            text += "at most \(bytes) bytes, \(printable) printable"
            if let deviceBytes = device.byteCount, let devicePrintable = device.printableByteCount {
                text += "; on the device \(deviceBytes), \(devicePrintable) printable (\(deviceWriter) writer)"
            }
            if let activityKitBytes = activityKitBytes(deviceWriter) {
                text += "; ActivityKit (attributes + content state) on the device \(activityKitBytes)"
            }
            text += "; \(tier.map(\.rawValue) ?? "unbounded") (advisory) against \(budget.limit)"
            text += fits ? ", fits\n" : ", does not fit\n"
        } else {
            text += "unbounded: \(unbounded.count) \(unbounded.count == 1 ? "place has" : "places have") no limit\n"
        }
        if !unbounded.isEmpty {
            text += "\nUnbounded:\n"
            for (place, entry) in unbounded { text += "  \(place): \(entry.why); \(entry.fix)\n" }
        }
        if bound.byteCount == nil, let rest = bound.boundedRestByteCount {
            let paths = bound.unbounded.map(\.path.boundText)
            let named =
                paths.count > 1
                ? paths.dropLast().joined(separator: ", ") + " and " + (paths.last ?? "") : paths.joined()
            text += "\nThe rest: at most \(rest) bytes"
            if let printable = bound.printableBoundedRestByteCount { text += ", \(printable) printable" }
            text += ", with \(named) at \(paths.count == 1 ? "its" : "their") shortest"
            if let deviceRest = device.boundedRestByteCount {
                text += "; on the device \(deviceRest)"
                if let printable = device.printableBoundedRestByteCount { text += ", \(printable) printable" }
                text += " (\(deviceWriter) writer)"
            }
            text += "\n"
        }
        if let total = device.byteCount {
            text += "\nWorst case on the device by path (largest first; one column = "
            let scale = max(budget.limit, total)
            let perColumn = (scale + Self.barWidth - 1) / Self.barWidth
            text += "\(perColumn) bytes):\n"
            let pathWidth = min(44, device.breakdown.map(\.label.count).max() ?? 5)
            let countWidth = device.breakdown.map { "×\($0.count)".count }.max() ?? 2
            let byteWidth = String(total).count
            var start = 0
            for row in device.breakdown {
                let label = row.label.count > 44 ? "…" + String(row.label.suffix(43)) : row.label
                text += "  " + Self.padded(label, pathWidth) + "  " + Self.padded("×\(row.count)", countWidth) + "  "
                text += String(repeating: " ", count: byteWidth - String(row.byteCount).count) + "\(row.byteCount)  "
                text += Self.bar(from: start, count: row.byteCount, perColumn: perColumn) + "\n"
                start += row.byteCount
            }
            text += "  " + Self.padded("total", pathWidth + 2 + countWidth) + "  \(total)\n"
        }
        if !device.arrays.isEmpty {
            text += "\nArrays (worst bytes per item on the device; more items that fit):\n"
            for array in device.arrays {
                text +=
                    "  \(array.path.boundText): maxItems \(array.maxItems), \(array.worstBytesPerItem) bytes per item"
                if let more = moreItemsFit(array) {
                    text += more >= 0 ? ", \(more) more fit\n" : ", \(-more) too many at the worst case\n"
                } else {
                    text += "\n"
                }
            }
        }
        if let witness = bound.witnessJSON {
            text += "\nWitness (\(bound.byteCount ?? 0) bytes once re-encoded): \(witness)\n"
        }
        if let witness = bound.printableWitnessJSON {
            text += "Printable witness (\(bound.printableByteCount ?? 0) bytes): \(witness)\n"
        }
        if let witness = device.witnessJSON, witness != bound.witnessJSON {
            text +=
                "Device witness (\(device.byteCount ?? 0) bytes as the \(deviceWriter) writer writes it): \(witness)\n"
        }
        text += "\nAssumptions: \(assumptions)\n"
        return text
    }

    private static func padded(_ text: String, _ width: Int) -> String {
        text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
    }

    private static func bar(from start: Int, count: Int, perColumn: Int) -> String {
        var columns: [Character] = (0..<barWidth).map { column in
            let middle = column * perColumn + perColumn / 2
            return middle >= start && middle < start + count ? "█" : "·"
        }
        if count > 0, !columns.contains("█") { columns[min(start / perColumn, barWidth - 1)] = "█" }
        return String(columns)
    }
}
