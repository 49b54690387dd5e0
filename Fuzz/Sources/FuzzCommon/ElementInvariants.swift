@_spi(Internals) import PaySize
import PaySizeTestSupport

/// Checks the structural promises of a ``JSONElement`` tree against the bytes it was read from.
package enum ElementInvariants {
    /// Checks every node of `root`, read from `input`, and returns the tree's nesting depth.
    ///
    /// - Every byte range lies inside the input, each child's inside its parent's, and siblings
    ///   (keys and values) come in order without overlapping.
    /// - The root's range spans the input minus surrounding whitespace.
    /// - Every node's `compactByteCount` equals ``CompactSize`` over its own bytes.
    /// - Scalars' ranges hold exactly their token; a string node's token starts and ends with `"`.
    ///
    /// - Returns: How many arrays and objects nest at the deepest point (0 for a scalar root).
    @discardableResult
    package static func check(_ root: JSONElement, input: [UInt8]) -> Int {
        var first = 0
        while first < input.count, isWhitespace(input[first]) { first += 1 }
        var end = input.count
        while end > first, isWhitespace(input[end - 1]) { end -= 1 }
        FuzzFailure.expect(
            root.byteRange == first..<end,
            "root range \(root.byteRange) is not the input without surrounding whitespace \(first..<end)")
        FuzzFailure.expect(
            root.compactByteCount == CompactSize.byteCount(of: input),
            "root compactByteCount \(root.compactByteCount) != independent count \(CompactSize.byteCount(of: input))")

        // An explicit stack: the input may nest 512 levels, and so would recursion.
        var maximumDepth = 0
        var pending: [(element: JSONElement, depth: Int)] = [(root, 0)]
        while let (element, depth) = pending.popLast() {
            let range = element.byteRange
            FuzzFailure.expect(
                range.lowerBound >= 0 && range.upperBound <= input.count, "range \(range) outside the input")
            FuzzFailure.expect(!range.isEmpty, "empty range for a \(element.typeName)")
            let bytes = input[range]
            FuzzFailure.expect(
                element.compactByteCount == CompactSize.byteCount(of: bytes),
                "compactByteCount \(element.compactByteCount) != independent count \(CompactSize.byteCount(of: bytes)) at \(range)"
            )
            switch element.content {
            case .object(let members):
                maximumDepth = max(maximumDepth, depth + 1)
                expectBrackets(bytes, "{", "}")
                var cursor = range.lowerBound + 1
                for member in members {
                    FuzzFailure.expect(
                        member.keyRange.lowerBound >= cursor
                            && member.keyRange.upperBound <= member.value.byteRange.lowerBound,
                        "key range \(member.keyRange) out of order at \(cursor) (value \(member.value.byteRange))")
                    FuzzFailure.expect(
                        input[member.keyRange].first == UInt8(ascii: "\"")
                            && input[member.keyRange].last == UInt8(ascii: "\"")
                            && member.keyRange.count >= 2,
                        "key range \(member.keyRange) is not a string token")
                    cursor = member.value.byteRange.upperBound
                    pending.append((member.value, depth + 1))
                }
                FuzzFailure.expect(cursor < range.upperBound, "object members run past the closing brace at \(range)")
            case .array(let elements):
                maximumDepth = max(maximumDepth, depth + 1)
                expectBrackets(bytes, "[", "]")
                var cursor = range.lowerBound + 1
                for child in elements {
                    FuzzFailure.expect(
                        child.byteRange.lowerBound >= cursor,
                        "element range \(child.byteRange) out of order at \(cursor)")
                    cursor = child.byteRange.upperBound
                    pending.append((child, depth + 1))
                }
                FuzzFailure.expect(cursor < range.upperBound, "array elements run past the closing bracket at \(range)")
            case .string:
                FuzzFailure.expect(
                    bytes.count >= 2 && bytes.first == UInt8(ascii: "\"") && bytes.last == UInt8(ascii: "\""),
                    "string range \(range) is not a string token")
                FuzzFailure.expect(
                    element.compactByteCount == bytes.count, "string compactByteCount differs from its token")
            case .number(let text):
                FuzzFailure.expect(Array(text.utf8) == Array(bytes), "number text '\(text)' is not its token")
            case .bool(let value):
                FuzzFailure.expect(
                    Array(bytes) == Array((value ? "true" : "false").utf8), "bool range \(range) is not its literal")
            case .null:
                FuzzFailure.expect(Array(bytes) == Array("null".utf8), "null range \(range) is not its literal")
            }
        }
        return maximumDepth
    }

    private static func expectBrackets(_ bytes: ArraySlice<UInt8>, _ open: Unicode.Scalar, _ close: Unicode.Scalar) {
        FuzzFailure.expect(
            bytes.count >= 2 && bytes.first == UInt8(ascii: open) && bytes.last == UInt8(ascii: close),
            "container range does not run from '\(open)' to '\(close)'")
    }

    private static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
