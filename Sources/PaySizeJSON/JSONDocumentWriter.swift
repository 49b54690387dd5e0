import Foundation

/// Writes a schema document the same way every time: pretty-printed with two-space indents,
/// `"key" : value` as `JSONEncoder` prints it, keys sorted by their UTF-8 bytes (as `.sortedKeys`
/// does), slashes unescaped, and a final newline so the files diff cleanly.
package enum JSONDocumentWriter {
    package static func write(_ element: JSONElement) -> [UInt8] {
        var output: [UInt8] = []
        write(element, indent: 0, into: &output)
        output.append(UInt8(ascii: "\n"))
        return output
    }

    /// The byte count of `value` written as a JSON string, quotes included.
    package static func quotedByteCount(_ value: String) -> Int {
        var output: [UInt8] = []
        writeString(value, into: &output)
        return output.count
    }

    private static func write(_ element: JSONElement, indent: Int, into output: inout [UInt8]) {
        switch element.content {
        case .null:
            output.append(contentsOf: Array("null".utf8))
        case .bool(let value):
            output.append(contentsOf: Array((value ? "true" : "false").utf8))
        case .number(let text):
            output.append(contentsOf: Array(text.utf8))
        case .string(let value):
            writeString(value, into: &output)
        case .array(let elements):
            guard !elements.isEmpty else {
                output.append(contentsOf: Array("[]".utf8))
                return
            }
            output.append(contentsOf: Array("[\n".utf8))
            for (index, child) in elements.enumerated() {
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
                write(child, indent: indent + 2, into: &output)
                output.append(contentsOf: Array((index == elements.count - 1 ? "\n" : ",\n").utf8))
            }
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            guard !members.isEmpty else {
                output.append(contentsOf: Array("{}".utf8))
                return
            }
            // Same order as `JSONEncoder.OutputFormatting.sortedKeys`: by raw UTF-8 bytes.
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            output.append(contentsOf: Array("{\n".utf8))
            for (index, member) in sorted.enumerated() {
                output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent + 2))
                writeString(member.key, into: &output)
                output.append(contentsOf: Array(" : ".utf8))
                write(member.value, indent: indent + 2, into: &output)
                output.append(contentsOf: Array((index == sorted.count - 1 ? "\n" : ",\n").utf8))
            }
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
            output.append(UInt8(ascii: "}"))
        }
    }

    private static func writeString(_ value: String, into output: inout [UInt8]) {
        output += JSONString.quoted(value, escapingSlashes: false)
    }
}
