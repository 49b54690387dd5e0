@_spi(Internals) import PaySizeJSON

/// The RFC 5891/5892 rules for a U-label (the code points of an `xn--` label), as far as Swift's
/// Unicode properties carry them: no Unicode script property exists, so the contextual rules
/// name the blocks of the scripts they ask for.
package enum IDNALabel {
    /// Whether `label` may be a U-label.
    package static func isValid(_ label: [Unicode.Scalar]) -> Bool {
        guard let first = label.first, let last = label.last, first != "-", last != "-" else { return false }
        // Hyphens in the third and fourth positions are reserved for A-label prefixes.
        if label.count >= 4, label[2] == "-", label[3] == "-" { return false }
        if [.nonspacingMark, .spacingMark, .enclosingMark].contains(first.properties.generalCategory) { return false }
        let hasArabicIndic = label.contains { (0x0660...0x0669).contains($0.value) }
        let hasExtendedArabicIndic = label.contains { (0x06F0...0x06F9).contains($0.value) }
        if hasArabicIndic, hasExtendedArabicIndic { return false }
        for (offset, scalar) in label.enumerated() {
            let before = offset > 0 ? label[offset - 1] : nil
            let after = offset + 1 < label.count ? label[offset + 1] : nil
            switch scalar.value {
            case 0x00DF, 0x03C2, 0x06FD, 0x06FE, 0x0F0B, 0x3007:
                continue  // PVALID exceptions.
            case 0x0640, 0x07FA, 0x302E, 0x302F, 0x3031...0x3035, 0x303B:
                return false  // DISALLOWED exceptions.
            case 0x00B7:
                // MIDDLE DOT only between two 'l's (Catalan).
                guard before == "l", after == "l" else { return false }
            case 0x0375:
                // GREEK LOWER NUMERAL SIGN (KERAIA) before a Greek letter.
                guard let after, isGreek(after) else { return false }
            case 0x05F3, 0x05F4:
                // HEBREW GERESH and GERSHAYIM after a Hebrew letter.
                guard let before, (0x0590...0x05FF).contains(before.value) else { return false }
            case 0x30FB:
                // KATAKANA MIDDLE DOT in a label with Hiragana, Katakana or Han.
                guard label.contains(where: { $0.value != 0x30FB && isJapanese($0) }) else { return false }
            case 0x200D:
                // ZERO WIDTH JOINER after a virama.
                guard let before, before.properties.canonicalCombiningClass.rawValue == 9 else { return false }
            case 0x200C:
                // ZERO WIDTH NON-JOINER after a virama, or between joining letters (RFC 5892 A.1;
                // the Arabic-script blocks stand for the joining types Swift does not expose).
                if let before, before.properties.canonicalCombiningClass.rawValue == 9 { continue }
                guard let before, let after, isArabic(before), isArabic(after) else { return false }
            default:
                guard isProtocolValid(scalar) else { return false }
            }
        }
        return true
    }

    /// Letters, marks and digits that case folding and normalization leave alone, and `-`.
    private static func isProtocolValid(_ scalar: Unicode.Scalar) -> Bool {
        if scalar == "-" { return true }
        if scalar.isASCII {
            return ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar)
        }
        let properties = scalar.properties
        switch properties.generalCategory {
        case .lowercaseLetter, .otherLetter, .modifierLetter, .nonspacingMark, .spacingMark, .decimalNumber:
            return properties.lowercaseMapping == String(scalar) && properties.changesWhenNFKCCaseFolded == false
        default:
            return false
        }
    }

    private static func isGreek(_ scalar: Unicode.Scalar) -> Bool {
        (0x0370...0x03FF).contains(scalar.value) || (0x1F00...0x1FFF).contains(scalar.value)
    }

    private static func isArabic(_ scalar: Unicode.Scalar) -> Bool {
        (0x0600...0x06FF).contains(scalar.value) || (0x0750...0x077F).contains(scalar.value)
    }

    private static func isJapanese(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x3040...0x309F, 0x30A0...0x30FF, 0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xF900...0xFAFF,
            0x20000...0x2FA1F:
            true
        default: false
        }
    }
}
