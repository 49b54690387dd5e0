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
    /// kept, else the first items as sent. N is computed to bring the payload to the target
    /// tier's ceiling (half the items when it is there already). Index members beside the array
    /// (`pageIndex`, `selectedIndex`) keep pointing at the same item: the cut keeps a window
    /// around them and rebases them; count members equal to the array's length follow it. When
    /// an index could point into more than one array, no cut is proposed and the finding says
    /// why. Small lists of distinct names (a settings or layout list) are never cut.
    static let cappedItems = ShrinkStrategy(id: "cap-items") { context in
        arrayGroups(in: context).compactMap { group -> ShrinkCandidate? in
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
            let kept = group.keptCount(in: context, spread: false)
            let keeping =
                group.order.map { "keeping the \($0.kept) (\($0.reason))" }
                ?? "keeping the first as sent (no date, rank or id orders the items)"
            return ShrinkCandidate(
                id: "cap-items:\(group.path)", kind: "cap-items",
                title: "send at most \(counted(kept, "item")) of \(group.count) at \(group.path), \(keeping)",
                paths: [group.path], contractChange: .server,
                howToApply: """
                    Have the server send at most \(counted(kept, "item")) at \(group.path) (about \(counted(group.bytesPerItem, "byte")) each, commas included), \(keeping); \(kept) is computed to reach \(context.target). \(group.couplingNote(kept: kept))The app accepts a shorter array; the other items are no longer shown (lossy).
                    """,
                isLossy: true,
                edit: group.edit(keeping: kept, spread: false))
        }
    }

    /// Series and coordinate paths → evenly spaced downsampling that keeps both ends (lossy; a
    /// server change).
    ///
    /// A series is an array of at least ``minimumSeriesCount`` numbers, number pairs or records
    /// of numbers only. The kept count is computed as for ``cappedItems``; index members are
    /// kept pointing at the same item.
    static let downsampledSeries = ShrinkStrategy(id: "downsample") { context in
        arrayGroups(in: context).compactMap { group -> ShrinkCandidate? in
            guard group.isSeries, group.count >= minimumSeriesCount, group.refusal == nil else { return nil }
            let kept = max(group.keptCount(in: context, spread: true), 2)
            guard kept < group.count else { return nil }
            let noun = group.isCoordinatePath ? "points of the path" : "points of the series"
            return ShrinkCandidate(
                id: "downsample:\(group.path)", kind: "downsample",
                title:
                    "downsample the \(group.count) \(noun) at \(group.path) to \(kept), evenly spaced, both ends kept",
                paths: [group.path], contractChange: .server,
                howToApply: """
                    Have the server send every \(Self.stepText(group.count, kept)) point at \(group.path), always with the first and the last, so the chart or route keeps its shape and both ends; \(kept) is computed to reach \(context.target). \(group.couplingNote(kept: kept))The app accepts a shorter array (lossy).
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

    /// The arrays at one folded path, as the cut strategies see them.
    struct ArrayGroup {
        var path: JSONPointer
        /// The longest array's length.
        var count: Int
        /// The bytes of every element, commas included, over every array.
        var bytes: Int
        var elementTotal: Int
        var instances: Int
        var order: ArrayOrder?
        var isClosedList: Bool
        var isSeries: Bool
        var isCoordinatePath: Bool
        /// Sibling members that index into the array.
        var indexKeys: [String] = []
        /// Sibling members that hold the array's length.
        var countKeys: [String] = []
        /// Sibling totals that count more than the array holds (left as they are).
        var totalKeys: [String] = []
        /// Why no cut can keep the coupled members true, if so.
        var refusal: String?
        /// The elements of the single array at this path, when there is one.
        var elementSizes: [Int]?
        /// Whether ActivityKit counts the array on the device.
        var isDeviceCounted = false
        /// As ``bytes``, with every element as the judged writer writes it on the device.
        var deviceBytes = 0
        /// As ``elementSizes``, as the judged writer writes each element on the device.
        var elementDeviceSizes: [Int]?

        var bytesPerItem: Int { max(1, bytes / max(elementTotal, 1)) }

        /// The items to keep so the payload reaches the target's ceiling (half when it is
        /// there): on the body, and on ActivityKit's figure as the judged writer writes it when
        /// that is above ActivityKit's ceiling; the fewer of the two.
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

        func couplingNote(kept: Int) -> String {
            var notes: [String] = []
            if !indexKeys.isEmpty {
                notes.append(
                    "\(Self.quoted(indexKeys)) still \(indexKeys.count == 1 ? "points" : "point") at the same item: the cut keeps a window around it and rebases it"
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

        /// The edit keeping `kept` items of each array at ``path``, coupled members kept true.
        func edit(keeping kept: Int, spread: Bool) -> ShrinkEdit {
            let end = order?.importantEnd
            let indexKeys = self.indexKeys
            let countKeys = self.countKeys
            guard let key = path.lastKey else {
                return ShrinkEdit(phase: .values) { document in
                    document.modify(path) { node in
                        guard case .array(let elements) = node.content, elements.count > kept else { return }
                        let positions = ShrinkStrategy.keptPositions(
                            count: elements.count, keeping: kept, end: end, pinned: [], spread: spread)
                        node.content = .array(positions.map { elements[$0] })
                    }
                }
            }
            return ShrinkEdit(phase: .values) { document in
                document.modify(path.parent) { node in
                    guard case .object(var members) = node.content,
                        let arrayIndex = members.firstIndex(where: { $0.originalKey == key }),
                        case .array(let elements) = members[arrayIndex].value.content, elements.count > kept
                    else { return }
                    var pinned: [Int] = []
                    for member in members where indexKeys.contains(member.originalKey) {
                        if case .number(let text) = member.value.content, let value = Int(text),
                            elements.indices.contains(value)
                        {
                            pinned.append(value)
                        }
                    }
                    let positions = ShrinkStrategy.keptPositions(
                        count: elements.count, keeping: kept, end: end, pinned: pinned, spread: spread)
                    node.content = .null
                    members[arrayIndex].value.content = .array(positions.map { elements[$0] })
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

    /// Positions in the order a cut keeps them: from the important end inwards.
    static func priority(count: Int, end: ArrayOrder.End) -> [Int] {
        end == .first ? Array(0..<count) : Array((0..<count).reversed())
    }

    /// The sorted positions of the `kept` items a cut keeps out of `count`.
    ///
    /// A spread keeps evenly spaced items, both ends included. Otherwise the items nearest the
    /// important end are kept (the first when the order is unknown); with `pinned` positions (the
    /// items index members point at), a window around them, plus the important end's item when
    /// the order is known. Every pinned position is always kept.
    static func keptPositions(count: Int, keeping kept: Int, end: ArrayOrder.End?, pinned: [Int], spread: Bool)
        -> [Int]
    {
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
            let sizes = elements.map(\.compactByteCount)
            let bytes = sizes.reduce(0) { $0 + $1 + 1 }
            let deviceSizes: [Int]? =
                context.isDeviceCounted(value.path)
                ? deviceWriter.map { writer in elements.map { $0.rewrittenSize(by: writer).byteCount } } : nil
            let deviceBytes = deviceSizes?.reduce(0) { $0 + $1 + 1 } ?? 0
            if var group = groups[path] {
                group.count = max(group.count, elements.count)
                group.bytes += bytes
                group.deviceBytes += deviceBytes
                group.elementTotal += elements.count
                group.instances += 1
                group.elementSizes = nil
                group.elementDeviceSizes = nil
                group.isClosedList = group.isClosedList && isClosedList(elements)
                group.isSeries = group.isSeries && isSeries(elements)
                groups[path] = group
                continue
            }
            order.append(path)
            var group = ArrayGroup(
                path: path, count: elements.count, bytes: bytes, elementTotal: elements.count, instances: 1,
                order: ArrayOrder.infer(elements), isClosedList: isClosedList(elements), isSeries: isSeries(elements),
                isCoordinatePath: isCoordinatePath(elements), elementSizes: sizes, isDeviceCounted: deviceSizes != nil,
                deviceBytes: deviceBytes, elementDeviceSizes: deviceSizes)
            if case .key(let key)? = path.components.last,
                let parent = context.payload.descendant(at: value.path.parent), let members = parent.members
            {
                couple(&group, arrayKey: key, siblings: members, count: elements.count)
            }
            groups[path] = group
        }
        return order.map { groups[$0]! }
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
                let alsoFits = otherArrays.filter { ($0.value.elements?.count ?? 0) > value }
                if !alsoFits.isEmpty {
                    group.refusal =
                        "'\(member.key)' may point into '\(arrayKey)' or '\(alsoFits[0].key)'; a cut could leave it pointing at another item"
                    return
                }
                group.indexKeys.append(member.key)
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

    /// Whether an array is a series: numbers, number pairs, or records of numbers only.
    static func isSeries(_ elements: [JSONElement]) -> Bool {
        elements.allSatisfy { element in
            if element.numberText != nil { return true }
            if let inner = element.elements {
                return (2...3).contains(inner.count) && inner.allSatisfy { $0.numberText != nil }
            }
            if let members = element.members {
                return !members.isEmpty && members.allSatisfy { $0.value.numberText != nil }
            }
            return false
        }
    }

    /// Whether an array holds coordinate pairs (`[lat, lng]`) or records with latitude and longitude.
    static func isCoordinatePath(_ elements: [JSONElement]) -> Bool {
        guard let first = elements.first else { return false }
        if let pair = first.elements, pair.count == 2 {
            return elements.allSatisfy { element in
                guard let pair = element.elements, pair.count == 2,
                    let latitude = pair[0].numberText.flatMap(Double.init),
                    let longitude = pair[1].numberText.flatMap(Double.init)
                else { return false }
                return abs(latitude) <= 90 && abs(longitude) <= 180
            }
        }
        return first.members?.contains { NumberMeaning.isCoordinateKey($0.key) } ?? false
    }
}

/// `1 item`, `2 items`: counts in suggestion text.
func counted(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
}
