/// A 1-based line and column in a text, for compiler-style messages.
///
/// Columns count bytes, as clang and swiftc do.
public struct TextPosition: Sendable, Equatable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in bytes.
    public var column: Int

    /// A position at `line` and `column`, both 1-based.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The location of `byteOffset` in `bytes`; an offset past the end is placed just after the
    /// last byte.
    public init(byteOffset: Int, in bytes: some Collection<UInt8>) {
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
    public var description: String { "\(line):\(column)" }
}
