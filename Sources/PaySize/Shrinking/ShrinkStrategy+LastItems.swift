extension ShrinkStrategy {
    /// The fewest elements an array must have for keeping its last items to be proposed.
    static let minimumLongArrayCount = 6

    /// Long arrays → keep the last K items (lossy; a server change).
    ///
    /// K is the largest count that brings the payload to the target tier's ceiling when the
    /// other items are dropped (at least 1), or half the items when the payload is already there.
    static let lastItems = ShrinkStrategy(id: "keep-last-items") { context in
        var arrays: [ShrinkPath: (count: Int, elementBytes: Int, arrays: Int)] = [:]
        var order: [ShrinkPath] = []
        for value in context.values {
            guard let elements = value.element.elements, elements.count >= minimumLongArrayCount else { continue }
            let path = value.path.folded
            if arrays[path] == nil { order.append(path) }
            let bytes = elements.reduce(0) { $0 + $1.compactByteCount + 1 }
            let previous = arrays[path] ?? (0, 0, 0)
            arrays[path] = (max(previous.count, elements.count), previous.elementBytes + bytes, previous.arrays + 1)
        }
        return order.map { path in
            let (count, elementBytes, arrayCount) = arrays[path]!
            let totalElements = context.values.filter { $0.path.folded == path }.reduce(0) {
                $0 + ($1.element.elements?.count ?? 0)
            }
            let perItem = max(1, elementBytes / max(totalElements, 1))
            let ceiling = context.budget.largestByteCount(in: context.target)
            var kept = count / 2
            if context.byteCount > ceiling {
                let dropped = (context.byteCount - ceiling + perItem - 1) / perItem
                kept = count - dropped
            }
            kept = min(max(kept, 1), count - 1)
            let arraysNote = arrayCount > 1 ? " of each array" : ""
            return ShrinkProposal(
                id: "keep-last-items:\(path)", strategyID: "keep-last-items",
                title:
                    "keep the last \(kept) of \(count) items\(arraysNote) at \(path) (about \(perItem) bytes per item)",
                paths: [path.rawValue], contractChange: .server,
                howToApply: """
                    Have the server send only the newest \(kept) items at \(path) (about \(perItem) bytes each, commas included); if the newest come first, keep the first \(kept). The app accepts a shorter array; older items are no longer shown (lossy).
                    """,
                isLossy: true, edit: .keepingLastElements(at: path, count: kept))
        }
    }
}
