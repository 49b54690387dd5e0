/// How a schema compares strings: in `const` and `enum`, with `required`, `properties`,
/// `additionalProperties`, `dependentRequired` and `dependentSchemas` keys, and in `uniqueItems`
/// (and so in `propertyNames`, whose subschemas see each key as a string).
///
/// `"ä"` (U+00E4) and `"a\u{308}"` (`a` and a combining diaeresis) are one string to Swift and
/// two to JSON Schema. A Swift `JSONDecoder` on the device matches keys and `String` raw values as
/// Swift compares them, so by default the schema does too: the verdict is whether the device drops
/// the value. `codepoints` gives the verdict of the JSON Schema specification.
public enum StringEquality: CaseIterable, Sendable {
    /// Equal when Swift's `==` says so: canonically equivalent (the device's verdict). The default.
    case canonicalEquivalence
    /// Equal when the Unicode code points are the same, in order (the specification's verdict).
    case codepoints

    /// The name written in reports, JSON output and command-line options.
    package var rawValue: String {
        switch self {
        case .canonicalEquivalence: "canonical"
        case .codepoints: "codepoints"
        }
    }

    /// The value a report or option names, or `nil` for another name.
    package init?(rawValue: String) {
        switch rawValue {
        case "canonical": self = .canonicalEquivalence
        case "codepoints": self = .codepoints
        default: return nil
        }
    }

    /// Whether `a` and `b` are the same string.
    package func equal(_ a: String, _ b: String) -> Bool {
        switch self {
        case .canonicalEquivalence: a == b
        // UTF-8 encodes each code point one way, so equal bytes are equal code points.
        case .codepoints: a.utf8.elementsEqual(b.utf8)
        }
    }

    /// A string that is equal to another one's identity exactly when the two strings are equal
    /// here: the string itself for canonical equivalence (Swift's `==` and hashing), and an
    /// ASCII spelling that keeps every code point (`\u{308}`, and `\\` for `\`) for
    /// `codepoints`, so a `Set` or `Dictionary` of identities compares as this equality does.
    package func identity(of string: String) -> String {
        switch self {
        case .canonicalEquivalence:
            return string
        case .codepoints:
            guard !string.utf8.allSatisfy({ $0 < 0x80 && $0 != UInt8(ascii: "\\") }) else { return string }
            var spelled = ""
            for scalar in string.unicodeScalars {
                if scalar == "\\" {
                    spelled += "\\\\"
                } else if scalar.isASCII {
                    spelled.unicodeScalars.append(scalar)
                } else {
                    spelled += "\\u{" + String(scalar.value, radix: 16) + "}"
                }
            }
            return spelled
        }
    }

    /// The keys of an object, for asking whether one is present.
    package struct Keys {
        private let strings: Set<String>
        /// The keys' UTF-8 bytes, under `codepoints` (a `Set<String>` would merge canonically
        /// equivalent keys).
        private let bytes: Set<[UInt8]>?

        package init(_ keys: some Sequence<String>, _ equality: StringEquality) {
            switch equality {
            case .canonicalEquivalence:
                strings = Set(keys)
                bytes = nil
            case .codepoints:
                strings = []
                bytes = Set(keys.map { Array($0.utf8) })
            }
        }

        package func contains(_ key: String) -> Bool {
            bytes.map { $0.contains(Array(key.utf8)) } ?? strings.contains(key)
        }
    }
}
