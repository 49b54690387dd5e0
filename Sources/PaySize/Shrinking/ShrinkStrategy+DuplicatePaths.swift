@_spi(Internals) import PaySizeJSON

extension ShrinkStrategy {
    /// The same route sent twice (an encoded polyline beside its coordinates, or two arrays of
    /// the same points) → drop one form (an app change: the app reads the other).
    ///
    /// Two forms are the same path when both ends match within 0.00002° (a polyline's 5
    /// decimals, rounded) and they sit in the same object. The larger form is the one dropped;
    /// nothing is rounded or cut, so no point moves.
    static let duplicatePaths = ShrinkStrategy(id: "drop-duplicate-path") { context in
        var forms: [(path: JSONPointer, points: [(Double, Double)], isPolyline: Bool, bytes: Int)] = []
        for value in context.reshapableValues {
            guard value.path.lastKey != nil, value.path.folded == value.path else { continue }
            if let string = value.element.stringValue, let points = CoordinatePath.decodedPolyline(string) {
                forms.append((value.path, points, true, value.element.compactByteCount))
            } else if let elements = value.element.elements,
                let shape = CoordinatePath.shape(of: elements, key: value.path.lastKey),
                var points = shape.points(of: elements)
            {
                if case .pairs(latitudeFirst: false) = shape { points = points.map { ($0.1, $0.0) } }
                forms.append((value.path, points, false, value.element.compactByteCount))
            }
        }
        var proposals: [ShrinkCandidate] = []
        for (index, one) in forms.enumerated() {
            for other in forms[(index + 1)...] where one.path.parent == other.path.parent {
                guard sameEnds(one.points, other.points) else { continue }
                let (kept, dropped) = one.bytes >= other.bytes ? (other, one) : (one, other)
                let keptName = kept.isPolyline ? "the encoded polyline at \(kept.path)" : "the path at \(kept.path)"
                let droppedName =
                    dropped.isPolyline ? "the encoded polyline at \(dropped.path)" : "the path at \(dropped.path)"
                proposals.append(
                    ShrinkCandidate(
                        id: "drop-duplicate-path:\(dropped.path)", kind: "drop-duplicate-path",
                        title:
                            "\(droppedName) (\(dropped.points.count) points) duplicates \(keptName) (\(kept.points.count) points, same ends): drop the duplicate",
                        paths: [dropped.path], contractChange: .app,
                        howToApply: """
                            Send the route once: drop \(droppedName) and have the app draw \(keptName)\(kept.isPolyline ? ", decoding the polyline (precision 5)" : ""). No point moves and no string is cut; the app's type loses the dropped member, so ship the app first.
                            """,
                        isLossy: false, edit: .removingMembers(at: [dropped.path])))
            }
        }
        return proposals
    }

    /// Whether two paths start and end at the same points, within a polyline's rounding.
    private static func sameEnds(_ one: [(Double, Double)], _ other: [(Double, Double)]) -> Bool {
        guard let a0 = one.first, let a1 = one.last, let b0 = other.first, let b1 = other.last else { return false }
        func near(_ p: (Double, Double), _ q: (Double, Double)) -> Bool {
            abs(p.0 - q.0) <= 2e-5 && abs(p.1 - q.1) <= 2e-5
        }
        return near(a0, b0) && near(a1, b1)
    }
}
