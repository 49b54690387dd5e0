import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Thinning that keeps the shape (the records and points that change most, with the deviation
/// it introduces), polylines at precision 6, and the index and count members of a flat path.
@Suite("Thinning that keeps the shape") struct ShrinkShapeKeepingTests {
    typealias Support = ShrinkTestSupport
    typealias Corpus = ShrinkCorpusTests

    static func report(_ json: String, limit: Int, keep: ShrinkAdvisor.KeptEnd? = nil) throws -> ShrinkReport {
        var advisor = ShrinkAdvisor(budget: PayloadBudget(limit: limit), allowsLossy: true)
        advisor.keptEnd = keep
        let report = try advisor.report(forJSONBytes: Array(json.utf8))
        Support.checkSavings(report)
        return report
    }

    static func text(_ suggestion: ShrinkSuggestion) -> String {
        String(decoding: suggestion.jsonBytes, as: UTF8.self)
    }

    @Test("a series of records keeps the dip that is no extreme, and says how far the line moved")
    func aSeriesOfRecordsKeepsTheDipThatIsNoExtreme() throws {
        let values = [5, 5, 5, 1, 5, 5, 5, 5, 2, 5, 5, 9]
        let records = values.enumerated().map { #"{"t":\#($0.offset),"v":\#($0.element)}"# }
        let report = try Self.report(#"{"series":[\#(records.joined(separator: ","))]}"#, limit: 220)
        let thin = try Corpus.suggestion("downsample:/series", in: report)
        // The first, the last, the lowest (1) and highest (9), then the dip to 2 (4 off the line
        // from 1 to 9), the rise back to 5, and the step before the low.
        #expect(
            Self.text(thin)
                == #"{"series":[{"t":0,"v":5},{"t":2,"v":5},{"t":3,"v":1},{"t":4,"v":5},{"t":8,"v":2},{"t":11,"v":9}]}"#
        )
        #expect(thin.savedBytes == 85)
        #expect(
            thin.title
                == "thin the 12 records of the series at /series to 6 by largest change, both ends and the extremes kept; the chart still covers 11 s (all of it), largest gap 4 s (was 1 s); largest deviation 2.25 in 'v' (a dropped record from the line kept)"
        )
    }

    @Test("the chart and the charge curve keep their turns, in each value's units")
    func theChartAndTheChargeCurveKeepTheirTurns() throws {
        let chart = try Corpus.suggestion(
            "downsample:/aps/content-state/series", in: try Corpus.report("stock-chart-records.json"))
        #expect(chart.savedBytes == 1975)
        #expect(
            chart.title.hasSuffix(
                "to 26 by largest change, both ends and the extremes kept; the chart still covers 4 h 55 min (all of it), largest gap 30 min (was 5 min); largest deviation 0.3633 in 'price', 0.1967 in 'pct' (a dropped record from the line kept)"
            ))
        let curve = try Corpus.suggestion(
            "downsample:/aps/content-state/curve", in: try Corpus.report("ev-charging-curve.json"))
        #expect(curve.savedBytes == 1089)
        #expect(
            curve.title.hasSuffix("largest deviation 0.4 in 'kW', 0 in 'soc' (a dropped record from the line kept)"))
        // Every dropped record of the curve lies within that deviation of the line the kept ones draw.
        let original = try ShrinkSecondReviewTests.elements(
            Corpus.payload("ev-charging-curve.json"), JSONPointer("aps", "content-state", "curve"))
        let kept = try ShrinkSecondReviewTests.elements(curve.jsonBytes, JSONPointer("aps", "content-state", "curve"))
        let keptTimes = kept.map { $0["t"]!.numberText! }
        let positions = original.indices.filter { keptTimes.contains(original[$0]["t"]!.numberText!) }
        #expect(positions.count == kept.count && positions.first == 0 && positions.last == original.count - 1)
        let kW = original.map { Double($0["kW"]!.numberText!) }
        let times = original.map { Double($0["t"]!.numberText!)! }
        for (low, high) in zip(positions, positions.dropFirst()) where high > low + 1 {
            for position in (low + 1)..<high {
                #expect(ShrinkStrategy.offLine(kW, times, position, low, high)! <= 0.4 + 1e-9)
            }
        }
    }

    @Test("a downsampled path says its largest deviation in metres")
    func aDownsampledPathSaysItsLargestDeviationInMetres() throws {
        let report = try Corpus.report("ride-polyline6.json")
        let downsample = try Corpus.suggestion("downsample:/aps/content-state/path", in: report)
        #expect(
            downsample.title
                == "downsample the 90 points of the path at /aps/content-state/path to 38, keeping both ends and the sharpest turns; largest deviation 4 m (a dropped point from the line kept)"
        )
        #expect(downsample.savedBytes == 1031)
        // A straight run loses its middle at no cost; the corner stays.
        let path = CoordinatePath.flat
        let points = [(51.5, -0.1), (51.5, -0.099), (51.5, -0.098), (51.501, -0.098), (51.502, -0.098)]
        #expect(path.largestDeviation(of: points, kept: [0, 2, 4]) == 0)
        // The corner stands 117.66 m off the diagonal (longitude shrunk by cos 51.5°).
        #expect(abs(path.largestDeviation(of: points, kept: [0, 4]) - 117.66) < 0.01)
    }

    @Test("a precision 6 polyline is read from the data, its sibling deciding")
    func aPrecisionSixPolylineIsReadFromTheData() throws {
        // Lagos, within 9° of the equator: read at precision 5 the points are still on the
        // globe (64.5° N), so the path beside it decides.
        let report = try Corpus.report("ride-polyline6.json")
        let duplicate = try Corpus.suggestion("drop-duplicate-path:/aps/content-state/path", in: report)
        #expect(
            duplicate.title
                == "the path at /aps/content-state/path (90 points) duplicates the encoded polyline (precision 6) at /aps/content-state/shape (90 points, same ends): drop the duplicate"
        )
        #expect(duplicate.howToApply.contains("decoding the polyline (precision 6)"))
        #expect(duplicate.savedBytes == 1787)
        #expect(!report.suggestions.contains { $0.kind == "trim-text" })
        // London at precision 6 alone: only 6 puts it on the globe. At precision 5: Google's.
        let six = "yfwfaBt~uFt@gpAriAoen@"
        let five = "w_kyHjuWBcGnFavC"
        #expect(CoordinatePath.polyline(six, key: "shape")?.precision == 6)
        #expect(
            CoordinatePath.polyline(six, key: "shape")?.points.first.map { [$0.0, $0.1] } == [51.507325, -0.126459])
        #expect(CoordinatePath.polyline(five, key: "shape")?.precision == 5)
        #expect(CoordinatePath.polyline(five, key: "polyline6")?.precision == 6)
        #expect(BlobDetection.isOpaque(six))
    }

    @Test("a flat path's count and index follow its points")
    func aFlatPathsCountAndIndexFollowItsPoints() throws {
        let route =
            "[51.5,-0.1,51.5,-0.099,51.5,-0.098,51.5,-0.097,51.5,-0.096,51.5,-0.095,51.501,-0.095,51.502,-0.095,51.503,-0.095,51.504,-0.095]"
        let report = try Self.report(
            #"{"route":\#(route),"pointCount":10,"currentPointIndex":4,"eta":"12:40"}"#, limit: 240)
        let downsample = try Corpus.suggestion("downsample:/route", in: report)
        // Both ends and the current point (rebased from 4 to 1); the count is in points.
        #expect(
            Self.text(downsample)
                == #"{"route":[51.5,-0.1,51.5,-0.096,51.504,-0.095],"pointCount":3,"currentPointIndex":1,"eta":"12:40"}"#
        )
        #expect(downsample.savedBytes == 91)
        #expect(downsample.title.hasPrefix("downsample the 10 points of the path at /route to 3, keeping both ends"))
        #expect(downsample.howToApply.contains("'currentPointIndex' still points at the same item"))
        #expect(downsample.howToApply.contains("'pointCount' becomes 3, the new length"))
        // The cap keeps the route ahead, from the current point on.
        let cap = try Corpus.suggestion("cap-items:/route", in: report)
        #expect(
            Self.text(cap) == #"{"route":[51.5,-0.096,51.5,-0.095],"pointCount":2,"currentPointIndex":0,"eta":"12:40"}"#
        )
        #expect(cap.savedBytes == 103)
        // A count of the numbers becomes twice the points kept.
        let numbers = try Self.report(#"{"route":\#(route),"numberCount":20,"currentPointIndex":4}"#, limit: 240)
        let thinned = try Corpus.suggestion("downsample:/route", in: numbers)
        #expect(
            Self.text(thinned)
                == #"{"route":[51.5,-0.1,51.5,-0.096,51.504,-0.095],"numberCount":6,"currentPointIndex":1}"#)
        #expect(thinned.howToApply.contains("'numberCount' becomes 6, the new count of numbers (two a point)"))
        // An index past the points but within the numbers may count numbers: no cut.
        let refused = try Self.report(#"{"route":\#(route),"currentPointIndex":13}"#, limit: 240)
        #expect(!refused.suggestions.contains { $0.kind == "cap-items" || $0.kind == "downsample" })
        #expect(
            refused.zeroSavings.map(\.title).contains(
                "no cut at /route: 'currentPointIndex' (13) is past the path's 10 points but within its 20 numbers: it may count numbers, so a cut could leave it pointing at another point"
            ))
    }

    @Test("a route in progress keeps its count and its current point on the same point")
    func aRouteInProgressKeepsItsCountAndCurrentPoint() throws {
        let bytes = try Corpus.payload("route-progress-flat.json")
        let state = JSONPointer("aps", "content-state")
        let before = try #require(try JSONScanner.scan(bytes).descendant(at: state))
        let numbers = before["route"]!.elements!.map { $0.numberText! }
        let current = "\(numbers[74]),\(numbers[75])"
        let report = try Corpus.report("route-progress-flat.json")
        Support.checkSavings(report)
        #expect(report.suggestions.prefix(3).map(\.id).contains("downsample:/aps/content-state/route"))
        for id in ["downsample:/aps/content-state/route", "cap-items:/aps/content-state/route"] {
            let suggestion = try Corpus.suggestion(id, in: report)
            let after = try #require(try JSONScanner.scan(suggestion.jsonBytes).descendant(at: state))
            let route = after["route"]!.elements!.map { $0.numberText! }
            let index = Int(after["currentPointIndex"]!.numberText!)!
            #expect(route.count % 2 == 0)
            #expect(after["pointCount"]?.numberText == String(route.count / 2), "\(id)")
            #expect("\(route[2 * index]),\(route[2 * index + 1])" == current, "\(id)")
        }
    }
}
