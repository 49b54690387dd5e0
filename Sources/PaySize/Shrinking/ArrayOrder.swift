@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// How an array's elements are ordered, read from their members, and so which end a cut keeps.
///
/// Dates (numbers under a date-like key, or ISO-8601 strings) and sequence numbers that rise
/// mean the newest element is last; falling, first. A rank, place or position that rises means
/// the top element is first. Numeric ids are read like dates (ids grow over time). The first
/// member that is monotonic over every element decides; an array none of them orders has no
/// inferred order.
struct ArrayOrder: Sendable, Equatable {
    /// Which end of the array holds the element that matters most.
    enum End: Sendable, Equatable {
        case first
        case last
    }

    /// The end a cut keeps.
    var importantEnd: End
    /// What the kept end holds, such as `newest` or `top-ranked`.
    var kept: String
    /// What the order was read from, such as "dates fall: newest first, by 'date'".
    var reason: String

    /// The order of `elements`, or `nil` when no member orders them.
    static func infer(_ elements: [JSONElement]) -> ArrayOrder? {
        guard elements.count >= 2, let first = elements.first?.members else { return nil }
        var candidates: [(key: String, kind: Kind)] = []
        for member in first {
            if let kind = kind(of: member.key, value: member.value) { candidates.append((member.key, kind)) }
        }
        // Ranks speak for the author's order most directly, then dates, then ids.
        for wanted in [Kind.rank, .date, .identifier] {
            for candidate in candidates where candidate.kind == wanted {
                let keys = elements.map { sortKey($0[candidate.key]) }
                guard keys.allSatisfy({ $0 != nil }) else { continue }
                let values = keys.map { $0! }
                let rising = zip(values, values.dropFirst()).allSatisfy { $0 <= $1 }
                let falling = zip(values, values.dropFirst()).allSatisfy { $0 >= $1 }
                guard rising != falling else { continue }
                let name = "'\(candidate.key)'"
                switch (wanted, rising) {
                case (.rank, true):
                    return ArrayOrder(importantEnd: .first, kept: "top-ranked", reason: "\(name) rises: top first")
                case (.rank, false):
                    return ArrayOrder(importantEnd: .last, kept: "top-ranked", reason: "\(name) falls: top last")
                case (.date, true):
                    return ArrayOrder(importantEnd: .last, kept: "newest", reason: "\(name) rises: newest last")
                case (.date, false):
                    return ArrayOrder(importantEnd: .first, kept: "newest", reason: "\(name) falls: newest first")
                case (.identifier, true):
                    return ArrayOrder(importantEnd: .last, kept: "newest", reason: "ids in \(name) rise: newest last")
                case (.identifier, false):
                    return ArrayOrder(importantEnd: .first, kept: "newest", reason: "ids in \(name) fall: newest first")
                }
            }
        }
        return nil
    }

    private enum Kind: Equatable {
        case rank
        case date
        case identifier
    }

    private static func kind(of key: String, value: JSONElement) -> Kind? {
        let lowered = key.lowercased()
        if let string = value.stringValue {
            return ISO8601Timestamp(string) != nil ? .date : nil
        }
        guard value.numberText != nil else { return nil }
        let last = SwiftNaming.words(of: key).last?.lowercased() ?? lowered
        if ["rank", "ranking", "place", "position", "pos", "standing", "seed"].contains(last) { return .rank }
        if [
            "t", "ts", "at", "date", "time", "timestamp", "minute", "second", "elapsed", "seq", "sequence", "round",
            "lap",
            "day", "hour", "index", "step", "tick", "epoch",
        ].contains(last) || lowered.contains("date") {
            return .date
        }
        if last == "id" { return .identifier }
        return nil
    }

    /// A comparable form of a date, rank or id value.
    private static func sortKey(_ element: JSONElement?) -> Double? {
        guard let element else { return nil }
        if let text = element.numberText { return Double(text) }
        if let string = element.stringValue, let date = ISO8601Timestamp(string) { return Double(date.unixSeconds) }
        return nil
    }
}
