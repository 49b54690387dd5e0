/// Finds the known key an unknown one most likely meant: the same key in another case or with
/// other separators (`staleDate`, `content_state`), or one a typo or two away (`state-date`).
enum KeySuggestion {
    /// The known key `key` most likely meant, or `nil` when none is close.
    ///
    /// Keys are compared with case and the separators `-`, `_`, `.` and space ignored; past that,
    /// a key of up to six letters may be one edit away (an insertion, deletion, substitution or
    /// swap of neighbours), a longer one two.
    static func suggestion(for key: String, among known: [String]) -> String? {
        let normalizedKey = normalized(key)
        guard !normalizedKey.isEmpty else { return nil }
        var best: (key: String, distance: Int)?
        for candidate in known where candidate != key {
            let normalizedCandidate = normalized(candidate)
            let allowed = normalizedCandidate.count <= 6 ? 1 : 2
            guard abs(normalizedCandidate.count - normalizedKey.count) <= allowed else { continue }
            let distance = editDistance(normalizedKey, normalizedCandidate)
            if distance <= allowed, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.key
    }

    /// ASCII letters lowercased, separators dropped; other bytes kept as they are.
    static func normalized(_ key: String) -> [UInt8] {
        key.utf8.compactMap { byte -> UInt8? in
            switch byte {
            case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: " "): nil
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte + 32
            default: byte
            }
        }
    }

    /// Edits (insertions, deletions, substitutions, swaps of neighbours) between `a` and `b`.
    static func editDistance(_ a: [UInt8], _ b: [UInt8]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        let width = b.count + 1
        var previous2 = [Int](repeating: 0, count: width)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: width)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previous2[j - 2] + 1)
                }
                current[j] = value
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
