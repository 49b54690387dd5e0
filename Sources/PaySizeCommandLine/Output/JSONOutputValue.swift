import PaySize

/// A JSON value for machine-readable output, written with members in the order given so the
/// fields of a report line stay stable.
enum JSONOutputValue {
    case string(String)
    case int(Int)
    case bool(Bool)
    case null
    case array([JSONOutputValue])
    case object([(String, JSONOutputValue)])
    /// JSON text written as it is (a witness value already in `JSONEncoder`'s form).
    case json(String)

    /// A string, or `null` for `nil`.
    static func optional(_ value: String?) -> JSONOutputValue { value.map(JSONOutputValue.string) ?? .null }
    /// An integer, or `null` for `nil`.
    static func optional(_ value: Int?) -> JSONOutputValue { value.map(JSONOutputValue.int) ?? .null }

    /// The value as compact JSON text.
    var text: String {
        var output = ""
        write(into: &output)
        return output
    }

    func write(into output: inout String) {
        switch self {
        case .string(let string): Self.writeString(string, into: &output)
        case .int(let number): output += String(number)
        case .bool(let flag): output += flag ? "true" : "false"
        case .null: output += "null"
        case .json(let text): output += text
        case .array(let elements):
            output += "["
            for (position, element) in elements.enumerated() {
                if position > 0 { output += "," }
                element.write(into: &output)
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (position, member) in members.enumerated() {
                if position > 0 { output += "," }
                Self.writeString(member.0, into: &output)
                output += ":"
                member.1.write(into: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ string: String, into output: inout String) {
        output += String(decoding: JSONString.quoted(string, escapingSlashes: false), as: UTF8.self)
    }
}
