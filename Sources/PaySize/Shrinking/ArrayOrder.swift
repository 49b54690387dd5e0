@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// How an array's elements are ordered, read from their members, and so which end a cut keeps.
///
/// Dates (numbers under a date-like key, or ISO-8601 strings) and sequence numbers that rise
/// mean the newest element is last; falling, first. A rank, place or position that rises means
/// the top element is first. Numeric ids are read like dates (ids grow over time). The first
/// member that is monotonic over every element decides. Failing those, any other member whose
/// numbers or dates strictly rise or fall over every element orders the array, whatever its
/// name: rising reads as time going on (`over` 13.1 → 18.3: newest last), falling as a ranking
/// by a count or score (top first). An array none of them orders has no inferred order, and a
/// cut must ask which end to keep (``ShrinkAdvisor/keptEnd``).
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
    /// The member whose values order the elements, when one does.
    var orderKey: String? = nil

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
                var order: ArrayOrder
                switch (wanted, rising) {
                case (.rank, true):
                    order = ArrayOrder(importantEnd: .first, kept: "top-ranked", reason: "\(name) rises: top first")
                case (.rank, false):
                    order = ArrayOrder(importantEnd: .last, kept: "top-ranked", reason: "\(name) falls: top last")
                case (.date, true):
                    order = ArrayOrder(importantEnd: .last, kept: "newest", reason: "\(name) rises: newest last")
                case (.date, false):
                    order = ArrayOrder(importantEnd: .first, kept: "newest", reason: "\(name) falls: newest first")
                case (.identifier, true):
                    order = ArrayOrder(importantEnd: .last, kept: "newest", reason: "ids in \(name) rise: newest last")
                case (.identifier, false):
                    order = ArrayOrder(
                        importantEnd: .first, kept: "newest", reason: "ids in \(name) fall: newest first")
                }
                order.orderKey = candidate.key
                return order
            }
        }
        return strictlyMonotonic(elements, first: first)
    }

    /// The order given by the first member, in document order, whose numbers (or ISO-8601
    /// dates) strictly rise or fall over every element; ties and gaps disqualify a member, so
    /// a constant or repeated value never orders anything.
    private static func strictlyMonotonic(_ elements: [JSONElement], first: [JSONMember]) -> ArrayOrder? {
        for member in first where member.value.numberText != nil || member.value.stringValue != nil {
            var previous: Double? = nil
            var direction = 0
            var isOrdering = true
            for element in elements {
                guard let value = sortKey(element[member.key]) else {
                    isOrdering = false
                    break
                }
                if let previous {
                    let step = value > previous ? 1 : value < previous ? -1 : 0
                    if step == 0 || (direction != 0 && step != direction) {
                        isOrdering = false
                        break
                    }
                    direction = step
                }
                previous = value
            }
            guard isOrdering, direction != 0 else { continue }
            let name = "'\(member.key)'"
            var order =
                direction > 0
                ? ArrayOrder(importantEnd: .last, kept: "newest", reason: "\(name) rises: newest last")
                : ArrayOrder(importantEnd: .first, kept: "top", reason: "\(name) falls: top first")
            order.orderKey = member.key
            return order
        }
        return nil
    }

    /// The order a caller chose for an array nothing orders (`--keep first|last`).
    static func chosen(_ end: End) -> ArrayOrder {
        end == .first
            ? ArrayOrder(importantEnd: .first, kept: "first", reason: "as asked: keep first")
            : ArrayOrder(importantEnd: .last, kept: "last", reason: "as asked: keep last")
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
    static func sortKey(_ element: JSONElement?) -> Double? {
        guard let element else { return nil }
        if let text = element.numberText { return Double(text) }
        if let string = element.stringValue, let date = ISO8601Timestamp(string) { return Double(date.unixSeconds) }
        return nil
    }
}
