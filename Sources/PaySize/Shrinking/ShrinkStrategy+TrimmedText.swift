@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// How many characters of free text a trimmed string keeps, the ellipsis included: about two
    /// lines of a Lock Screen Live Activity (a house heuristic, not Apple's figure).
    static let keptCharacterCount = 64
    /// How many characters of a newline-joined log a trimmed string keeps: a few of its newest lines.
    static let keptLogCharacterCount = 160

    /// Long strings → trimmed to what a Live Activity can show (lossy), keeping the end that matters.
    ///
    /// A string qualifies when it has more than ``keptCharacterCount`` characters and is not
    /// opaque (see ``BlobDetection/isOpaque(_:)``: URLs, blobs, polylines, long text without
    /// whitespace are never trimmed). A newline-joined log of three lines or more keeps
    /// its newest whole lines (up to ``keptLogCharacterCount`` characters): the last ones, or
    /// the first when numbers leading its lines fall. Other text keeps its first characters, cut
    /// at a word boundary within the last 16, else at a grapheme boundary (so text without
    /// spaces, such as Japanese, is cut too), and ends with `…`.
    static let trimmedText = ShrinkStrategy(id: "trim-text") { context in
        var longest: [JSONPointer: (characters: Int, log: LogOrder?)] = [:]
        var order: [JSONPointer] = []
        for value in context.values {
            guard let string = value.element.stringValue, isTrimmable(string) else { continue }
            let path = value.path.folded
            if longest[path] == nil {
                order.append(path)
                longest[path] = (string.count, LogOrder(string))
            } else {
                longest[path]!.characters = max(longest[path]!.characters, string.count)
            }
        }
        return order.map { path in
            let (characters, log) = longest[path]!
            if let log {
                return ShrinkCandidate(
                    id: "trim-text:\(path)", kind: "trim-text",
                    title:
                        "keep the newest lines of the log at \(path), up to \(keptLogCharacterCount) characters (\(log.reason); longest: \(characters))",
                    paths: [path], contractChange: .server,
                    howToApply: """
                        Have the server send only the newest whole lines of the log at \(path) (up to \(keptLogCharacterCount) characters, '…' marking the cut; \(log.reason)). The app accepts any string, so no app change; older lines are lost (lossy).
                        """,
                    isLossy: true,
                    edit: .replacingStrings(at: path) { string in
                        guard isTrimmable(string) else { return nil }
                        return LogOrder(string).map { trimmedLog(string, newestFirst: $0.newestFirst) }
                            ?? trimmed(string)
                    })
            }
            return ShrinkCandidate(
                id: "trim-text:\(path)", kind: "trim-text",
                title: "trim the text at \(path) to \(keptCharacterCount) characters (longest: \(characters))",
                paths: [path], contractChange: .server,
                howToApply: """
                    Have the server cut the text at \(path) to \(keptCharacterCount) characters, at a word boundary (or a character boundary when no space is near) with '…' (about two lines of a Live Activity; the view cannot show more). The app accepts any string, so no app change; the rest of the text is lost (lossy).
                    """,
                isLossy: true, edit: .replacingStrings(at: path) { isTrimmable($0) ? trimmed($0) : nil })
        }
    }

    private static func isTrimmable(_ string: String) -> Bool {
        // Opaque text (a token, a polyline, base64) is never trimmed: cut anywhere, it no
        // longer decodes. It gets an identifier, or drops a duplicate, instead.
        string.count > keptCharacterCount && !BlobDetection.isOpaque(string)
    }

    /// Which end of a newline-joined log is newest.
    struct LogOrder {
        var newestFirst: Bool
        var reason: String

        /// The order of a log of three lines or more, or `nil` for other text.
        init?(_ string: String) {
            let lines = string.split(separator: "\n", omittingEmptySubsequences: true)
            guard lines.count >= 3 else { return nil }
            let numbers = lines.map { line -> Int? in
                let digits = line.drop { !$0.isASCII || !$0.isNumber }.prefix { $0.isASCII && $0.isNumber }
                return digits.isEmpty ? nil : Int(digits.prefix(12))
            }
            if numbers.allSatisfy({ $0 != nil }) {
                let values = numbers.map { $0! }
                if zip(values, values.dropFirst()).allSatisfy({ $0 >= $1 }), values.first != values.last {
                    newestFirst = true
                    reason = "the numbers leading its lines fall: newest first"
                    return
                }
                if zip(values, values.dropFirst()).allSatisfy({ $0 <= $1 }), values.first != values.last {
                    newestFirst = false
                    reason = "the numbers leading its lines rise: newest last"
                    return
                }
            }
            newestFirst = false
            reason = "a log appends: newest last"
        }
    }

    /// The newest whole lines of a log that fit in ``keptLogCharacterCount`` characters, `…`
    /// standing for the older ones (the newest line alone is trimmed when it is longer).
    static func trimmedLog(_ string: String, newestFirst: Bool) -> String {
        var lines = string.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        if !newestFirst { lines.reverse() }
        var kept: [String] = []
        var length = 1
        for line in lines {
            guard length + line.count + 1 <= keptLogCharacterCount else { break }
            kept.append(line)
            length += line.count + 1
        }
        if kept.isEmpty { kept = [trimmed(lines[0])] }
        if !newestFirst { kept.reverse() }
        return newestFirst ? kept.joined(separator: "\n") + "\n…" : "…\n" + kept.joined(separator: "\n")
    }

    /// The first characters of `string`, cut at a word boundary near the end (else between two
    /// characters), with `…`.
    static func trimmed(_ string: String) -> String {
        var kept = String(string.prefix(keptCharacterCount - 1))
        if let space = kept.lastIndex(where: { $0 == " " || $0 == "\n" }),
            kept.distance(from: space, to: kept.endIndex) <= 16
        {
            kept = String(kept[..<space])
        }
        while let last = kept.last,
            last == " " || last == "," || last == ";" || last == ":" || last == "-" || last == "\n"
        {
            kept.removeLast()
        }
        return kept + "…"
    }
}
