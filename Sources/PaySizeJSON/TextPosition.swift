/// A 1-based line and column in a text, for compiler-style messages.
///
/// Columns count bytes, as clang and swiftc do.
package struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line.
    package var line: Int
    /// The 1-based column, counted in bytes.
    package var column: Int

    /// A position at `line` and `column`, both 1-based.
    package init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The location of `byteOffset` in `bytes`; an offset past the end is placed just after the
    /// last byte.
    package init(byteOffset: Int, in bytes: some Collection<UInt8>) {
        var line = 1
        var lineStart = 0
        var offset = 0
        for byte in bytes {
            if offset >= byteOffset { break }
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = offset + 1
            }
            offset += 1
        }
        self.line = line
        self.column = max(byteOffset, 0) - lineStart + 1
    }

    /// `LINE:COLUMN`.
    package var description: String { "\(line):\(column)" }
}
