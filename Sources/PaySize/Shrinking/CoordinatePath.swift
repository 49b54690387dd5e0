@_spi(Internals) import PaySizeJSON

/// A JSON value as cuts read it, scanned (``JSONElement``) or being edited (``ShrinkNode``),
/// so positions are chosen the same way when proposing and when applying.
protocol ReadableValue {
    var numberText: String? { get }
    var stringValue: String? { get }
    var elements: [Self]? { get }
    subscript(key: String) -> Self? { get }
}

extension JSONElement: ReadableValue {}

extension ShrinkNode: ReadableValue {
    var numberText: String? {
        if case .number(let text) = content { return text }
        return nil
    }

    var stringValue: String? {
        if case .string(let string, _) = content { return string }
        return nil
    }

    var elements: [ShrinkNode]? {
        if case .array(let elements) = content { return elements }
        return nil
    }

    subscript(key: String) -> ShrinkNode? {
        if case .object(let members) = content { return members.first { $0.originalKey == key }?.value }
        return nil
    }
}

/// An array read as a path on the map: which shape its points take, the points themselves, and
/// which of them a downsampled route keeps.
///
/// Three shapes are recognized: pairs (`[lat, lng]`, or GeoJSON's `[lng, lat]`, an altitude
/// allowed third), a flat array alternating latitude and longitude (`[lat, lng, lat, lng, …]`),
/// and records with members named for coordinates (`lat`, `lng`). A cut or a downsampling works
/// on whole points, so a flat array keeps an even length and no longitude lands in a latitude
/// slot.
enum CoordinatePath: Sendable, Equatable {
    /// `[[a, b], …]`: `latitudeFirst` unless every first number is a longitude (GeoJSON).
    case pairs(latitudeFirst: Bool)
    /// `[lat, lng, lat, lng, …]`, two numbers a point.
    case flat
    /// `[{"lat": …, "lng": …}, …]`.
    case records(latitudeKey: String, longitudeKey: String)

    /// Array elements per point: 2 for a flat array, 1 otherwise.
    var stride: Int { self == .flat ? 2 : 1 }

    /// The largest step, in degrees, between neighbouring points of an unnamed array for it to
    /// be read as a path: a chart of small numbers moves by whole units; a route moves by
    /// thousandths of a degree.
    static let maximumUnnamedStep = 0.5

    /// The shape of `elements`, held under `key` (`nil` for an array in an array), or `nil`.
    static func shape(of elements: [JSONElement], key: String?) -> CoordinatePath? {
        guard elements.count >= 2 else { return nil }
        let isNamedPath = key.map(NumberMeaning.isCoordinateContainer) ?? false
        if let first = elements.first?.members {
            guard let latitude = first.first(where: { isLatitudeKey($0.key) })?.key,
                let longitude = first.first(where: { isLongitudeKey($0.key) })?.key
            else { return nil }
            return .records(latitudeKey: latitude, longitudeKey: longitude)
        }
        if elements.first?.elements != nil {
            var numbers: [(Double, Double)] = []
            for element in elements {
                guard let pair = element.elements, (2...3).contains(pair.count),
                    let a = pair[0].numberText.flatMap(Double.init), let b = pair[1].numberText.flatMap(Double.init)
                else { return nil }
                numbers.append((a, b))
            }
            let latitudeFirst = numbers.allSatisfy { abs($0.0) <= 90 && abs($0.1) <= 180 }
            let longitudeFirst = numbers.allSatisfy { abs($0.0) <= 180 && abs($0.1) <= 90 }
            guard latitudeFirst || longitudeFirst, isPlausiblePath(numbers, isNamed: isNamedPath) else { return nil }
            return .pairs(latitudeFirst: latitudeFirst)
        }
        guard elements.count >= 4, elements.count % 2 == 0 else { return nil }
        var numbers: [(Double, Double)] = []
        var index = 0
        while index < elements.count {
            guard let a = elements[index].numberText.flatMap(Double.init),
                let b = elements[index + 1].numberText.flatMap(Double.init), abs(a) <= 90, abs(b) <= 180
            else { return nil }
            numbers.append((a, b))
            index += 2
        }
        guard isPlausiblePath(numbers, isNamed: isNamedPath) else { return nil }
        if !isNamedPath {
            // A series of single numbers also steps by little; a path's two coordinates sit far
            // apart from each other compared with its steps.
            let step = largestStep(numbers)
            let apart = numbers.map { abs($0.0 - $0.1) }.reduce(0, +) / Double(numbers.count)
            guard apart > 10 * max(step, 1e-9) else { return nil }
        }
        return .flat
    }

    /// Whether numbers read as points form a path: not all whole numbers, and (unless the key
    /// names a path) neighbouring points within ``maximumUnnamedStep`` degrees.
    private static func isPlausiblePath(_ numbers: [(Double, Double)], isNamed: Bool) -> Bool {
        guard numbers.contains(where: { $0.0.rounded() != $0.0 || $0.1.rounded() != $0.1 }) else { return false }
        return isNamed || largestStep(numbers) <= maximumUnnamedStep
    }

