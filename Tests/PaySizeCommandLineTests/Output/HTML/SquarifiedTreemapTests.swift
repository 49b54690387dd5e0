import Testing

@testable import PaySizeCommandLine

@Suite("squarified treemap") struct SquarifiedTreemapTests {
    typealias Rectangle = SquarifiedTreemap.Rectangle

    @Test("each rectangle's area is its share of the bounds and the rectangles tile them")
    func areasAreSharesAndTileTheBounds() {
        let weights = [838, 461, 406, 372, 360, 191, 117, 63, 63, 50, 40, 39, 39, 37, 35, 35, 27, 27, 27, 26, 1]
        let bounds = Rectangle(x: 10, y: 34, width: 640, height: 420)
        let rectangles = SquarifiedTreemap(weights: weights, bounds: bounds).rectangles
        let total = Double(weights.reduce(0, +))
        #expect(rectangles.count == weights.count)
        for (weight, rectangle) in zip(weights, rectangles) {
            #expect(abs(rectangle.area - bounds.area * Double(weight) / total) < 1e-6 * bounds.area)
            #expect(rectangle.x >= bounds.x - 1e-9 && rectangle.y >= bounds.y - 1e-9)
            #expect(rectangle.x + rectangle.width <= bounds.x + bounds.width + 1e-9)
            #expect(rectangle.y + rectangle.height <= bounds.y + bounds.height + 1e-9)
        }
        #expect(abs(rectangles.reduce(0) { $0 + $1.area } - bounds.area) < 1e-6 * bounds.area)
        for (index, first) in rectangles.enumerated() {
            for second in rectangles[(index + 1)...] {
                let overlapWidth = min(first.x + first.width, second.x + second.width) - max(first.x, second.x)
                let overlapHeight = min(first.y + first.height, second.y + second.height) - max(first.y, second.y)
                #expect(overlapWidth <= 1e-9 || overlapHeight <= 1e-9)
            }
        }
    }

    @Test("the rectangles come back in the caller's order, not the layout's")
    func rectanglesKeepTheCallersOrder() {
        let rectangles = SquarifiedTreemap(weights: [1, 3], bounds: Rectangle(x: 0, y: 0, width: 4, height: 1))
            .rectangles
        // The larger weight is laid first, at the left.
        #expect(rectangles == [Rectangle(x: 3, y: 0, width: 1, height: 1), Rectangle(x: 0, y: 0, width: 3, height: 1)])
    }

    @Test("equal weights in a square make squares") func equalWeightsInASquareMakeSquares() {
        let rectangles = SquarifiedTreemap(weights: [1, 1, 1, 1], bounds: Rectangle(x: 0, y: 0, width: 2, height: 2))
            .rectangles
        #expect(
            rectangles == [
                Rectangle(x: 0, y: 0, width: 1, height: 1), Rectangle(x: 0, y: 1, width: 1, height: 1),
                Rectangle(x: 1, y: 0, width: 1, height: 1), Rectangle(x: 1, y: 1, width: 1, height: 1),
            ])
    }

    @Test("a zero weight gets an empty rectangle and no weight an empty layout")
    func zeroWeightsGetEmptyRectangles() {
        let bounds = Rectangle(x: 5, y: 6, width: 10, height: 10)
        let rectangles = SquarifiedTreemap(weights: [0, 7], bounds: bounds).rectangles
        #expect(rectangles[0].area == 0)
        #expect(rectangles[1] == bounds)
        #expect(SquarifiedTreemap(weights: [0, 0], bounds: bounds).rectangles.map(\.area) == [0, 0])
    }
}
