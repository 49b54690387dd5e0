@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// The fewest records an array must have for the columnar form to be proposed.
    static let minimumColumnarRecordCount = 8
    /// The least a columnar form must save to be worth an app change: bytes, and a fraction
    /// of the arrays' own bytes (one tenth).
    static let minimumColumnarSaving = 64

    /// Arrays of small records (`[{"date":…,"value":…},…]`) → columns (an app change).
    ///
    /// Every record must be an object with the same 2 to 8 keys holding strings, Booleans or
    /// numbers (see ``ColumnarLayout/infer(_:isDate:)``), in arrays of at least
    /// ``minimumColumnarRecordCount`` records. Each key is then written once: an evenly stepped
    /// number as a start and a step, integers (and dates in whole seconds) as differences when
    /// those are shorter, anything else as an array of its values. Nothing is lost: the
    /// snippet's wrapper rebuilds every record, in order, with the same values. Records under a
    /// kept key (an SDK's) are left alone.
    static let columnar = ShrinkStrategy(id: "columnar") { context in
        var instances: [JSONPointer: [JSONElement]] = [:]
        var order: [JSONPointer] = []
        for value in context.reshapableValues {
            guard let elements = value.element.elements, elements.first?.members != nil else { continue }
            let path = value.path.folded
            if instances[path] == nil { order.append(path) }
            instances[path, default: []].append(value.element)
        }
        return order.compactMap { path -> ShrinkCandidate? in
            let arrays = instances[path]!
            guard arrays.allSatisfy({ ($0.elements?.count ?? 0) >= minimumColumnarRecordCount }) else { return nil }
            let records = arrays.map { ($0.elements ?? []).map(ShrinkNode.init) }
            let recordPath = path.appending(.anyIndex)
            guard
                let layout = ColumnarLayout.infer(
                    records,
                    isDate: { key in
                        isDateValue(at: recordPath.appending(.key(key)), context: context)
                    }),
                !layout.columns.contains(where: { context.keptKeys.contains($0.key) })
            else { return nil }
            let before = arrays.reduce(0) { $0 + $1.compactByteCount }
            var after = 0
            for array in records {
                guard let node = layout.columnarNode(of: array, escapesSlashes: context.escapesSlashes) else {
                    return nil
                }
                after += node.byteCount
            }
            guard before - after >= minimumColumnarSaving, (before - after) * 10 >= before else { return nil }
            return columnarProposal(
                at: path, layout: layout, recordCount: records.reduce(0) { $0 + $1.count }, arrayCount: arrays.count)
        }
    }

    private static func columnarProposal(
        at path: JSONPointer, layout: ColumnarLayout, recordCount: Int, arrayCount: Int
    ) -> ShrinkCandidate {
        func keys(_ encoding: ColumnarLayout.Encoding, constant: Bool = false) -> [String] {
            layout.columns.filter { $0.encoding == encoding && $0.isConstant == constant }.map { "'\($0.key)'" }
        }
        var parts: [String] = []
        let constants = keys(.steps, constant: true)
        let stepped = keys(.steps)
        let deltas = keys(.deltas)
        let values = keys(.values)
        if !stepped.isEmpty { parts.append("\(stepped.joined(separator: ", ")) as a start and a step") }
        if !constants.isEmpty {
            parts.append("\(constants.joined(separator: ", ")) as a start and a step of 0 (the same in every record)")
        }
        if !deltas.isEmpty { parts.append("\(deltas.joined(separator: ", ")) delta-encoded") }
        if !values.isEmpty { parts.append("\(values.joined(separator: ", ")) as arrays") }
        let records =
            arrayCount == 1 ? counted(recordCount, "record") : "\(recordCount) records in \(arrayCount) arrays"
        let recordType = ColumnarLayout.recordTypeName(for: path.lastKey ?? path.parent.lastKey)
        let wrapperType = recordType + "Columns"
        var layoutText: [String] = ["\"\(layout.countKey)\" (the number of records)"]
        if !stepped.isEmpty || !constants.isEmpty {
            let evenly = stepped.isEmpty ? "the same in every record" : "evenly stepped"
            layoutText.append(
                "\((stepped + constants).joined(separator: ", ")) as {\"start\":…,\"step\":…} (\(evenly))")
        }
        if !deltas.isEmpty {
            layoutText.append(
                "\(deltas.joined(separator: ", ")) as the first value, then each value minus the one before")
        }
        if !values.isEmpty { layoutText.append("\(values.joined(separator: ", ")) as arrays of their values") }
        let snippet = layout.snippet(recordType: recordType, wrapperType: wrapperType)
        return ShrinkCandidate(
            id: "columnar:\(path)", kind: "columnar",
            title: "columns for the \(records) at \(path): \(parts.joined(separator: "; "))",
            paths: [path], contractChange: .app,
            howToApply: """
                Send the records at \(path) as one object of columns: \(layoutText.joined(separator: "; ")). The property becomes a \(wrapperType), whose records are the same values in the same order:
                \(snippet)
                Installed apps and running activities still read the records: ship the app first (the wrapper decodes both forms), then have the server send columns; an update whose records do not fit the layout is sent as records.
                """,
            isLossy: false,
            edit: ShrinkEdit(phase: .values) { document in
                let escapesSlashes = document.escapesSlashes
                document.modify(path) { node in
                    guard case .array(let elements) = node.content,
                        let columns = layout.columnarNode(of: elements, escapesSlashes: escapesSlashes)
                    else { return }
                    node = columns
                }
            })
    }
}
