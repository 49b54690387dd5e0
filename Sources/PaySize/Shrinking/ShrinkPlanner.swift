/// Chooses the suggestions that together reach a target tier, measuring as it goes.
///
/// A payload stands at the worse of two figures (``ShrinkStanding``): its body against the
/// budget's limit, and ActivityKit's figure as the device writes it, by the budget's device
/// writer. Fewest contract changes first, then fewest bytes: while the payload is above the
/// target, add the suggestion with the cheapest contract change (``ShrinkContractChange/none``,
/// then ``ShrinkContractChange/server``, then ``ShrinkContractChange/app``) that brings the
/// figures above the target closest to it on the payload as the plan has shrunk it so far
/// (savings interact, so each is measured again); a saving on a figure already at the target
/// counts only to break ties. A rounding that saves nothing as the judged writer writes it is
/// never chosen for the device figure. Once the target is reached, drop every chosen suggestion
/// the others can do without, app changes first. The result is measured by applying the plan
/// to the original payload.
///
/// Whole-value replacements (zstd packing) join only when no plan without them reaches the
/// target: the app would have to ship a decoder and a dictionary besides changing its type.
/// The plan chooses among the 64 largest savings.
struct ShrinkPlanner {
    let document: ShrinkDocument
    let budget: PayloadBudget
    let target: SizeTier

    /// The most suggestions a plan chooses from: the largest savings. Each step measures every
    /// candidate again, so this bounds the work on payloads with hundreds of paths.
    static let maximumCandidateCount = 64

    func plan(from suggestions: [ShrinkSuggestion]) -> ShrinkPlan {
        let candidates = Array(
            suggestions.sorted { $0.largestSaving > $1.largestSaving }.prefix(Self.maximumCandidateCount))
        let withoutPacking = candidates.filter { $0.edit.phase < .replacement }
        let plan = greedyPlan(from: withoutPacking)
        if plan.reachesTarget || withoutPacking.count == candidates.count { return plan }
        return greedyPlan(from: candidates)
    }

    private func greedyPlan(from candidates: [ShrinkSuggestion]) -> ShrinkPlan {
        var chosen: [ShrinkSuggestion] = []
        var state = document
        var standing = state.standing
        var remaining = candidates
        let deviceBound = standing.isDeviceBound(budget)
        while !reaches(standing) {
            var best: (index: Int, progress: Progress, state: ShrinkDocument)? = nil
            let latestPhase = chosen.map(\.edit.phase).max()
            for (index, candidate) in remaining.enumerated() {
                var trial: ShrinkDocument
                if let latestPhase, candidate.edit.phase < latestPhase {
                    trial = applied(chosen + [candidate])
                } else {
                    trial = state
                    candidate.edit.body(&trial)
                }
                let progress = Progress(
                    from: standing, to: trial.standing, budget: budget, target: target, deviceBound: deviceBound)
                guard progress.excessSaved > 0 else { continue }
                if let current = best {
                    let currentChange = remaining[current.index].contractChange
                    if (candidate.contractChange, progress) >= (currentChange, current.progress) { continue }
                }
                best = (index, progress, trial)
            }
            guard let best else { break }
            chosen.append(remaining.remove(at: best.index))
            state = best.state
            standing = state.standing
        }
        if reaches(standing) {
            // Try leaving out the costliest changes first, the smallest savings (on the figure
            // that binds the payload) before larger ones.
            let attempts = chosen.enumerated().sorted {
                let left = $0.element.rankedSavings(deviceBound: deviceBound).bound
                let right = $1.element.rankedSavings(deviceBound: deviceBound).bound
                return ($1.element.contractChange, left, $0.offset) < ($0.element.contractChange, right, $1.offset)
            }
            var kept = Set(chosen.map(\.id))
            for attempt in attempts.map(\.element) {
                let without = chosen.filter { kept.contains($0.id) && $0.id != attempt.id }
                if reaches(applied(without).standing) { kept.remove(attempt.id) }
            }
            chosen = chosen.filter { kept.contains($0.id) }
        }
        // Plan order is application order: by edit phase, then as chosen.
        let ordered = chosen.enumerated()
            .sorted { ($0.element.edit.phase, $0.offset) < ($1.element.edit.phase, $1.offset) }
            .map(\.element)
        return ShrinkPlan(ids: ordered.map(\.id), result: applied(ordered), budget: budget, target: target)
    }

    private func reaches(_ standing: ShrinkStanding) -> Bool {
        standing.reaches(target, budget)
    }

    /// What one more step does for the plan: how much closer to the target both figures come,
    /// then the saving on the figure that binds the payload, then on the other. Ordered best
    /// first, so the smallest is the step to take.
    struct Progress: Comparable {
        /// The drop in ``ShrinkStanding/excess(over:_:)``: bytes above the target removed.
        var excessSaved: Int
        /// The saving on the figure whose tier is the payload's (the device's when it is worse).
        var boundSaved: Int
        /// The saving on the other figure.
        var otherSaved: Int

        /// The step from `before` to `after`; `deviceBound` when the original payload's device
        /// figure stands worse than its body.

        init(
            from before: ShrinkStanding, to after: ShrinkStanding, budget: PayloadBudget, target: SizeTier,
            deviceBound: Bool
        ) {
            excessSaved = before.excess(over: target, budget) - after.excess(over: target, budget)
            let bodySaved = before.byteCount - after.byteCount
            let deviceSaved =
                (before.judgedDevice(budget)?.byteCount ?? 0) - (after.judgedDevice(budget)?.byteCount ?? 0)
            (boundSaved, otherSaved) = deviceBound ? (deviceSaved, bodySaved) : (bodySaved, deviceSaved)
        }

        /// Whether `lhs` is the better step: it removes more of the excess, then saves more.
        static func < (lhs: Progress, rhs: Progress) -> Bool {
            (-lhs.excessSaved, -lhs.boundSaved, -lhs.otherSaved) < (-rhs.excessSaved, -rhs.boundSaved, -rhs.otherSaved)
        }
    }

    private func applied(_ suggestions: [ShrinkSuggestion]) -> ShrinkDocument {
        var result = document
        ShrinkEdit.apply(suggestions.map(\.edit), to: &result)
        return result
    }
}