    private static func largestStep(_ numbers: [(Double, Double)]) -> Double {
        zip(numbers, numbers.dropFirst()).map { max(abs($1.0 - $0.0), abs($1.1 - $0.1)) }.max() ?? 0
    }

    private static func isLatitudeKey(_ key: String) -> Bool {
        ["lat", "latitude"].contains(SwiftNaming.words(of: key).last?.lowercased() ?? "")
    }

    private static func isLongitudeKey(_ key: String) -> Bool {
        ["lng", "lon", "long", "longitude"].contains(SwiftNaming.words(of: key).last?.lowercased() ?? "")
    }

    /// The points of `elements` in this shape, as (first, second) numbers: only their
    /// distances matter here, so the axis order does not. `nil` when an element does not fit.
    func points<Value: ReadableValue>(of elements: [Value]) -> [(Double, Double)]? {
        var points: [(Double, Double)] = []
        switch self {
        case .pairs:
            for element in elements {
                guard let pair = element.elements, pair.count >= 2, let a = pair[0].numberText.flatMap(Double.init),
                    let b = pair[1].numberText.flatMap(Double.init)
                else { return nil }
                points.append((a, b))
            }
        case .flat:
            guard elements.count % 2 == 0 else { return nil }
            var index = 0
            while index < elements.count {
                guard let a = elements[index].numberText.flatMap(Double.init),
                    let b = elements[index + 1].numberText.flatMap(Double.init)
                else { return nil }
                points.append((a, b))
                index += 2
            }
        case .records(let latitudeKey, let longitudeKey):
            for element in elements {
                guard let a = element[latitudeKey]?.numberText.flatMap(Double.init),
                    let b = element[longitudeKey]?.numberText.flatMap(Double.init)
                else { return nil }
                points.append((a, b))
            }
        }
        return points
    }

    /// The sorted positions of `kept` points out of `points` that keep the path's shape: both
    /// ends, every pinned position, and the points where it turns most.
    ///
    /// Points are dropped one at a time, always the one whose triangle with its two remaining
    /// neighbours has the smallest area (the point that changes the drawn line least), so
    /// straight runs thin out first and corners stay.
    static func keptTurns(of points: [(Double, Double)], keeping kept: Int, pinned: Set<Int>) -> [Int] {
        let count = points.count
        guard kept < count, count > 2 else { return Array(0..<count) }
        var previous = Array(-1..<(count - 1))
        var next = Array(1...count)
        var alive = Array(repeating: true, count: count)
        var remaining = count
        func area(_ position: Int) -> Double {
            let (a, b, c) = (points[previous[position]], points[position], points[next[position]])
            return abs((b.0 - a.0) * (c.1 - a.1) - (c.0 - a.0) * (b.1 - a.1))
        }
        while remaining > max(kept, 2) {
            var smallest: (position: Int, area: Double)? = nil
            for position in 1..<(count - 1) where alive[position] && !pinned.contains(position) {
                let value = area(position)
                if smallest == nil || value < smallest!.area { smallest = (position, value) }
            }
            guard let smallest else { break }
            alive[smallest.position] = false
            next[previous[smallest.position]] = next[smallest.position]
            previous[next[smallest.position]] = previous[smallest.position]
            remaining -= 1
        }
        return (0..<count).filter { alive[$0] }
    }

    /// The points of a Google encoded polyline (precision 5), or `nil` when `string` is not one:
    /// every character in `?`…`~`, every chunk complete, every point on the globe, at least two.
    static func decodedPolyline(_ string: String) -> [(Double, Double)]? {
        let bytes = Array(string.utf8)
        guard bytes.count >= 8, bytes.allSatisfy({ (63...126).contains($0) }) else { return nil }
        var points: [(Double, Double)] = []
        var index = 0
        var latitude = 0
        var longitude = 0
        func nextValue() -> Int? {
            var result = 0
            var shift = 0
            while index < bytes.count {
                let chunk = Int(bytes[index]) - 63
                index += 1
                result |= (chunk & 0x1F) << shift
                shift += 5
                if chunk < 0x20 { return (result & 1) != 0 ? ~(result >> 1) : result >> 1 }
                guard shift < 35 else { return nil }
            }
            return nil
        }
        while index < bytes.count {
            guard let dLatitude = nextValue(), let dLongitude = nextValue() else { return nil }
            latitude += dLatitude
            longitude += dLongitude
            let point = (Double(latitude) / 1e5, Double(longitude) / 1e5)
            guard abs(point.0) <= 90, abs(point.1) <= 180 else { return nil }
            points.append(point)
        }
        return points.count >= 2 ? points : nil
    }
}
