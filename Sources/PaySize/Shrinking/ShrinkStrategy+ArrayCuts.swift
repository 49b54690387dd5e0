@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// The fewest elements an array must have for a cut to be proposed, unless it holds at least
    /// a quarter of the payload's bytes.
    static let minimumLongArrayCount = 6
    /// The fewest elements a series must have for downsampling to be proposed.
    static let minimumSeriesCount = 8

    /// Long arrays → send at most N items (lossy; a server change), keeping the end that matters.
    ///
    /// The order is read from the items (see ``ArrayOrder``): the newest or top-ranked end is
    /// kept. When nothing orders them, the cut asks "order unknown: keep which end?": it keeps
    /// the first items for measuring, never joins the plan (so `--lossy` never applies it) and
    /// is listed after every other suggestion, until ``ShrinkAdvisor/keptEnd`` (`--keep
    /// first|last`) answers. N is computed to bring the payload to the target tier's ceiling; a
    /// payload at its target gets no cut. Index members beside the array (`pageIndex`,
    /// `nextStopIndex`) keep pointing at the same item: the cut keeps a window around them (from
    /// a little before a forward-looking index, onwards) and rebases them; count members equal to
    /// the array's length follow it. An index is matched to the array its name points at
    /// (`currentSplitIndex` → `splits`); only when its name points at none and it fits several
    /// is no cut proposed, and the finding names the candidates. Small lists of distinct names (a
    /// settings or layout list) are never cut; a path on the map is cut by whole points.
    static let cappedItems = ShrinkStrategy(id: "cap-items") { context in
        let isAtTarget = context.isAtTarget
        return arrayGroups(in: context).compactMap { group -> ShrinkCandidate? in
            let isBulky = group.instances == 1 && group.bytes * 4 >= context.byteCount
            guard group.count >= minimumLongArrayCount || isBulky, group.count >= 2, !group.isClosedList
            else { return nil }
            if let refusal = group.refusal {
                return ShrinkCandidate(
                    id: "cap-items:\(group.path)", kind: "cap-items",
                    title: "no cut at \(group.path): \(refusal)", paths: [group.path], contractChange: .server,
                    howToApply: "Cut the array only together with the members that point into it, in the app's terms.",
                    isLossy: true, edit: .unchanged, reportsWithoutSaving: true)
            }
            // A payload at its target gets no cut; a refusal above is a finding, not a cut.
            guard !isAtTarget else { return nil }
            let kept = group.keptCount(in: context, spread: false)
            let keeping = group.keepingText(kept: kept)
            let noun = group.coordinates == nil ? "item" : "point"
            var candidate = ShrinkCandidate(
                id: "cap-items:\(group.path)", kind: "cap-items",
                title:
                    "send at most \(counted(kept, noun)) of \(group.count) at \(group.path), \(keeping)\(group.coverageNote(keeping: kept))",
                paths: [group.path], contractChange: .server,
                howToApply: """
                    Have the server send at most \(counted(kept, noun)) at \(group.path) (about \(counted(group.bytesPerItem, "byte")) each, commas included), \(keeping); \(kept) is computed to reach \(context.target). \(group.couplingNote(kept: kept))\(group.asksWhichEnd ? "Nothing in the items says which end is newest: answer with --keep first or --keep last (ShrinkAdvisor.keptEnd) before applying it. " : "")The app accepts a shorter array; the other items are no longer shown (lossy).
                    """,
                isLossy: true,
                edit: group.edit(keeping: kept, spread: false))
            candidate.asksWhichEnd = group.asksWhichEnd
            return candidate
        }
    }

    /// Series and paths on the map → downsampling that keeps both ends (lossy; a server change).
    ///
    /// A series is an array of at least ``minimumSeriesCount`` numbers, number pairs or records
    /// of numbers (and dates). A path on the map (see ``CoordinatePath``) keeps its ends and the
    /// points where it turns most, by whole points; a series of records keeps evenly spaced
    /// records, both ends and every value member's lowest and highest, and the suggestion states
    /// the span the chart still covers and its largest gap; other series keep evenly spaced
    /// items. The kept count is computed as for ``cappedItems`` (no thinning of a payload at its
    /// target); index members are kept pointing at the same item.
    static let downsampledSeries = ShrinkStrategy(id: "downsample") { context in
        guard !context.isAtTarget else { return [] }
        return arrayGroups(in: context).compactMap { group -> ShrinkCandidate? in
            guard group.isSeries || group.coordinates != nil, group.count >= minimumSeriesCount, group.refusal == nil
            else { return nil }
            let kept = max(group.keptCount(in: context, spread: true), 2)
            guard kept < group.count else { return nil }
            let title: String
            let how: String
            if group.coordinates != nil {
                title =
                    "downsample the \(group.count) points of the path at \(group.path) to \(kept), keeping both ends and the sharpest turns"
                how =
                    "Have the server simplify the path at \(group.path) to \(kept) points, dropping first the points that change the line least (Visvalingam), always with the first and the last, whole points only"
            } else if let records = group.recordSeries {
                title =
                    "thin the \(group.count) records of the series at \(group.path) to \(kept), evenly spaced, both ends and the extremes kept\(group.spanNote(keeping: kept, records))"
                how =
                    "Have the server send evenly spaced records at \(group.path), always with the first, the last and each value's lowest and highest, so the chart keeps its span and its peaks"
            } else {
                title =
                    "downsample the \(group.count) points of the series at \(group.path) to \(kept), evenly spaced, both ends kept"
                how =
                    "Have the server send every \(Self.stepText(group.count, kept)) point at \(group.path), always with the first and the last, so the chart keeps its shape and both ends"
            }
            return ShrinkCandidate(
                id: "downsample:\(group.path)", kind: "downsample", title: title, paths: [group.path],
                contractChange: .server,
                howToApply: """
                    \(how); \(kept) is computed to reach \(context.target). \(group.couplingNote(kept: kept))The app accepts a shorter array (lossy).
                    """,
                isLossy: true,
                edit: group.edit(keeping: kept, spread: true))
        }
    }

    private static func stepText(_ count: Int, _ kept: Int) -> String {
        let step = Double(count - 1) / Double(max(kept - 1, 1))
        let rounded = (step * 10).rounded() / 10
        return rounded == rounded.rounded() ? "\(Int(rounded))th" : "\(rounded)th"
    }

    /// A series of records ordered by one member (a time, a sequence), charted by the others.
    struct RecordSeries {
        /// The member that orders the records.
        var orderKey: String
        /// The numeric members besides ``orderKey``: their lowest and highest are kept.
        var valueKeys: [String]
        /// The order member's values, in array order.
        var orderValues: [Double]
        /// Whether ``orderValues`` are seconds (dates), so spans read as durations.
        var isTime: Bool
        /// `; the chart still covers …, largest gap …` for the kept positions.
        func note(keptPositions positions: [Int]) -> String {
            guard let first = positions.first, let last = positions.last, positions.count >= 2 else { return "" }
            let span = orderValues[last] - orderValues[first]
            let gap =
                zip(positions, positions.dropFirst()).map { orderValues[$1] - orderValues[$0] }.map(abs).max() ?? 0
            let originalGap = zip(orderValues, orderValues.dropFirst()).map { abs($1 - $0) }.max() ?? 0
            return
                "; the chart still covers \(format(abs(span))) (all of it), largest gap \(format(gap)) (was \(format(originalGap)))"
        }

        private func format(_ value: Double) -> String {
            guard isTime else {
                let rounded = (value * 100).rounded() / 100
                return "\(rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) in '\(orderKey)'"
            }
            return ShrinkStrategy.durationText(seconds: value)
        }

        /// The records of `elements` as a series ordered by `order`, or `nil`.
        static func read(_ elements: [JSONElement], order: ArrayOrder?) -> RecordSeries? {
            guard let order, let first = elements.first?.members, let key = order.orderKey else { return nil }
            let values = elements.map { ArrayOrder.sortKey($0[key]) }
            guard values.allSatisfy({ $0 != nil }) else { return nil }
            let valueKeys = first.filter { $0.key != key && $0.value.numberText != nil }.map(\.key)
            guard !valueKeys.isEmpty else { return nil }
            var orderValues = values.map { $0! }
            let isString = first.first { $0.key == key }?.value.stringValue != nil
            let words = SwiftNaming.words(of: key).map { $0.lowercased() }
            var isTime =
                isString || words.contains { ["t", "ts", "time", "timestamp", "date", "at", "epoch"].contains($0) }
            if !isString, let sample = orderValues.first, sample >= 1e12 {
                orderValues = orderValues.map { $0 / 1000 }  // milliseconds since 1970
            } else if !isString, let sample = orderValues.first, sample < PayloadSchema.unixSecondsThreshold,
                words.contains(where: { ["t", "ts", "time", "timestamp", "epoch"].contains($0) }) == false
            {
                isTime = false
            }
            return RecordSeries(orderKey: key, valueKeys: valueKeys, orderValues: orderValues, isTime: isTime)
        }
    }

    /// `5 h`, `2 h 15 min`, `12 min`, `45 s`: a span of time in suggestion text.
    static func durationText(seconds: Double) -> String {
        let total = Int(seconds.rounded())
        if total < 60 { return "\(total) s" }
        let minutes = (total + 30) / 60
        if minutes < 60 { return "\(minutes) min" }
        return minutes % 60 == 0 ? "\(minutes / 60) h" : "\(minutes / 60) h \(minutes % 60) min"
    }

    /// The arrays at one folded path, as the cut strategies see them.
    struct ArrayGroup {
        var path: JSONPointer
        /// The longest array's length, in items (points for a flat path on the map).
        var count: Int
        /// The bytes of every element, commas included, over every array.
        var bytes: Int
        var elementTotal: Int
        var instances: Int
        var order: ArrayOrder?
        /// Whether nothing orders the items and the caller has not said which end to keep.
        var asksWhichEnd = false
        var isClosedList: Bool
        var isSeries: Bool
        /// The shape of a path on the map, when the array is one.
        var coordinates: CoordinatePath?
        /// The series of records the array is, when it is one (one array at the path).
        var recordSeries: RecordSeries?
        /// Sibling members that index into the array.
        var indexKeys: [String] = []
        /// The index members among ``indexKeys`` that look forward (`next`, `current`,
        /// `upcoming`, `nowPlaying`): the cut keeps a window from just before them onwards.
        var forwardIndexKeys: [String] = []
        /// Where the index members point in the single array at this path.
        var pinned: [Int] = []
        /// Sibling members that hold the array's length.
        var countKeys: [String] = []
        /// Sibling totals that count more than the array holds (left as they are).
        var totalKeys: [String] = []
        /// Why no cut can keep the coupled members true, if so.
        var refusal: String?
        /// The size of each item of the single array at this path (a point's two numbers and
        /// their comma for a flat path), when there is one.
        var elementSizes: [Int]?
        /// Whether ActivityKit counts the array on the device.
        var isDeviceCounted = false
        /// As ``bytes``, with every element as the judged writer writes it on the device.
        var deviceBytes = 0
        /// As ``elementSizes``, as the judged writer writes each element on the device.
        var elementDeviceSizes: [Int]?
        /// The points of the single path at this path, for choosing the turns to keep.
        var points: [(Double, Double)]?

        /// The elements of the single array at this path, when there is one.
        var elements: [JSONElement]?

        var bytesPerItem: Int { max(1, bytes / max(elementTotal, 1)) }

        var shape: ArrayGroupShape {
            ArrayGroupShape(
                coordinates: coordinates, recordSeries: recordSeries, end: order?.importantEnd,
                forward: !forwardIndexKeys.isEmpty)
        }

        /// The span a thinned series of records still covers and its largest gap, for the title.
        func spanNote(keeping kept: Int, _ records: RecordSeries) -> String {
            guard let elements,
                let positions = Self.positions(of: elements, keeping: kept, group: shape, pinned: pinned, spread: true)
            else { return "" }
            return records.note(keptPositions: positions)
        }

        /// The items to keep so the payload reaches the target's ceiling: on the body, and on
        /// ActivityKit's figure as the judged writer writes it when that is above ActivityKit's
        /// ceiling; the fewer of the two.
        func keptCount(in context: ShrinkContext, spread: Bool) -> Int {
            var kept: Int? = nil
            let ceiling = context.budget.largestByteCount(in: context.target)
            if context.byteCount > ceiling {
                kept = keptCount(needed: context.byteCount - ceiling, sizes: elementSizes, bytes: bytes, spread: spread)
            }
            let deviceCeiling = context.budget.activityKitBudget.largestByteCount(in: context.target)
            if isDeviceCounted, let device = context.judgedDevice, device.byteCount > deviceCeiling {
                let deviceKept = keptCount(
                    needed: device.byteCount - deviceCeiling, sizes: elementDeviceSizes, bytes: deviceBytes,
                    spread: spread)
                kept = min(kept ?? deviceKept, deviceKept)
            }
            return min(max(kept ?? count / 2, indexKeys.isEmpty ? 1 : 2), count - 1)
        }

        /// The items to keep so that a figure drops by `needed` bytes, given each element's size
        /// (one array) or the bytes of every element (several).
        private func keptCount(needed: Int, sizes: [Int]?, bytes: Int, spread: Bool) -> Int {
            if let sizes, !spread {
                let priority = ShrinkStrategy.priority(count: count, end: order?.importantEnd ?? .first)
                var saved = 0
                var dropped = 0
                for position in priority.reversed() where saved < needed + countKeys.count * 2 {
                    saved += sizes[position] + 1
                    dropped += 1
                }
                return count - dropped
            }
            let perInstance = max(1, max(1, bytes / max(elementTotal, 1)) * instances)
            return count - (needed + countKeys.count * 2 + perInstance - 1) / perInstance
        }

        /// What a cap keeps, in words: the window around an index, the end an order names, or
        /// the question when nothing orders the items.
        func keepingText(kept: Int) -> String {
            if !pinned.isEmpty, instances == 1 {
                let positions = ShrinkStrategy.keptPositions(
                    count: count, keeping: kept, end: order?.importantEnd, pinned: pinned, spread: false,
                    forward: !forwardIndexKeys.isEmpty)
                let range = "\(positions.first ?? 0)–\(positions.last ?? 0)"
                if !forwardIndexKeys.isEmpty {
                    return
                        "keeping items \(range) (counted from 0): from just before '\(forwardIndexKeys[0])' (\(pinned[0])) onwards, with no hole"
                }
                let around = indexKeys.map { "'\($0)'" }.joined(separator: ", ")
                let end = order.map { " and the \($0.kept) (\($0.reason))" } ?? ""
                return "keeping items \(range) (counted from 0) around \(around)\(end)"
            }
            if let order { return "keeping the \(order.kept) (\(order.reason))" }
            return "order unknown: keep which end? (nothing in the items rises or falls; answer with --keep first|last)"
        }

        /// For a series of records ordered by time, what a cap leaves of the chart's span.
        func coverageNote(keeping kept: Int) -> String {
            guard let recordSeries, recordSeries.isTime, let order, pinned.isEmpty, instances == 1 else { return "" }
            let values = recordSeries.orderValues
            let whole = abs((values.last ?? 0) - (values.first ?? 0))
            let keptValues = order.importantEnd == .last ? values.suffix(kept) : values.prefix(kept)
            let covered = abs((keptValues.last ?? 0) - (keptValues.first ?? 0))
            return
                ": the chart then covers \(ShrinkStrategy.durationText(seconds: covered)) of \(ShrinkStrategy.durationText(seconds: whole)) (thinning keeps it all)"
        }

        func couplingNote(kept: Int) -> String {
            var notes: [String] = []
            if !indexKeys.isEmpty {
                let window = forwardIndexKeys.isEmpty ? "a window around it" : "a window from just before it onwards"
                notes.append(
                    "\(Self.quoted(indexKeys)) still \(indexKeys.count == 1 ? "points" : "point") at the same item: the cut keeps \(window) and rebases it"
                )
            }
            if !countKeys.isEmpty { notes.append("\(Self.quoted(countKeys)) becomes \(kept), the new length") }
            if !totalKeys.isEmpty {
                notes.append(
                    "\(Self.quoted(totalKeys)) \(totalKeys.count == 1 ? "stays" : "stay") as \(totalKeys.count == 1 ? "it counts" : "they count") the whole set"
                )
            }
            return notes.isEmpty ? "" : notes.joined(separator: "; ") + ". "
        }

        private static func quoted(_ keys: [String]) -> String {
            keys.map { "'\($0)'" }.joined(separator: ", ")
        }

        /// The positions of the items a cut or a downsampling keeps out of `elements` (items,
        /// or points of a path on the map), every pinned position among them.
        static func positions<Value: ReadableValue>(
            of elements: [Value], keeping kept: Int, group: ArrayGroupShape, pinned: [Int], spread: Bool
        ) -> [Int]? {
            let stride = group.coordinates?.stride ?? 1
            guard elements.count % stride == 0 else { return nil }
            let count = elements.count / stride
            guard count > kept else { return nil }
            if spread, let coordinates = group.coordinates, let points = coordinates.points(of: elements) {
                return CoordinatePath.keptTurns(of: points, keeping: kept, pinned: Set(pinned))
            }
            if spread, let series = group.recordSeries, series.orderValues.count == count {
                return ShrinkStrategy.keptRecords(
                    of: elements, keeping: kept, valueKeys: series.valueKeys, pinned: pinned)
            }
            return ShrinkStrategy.keptPositions(
                count: count, keeping: kept, end: group.end, pinned: pinned, spread: spread, forward: group.forward)
        }

        /// The elements of the kept items: a flat path's point is two numbers, kept together.
        static func expanded(_ positions: [Int], _ elements: [ShrinkNode], stride: Int) -> [ShrinkNode] {
            positions.flatMap { position in (0..<stride).map { elements[position * stride + $0] } }
        }

        /// The edit keeping `kept` items of each array at ``path``, coupled members kept true.
        func edit(keeping kept: Int, spread: Bool) -> ShrinkEdit {
            let shape = self.shape
            let stride = coordinates?.stride ?? 1
            let indexKeys = self.indexKeys
            let countKeys = self.countKeys
            guard let key = path.lastKey else {
                return ShrinkEdit(phase: .values) { document in
                    document.modify(path) { node in
                        guard case .array(let elements) = node.content,
                            let positions = Self.positions(
                                of: elements, keeping: kept, group: shape, pinned: [], spread: spread)
                        else { return }
                        node.content = .array(Self.expanded(positions, elements, stride: stride))
                    }
                }
            }
            return ShrinkEdit(phase: .values) { document in
                document.modify(path.parent) { node in
                    guard case .object(var members) = node.content,
                        let arrayIndex = members.firstIndex(where: { $0.originalKey == key }),
                        case .array(let elements) = members[arrayIndex].value.content
                    else { return }
                    var pinned: [Int] = []
                    for member in members where indexKeys.contains(member.originalKey) {
                        if case .number(let text) = member.value.content, let value = Int(text),
                            (0..<(elements.count / stride)).contains(value)
                        {
                            pinned.append(value)
                        }
                    }
                    guard
                        let positions = Self.positions(
                            of: elements, keeping: kept, group: shape, pinned: pinned, spread: spread)
                    else { return }
                    node.content = .null
                    members[arrayIndex].value.content = .array(Self.expanded(positions, elements, stride: stride))
                    for index in members.indices {
                        guard case .number(let text) = members[index].value.content, let value = Int(text) else {
                            continue
                        }
                        if indexKeys.contains(members[index].originalKey), let rebased = positions.firstIndex(of: value)
                        {
                            members[index].value.content = .number(String(rebased))
                        } else if countKeys.contains(members[index].originalKey), value == elements.count {
                            members[index].value.content = .number(String(positions.count))
                        }
                    }
                    node.content = .object(members)
                }
            }
        }
    }

    /// What an edit needs to know of a group to choose positions, captured by value.
    struct ArrayGroupShape: Sendable {
        var coordinates: CoordinatePath?
        var recordSeries: RecordSeries?
        var end: ArrayOrder.End?
        var forward: Bool
    }

    /// The sorted positions a thinned series of records keeps: both ends, each value member's
    /// lowest and highest record, every pinned one, then evenly spaced records up to `kept`.
    static func keptRecords<Value: ReadableValue>(
        of elements: [Value], keeping kept: Int, valueKeys: [String], pinned: [Int]
    ) -> [Int] {
        let count = elements.count
        var chosen = Set([0, count - 1] + pinned)
        for key in valueKeys {
            let values = elements.map { $0[key]?.numberText.flatMap(Double.init) }
            let present = values.indices.filter { values[$0] != nil }
            if let low = present.min(by: { values[$0]! < values[$1]! }) { chosen.insert(low) }
            if let high = present.max(by: { values[$0]! < values[$1]! }) { chosen.insert(high) }
        }
        var spaced = max(kept - chosen.count, 2)
        while spaced <= count {
            var candidate = chosen
            for index in 0..<spaced {
                candidate.insert(Int((Double(index) * Double(count - 1) / Double(spaced - 1)).rounded()))
            }
            if candidate.count > kept { break }
            chosen = candidate
            if candidate.count == kept { break }
            spaced += 1
        }
        return chosen.sorted()
    }

    /// Positions in the order a cut keeps them: from the important end inwards.
    static func priority(count: Int, end: ArrayOrder.End) -> [Int] {
        end == .first ? Array(0..<count) : Array((0..<count).reversed())
    }

    /// The sorted positions of the `kept` items a cut keeps out of `count`.
    ///
    /// A spread keeps evenly spaced items, both ends included. Otherwise the items nearest the
    /// important end are kept (the first when the order is unknown); with `pinned` positions (the
    /// items index members point at), a window around them, plus the important end's item when
    /// the order is known. A `forward` index (`nextStopIndex`) instead keeps one window with no
    /// hole, from one item before it (when at least 4 are kept) onwards: the stops already passed
    /// matter least. Every pinned position is always kept.
    static func keptPositions(
        count: Int, keeping kept: Int, end: ArrayOrder.End?, pinned: [Int], spread: Bool, forward: Bool = false
    ) -> [Int] {
        guard kept < count else { return Array(0..<count) }
        var chosen = Set<Int>()
        if spread {
            if kept == 1 { chosen = [end == .last ? count - 1 : 0] }
            for index in 0..<kept where kept > 1 {
                chosen.insert(Int((Double(index) * Double(count - 1) / Double(kept - 1)).rounded()))
            }
            for position in pinned where !chosen.contains(position) {
                // Replace the nearest kept item that is neither end nor pinned.
                let candidates = chosen.filter { $0 != 0 && $0 != count - 1 && !pinned.contains($0) }
                if let nearest = candidates.min(by: { abs($0 - position) < abs($1 - position) }) {
                    chosen.remove(nearest)
                }
                chosen.insert(position)
            }
            return chosen.sorted()
        }
        guard let low = pinned.min(), let high = pinned.max() else {
            return priority(count: count, end: end ?? .first).prefix(kept).sorted()
        }
        if forward {
            let lead = kept >= 4 ? 1 : 0
            let span = max(kept, high - low + 1 + lead)
            let start = max(0, min(low - lead, count - span))
            return Array(start..<min(start + span, count))
        }
        var window = kept
        if let end {
            let endPosition = end == .first ? 0 : count - 1
            chosen.insert(endPosition)
            if !(low...high).contains(endPosition) { window -= 1 }
        }
        let span = max(window, high - low + 1)
        var start = max(0, min(low - (span - (high - low + 1)) / 2, count - span))
        start = min(start, low)
        for position in start..<min(start + span, count) { chosen.insert(position) }
        for position in pinned { chosen.insert(position) }
        return chosen.sorted()
    }

    /// Every array inside the app regions, grouped by folded path, in document order.
    static func arrayGroups(in context: ShrinkContext) -> [ArrayGroup] {
        var groups: [JSONPointer: ArrayGroup] = [:]
        var order: [JSONPointer] = []
        let deviceWriter = context.judgedDevice?.writer
        for value in context.values {
            guard let elements = value.element.elements, !elements.isEmpty else { continue }
            let path = value.path.folded
            let coordinates = CoordinatePath.shape(of: elements, key: path.lastKey)
            let stride = coordinates?.stride ?? 1
            let sizes = pointSizes(elements.map(\.compactByteCount), stride: stride)
            let bytes = sizes.reduce(0) { $0 + $1 + 1 }
            let deviceSizes: [Int]? =
                context.isDeviceCounted(value.path)
                ? deviceWriter.map { writer in
                    pointSizes(elements.map { $0.rewrittenSize(by: writer).byteCount }, stride: stride)
                } : nil
            let deviceBytes = deviceSizes?.reduce(0) { $0 + $1 + 1 } ?? 0
            if var group = groups[path] {
                group.count = max(group.count, sizes.count)
                group.bytes += bytes
                group.deviceBytes += deviceBytes
                group.elementTotal += sizes.count
                group.instances += 1
                group.elementSizes = nil
                group.elementDeviceSizes = nil
                group.elements = nil
                group.recordSeries = nil
                group.pinned = []
                group.isClosedList = group.isClosedList && isClosedList(elements)
                group.isSeries = group.isSeries && isSeries(elements)
                if group.coordinates != coordinates { group.coordinates = nil }
                groups[path] = group
                continue
            }
            order.append(path)
            var arrayOrder = coordinates == nil ? ArrayOrder.infer(elements) : nil
            var asksWhichEnd = false
            // A path on the map has no newest end to read (a track travelled, or a route ahead).
            if arrayOrder == nil {
                if let end = context.keptEnd { arrayOrder = .chosen(end) } else { asksWhichEnd = true }
            }
            let series = isSeries(elements)
            var group = ArrayGroup(
                path: path, count: sizes.count, bytes: bytes, elementTotal: sizes.count, instances: 1,
                order: arrayOrder, asksWhichEnd: asksWhichEnd, isClosedList: isClosedList(elements),
                isSeries: series, coordinates: coordinates,
                recordSeries: series && coordinates == nil ? RecordSeries.read(elements, order: arrayOrder) : nil,
                elementSizes: sizes, isDeviceCounted: deviceSizes != nil, deviceBytes: deviceBytes,
                elementDeviceSizes: deviceSizes, elements: elements)
            if stride == 1, case .key(let key)? = path.components.last,
                let parent = context.payload.descendant(at: value.path.parent), let members = parent.members
            {
                couple(&group, arrayKey: key, siblings: members, count: elements.count)
            }
            // An index pins the window, so the end no longer needs choosing.
            if !group.pinned.isEmpty { group.asksWhichEnd = false }
            groups[path] = group
        }
        return order.map { groups[$0]! }
    }

    /// Item sizes from element sizes: a point of a flat path is its two numbers and their comma.
    private static func pointSizes(_ sizes: [Int], stride: Int) -> [Int] {
        guard stride == 2 else { return sizes }
        return Swift.stride(from: 0, to: sizes.count - 1, by: 2).map { sizes[$0] + sizes[$0 + 1] + 1 }
    }

    /// Words an index's name uses for the array it points into, beyond the array's own name:
    /// what plays now sits in a queue.
    private static let indexSynonyms: [String: Set<String>] = [
        "playing": ["queue", "playlist", "tracks", "songs", "episodes", "upnext"],
        "track": ["queue", "playlist", "tracks"],
        "episode": ["queue", "episodes", "playlist"],
    ]

    /// The words of an index's name that look forward: the items from it on are still to come.
    private static let forwardWords: Set<String> = ["next", "current", "upcoming", "playing", "active", "now"]

    /// Whether an index member's name (its words, `index` and `idx` left out) names the array `key`.
    private static func indexNames(_ indexWords: [String], array key: String) -> Bool {
        let arrayWords = SwiftNaming.words(of: key).map { $0.lowercased() }
        let singulars = Set(
            arrayWords.flatMap { word -> [String] in
                var forms = [word]
                if word.hasSuffix("ies") { forms.append(String(word.dropLast(3)) + "y") }
                if word.hasSuffix("es") { forms.append(String(word.dropLast(2))) }
                if word.hasSuffix("s") { forms.append(String(word.dropLast())) }
                return forms
            })
        let joined = arrayWords.joined()
        return indexWords.contains { word in
            (word.count >= 3 && singulars.contains(word)) || (indexSynonyms[word]?.contains(joined) ?? false)
                || (indexSynonyms[word].map { !$0.isDisjoint(with: arrayWords) } ?? false)
        }
    }

    /// Finds the members beside an array that refer to it.
    private static func couple(_ group: inout ArrayGroup, arrayKey: String, siblings: [JSONMember], count: Int) {
        let otherArrays = siblings.filter { $0.key != arrayKey && ($0.value.elements?.count ?? 0) > 1 }
        for member in siblings where member.key != arrayKey {
            guard member.value.isIntegerToken, let text = member.value.numberText, let value = Int(text) else {
                continue
            }
            let words = SwiftNaming.words(of: member.key).map { $0.lowercased() }
            if words.contains("index") || words.last == "idx" {
                guard (0..<count).contains(value) else { continue }
                let nameWords = words.filter { $0 != "index" && $0 != "idx" }
                let alsoFits = otherArrays.filter { ($0.value.elements?.count ?? 0) > value }
                let named = ([arrayKey] + alsoFits.map(\.key)).filter { indexNames(nameWords, array: $0) }
                if named.count == 1 {
                    // The name says which array: another array's index is none of this one's business.
                    guard named[0] == arrayKey else { continue }
                } else if !alsoFits.isEmpty {
                    let candidates = (named.isEmpty ? [arrayKey] + alsoFits.map(\.key) : named)
                    guard candidates.contains(arrayKey) else { continue }
                    group.refusal =
                        "'\(member.key)' may point into \(candidates.map { "'\($0)'" }.joined(separator: " or ")); a cut could leave it pointing at another item"
                    return
                }
                group.indexKeys.append(member.key)
                group.pinned.append(value)
                if nameWords.contains(where: forwardWords.contains) { group.forwardIndexKeys.append(member.key) }
            } else if words.last == "count" || words.first == "num" || words.first == "number" {
                if value == count { group.countKeys.append(member.key) }
            } else if words.first == "total" {
                group.totalKeys.append(member.key)
            }
        }
    }

    /// Whether an array is a short list of distinct names (settings, a layout): its items are
    /// the user's choices, not a feed, so dropping any changes what the app shows.
    static func isClosedList(_ elements: [JSONElement]) -> Bool {
        guard elements.count <= 16 else { return false }
        var seen: Set<String> = []
        for element in elements {
            guard let string = element.stringValue, string.utf8.count <= 32, !string.contains(" "),
                seen.insert(string).inserted
            else { return false }
        }
        return true
    }

    /// Whether an array is a series: numbers, number pairs, or records of numbers (an ISO-8601
    /// date allowed among them, as a chart's time axis).
    static func isSeries(_ elements: [JSONElement]) -> Bool {
        elements.allSatisfy { element in
            if element.numberText != nil { return true }
            if let inner = element.elements {
                return (2...3).contains(inner.count) && inner.allSatisfy { $0.numberText != nil }
            }
            if let members = element.members {
                return !members.isEmpty
                    && members.allSatisfy {
                        $0.value.numberText != nil || $0.value.stringValue.map { ISO8601Timestamp($0) != nil } == true
                    }
                    && members.contains { $0.value.numberText != nil }
            }
            return false
        }
    }
}

/// `1 item`, `2 items`: counts in suggestion text.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
