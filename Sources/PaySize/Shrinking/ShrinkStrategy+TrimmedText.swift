extension ShrinkStrategy {
    /// How many characters of free text a trimmed string keeps, the ellipsis included: about two
    /// lines of a Lock Screen Live Activity (a house heuristic, not Apple's figure).
    static let keptCharacterCount = 64

    /// Long free-text strings → trimmed to what a Live Activity can show (lossy).
    ///
    /// A string qualifies when it has more than ``keptCharacterCount`` characters and a space
    /// (text, not a blob or a URL). It keeps its first characters, cut at a word boundary
    /// within the last 16, and ends with `…`.
    static let trimmedText = ShrinkStrategy(id: "trim-text") { context in
        var longest: [ShrinkPath: Int] = [:]
        var order: [ShrinkPath] = []
        for value in context.values {
            guard let string = value.element.stringValue, isFreeText(string) else { continue }
            let path = value.path.folded
            if longest[path] == nil { order.append(path) }
            longest[path] = max(longest[path] ?? 0, string.count)
        }
        return order.map { path in
            ShrinkProposal(
                id: "trim-text:\(path)", strategyID: "trim-text",
                title: "trim the text at \(path) to \(keptCharacterCount) characters (longest: \(longest[path]!))",
                paths: [path.rawValue], contractChange: .server,
                howToApply: """
                    Have the server cut the text at \(path) to \(keptCharacterCount) characters, at a word boundary with '…' (about two lines of a Live Activity; the view cannot show more). The app accepts any string, so no app change; the rest of the text is lost (lossy).
                    """,
                isLossy: true, edit: .replacingStrings(at: path) { isFreeText($0) ? trimmed($0) : nil })
        }
    }

    private static func isFreeText(_ string: String) -> Bool {
        string.count > keptCharacterCount && string.contains(" ") && !string.contains("://")
            && !BlobDetection.isBlob(string)
    }

    /// The first characters of `string`, cut at a word boundary near the end, with `…`.
    static func trimmed(_ string: String) -> String {
        var kept = String(string.prefix(keptCharacterCount - 1))
        if let space = kept.lastIndex(of: " "), kept.distance(from: space, to: kept.endIndex) <= 16 {
            kept = String(kept[..<space])
        }
        while let last = kept.last, last == " " || last == "," || last == ";" || last == ":" || last == "-" {
            kept.removeLast()
        }
        return kept + "…"
    }
}
