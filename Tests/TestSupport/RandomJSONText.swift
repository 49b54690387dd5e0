// In PaySizeTestSupport, so both differential suites (PaySizeTests, PaySizeCommandLineTests) damage texts alike.

/// Random JSON texts for the differential tests: every token kind, escapes, multi-byte UTF-8,
/// whitespace, few distinct keys (so repeats happen) and the keys the pointers follow.
public enum RandomJSONText {
    public static let keys = [
        "a", "b", "aps", "content-state", "é", "e\\u0301", "K", "\\u212a", "\\u0061", "k", "long key 123",
    ]
    public static let strings = [
        "", "plain", "caf\u{E9}", "\\u00e9", "\\ud83c\\udfc8", "tab\\t", "q\\\"", "\u{1F3C8}", "/\\/",
        "a longer string that spans several eight-byte words",
    ]
    public static let scalars = ["0", "-0", "1.5", "-12e+3", "1E9", "true", "false", "null", "1764500400"]
    /// Number tokens the writers write back differently: longer (`1.91`), shorter (`1.50`, `-0.0`),
    /// past 64 bits, past `Double`'s range, long and short digit runs.
    public static let numbers = [
        "1.91", "0.53", "-139.745438", "786193800.7", "52.123456", "0.1", "1.50", "3.0", "-0.0", "1e2", "1E-7",
        "0.00001", "1e16", "1e400", "-1e-400", "18446744073709551616", "-9223372036854775809",
        "123456789012345678901234567890", "9223372036854775807", "0.1000000000000000055511151231257827",
        "2.2250738585072014e-308", "1.7976931348623157e308", "123456789.123456789", "0.30000000000000004",
        "12345678901234567.5", "5e-324", "100", "0.0", "4.35", "1234567.25",
    ]
    public static let spaces = ["", "", "", " ", "\n", "\r\n", "\t "]

    public static func value(depth: Int, using random: inout SplitMix64) -> String {
        let space = spaces.randomElement(using: &random)!
        switch Int.random(in: 0..<(depth > 4 ? 3 : 6), using: &random) {
        case 0:
            let scalar =
                random.chance(50) ? numbers.randomElement(using: &random)! : scalars.randomElement(using: &random)!
            return space + scalar + space
        case 1, 2: return space + "\"" + strings.randomElement(using: &random)! + "\"" + space
        case 3:
            let elements = (0..<Int.random(in: 0..<4, using: &random)).map { _ in
                value(depth: depth + 1, using: &random)
            }
            return space + "[" + elements.joined(separator: ",") + "]" + space
        default:
            let members = (0..<Int.random(in: 0..<5, using: &random)).map { _ in
                "\"" + keys.randomElement(using: &random)! + "\"" + space + ":"
                    + value(depth: depth + 1, using: &random)
            }
            return space + "{" + members.joined(separator: ",") + "}" + space
        }
    }

    /// One random edit: a byte deleted, replaced or inserted (bytes that matter to JSON's grammar).
    public static func damage(_ bytes: inout [UInt8], using random: inout SplitMix64) {
        let interesting: [UInt8] = Array("{}[]:,\"\\ 0-.eu".utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        let position = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &random)
        switch Int.random(in: 0..<3, using: &random) {
        case 0 where !bytes.isEmpty: bytes.remove(at: position)
        case 1 where !bytes.isEmpty: bytes[position] = interesting.randomElement(using: &random)!
        default: bytes.insert(interesting.randomElement(using: &random)!, at: position)
        }
    }
}
