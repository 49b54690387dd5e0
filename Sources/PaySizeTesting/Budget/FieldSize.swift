@_spi(Internals) import PaySize

/// One row of where a measured value's bytes go: a JSON path (array elements folded into one,
/// such as `/legs/*`), how many values it holds and their bytes.
///
/// Rows come from the shrinking engine's breakdown of the value: every byte of the compact value
/// belongs to exactly one row (a member's key, colon and comma with its own row; a container's
/// brackets with the container's), so rows never count a byte twice.
public struct FieldSize: Sendable, Equatable, CustomStringConvertible {
    /// The path, for example `/legs/*` or `/content-state/notes`: a pattern whose `*` stands for
    /// every element of an array (see `JSONPointer`), printed `(root)` for the root.
    public var path: JSONPointer
    /// How many values the path holds (the elements of an array folded into it).
    public var count: Int
    /// Their compact bytes: keys, values and punctuation.
    public var byteCount: Int

    /// Creates a field size.
    ///
    /// - Parameters:
    ///   - path: The path, such as `/legs/*`.
    ///   - count: How many values the path holds.
    ///   - byteCount: Their compact bytes.
    public init(path: JSONPointer, count: Int, byteCount: Int) {
        self.path = path
        self.count = count
        self.byteCount = byteCount
    }

    /// The size of one row of the shrinking engine's breakdown.
    ///
    /// - Parameter row: The row; its path as messages show it, its count and its total bytes.
    package init(_ row: PayloadBreakdown.Row) {
        self.init(path: row.path, count: row.count, byteCount: row.totalBytes)
    }

    /// `/notes 1210 bytes`, or `/legs/* 2579 bytes in 60 values`.
    public var description: String {
        "\(path) \(byteCount) bytes" + (count > 1 ? " in \(count) values" : "")
    }
}
