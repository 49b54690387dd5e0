@_spi(Internals) import PaySizeJSON

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
    static func of(_ path: JSONPointer, sample: Double?) -> NumberMeaning {
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
    static func isCoordinateContainer(_ key: String) -> Bool {
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

/// How numbers of each meaning stay short under both of Foundation's writers
/// (<doc:WhatTheDeviceCounts>): the Objective-C writer gives a non-integral number 17
/// significant digits unless its exact binary value is shorter, so only integers and short
/// binary fractions keep their length.
extension NumberMeaning {
    /// A binary grid for numbers of this meaning: values become multiples of 2^-`places`, whose
    /// exact decimal text both writers write as sent (`0.53125`, 7 bytes, for 68/128).
    struct BinaryGrid: Sendable, Equatable {
        /// The binary places kept: the grid's step is 2^-places.
        var places: Int
        /// The largest error, as a suggestion states it.
        var error: String
    }

    /// The grid chosen for this meaning, or `nil` where none is short: a progress keeps 7 binary
    /// places (a multiple of 1/128, at most 1/256 ≈ 0.0039 off, ±0.39 % of the whole), a
    /// percentage 4 (a multiple of 1/16, at most 0.03125 percentage points off). Money is never
    /// rounded, and a coordinate within 1 m needs 17 places (see ``coordinateBinaryPlaces``).
    var binaryGrid: BinaryGrid? {
        switch self {
        case .progress:
            BinaryGrid(places: 7, error: "a multiple of 1/128, at most 1/256 (0.0039, ±0.39 % of the whole) off")
        case .percentage:
            BinaryGrid(places: 4, error: "a multiple of 1/16, at most 0.03125 percentage points off")
        case .coordinate, .money, .other:
            nil
        }
    }

    /// The binary places a coordinate needs to stay within 1 m: a step of 2^-17° is 0.85 m at
    /// the equator (2^-16° would be 1.7 m), so its text runs to 17 significant digits, as long
    /// as the Objective-C writer's.
    static let coordinateBinaryPlaces = 17

    /// How numbers of this meaning travel as integers (an app change), or `nil` for meanings
    /// with no natural unit.
    struct IntegerScale: Sendable, Equatable {
        /// The power of ten the value is multiplied by.
        var exponent: Int
        /// What the integer counts, as a suggestion names it (`cents`).
        var unit: String
        /// What the values are, as a suggestion names them (`amounts`).
        var noun: String
        /// Added to the key, so the integer form has a key of its own (`fare` → `fareCents`).
        var keySuffix: String
        /// Whether rounding to the unit is allowed: never for money.
        var mayRound: Bool
        /// The largest error of a rounded value, as a suggestion states it.
        var roundingError: String

        /// 10^``exponent`` as Swift writes it in a snippet (`100_000`).
        var divisorLiteral: String {
            var digits = "1" + String(repeating: "0", count: exponent)
            var grouped = ""
            while digits.count > 3 {
                grouped = "_" + digits.suffix(3) + grouped
                digits.removeLast(3)
            }
            return digits + grouped
        }
    }

    /// Coordinates in degrees × 10^`exponent` (5 to 7): 10^-5 degrees is about 1.1 m, so a point
    /// rounded to it moves at most about 0.56 m; with more decimals it moves less.
    static func coordinateScale(exponent: Int) -> IntegerScale {
        let step = ["1.1 m", "11 cm", "1.1 cm"][exponent - 5]
        let moves = ["0.56 m", "5.6 cm", "0.56 cm"][exponent - 5]
        return IntegerScale(
            exponent: exponent, unit: "degrees × 10^\(exponent)", noun: "coordinates", keySuffix: "E\(exponent)",
            mayRound: true,
            roundingError: "1e-0\(exponent)° is about \(step): a point moves by at most ±\(moves)")
    }

    /// The integer form of this meaning: money in cents (only when every amount is whole
    /// cents), a progress in basis points (× 10^4), a percentage in basis points (× 100), a
    /// coordinate in degrees × 10^5 (``coordinateScale(exponent:)``; the strategy takes 10^6 or
    /// 10^7 when that holds every value exactly).
    var integerScale: IntegerScale? {
        switch self {
        case .money:
            IntegerScale(
                exponent: 2, unit: "cents", noun: "amounts", keySuffix: "Cents", mayRound: false, roundingError: "")
        case .progress:
            IntegerScale(
                exponent: 4, unit: "basis points", noun: "fractions", keySuffix: "Bp", mayRound: true,
                roundingError: "at most half a basis point (0.00005 of the whole) off")
        case .percentage:
            IntegerScale(
                exponent: 2, unit: "basis points", noun: "percentages", keySuffix: "Bp", mayRound: true,
                roundingError: "at most 0.005 percentage points off")
        case .coordinate:
            Self.coordinateScale(exponent: 5)
        case .other:
            nil
        }
    }
}
