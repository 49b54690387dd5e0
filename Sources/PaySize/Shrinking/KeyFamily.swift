/// Numbered keys of one object that spell out a list: `item_1_name`, `item_1_price`,
/// `item_2_name`… (`item_*_name`, `item_*_price`), or `photo1`, `photo2`, `photo3` (`photo*`).
///
/// A family is a prefix shared by at least ``minimumMemberCount`` numbered keys, such as
/// `item_`; its suffixes (`_name`, `_price`) are the fields of each numbered record.
struct KeyFamily: Sendable, Equatable {
    /// The fewest distinct numbers that make a family.
    static let minimumNumberCount = 3

    /// The text before the number, such as `item_`.
    var prefix: String
    /// The numbers, in the order first seen.
    var numbers: [Int]
    /// The fields (the text after the number), in the order first seen.
    var suffixes: [String]

    /// The pattern that stands for every key of the family with `*` for the number: `item_*`.
    var pattern: String { prefix + "*" }

    /// The family's keys, in the object's order.
    func contains(_ key: String) -> Bool {
        guard let parts = Self.split(key) else { return false }
        return parts.prefix == prefix
    }

    /// `key` split around its first run of ASCII digits, when it has one after a non-empty prefix.
    static func split(_ key: String) -> (prefix: String, number: Int, suffix: String)? {
        let scalars = Array(key.unicodeScalars)
        guard let start = scalars.firstIndex(where: { ("0"..."9").contains($0) }), start > 0 else { return nil }
        var end = start
        while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
        guard end - start <= 6, let number = Int(String(String.UnicodeScalarView(scalars[start..<end]))) else {
            return nil
        }
        return (
            String(String.UnicodeScalarView(scalars[..<start])), number,
            String(String.UnicodeScalarView(scalars[end...]))
        )
    }

    /// The families among `keys`, in the order their first key appears.
    static func families(in keys: [String]) -> [KeyFamily] {
        var byPrefix: [String: KeyFamily] = [:]
        var order: [String] = []
        for key in keys {
            guard let (prefix, number, suffix) = split(key) else { continue }
            if byPrefix[prefix] == nil {
                byPrefix[prefix] = KeyFamily(prefix: prefix, numbers: [], suffixes: [])
                order.append(prefix)
            }
            if !byPrefix[prefix]!.numbers.contains(number) { byPrefix[prefix]!.numbers.append(number) }
            if !byPrefix[prefix]!.suffixes.contains(suffix) { byPrefix[prefix]!.suffixes.append(suffix) }
        }
        return order.compactMap { byPrefix[$0] }.filter { $0.numbers.count >= minimumNumberCount }
    }

    /// The key a family member's row folds to (`item_3_name` → `item_*_name`), or the key itself.
    static func foldedKey(_ key: String, families: [KeyFamily]) -> String {
        guard let (prefix, _, suffix) = split(key), families.contains(where: { $0.prefix == prefix }) else {
            return key
        }
        return prefix + "*" + suffix
    }
}
