extension ShrinkStrategy {
    /// Over-precise numbers → fewer fraction digits (lossy), and smaller integer types measured
    /// honestly: an `Int8` writes the same digits as an `Int`, so that finding saves 0 bytes.
    ///
    /// A number keeps 2 fraction digits, or below 1 two significant digits (`0.000123` →
    /// `0.00012`), rounded half up on its decimal text so no binary rounding creeps in. Numbers
    /// in exponent form and `Date` numbers (see the date strategy) are left alone.
    static let fewerDigits = ShrinkStrategy(id: "fewer-digits") { context in
        var examples: [ShrinkPath: (String, String)] = [:]
        var order: [ShrinkPath] = []
        var integerPaths: [ShrinkPath] = []
        for value in context.values {
            guard let text = value.element.numberText else { continue }
            let path = value.path.folded
            if isDateValue(at: path, context: context) { continue }
            if value.element.isIntegerToken {
                if !integerPaths.contains(path) { integerPaths.append(path) }
                continue
            }
            guard examples[path] == nil, let rounded = roundedNumber(text) else { continue }
            examples[path] = (text, rounded)
            order.append(path)
        }
        var proposals = order.map { path in
            let (before, after) = examples[path]!
            return ShrinkProposal(
                id: "fewer-digits:\(path)", strategyID: "fewer-digits",
                title: "fewer fraction digits at \(path): \(keptDigitsSummary) (\(before) → \(after))",
                paths: [path.rawValue], contractChange: .server,
                howToApply: """
                    Round the numbers at \(path) on the server (\(keptDigitsSummary)); a Double decodes them as before. Or send a scaled integer (hundredths: 0.73 → 73) and divide in the view, which is an app change. Precision beyond what the view shows is lost (lossy).
                    """,
                isLossy: true,
                edit: .replacingWithNumbers(at: path) { content in
                    guard case .number(let text) = content else { return nil }
                    return roundedNumber(text)
                })
        }
        if !integerPaths.isEmpty {
            let listed = integerPaths.prefix(4).map(\.description).joined(separator: ", ")
            let more = integerPaths.count > 4 ? " and \(integerPaths.count - 4) more" : ""
            proposals.append(
                ShrinkProposal(
                    id: "smaller-integers", strategyID: "smaller-integers",
                    title:
                        "smaller integer types (Int8, Int16, UInt8) at \(listed)\(more): JSON writes the same digits",
                    paths: integerPaths.map(\.rawValue), contractChange: .app,
                    howToApply: """
                        Nothing to gain in size: JSON writes an Int8 and an Int with the same digits (12 is 2 bytes either way). Pick integer types for the range the app accepts, not for bytes.
                        """,
                    isLossy: false, edit: .unchanged, reportsWithoutSaving: true))
        }
        return proposals
    }

    static let keptDigitsSummary = "2 fraction digits kept, 2 significant below 1"

    /// `text` rounded to 2 fraction digits (2 significant digits for a magnitude below 1), or
    /// `nil` when that would not make it shorter or it is not a plain decimal.
    static func roundedNumber(_ text: String) -> String? {
        guard !text.contains(where: { $0 == "e" || $0 == "E" }), let dot = text.firstIndex(of: ".") else { return nil }
        let negative = text.hasPrefix("-")
        let integerDigits = Array(text[text.index(text.startIndex, offsetBy: negative ? 1 : 0)..<dot].utf8)
        let fractionDigits = Array(text[text.index(after: dot)...].utf8)
        var kept = 2
        if integerDigits.allSatisfy({ $0 == UInt8(ascii: "0") }) {
            kept = (fractionDigits.firstIndex { $0 != UInt8(ascii: "0") } ?? fractionDigits.count) + 2
        }
        guard fractionDigits.count > kept else { return nil }
        var digits = (integerDigits + fractionDigits.prefix(kept)).map { Int($0) - 0x30 }
        if fractionDigits[kept] >= UInt8(ascii: "5") {
            var position = digits.count - 1
            while position >= 0 {
                if digits[position] == 9 {
                    digits[position] = 0
                    position -= 1
                } else {
                    digits[position] += 1
                    break
                }
            }
            if position < 0 { digits.insert(1, at: 0) }
        }
        var integerPart = digits.dropLast(kept).map(String.init).joined()
        while integerPart.count > 1, integerPart.hasPrefix("0") { integerPart.removeFirst() }
        if integerPart.isEmpty { integerPart = "0" }
        var fractionPart = digits.suffix(kept).map(String.init).joined()
        while fractionPart.hasSuffix("0") { fractionPart.removeLast() }
        var result = fractionPart.isEmpty ? integerPart : integerPart + "." + fractionPart
        if negative, result.contains(where: { $0 != "0" && $0 != "." }) { result = "-" + result }
        return result.utf8.count < text.utf8.count ? result : nil
    }
}
