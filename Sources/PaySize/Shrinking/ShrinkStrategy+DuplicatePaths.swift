@_spi(Internals) import PaySizeJSON

extension ShrinkStrategy {
    /// The same route sent twice (an encoded polyline beside its coordinates, or two arrays of
    /// the same points) → drop one form (an app change: the app reads the other).
    ///
    /// Two forms are the same path when both ends match within 0.00002° (a polyline's 5
    /// decimals, rounded) and they sit in the same object. A polyline's precision (5, or 6 as
    /// Valhalla and OSRM write `polyline6`) is read from the data: the one whose ends agree with
    /// a path beside it (see ``CoordinatePath/polyline(_:key:siblings:)``). The larger form is the one dropped;
    /// nothing is rounded or cut, so no point moves.
    static let duplicatePaths = ShrinkStrategy(id: "drop-duplicate-path") { context in
        var forms: [(path: JSONPointer, points: [(Double, Double)], precision: Int?, bytes: Int, order: Int)] = []
        var polylines: [(path: JSONPointer, string: String, bytes: Int, order: Int)] = []
        for (order, value) in context.reshapableValues.enumerated() {
            guard value.path.lastKey != nil, value.path.folded == value.path else { continue }
            if let string = value.element.stringValue {
                polylines.append((value.path, string, value.element.compactByteCount, order))
            } else if let elements = value.element.elements,
                let shape = CoordinatePath.shape(of: elements, key: value.path.lastKey),
                var points = shape.points(of: elements)
            {
                if case .pairs(latitudeFirst: false) = shape { points = points.map { ($0.1, $0.0) } }
                forms.append((value.path, points, nil, value.element.compactByteCount, order))
            }
        }
        // A polyline's precision is read against the paths beside it.
        let arrays = forms
        for (path, string, bytes, order) in polylines {
            let siblings = arrays.filter { $0.path.parent == path.parent }.map(\.points)
            guard let polyline = CoordinatePath.polyline(string, key: path.lastKey, siblings: siblings) else {
                continue
            }
            forms.append((path, polyline.points, polyline.precision, bytes, order))
        }
        forms.sort { $0.order < $1.order }
        var proposals: [ShrinkCandidate] = []
        for (index, one) in forms.enumerated() {
            for other in forms[(index + 1)...] where one.path.parent == other.path.parent {
                guard CoordinatePath.sameEnds(one.points, other.points) else { continue }
                let (kept, dropped) = one.bytes >= other.bytes ? (other, one) : (one, other)
                let keptName = Self.formName(kept.path, precision: kept.precision)
                let droppedName = Self.formName(dropped.path, precision: dropped.precision)
                proposals.append(
                    ShrinkCandidate(
                        id: "drop-duplicate-path:\(dropped.path)", kind: "drop-duplicate-path",
                        title:
                            "\(droppedName) (\(dropped.points.count) points) duplicates \(keptName) (\(kept.points.count) points, same ends): drop the duplicate",
                        paths: [dropped.path], contractChange: .app,
                        howToApply: """
                            Send the route once: drop \(droppedName) and have the app draw \(keptName)\(kept.precision.map { ", decoding the polyline (precision \($0))" } ?? ""). No point moves and no string is cut; the app's type loses the dropped member, so ship the app first.
                            """,
                        isLossy: false, edit: .removingMembers(at: [dropped.path])))
            }
        }
        return proposals
    }

    /// `the path at /route`, `the encoded polyline at /shape`, `the encoded polyline (precision
    /// 6) at /shape`: a form of the route in suggestion text.
    private static func formName(_ path: JSONPointer, precision: Int?) -> String {
        switch precision {
        case nil: "the path at \(path)"
        case 5?: "the encoded polyline at \(path)"
        case let precision?: "the encoded polyline (precision \(precision)) at \(path)"
        }
    }
}
