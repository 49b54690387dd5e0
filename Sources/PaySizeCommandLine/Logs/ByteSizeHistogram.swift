/// Exact counts of sizes in bytes: how many payloads measured each byte count.
///
/// Exact rather than bucketed so that two histograms add up to the histogram of both inputs, and
/// percentiles of a merged summary are the percentiles of the whole. Sizes below
/// ``denseByteCount`` are counted in an array; the rare larger ones in a dictionary.
struct ByteSizeHistogram: Equatable, Sendable {
    /// Sizes below this are counted in a flat array: every size a payload within 8 KB can have.
    static let denseByteCount = 8192

    private var dense: [Int] = []
    private var sparse: [Int: Int] = [:]
    /// How many sizes were counted.
    private(set) var totalCount = 0

    /// Counts one value of `byteCount` bytes.
    mutating func add(_ byteCount: Int, count: Int = 1) {
        guard count > 0 else { return }
        totalCount += count
        if byteCount < Self.denseByteCount {
            if dense.isEmpty { dense = Array(repeating: 0, count: Self.denseByteCount) }
            dense[byteCount] += count
        } else {
            sparse[byteCount, default: 0] += count
        }
    }

    /// Adds every count of `other`: the dense counts position by position (a log's segments are
    /// folded this way, so it runs once per megabyte read), the sparse ones by size.
    mutating func add(_ other: ByteSizeHistogram) {
        guard other.totalCount > 0 else { return }
        totalCount += other.totalCount
        if !other.dense.isEmpty {
            if dense.isEmpty {
                dense = other.dense
            } else {
                dense.withUnsafeMutableBufferPointer { mine in
                    other.dense.withUnsafeBufferPointer { theirs in
                        for index in 0..<Self.denseByteCount { mine[index] += theirs[index] }
                    }
                }
            }
        }
        for (byteCount, count) in other.sparse { sparse[byteCount, default: 0] += count }
    }

    /// `[size, count]` for each size counted at least once, smallest first.
    var pairs: [(byteCount: Int, count: Int)] {
        var result: [(byteCount: Int, count: Int)] = []
        for (byteCount, count) in dense.enumerated() where count > 0 { result.append((byteCount, count)) }
        for byteCount in sparse.keys.sorted() { result.append((byteCount, sparse[byteCount]!)) }
        return result
    }

    /// The largest size counted, or `nil` when empty.
    var maximum: Int? {
        if let largest = sparse.keys.max() { return largest }
        return dense.lastIndex(where: { $0 > 0 })
    }

    /// The nearest-rank percentile: the smallest size that at least `percent` % of the values do
    /// not exceed; `nil` when empty.
    func percentile(_ percent: Int) -> Int? {
        guard totalCount > 0 else { return nil }
        let rank = max(1, (percent * totalCount + 99) / 100)
        var seen = 0
        for (byteCount, count) in pairs {
            seen += count
            if seen >= rank { return byteCount }
        }
        return maximum
    }

    /// How many values fall in `range`.
    func count(in range: Range<Int>) -> Int {
        var total = 0
        for byteCount in range.clamped(to: 0..<min(range.upperBound, dense.count)) { total += dense[byteCount] }
        for (byteCount, count) in sparse where range.contains(byteCount) { total += count }
        return total
    }

    static func == (lhs: ByteSizeHistogram, rhs: ByteSizeHistogram) -> Bool {
        lhs.pairs.elementsEqual(rhs.pairs, by: { $0 == $1 })
    }
}
