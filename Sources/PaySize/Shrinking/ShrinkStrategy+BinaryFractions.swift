@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Non-integral numbers → short binary fractions, chosen by what they mean (lossy; a server
    /// change), so that both of Foundation's writers write them as sent (<doc:WhatTheDeviceCounts>).
    ///
    /// The Objective-C writer (iOS 16, and a push the device re-writes) gives a non-integral
    /// number 17 significant digits, so `0.53` is 19 bytes on the device however few digits it
    /// is sent with; a multiple of 1/128 such as `0.53125` has an exact decimal text of at most 7
    /// fraction digits, which both writers write as is. A progress keeps 7 binary places, a
    /// percentage 4 (see ``NumberMeaning/binaryGrid``); the suggestion states the largest error.
    /// The binary text may be longer as sent than the number it replaces: the suggestion then
    /// saves on the device only, and says so in its figures.
    ///
    /// Money is never rounded. A coordinate within 1 m needs 17 binary places, as long as the 17
    /// digits it replaces: that is listed among the findings that save nothing, pointing at
    /// integers (degrees × 10^5) instead. Numbers of other meanings, and `Date` numbers, are
    /// left alone.
    static let binaryFractions = ShrinkStrategy(id: "binary-fractions") { context in
        var examples: [JSONPointer: (text: String, meaning: NumberMeaning)] = [:]
        var order: [JSONPointer] = []
        for value in context.values {
            guard let text = value.element.numberText, !value.element.isIntegerToken, let number = Double(text),
                binaryFraction(number, places: 0) != nil
            else { continue }
            let path = value.path.folded
            guard examples[path] == nil, !isDateValue(at: path, context: context) else { continue }
            let meaning = context.meaning(of: path, sample: number)
            guard meaning.binaryGrid != nil || meaning == .coordinate else { continue }
            examples[path] = (text, meaning)
            order.append(path)
        }
        return order.map { path in
            let (example, meaning) = examples[path]!
            guard let grid = meaning.binaryGrid else { return coordinateBinaryFinding(at: path, example: example) }
            let places = grid.places
            let rounded = binaryFraction(Double(example)!, places: places)!
            let before = RewrittenNumber.text(ofToken: example, writer: .objc)
            return ShrinkCandidate(
                id: "binary-fractions:\(path)", kind: "binary-fractions",
                title:
                    "binary fractions at \(path): \(grid.error) (\(example) → \(rounded), written as is by both writers, against \(before) at 17 digits)",
                paths: [path], contractChange: .server,
                howToApply: """
                    Round the numbers at \(path) on the server to a multiple of 1/\(1 << places) (server side: (value * \(1 << places)).rounded() / \(1 << places)); a Double decodes them as before. Their exact decimal text is short, so iOS 16 and a push the device re-writes keep it as sent, where a decimal such as \(example) gets 17 significant digits. \(grid.error.prefix(1).uppercased() + grid.error.dropFirst()) (lossy).
                    """,
                isLossy: true,
                edit: .replacingWithNumbers(at: path) { content in
                    guard case .number(let text) = content, let value = Double(text),
                        let rounded = binaryFraction(value, places: places)
                    else { return nil }
                    return rounded == text ? nil : rounded
                })
        }
    }

    /// The finding for coordinates: within 1 m they need 17 binary places, so a binary fraction
    /// is as long as the 17 digits it would replace; measured at 0 bytes (nothing is changed).
    private static func coordinateBinaryFinding(at path: JSONPointer, example: String) -> ShrinkCandidate {
        let places = NumberMeaning.coordinateBinaryPlaces
        let rounded = binaryFraction(Double(example)!, places: places)!
        let roundedBytes = RewrittenNumber.text(ofToken: rounded, writer: .objc).utf8.count
        let exampleBytes = RewrittenNumber.text(ofToken: example, writer: .objc).utf8.count
        return ShrinkCandidate(
            id: "binary-fractions:\(path)", kind: "binary-fractions",
            title:
                "no short binary fractions at \(path): within 1 m a coordinate needs \(places) binary places (\(example) → \(rounded), \(counted(roundedBytes, "byte")) on the device against \(exampleBytes)); integers (degrees × 10^5) stay short",
            paths: [path], contractChange: .server,
            howToApply: """
                A multiple of 2^-\(places)° (0.85 m at the equator) has up to \(places) fraction digits, so iOS 16 and a push the device re-writes write it about as long as the 17 significant digits they give \(example); a coarser grid moves points by more than 1 m. Send the coordinates as integers (degrees × 10^5) instead: see the scaled-integers suggestion.
                """,
            isLossy: false, edit: .unchanged, reportsWithoutSaving: true)
    }

    /// `value` rounded to the nearest multiple of 2^-`places` (halves away from zero), as its
    /// exact decimal text, which both writers write unchanged: `0.53125` for 0.53 and 7 places.
    /// `nil` for a value that is not finite or is at least 2^52 in magnitude (an integer already,
    /// which the scaling could take past `Double`'s range).
    static func binaryFraction(_ value: Double, places: Int) -> String? {
        guard value.isFinite, value.magnitude < 0x1p52 else { return nil }
        let scale = Double(sign: .plus, exponent: places, significand: 1)
        let rounded = (value * scale).rounded() / scale
        return rounded == 0 ? "0" : RewrittenNumber.swiftText(of: rounded)
    }
}
