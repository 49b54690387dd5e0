/// Swift spellings for the snippets suggestions show: case and type names made from JSON keys
/// and values, and short, unique JSON names.
enum SwiftNaming {
    /// Whether `text` can be a Swift property or case name as written (ASCII letters, digits, `_`).
    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || isLetter(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || isLetter($0) || isDigit($0) }
    }

    /// The words of a key or value: split at spaces, punctuation, `_`, `-`, lower-to-upper case
    /// changes and letter-digit changes (`departureGate2` → `departure`, `Gate`, `2`).
    static func words(of text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var previous: Unicode.Scalar? = nil
        for scalar in text.unicodeScalars {
            guard isLetter(scalar) || isDigit(scalar) || scalar.value > 0x7F else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previous = nil
                continue
            }
            if let previous, !current.isEmpty {
                let caseChange = isLower(previous) && isUpper(scalar)
                let kindChange = isDigit(previous) != isDigit(scalar)
                if caseChange || kindChange {
                    words.append(current)
                    current = ""
                }
            }
            current.unicodeScalars.append(scalar)
            previous = scalar
        }
        if !current.isEmpty { words.append(current) }
        return words
    }

    /// A lowerCamelCase case name for an enum value (`"on time"` → `onTime`), backquoted when it
    /// is a keyword, `_`-prefixed when it starts with a digit.
    static func caseName(for value: String) -> String {
        let parts = words(of: value).filter { $0.unicodeScalars.allSatisfy { $0.isASCII } }
        guard !parts.isEmpty else { return "empty" }
        var name = parts[0].lowercased()
        for part in parts.dropFirst() { name += part.prefix(1).uppercased() + part.dropFirst().lowercased() }
        if let first = name.unicodeScalars.first, isDigit(first) { name = "_" + name }
        return keywords.contains(name) ? "`\(name)`" : name
    }

    /// An UpperCamelCase type name for a key (`boardingGroup` → `BoardingGroup`).
    static func typeName(for key: String) -> String {
        let parts = words(of: key).filter { $0.unicodeScalars.allSatisfy { $0.isASCII } }
        let name = parts.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        guard let first = name.unicodeScalars.first, isLetter(first) else { return "Value" + name }
        return name
    }

    /// Candidate short names for `text`, shortest first: its initials (digits kept whole:
    /// `boarding group 2` → `bg2`) and its lowercased prefixes.
    static func shortNames(for text: String) -> [String] {
        let parts = words(of: text).filter { $0.unicodeScalars.allSatisfy { $0.isASCII } }
        let initials = parts.map { part in
            part.unicodeScalars.allSatisfy(isDigit) ? part : String(part.prefix(1)).lowercased()
        }.joined()
        let letters = parts.joined().lowercased()
        var candidates: [String] = []
        if let first = initials.unicodeScalars.first, isLetter(first) { candidates.append(initials) }
        if let first = letters.unicodeScalars.first, isLetter(first) {
            for length in 1...letters.count { candidates.append(String(letters.prefix(length))) }
        }
        if candidates.isEmpty { candidates.append("v") }
        // Shorter first; at equal length the initials (listed first) win. Initials holding a
        // number come first whatever their length, so `group 1`, `group 2` become `g1`, `g2`.
        return candidates.enumerated().sorted { lhs, rhs in
            let left = (
                lhs.offset == 0 && lhs.element.contains(where: \.isNumber) ? 0 : 1, lhs.element.count, lhs.offset
            )
            let right = (
                rhs.offset == 0 && rhs.element.contains(where: \.isNumber) ? 0 : 1, rhs.element.count, rhs.offset
            )
            return left < right
        }.map(\.element)
    }

    /// The first of ``shortNames(for:)`` not in `taken`, else the first with a number appended.
    static func shortName(for text: String, avoiding taken: Set<String>) -> String {
        let candidates = shortNames(for: text)
        if let free = candidates.first(where: { !taken.contains($0) }) { return free }
        var number = 2
        while taken.contains(candidates[0] + String(number)) { number += 1 }
        return candidates[0] + String(number)
    }

    /// `text` as a Swift string literal.
    static func stringLiteral(_ text: String) -> String {
        var literal = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": literal += "\\\""
            case "\\": literal += "\\\\"
            case "\n": literal += "\\n"
            case "\r": literal += "\\r"
            case "\t": literal += "\\t"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    literal += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    literal.unicodeScalars.append(scalar)
                }
            }
        }
        return literal + "\""
    }

    private static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        isLower(scalar) || isUpper(scalar)
    }

    private static func isLower(_ scalar: Unicode.Scalar) -> Bool { ("a"..."z").contains(scalar) }
    private static func isUpper(_ scalar: Unicode.Scalar) -> Bool { ("A"..."Z").contains(scalar) }
    private static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

    static let keywords: Set<String> = [
        "associatedtype", "break", "case", "catch", "class", "continue", "default", "defer", "deinit", "do", "else",
        "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if", "import", "in",
        "init", "inout", "internal", "is", "let", "nil", "open", "operator", "private", "protocol", "public",
        "repeat", "rethrows", "return", "self", "static", "struct", "subscript", "super", "switch", "throw",
        "throws", "true", "try", "typealias", "var", "where", "while", "Any", "Self", "Type",
    ]
}
