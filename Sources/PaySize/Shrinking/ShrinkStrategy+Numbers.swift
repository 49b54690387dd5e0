@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Over-precise numbers → fewer fraction digits by what they mean (lossy), and smaller
    /// integer types measured honestly: an `Int8` writes the same digits as an `Int`, so that
    /// finding saves 0 bytes.
    ///
    /// Coordinates keep 5 decimals, progress 3, percentages 2, money every digit, anything else
    /// 2 fraction digits (2 significant below 1); see ``NumberMeaning``. Rounding is half up on
    /// the decimal text so no binary rounding creeps in. Numbers in exponent form and `Date`
    /// numbers (see the date strategy) are left alone. Fewer digits are fewer bytes as sent,
    /// but Foundation's Objective-C writer (iOS 16, and a push the device re-writes) gives a
    /// non-integral number 17 significant digits whatever it was sent with: a rounding that
    /// saves nothing there says so (the advisor adds it to the title, from the measurement), and
    /// the binary-fraction and scaled-integer strategies are what keep numbers short on the
    /// device (<doc:WhatTheDeviceCounts>).
    static let fewerDigits = ShrinkStrategy(id: "fewer-digits") { context in
        var examples: [JSONPointer: (String, String, NumberMeaning)] = [:]
        var order: [JSONPointer] = []
        var integerPaths: [JSONPointer] = []
        for value in context.values {
            guard let text = value.element.numberText else { continue }
            let path = value.path.folded
            if isDateValue(at: path, context: context) { continue }
            if value.element.isIntegerToken {
                if !integerPaths.contains(path) { integerPaths.append(path) }
                continue
            }
            guard examples[path] == nil else { continue }
            let meaning = context.meaning(of: path, sample: Double(text))
            guard let digits = meaning.keptFractionDigits,
                let rounded = roundedNumber(text, fractionDigits: digits, significantBelowOne: meaning == .other)
            else { continue }
            examples[path] = (text, rounded, meaning)
            order.append(path)
        }
        var proposals = order.map { path in
            let (before, after, meaning) = examples[path]!
            let digits = meaning.keptFractionDigits ?? 2
            let significant = meaning == .other
            let scaled =
                meaning.integerScale.map { scale in
                    "Rounded decimals still get 17 significant digits from iOS 16 and a push the device re-writes; integers (\(scale.unit)) do not, an app change (see the scaled-integers suggestion)."
                } ?? "Or send a scaled integer (hundredths: 0.73 → 73) and divide in the view, which is an app change."
            var candidate = ShrinkCandidate(
                id: "fewer-digits:\(path)", kind: "fewer-digits",
                title: "fewer fraction digits at \(path): \(meaning.effect) (\(before) → \(after))",
                paths: [path], contractChange: .server,
                howToApply: """
                    Round the numbers at \(path) on the server (\(meaning.effect)); a Double decodes them as before. \(scaled) Precision beyond that is lost (lossy).
                    """,
                isLossy: true,
                edit: .replacingWithNumbers(at: path) { content in
                    guard case .number(let text) = content else { return nil }
                    return roundedNumber(text, fractionDigits: digits, significantBelowOne: significant)
                })
            candidate.roundingExample = (before, after)
            return candidate
        }
        if !integerPaths.isEmpty {
            let listed = integerPaths.prefix(4).map(\.description).joined(separator: ", ")
            let more = integerPaths.count > 4 ? " and \(integerPaths.count - 4) more" : ""
            proposals.append(
                ShrinkCandidate(
                    id: "smaller-integers", kind: "smaller-integers",
                    title:
                        "smaller integer types (Int8, Int16, UInt8) at \(listed)\(more): JSON writes the same digits",
                    paths: integerPaths, contractChange: .app,
                    howToApply: """
                        Nothing to gain in size: JSON writes an Int8 and an Int with the same digits (12 is 2 bytes either way). Pick integer types for the range the app accepts, not for bytes.
                        """,
                    isLossy: false, edit: .unchanged, reportsWithoutSaving: true))
        }
        return proposals
    }

    /// `text` rounded to `fractionDigits` fraction digits (with `significantBelowOne`, as many
    /// significant digits for a magnitude below 1), or `nil` when that would not make it
    /// shorter or it is not a plain decimal.
    static func roundedNumber(_ text: String, fractionDigits: Int = 2, significantBelowOne: Bool = true) -> String? {
        guard !text.contains(where: { $0 == "e" || $0 == "E" }), let dot = text.firstIndex(of: ".") else { return nil }
        let negative = text.hasPrefix("-")
        let integerDigits = Array(text[text.index(text.startIndex, offsetBy: negative ? 1 : 0)..<dot].utf8)
        let fractions = Array(text[text.index(after: dot)...].utf8)
        var kept = fractionDigits
        if significantBelowOne, integerDigits.allSatisfy({ $0 == UInt8(ascii: "0") }) {
            kept = (fractions.firstIndex { $0 != UInt8(ascii: "0") } ?? fractions.count) + fractionDigits
        }
        guard fractions.count > kept else { return nil }
        var digits = (integerDigits + fractions.prefix(kept)).map { Int($0) - 0x30 }
        if fractions[kept] >= UInt8(ascii: "5") {
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
