@_spi(Internals) import PaySize

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the bytes of a log's largest payloads go: each payload's ``PayloadBreakdown`` (the
/// split `paysize suggest` shows, array elements and numbered keys folded into one path), added
/// up per path.
///
/// The log summary keeps only the line numbers of its largest payloads, so that the summary
/// itself never builds a tree; the HTML page reads the log a second time for those lines.
struct LogPathSizes: Equatable, Sendable {
    /// One path's bytes across the payloads added.
    struct Row: Equatable, Sendable {
        var path: JSONPointer
        /// Its bytes summed over every payload.
        var totalBytes = 0
        /// Its bytes in the one payload where it has the most.
        var maximumBytes = 0
        /// How many of the payloads have the path.
        var payloadCount = 0
    }

    /// Why the paths could not be collected, said in one line on the page.
    enum Outcome: Equatable, Sendable {
        case collected(LogPathSizes)
        case unavailable(String)
    }

    /// Payloads added.
    private(set) var payloadCount = 0
    /// The compact bytes of every payload added, the sum of every row.
    private(set) var byteCount = 0
    /// Rows in the order their paths were first seen.
    private var rowsInOrder: [Row] = []
    private var indexByPath: [JSONPointer: Int] = [:]

    /// Adds one payload's breakdown.
    mutating func add(_ breakdown: PayloadBreakdown) {
        payloadCount += 1
        byteCount += breakdown.byteCount
        for row in breakdown.rows {
            let index: Int
            if let known = indexByPath[row.path] {
                index = known
            } else {
                index = rowsInOrder.count
                indexByPath[row.path] = index
                rowsInOrder.append(Row(path: row.path))
            }
            rowsInOrder[index].totalBytes += row.totalBytes
            rowsInOrder[index].maximumBytes = max(rowsInOrder[index].maximumBytes, row.totalBytes)
            rowsInOrder[index].payloadCount += 1
        }
    }

    /// Every path, most total bytes first (among equals, the path seen first).
    var rows: [Row] {
        rowsInOrder.enumerated()
            .sorted { lhs, rhs in
                lhs.element.totalBytes != rhs.element.totalBytes
                    ? lhs.element.totalBytes > rhs.element.totalBytes : lhs.offset < rhs.offset
            }
            .map(\.element)
    }

    /// Reads `source` from its start to the last of `lines` and adds up the breakdowns of the
    /// payloads on those lines, in the order of `lines`.
    ///
    /// Lines are numbered as `paysize check` numbers them: the n-th piece between line breaks,
    /// blank lines included, a CR before the line break dropped. A line that no longer holds a
    /// payload (the file changed since the summary read it) is skipped.
    ///
    /// - Parameters:
    ///   - field: `--field`: where the payload sits in each record; a string there holds it as
    ///     JSON text.
    ///   - maximumLineByteCount: `--max-input-bytes`; a longer line is never held.
    /// - Throws: ``ZstdError`` or ``InputError`` when reading fails.
    static func collect(
        lines: [Int], from source: LogByteSource, field: JSONPointer?, maximumLineByteCount: Int, maximumDepth: Int
    ) throws -> LogPathSizes {
        var sizes = LogPathSizes()
        guard let last = lines.max() else { return sizes }
        let wanted = Set(lines)
        var found: [Int: [UInt8]] = [:]
        var line = 1
        var current: [UInt8] = []
        var keeping = wanted.contains(line)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { buffer.deallocate() }
        reading: while true {
            let count = try source.read(into: buffer)
            if count == 0 {
                if keeping { found[line] = current }
                break
            }
            var start = 0
            while start < count {
                let newline = memchr(buffer.baseAddress! + start, 0x0A, count - start)
                let end = newline.map { UnsafeRawPointer($0) - UnsafeRawPointer(buffer.baseAddress!) } ?? count
                if keeping {
                    // One more byte than the limit: the CR of a CRLF line break.
                    if current.count + end - start > maximumLineByteCount + 1 {
                        keeping = false
                        current = []
                    } else {
                        current.append(contentsOf: buffer[start..<end])
                    }
                }
                guard newline != nil else { break }
                if keeping { found[line] = current }
                if line == last { break reading }
                line += 1
                current.removeAll(keepingCapacity: true)
                keeping = wanted.contains(line)
                start = end + 1
            }
        }
        for number in lines {
            guard let text = found[number],
                let payload = payloadBytes(ofLine: text, field: field, maximumDepth: maximumDepth),
                let breakdown = try? PayloadBreakdown(jsonBytes: payload, maximumDepth: maximumDepth)
            else { continue }
            sizes.add(breakdown)
        }
        return sizes
    }

    /// The payload a log line holds: the line, or the value at `field` (the JSON text a string
    /// there holds); `nil` when there is none.
    static func payloadBytes(ofLine line: [UInt8], field: JSONPointer?, maximumDepth: Int) -> [UInt8]? {
        var bytes = line
        if bytes.last == 0x0D { bytes.removeLast() }
        guard let field else { return bytes }
        guard let root = try? JSONScanner.scan(bytes, maximumDepth: maximumDepth),
            let value = root.descendant(at: field)
        else { return nil }
        if let text = value.stringValue { return Array(text.utf8) }
        return Array(bytes[value.byteRange])
    }
}
