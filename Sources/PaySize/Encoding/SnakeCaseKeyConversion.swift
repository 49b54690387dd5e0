/// Foundation's `JSONEncoder.KeyEncodingStrategy.convertToSnakeCase`, rule for rule.
///
/// Words split where a lowercase run meets an uppercase letter, and a run of several uppercase
/// letters is a word of its own up to the capital before the next lowercase letter, so
/// `myURLValue` becomes `my_url_value` and `HTTPServer` becomes `h_ttp_server` (Foundation's
/// output on this toolchain, matched even where it surprises). Each word is `lowercased()` and
/// the words are joined by `_`. Uppercase means Unicode categories Lu and Lt, lowercase Ll, as
/// Foundation's `CharacterSet.uppercaseLetters` and `.lowercaseLetters` do.
enum SnakeCaseKeyConversion {
    static func convert(_ key: String) -> String {
        guard !key.isEmpty else { return key }
        // Letters are found scalar by scalar, but steps to the next or previous letter go by
        // `Character`, as Foundation's do, so a combining mark stays with its letter:
        // `aB\u{301}c` becomes `a_b\u{301}c`, not `a_b_\u{301}c`.
        let scalars = key.unicodeScalars
        var words: [Range<String.Index>] = []
        var wordStart = key.startIndex
        var searchStart = key.index(after: wordStart)
        let end = key.endIndex
        while let upper = firstIndex(in: scalars, from: searchStart, where: isUppercase) {
            words.append(wordStart..<upper)
            guard let lower = firstIndex(in: scalars, from: upper, where: isLowercase) else {
                wordStart = upper
                searchStart = end
                break
            }
            if lower == key.index(after: upper) {
                wordStart = upper
            } else {
                let beforeLower = key.index(before: lower)
                words.append(upper..<beforeLower)
                wordStart = beforeLower
            }
            searchStart = scalars.index(after: lower)
        }
        words.append(wordStart..<end)
        return words.map { key[$0].lowercased() }.joined(separator: "_")
    }

    private static func firstIndex(
        in scalars: String.UnicodeScalarView,
        from start: String.Index,
        where predicate: (Unicode.Scalar) -> Bool
    ) -> String.Index? {
        var index = start
        while index < scalars.endIndex {
            if predicate(scalars[index]) { return index }
            index = scalars.index(after: index)
        }
        return nil
    }

    private static func isUppercase(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .titlecaseLetter: true
        default: false
        }
    }

    private static func isLowercase(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .lowercaseLetter
    }
}
