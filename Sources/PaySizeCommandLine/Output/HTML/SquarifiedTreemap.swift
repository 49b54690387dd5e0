/// A squarified treemap: rectangles whose areas are proportional to their weights, laid out in
/// rows along the shorter side of what is left so that each row keeps its worst aspect ratio as
/// close to 1 as the next weight allows (Bruls, Huizing and van Wijk's method).
///
/// The rectangles tile `bounds` exactly: their areas add up to the area of `bounds`, each is
/// `weight / total` of it, and none overlap.
struct SquarifiedTreemap {
    /// A rectangle in the treemap's coordinates.
    struct Rectangle: Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double

        var area: Double { width * height }
    }

    /// One rectangle per weight, in the order of `weights`; a weight of 0 gets an empty rectangle.
    let rectangles: [Rectangle]

    /// Lays `weights` out in `bounds`. Weights are taken largest first (the layout the method
    /// needs); the result is given back in the caller's order.
    init(weights: [Int], bounds: Rectangle) {
        let total = weights.reduce(0) { $0 + max($1, 0) }
        var result = Array(repeating: Rectangle(x: bounds.x, y: bounds.y, width: 0, height: 0), count: weights.count)
        guard total > 0, bounds.area > 0 else {
            rectangles = result
            return
        }
        let scale = bounds.area / Double(total)
        let order = weights.indices.filter { weights[$0] > 0 }.sorted { (weights[$0], $1) > (weights[$1], $0) }
        let areas = order.map { Double(weights[$0]) * scale }
        var free = bounds
        var start = 0
        while start < areas.count {
            let side = min(free.width, free.height)
            var end = start + 1
            var sum = areas[start]
            while end < areas.count,
                Self.worstRatio(of: areas[start...end], sum: sum + areas[end], side: side)
                    <= Self.worstRatio(of: areas[start..<end], sum: sum, side: side)
            {
                sum += areas[end]
                end += 1
            }
            let isLast = end == areas.count
            if free.width >= free.height {
                // A column at the left of what is left; the last row takes all of it, so rounding
                // never leaves a sliver uncovered.
                let thickness = isLast ? free.width : sum / free.height
                var y = free.y
                for index in start..<end {
                    let height = index == end - 1 ? free.y + free.height - y : areas[index] / thickness
                    result[order[index]] = Rectangle(x: free.x, y: y, width: thickness, height: height)
                    y += height
                }
                free.x += thickness
                free.width -= thickness
            } else {
                let thickness = isLast ? free.height : sum / free.width
                var x = free.x
                for index in start..<end {
                    let width = index == end - 1 ? free.x + free.width - x : areas[index] / thickness
                    result[order[index]] = Rectangle(x: x, y: free.y, width: width, height: thickness)
                    x += width
                }
                free.y += thickness
                free.height -= thickness
            }
            start = end
        }
        rectangles = result
    }

    /// The largest aspect ratio (long side over short side) in a row of `areas` laid along `side`.
    private static func worstRatio(of areas: ArraySlice<Double>, sum: Double, side: Double) -> Double {
        guard let largest = areas.max(), let smallest = areas.min(), sum > 0 else { return .infinity }
        let sideSquared = side * side
        let sumSquared = sum * sum
        return max(sideSquared * largest / sumSquared, sumSquared / (sideSquared * smallest))
    }
}
