extension JSONPointer {
    /// The text of a pattern as a file keeps it, read back by ``init(patternText:)``: the RFC 6901
    /// text with `*` for every element of an array, a key spelled `*` written `~2`, control
    /// characters written as JSON writes them (as in ``description``) and `(root)` for the root.
    ///
    /// It equals ``description`` for every pointer but one holding a key spelled `*`, or a key
    /// with a backslash before `b`, `f`, `n`, `r`, `t`, `u` or another backslash (written `\\`
    /// so it does not read as an escape). Array indices are written as digits, which read back
    /// as keys: only a folded pointer (``folded``) round-trips.
    package var patternText: String {
        guard !components.isEmpty else { return "(root)" }
        var text = ""
        for component in components {
            text += "/"
            switch component {
            case .key("*"): text += "~2"
            case .key(let key): text += Self.writtenSegment(key)
            case .index(let index): text += String(index)
            case .anyIndex: text += "*"
            }
        }
        return text
    }

    /// The pattern ``patternText`` wrote, or `nil` when `patternText` is not one: it must be
    /// `(root)`, empty, or start with `/`, and use `~` only as `~0`, `~1` or `~2`.
    ///
    /// A segment `*` is every element of an array; every other segment is a key, digits too.
    package init?(patternText: String) {
        guard patternText != "(root)", !patternText.isEmpty else {
            self = .root
            return
        }
        guard patternText.hasPrefix("/") else { return nil }
        var components: [Component] = []
        for segment in patternText.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false)
            .dropFirst()
        {
            let text = String(decoding: segment, as: UTF8.self)
            if text == "*" {
                components.append(.anyIndex)
            } else if let key = Self.readSegment(text) {
                components.append(.key(key))
            } else {
                return nil
            }
        }
        self.init(components: components)
    }

    /// A key's segment: RFC 6901's `~0` and `~1`, then controls and escape-like backslashes.
    private static func writtenSegment(_ key: String) -> String {
        // By scalar, not by character: a `/` followed by a combining mark is still a separator.
        var segment = ""
        for scalar in key.unicodeScalars {
            switch scalar {
            case "~": segment += "~0"
            case "/": segment += "~1"
            default: segment.unicodeScalars.append(scalar)
            }
        }
        guard segment.contains("\\") else { return escapingControlCharacters(segment) }
        // A backslash that would read back as the start of an escape is doubled first.
        var doubled = ""
        let scalars = Array(segment.unicodeScalars)
        for (offset, scalar) in scalars.enumerated() {
            doubled.unicodeScalars.append(scalar)
            if scalar == "\\", offset + 1 < scalars.count, escapeLetters.contains(scalars[offset + 1]) {
                doubled.unicodeScalars.append("\\")
            }
        }
        return escapingControlCharacters(doubled)
    }

    /// The letters after a backslash that ``readSegment(_:)`` reads as an escape.
    private static let escapeLetters: Set<Unicode.Scalar> = ["b", "f", "n", "r", "t", "u", "\\"]

    /// A key from its segment, or `nil` for a `~` not followed by `0`, `1` or `2`.
    private static func readSegment(_ segment: String) -> String? {
        let scalars = Array(segment.unicodeScalars)
        var unescaped = String.UnicodeScalarView()
        var offset = 0
        while offset < scalars.count {
            let scalar = scalars[offset]
            offset += 1
            guard scalar == "\\", offset < scalars.count else {
                unescaped.append(scalar)
                continue
            }
            switch scalars[offset] {
            case "b": unescaped.append("\u{08}")
            case "f": unescaped.append("\u{0C}")
            case "n": unescaped.append("\n")
            case "r": unescaped.append("\r")
            case "t": unescaped.append("\t")
            case "\\": unescaped.append("\\")
            case "u":
                let hex = String(String.UnicodeScalarView(scalars[(offset + 1)..<min(offset + 5, scalars.count)]))
                guard hex.count == 4, let value = UInt32(hex, radix: 16), let escaped = Unicode.Scalar(value) else {
                    // Not an escape this writer writes: the backslash is kept as it stands.
                    unescaped.append(scalar)
                    continue
                }
                unescaped.append(escaped)
                offset += 4
            default:
                unescaped.append(scalar)
                continue
            }
            offset += 1
        }
        var key = String.UnicodeScalarView()
        var pending = false
        for scalar in unescaped {
            if pending {
                switch scalar {
                case "0": key.append("~")
                case "1": key.append("/")
                case "2": key.append("*")
                default: return nil
                }
                pending = false
            } else if scalar == "~" {
                pending = true
            } else {
                key.append(scalar)
            }
        }
        return pending ? nil : String(key)
    }
}
