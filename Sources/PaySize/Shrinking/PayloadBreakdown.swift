@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// Where a payload's bytes go: its compact size split by JSON path into key, value and
/// punctuation bytes, the elements of every array folded into one row.
///
/// Each byte of the compact payload belongs to exactly one row, so the rows add up to
/// ``byteCount``: a member's row holds its key, its colon and the comma before it; a container's
/// row holds its brackets; a scalar's row holds its token. Array elements share one row, such as
/// `/legs/*/gate` with ``Row/count`` 12, and so do numbered keys of one object, such as
/// `/cart/item_*_price` for `item_1_price`, `item_2_price`… (at least three numbers).
///
/// ```swift
/// let breakdown = try PayloadBreakdown(jsonBytes: Array(#"{"legs":[{"gate":"B20"},{"gate":"B21"}]}"#.utf8))
/// breakdown.rows.map(\.path.rawValue)  // ["/legs/*/gate", "/legs", "/legs/*", ""]
/// breakdown.rows[0].totalBytes      // 24: two keys of 6, two colons, two values of 5
/// ```
@_spi(Internals) public struct PayloadBreakdown: Sendable, Equatable {
    /// The bytes of one JSON path (all elements of an array counted together).
    @_spi(Internals) public struct Row: Sendable, Equatable {
        /// The path, with `*` for every element of an array: a pattern (``JSONPointer/isPattern``)
        /// inside an array.
        @_spi(Internals) public var path: JSONPointer
        /// How many values the path holds in the payload (the elements folded into it).
        @_spi(Internals) public var count: Int
        /// The bytes of the keys, quotes included.
        @_spi(Internals) public var keyBytes: Int
        /// The bytes of the scalar values (strings with their quotes, numbers, literals); 0 for a
        /// container, whose contents have rows of their own.
        @_spi(Internals) public var valueBytes: Int
        /// Colons, the commas before members and elements, and a container's brackets.
        @_spi(Internals) public var punctuationBytes: Int

        /// The path for messages: `(root)` for the root, control characters in keys escaped.
        package var displayPath: String {
            path.description
        }

        /// `keyBytes + valueBytes + punctuationBytes`.
        @_spi(Internals) public var totalBytes: Int { keyBytes + valueBytes + punctuationBytes }

        /// Creates a row.
        ///
        /// - Parameters:
        ///   - path: The path, with `*` for every element of an array.
        ///   - count: How many values the path holds.
        ///   - keyBytes: The bytes of their keys, quotes included.
        ///   - valueBytes: The bytes of their scalar values; 0 for a container.
        ///   - punctuationBytes: Their colons, commas and brackets.
        package init(path: JSONPointer, count: Int, keyBytes: Int, valueBytes: Int, punctuationBytes: Int) {
            self.path = path
            self.count = count
            self.keyBytes = keyBytes
            self.valueBytes = valueBytes
            self.punctuationBytes = punctuationBytes
        }
    }

    /// The rows, largest ``Row/totalBytes`` first (ties in document order).
    @_spi(Internals) public var rows: [Row]
    /// The payload's compact size, the sum of every row.
    @_spi(Internals) public var byteCount: Int

    /// The breakdown of a JSON text.
    ///
    /// - Parameter maximumDepth: The deepest nesting read, as `paysize check --max-depth` sets it.
    /// - Throws: `JSONScanError` when `jsonBytes` is not one strict JSON text.
    @_spi(Internals) public init(jsonBytes: [UInt8], maximumDepth: Int = JSONScanner.defaultMaximumDepth) throws {
        let root = try JSONScanner.scan(jsonBytes, maximumDepth: maximumDepth)
        self.init(ShrinkDocument(root: root, source: jsonBytes))
    }

    /// The breakdown of a scanned value.
    @_spi(Internals) public init(element: JSONElement) {
        self.init(rowsOf: ShrinkNode(element), at: .root)
    }

    init(_ document: ShrinkDocument) {
        var builder = Builder()
        for path in document.measuredPaths {
            for node in document.nodes(at: path) {
                builder.add(node, at: path.folded, keyBytes: 0, punctuationBytes: 0)
            }
        }
        self.init(builder)
    }

    private init(rowsOf node: ShrinkNode, at path: JSONPointer) {
        var builder = Builder()
        builder.add(node, at: path, keyBytes: 0, punctuationBytes: 0)
        self.init(builder)
    }

    private init(_ builder: Builder) {
        rows = builder.order.enumerated()
            .sorted { lhs, rhs in
                let left = builder.rows[lhs.element]!.totalBytes
                let right = builder.rows[rhs.element]!.totalBytes
                return left != right ? left > right : lhs.offset < rhs.offset
            }
            .map { builder.rows[$0.element]! }
        byteCount = rows.reduce(0) { $0 + $1.totalBytes }
    }

    /// Adds up rows by folded path, remembering the order paths first appear in.
    private struct Builder {
        var rows: [JSONPointer: Row] = [:]
        var order: [JSONPointer] = []

        mutating func add(_ node: ShrinkNode, at path: JSONPointer, keyBytes: Int, punctuationBytes: Int) {
            if rows[path] == nil {
                rows[path] = Row(path: path, count: 0, keyBytes: 0, valueBytes: 0, punctuationBytes: 0)
                order.append(path)
            }
            var punctuation = punctuationBytes
            var value = 0
            switch node.content {
            case .object(let members):
                punctuation += 2
                // Numbered keys (`item_1_name`, `item_2_name`…) share one row (`item_*_name`).
                let families = KeyFamily.families(in: members.map(\.originalKey))
                for (position, member) in members.enumerated() {
                    // The colon, and the comma before every member but the first.
                    let key =
                        families.isEmpty
                        ? member.originalKey : KeyFamily.foldedKey(member.originalKey, families: families)
                    add(
                        member.value, at: path.appending(.key(key)),
                        keyBytes: member.keyText.byteCount, punctuationBytes: position > 0 ? 2 : 1)
                }
            case .array(let elements):
                punctuation += 2
                for (position, element) in elements.enumerated() {
                    add(element, at: path.appending(.anyIndex), keyBytes: 0, punctuationBytes: position > 0 ? 1 : 0)
                }
            default:
                value = node.byteCount
            }
            rows[path]!.count += 1
            rows[path]!.keyBytes += keyBytes
            rows[path]!.valueBytes += value
            rows[path]!.punctuationBytes += punctuation
        }
    }
}
