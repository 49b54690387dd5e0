/// What a number means, read from the keys on its path, and so how many fraction digits it keeps.
///
/// Coordinates keep 5 decimals (1e-5° is about 1.1 m, so a rounded point moves at most about
/// 0.56 m); progress and percentages keep 3 (a fraction) or 2 (a percentage); money is never
/// rounded; anything else keeps 2 fraction digits, or 2 significant digits below 1.
enum NumberMeaning: Equatable, Sendable {
    case coordinate
    case progress
    case percentage
    case money
    case other

    /// The meaning of the numbers at `path` (a `*` for every element), given one of its values.
    static func of(_ path: ShrinkPath, sample: Double?) -> NumberMeaning {
        let keys = path.components.compactMap { component -> String? in
            if case .key(let key) = component { return key }
            return nil
        }
        let isPairElement = path.components.suffix(2) == [.anyIndex, .anyIndex]
        if let last = keys.last {
            if isCoordinateKey(last) { return .coordinate }
            if isPairElement, let sample, abs(sample) <= 180, isCoordinateContainer(last) { return .coordinate }
            if keys.contains(where: isMoneyKey) { return .money }
            let words = SwiftNaming.words(of: last).map { $0.lowercased() }
            if words.contains(where: { ["percent", "percentage", "pct"].contains($0) }) { return .percentage }
            if words.contains(where: { ["progress", "ratio", "fraction", "completion", "completed"].contains($0) }) {
                return (sample.map { abs($0) <= 1 } ?? true) ? .progress : .percentage
            }
        }
        return .other
    }

    /// `lat`, `lng`, `lon`, `latitude`, `longitude` (any case, as the last word of the key).
    static func isCoordinateKey(_ key: String) -> Bool {
        guard let last = SwiftNaming.words(of: key).last?.lowercased() else { return false }
        return ["lat", "lng", "lon", "long", "latitude", "longitude"].contains(last)
    }

    /// Keys that hold coordinate pairs: `route`, `path`, `coordinates`, `points`, `polyline`…
    private static func isCoordinateContainer(_ key: String) -> Bool {
        let words = SwiftNaming.words(of: key).map { $0.lowercased() }
        return words.contains {
            [
                "route", "path", "coordinates", "coords", "coordinate", "points", "polyline", "track", "geometry",
                "waypoints", "trail", "line",
            ].contains($0)
        }
    }

    /// Keys that name an amount of money: its digits are exact.
    static func isMoneyKey(_ key: String) -> Bool {
        SwiftNaming.words(of: key).map { $0.lowercased() }.contains {
            [
                "price", "prices", "amount", "amounts", "cost", "costs", "fee", "fees", "fare", "fares", "balance",
                "subtotal", "tax", "tip", "payment", "money", "cash", "salary", "revenue", "charge", "refund",
                "discount", "total", "paid", "due",
            ].contains($0)
        }
    }

    /// The fraction digits kept, or `nil` when numbers with this meaning are never rounded.
    var keptFractionDigits: Int? {
        switch self {
        case .coordinate: 5
        case .progress: 3
        case .percentage: 2
        case .money: nil
        case .other: 2
        }
    }

    /// The physical effect of the rounding, as a suggestion states it.
    var effect: String {
        switch self {
        case .coordinate: "5 decimals kept (0.00001° is about 1.1 m): a point moves by at most ±0.56 m"
        case .progress: "3 decimals kept, ±0.05 % of the whole"
        case .percentage: "2 decimals kept, ±0.005 percentage points"
        case .money: "exact"
        case .other: "2 fraction digits kept (2 significant below 1), ±0.005"
        }
    }
}
