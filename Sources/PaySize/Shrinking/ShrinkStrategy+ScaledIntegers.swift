@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Non-integral numbers with a natural unit → integers of that unit under a key of their
    /// own (an app change): money in cents, a progress or a percentage in basis points,
    /// coordinates in degrees × 10^5 (see ``NumberMeaning/integerScale``).
    ///
    /// Both of Foundation's writers write an integer as sent, where the Objective-C writer (iOS
    /// 16, and a push the device re-writes) gives a non-integral number 17 significant digits
    /// (<doc:WhatTheDeviceCounts>): `52.52063` is 18 bytes on such a device, `5252063` is 7.
    /// The integers go under the key with a unit added (`route` → `routeE5`), so the app tells
    /// the two forms apart; the snippet decodes either into the same `Double` property, as
    /// running activities and installed apps still hold and send the old one.
    ///
    /// Values are scaled on their decimal text: exactly when none has more fraction digits than
    /// the unit holds, else rounded half away from zero (lossy, the error stated). Money is
    /// only ever scaled exactly. A place qualifies when every value it holds is a number (or an
    /// array, or an array of arrays, of numbers: a route of pairs), at least one has a fraction,
    /// each integer stays within ±2^53, and no sibling already has the new key.
    static let scaledIntegers = ShrinkStrategy(id: "scaled-integers") { context in
        var groups: [JSONPointer: ScaledGroup] = [:]
        var order: [JSONPointer] = []
        for value in context.reshapableValues {
            guard let text = value.element.numberText else { continue }
            let path = value.path.folded
            if groups[path] == nil {
                guard let group = ScaledGroup(numberPath: path, sample: Double(text), context: context) else {
                    continue
                }
                groups[path] = group
                order.append(path)
            }
            groups[path]!.texts.append(text)
        }
        return order.compactMap { path in
            guard var group = groups[path] else { return nil }
            group.settle()
            guard group.isUsable(in: context) else { return nil }
            return group.proposal(context: context)
        }
    }

    /// The numbers at one folded path, and the member that holds them.
    private struct ScaledGroup {
        /// The folded path of the numbers (`/route/*/*`).
        let numberPath: JSONPointer
        /// The member holding them (`/route`), whose key changes.
        let holderPath: JSONPointer
        /// The holder's key (`route`).
        let key: String
        /// How many arrays lie between the member and its numbers (0 to 2).
        let depth: Int
        /// The unit the numbers' meaning gives them; for coordinates, the power of ten that holds
        /// every one exactly once ``settle()`` has seen them all.
        var scale: NumberMeaning.IntegerScale
        /// The number tokens of the place, as sent.
        var texts: [String] = []
        /// Whether every number so far scales without dropping a digit.
        var isExact = true
        /// Whether every number so far scales to an integer within ±2^53.
        var fitsIntegers = true
        /// Whether a number so far has a fraction (else there is nothing to gain).
        var hasFraction = false
        /// The first number with a fraction, as sent and as scaled.
        var example: (sent: String, scaled: String)?

        /// The group of the numbers at `numberPath`, or `nil` when they sit in no member, more than
        /// two arrays down, are `Date`s, or have no unit by meaning (`sample` is one of them).
        init?(numberPath: JSONPointer, sample: Double?, context: ShrinkContext) {
            var holder = numberPath
            var depth = 0
            while holder.components.last == .anyIndex {
                holder = holder.parent
                depth += 1
            }
            guard depth <= 2, let key = holder.lastKey, !isDateValue(at: numberPath, context: context) else {
                return nil
            }
            let meaning = context.meaning(of: numberPath, sample: sample)
            guard let scale = meaning.integerScale else { return nil }
            self.numberPath = numberPath
            self.holderPath = holder
            self.key = key
            self.depth = depth
            self.scale = scale
        }

        /// The key the integers go under: the unit added, `_`-joined in a snake_case key.
        var scaledKey: String {
            key.contains("_") ? key + "_" + scale.keySuffix.lowercased() : key + scale.keySuffix
        }

        /// Reads every number: for coordinates, picks degrees × 10^5, 10^6 or 10^7, whichever is
        /// the first to hold every value exactly (10^5, rounded, when none does); then scales each.
        mutating func settle() {
            if scale.keySuffix == NumberMeaning.coordinateScale(exponent: 5).keySuffix {
                let fractionDigits = texts.map(ShrinkStrategy.fractionDigitCount).max() ?? 0
                scale = NumberMeaning.coordinateScale(exponent: fractionDigits <= 7 ? max(5, fractionDigits) : 5)
            }
            for text in texts { add(text) }
        }

        /// Takes one number token of the place into account.
        private mutating func add(_ text: String) {
            guard let scaled = ShrinkStrategy.scaledInteger(text, exponent: scale.exponent) else {
                fitsIntegers = false
                return
            }
            if !scaled.isExact { isExact = false }
            let isFraction = text.contains { $0 == "." || $0 == "e" || $0 == "E" }
            if isFraction {
                hasFraction = true
                if example == nil { example = (text, scaled.text) }
            }
        }

        /// Whether the place can take integers: every holder value has the expected shape, money
        /// scales exactly, and no sibling has the new key.
        func isUsable(in context: ShrinkContext) -> Bool {
            guard fitsIntegers, hasFraction, isExact || scale.mayRound else { return false }
            let scaledKey = scaledKey
            for value in context.reshapableValues where value.path.folded == holderPath {
                guard Self.holdsOnlyNumbers(value.element, depth: depth) else { return false }
            }
            for value in context.reshapableValues where value.path.folded == holderPath.parent {
                guard let members = value.element.members, !members.contains(where: { $0.key == scaledKey }) else {
                    return false
                }
            }
            return true
        }

        /// Whether `element` is a number (depth 0) or an array of what depth - 1 holds.
        private static func holdsOnlyNumbers(_ element: JSONElement, depth: Int) -> Bool {
            guard depth > 0 else { return element.numberText != nil }
            guard let elements = element.elements else { return false }
            return elements.allSatisfy { holdsOnlyNumbers($0, depth: depth - 1) }
        }

        /// The suggestion for a usable place: its title and instructions, and the edit that
        /// renames the member and writes the integers.
        func proposal(context: ShrinkContext) -> ShrinkCandidate {
            let (sent, scaled) = example!
            let sentOnDevice = RewrittenNumber.text(ofToken: sent, writer: .objc).utf8.count
            let effect =
                isExact ? "exact: no value has more than \(counted(scale.exponent, "decimal"))" : scale.roundingError
            let holderPath = holderPath
            let parent = holderPath.parent
            let key = key
            let scaledKey = scaledKey
            let depth = depth
            let exponent = scale.exponent
            let owner =
                context.appRegions.contains { $0 == parent }
                ? "The type decoded at \(parent)" : "The type decoded at \(parent) (each of them)"
            return ShrinkCandidate(
                id: "scaled-integers:\(numberPath)", kind: "scaled-integers",
                title:
                    "\(scale.noun) as integer \(scale.unit) at \(numberPath) under '\(scaledKey)' (\(sent) → \(scaled)): \(effect)",
                paths: [numberPath], contractChange: .app,
                howToApply: """
                    Send the \(scale.noun) at \(numberPath) as integers, \(scale.unit), under a key of their own, '\(scaledKey)' (server side: Int((value * \(scale.divisorLiteral)).rounded())). Both writers write an integer as sent: \(sent) is \(counted(sentOnDevice, "byte")) as iOS 16 and a push the device re-writes write it, \(scaled) is \(counted(scaled.utf8.count, "byte")). \(effect.prefix(1).uppercased() + effect.dropFirst())\(isExact ? "" : " (lossy)"). \(owner) reads either key into the same Double as before (for a Decimal property, Decimal(value) / \(scale.divisorLiteral)):
                    \(snippet)
                    Installed apps and running activities still hold and read '\(key)': ship the app first (it decodes both), then have the server send '\(scaledKey)' instead.
                    """,
                isLossy: !isExact,
                edit: ShrinkEdit(phase: .values) { document in
                    let keyText = ShrinkDocument.encoded(scaledKey, escapingSlashes: document.escapesSlashes)
                    document.modify(parent) { node in
                        guard case .object(var members) = node.content,
                            let index = members.firstIndex(where: { $0.originalKey == key && $0.key == key }),
                            let value = ShrinkStrategy.scaledNode(
                                members[index].value, depth: depth, exponent: exponent)
                        else { return }
                        node.content = .null
                        members[index].key = scaledKey
                        members[index].keyText = .encoded(keyText)
                        members[index].value = value
                        node.content = .object(members)
                    }
                })
        }

        /// How the app decodes either form: a `CodingKey` for the new key and the line of
        /// `init(from:)` that reads it, dividing back into the property's `Double`.
        private var snippet: String {
            let property = Self.swiftName(key)
            let scaledCase = Self.swiftName(scaledKey)
            let caseText =
                scaledCase == scaledKey ? scaledCase : "\(scaledCase) = \(SwiftNaming.stringLiteral(scaledKey))"
            let divisor = scale.divisorLiteral
            let integers = String(repeating: "[", count: depth) + "Int" + String(repeating: "]", count: depth)
            let doubles = String(repeating: "[", count: depth) + "Double" + String(repeating: "]", count: depth)
            let conversion: String
            switch depth {
            case 0: conversion = ".map { Double($0) / \(divisor) }"
            case 1: conversion = "?.map { Double($0) / \(divisor) }"
            default: conversion = "?.map { $0.map { Double($0) / \(divisor) } }"
            }
            return """
                private enum ScaledKeys: String, CodingKey {
                    case \(caseText)
                }

                init(from decoder: any Decoder) throws {
                    let container = try decoder.container(keyedBy: CodingKeys.self)
                    let scaled = try decoder.container(keyedBy: ScaledKeys.self)
                    \(property) = try scaled.decodeIfPresent(\(integers).self, forKey: .\(scaledCase))\(conversion)
                        ?? container.decode(\(doubles).self, forKey: .\(property))
                    // … every other property, decoded as before
                }
                """
        }

        /// A Swift name for a key: the key when it is an identifier, else its lowerCamelCase words.
        private static func swiftName(_ key: String) -> String {
            let name = SwiftNaming.isIdentifier(key) ? key : SwiftNaming.caseName(for: key)
            return name.replacingOccurrences(of: "`", with: "")
        }
    }

    /// `node` with every number `depth` arrays down scaled by 10^`exponent`, or `nil` when it
    /// does not have that shape or a number does not scale.
    static func scaledNode(_ node: ShrinkNode, depth: Int, exponent: Int) -> ShrinkNode? {
        switch node.content {
        case .number(let text) where depth == 0:
            return scaledInteger(text, exponent: exponent).map { ShrinkNode(content: .number($0.text)) }
        case .array(let elements) where depth > 0:
            var scaled: [ShrinkNode] = []
            scaled.reserveCapacity(elements.count)
            for element in elements {
                guard let next = scaledNode(element, depth: depth - 1, exponent: exponent) else { return nil }
                scaled.append(next)
            }
            return ShrinkNode(content: .array(scaled))
        default:
            return nil
        }
    }

    /// The fewest decimals that write the number token's value exactly (`1.50` has 1), up to 8;
    /// 9 for more.
    static func fractionDigitCount(_ text: String) -> Int {
        (0...8).first { scaledInteger(text, exponent: $0)?.isExact == true } ?? 9
    }

    /// A number token times 10^`exponent`, as an integer token, worked on the decimal text:
    /// rounded half away from zero when digits are dropped (`isExact` false), `nil` for a
    /// result past ±2^53 (which not every JSON reader keeps exactly).
    static func scaledInteger(_ text: String, exponent: Int) -> (text: String, isExact: Bool)? {
        var digits: [UInt8] = []
        var isNegative = false
        var pointShift = exponent
        var index = text.utf8.startIndex
        let utf8 = text.utf8
        if index < utf8.endIndex, utf8[index] == UInt8(ascii: "-") {
            isNegative = true
            index = utf8.index(after: index)
        }
        var afterPoint = false
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: ".") {
                afterPoint = true
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                guard let power = Int(String(text[utf8.index(after: index)...])), abs(power) < 400 else { return nil }
                pointShift += power
                break
            } else {
                guard byte &- UInt8(ascii: "0") < 10 else { return nil }
                digits.append(byte &- UInt8(ascii: "0"))
                if afterPoint { pointShift -= 1 }
            }
            index = utf8.index(after: index)
        }
        // The value is digits · 10^pointShift: keep the digits left of the point.
        var kept = digits
        var dropped: [UInt8] = []
        if pointShift >= 0 {
            // Past 20 zeros only a zero stays within 2^53.
            if pointShift > 20 { return digits.allSatisfy { $0 == 0 } ? ("0", true) : nil }
            kept += repeatElement(0, count: pointShift)
        } else if -pointShift > digits.count {
            // Every digit lies right of the point, after leading zeros.
            kept = []
            dropped = Array(repeating: 0, count: -pointShift - digits.count) + digits
        } else {
            let cut = digits.count + pointShift
            kept = Array(digits[..<cut])
            dropped = Array(digits[cut...])
        }
        var magnitude: UInt64 = 0
        for digit in kept {
            let (times, overflow) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = times.addingReportingOverflow(UInt64(digit))
            guard !overflow, !carry else { return nil }
            magnitude = sum
        }
        let isExact = dropped.allSatisfy { $0 == 0 }
        if let first = dropped.first, first >= 5 { magnitude += 1 }
        guard magnitude <= 1 << 53 else { return nil }
        let sign = isNegative && magnitude != 0 ? "-" : ""
        return (sign + String(magnitude), isExact)
    }
}
