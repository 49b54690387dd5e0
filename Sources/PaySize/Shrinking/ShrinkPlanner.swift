/// Chooses the suggestions that together reach a target tier, measuring as it goes.
///
/// Fewest contract changes first, then fewest bytes: while the payload is above the target,
/// add the suggestion with the cheapest contract change (``ShrinkContractChange/none``, then
/// ``ShrinkContractChange/server``, then ``ShrinkContractChange/app``) that saves the most on
/// the payload as the plan has shrunk it so far (savings interact, so each is measured again).
/// Once the target is reached, drop every chosen suggestion the others can do without, app
/// changes first. The result is measured by applying the plan to the original payload.
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
        let candidates = Array(suggestions.sorted { $0.savedBytes > $1.savedBytes }.prefix(Self.maximumCandidateCount))
        let withoutPacking = candidates.filter { $0.edit.phase < .replacement }
        let plan = greedyPlan(from: withoutPacking)
        if plan.reachesTarget || withoutPacking.count == candidates.count { return plan }
        return greedyPlan(from: candidates)
    }

    private func greedyPlan(from candidates: [ShrinkSuggestion]) -> ShrinkPlan {
        var chosen: [ShrinkSuggestion] = []
        var state = document
        var size = state.byteCount
        var remaining = candidates
        while !reaches(size) {
            var best: (index: Int, saved: Int, state: ShrinkDocument)? = nil
            let latestPhase = chosen.map(\.edit.phase).max()
            for (index, candidate) in remaining.enumerated() {
                var trial: ShrinkDocument
                if let latestPhase, candidate.edit.phase < latestPhase {
                    trial = applied(chosen + [candidate])
                } else {
                    trial = state
                    candidate.edit.body(&trial)
                }
                let saved = size - trial.byteCount
                guard saved > 0 else { continue }
                if let current = best {
                    let currentChange = remaining[current.index].contractChange
                    if (candidate.contractChange, -saved) >= (currentChange, -current.saved) { continue }
                }
                best = (index, saved, trial)
            }
            guard let best else { break }
            chosen.append(remaining.remove(at: best.index))
            state = best.state
            size = state.byteCount
        }
        if reaches(size) {
            // Try leaving out the costliest changes first, the smallest savings before larger ones.
            let attempts = chosen.enumerated().sorted {
                ($1.element.contractChange, $0.element.savedBytes, $0.offset)
                    < ($0.element.contractChange, $1.element.savedBytes, $1.offset)
            }
            var kept = Set(chosen.map(\.id))
            for attempt in attempts.map(\.element) {
                let without = chosen.filter { kept.contains($0.id) && $0.id != attempt.id }
                if reaches(applied(without).byteCount) { kept.remove(attempt.id) }
            }
            chosen = chosen.filter { kept.contains($0.id) }
        }
        // Plan order is application order: by edit phase, then as chosen.
        let ordered = chosen.enumerated()
            .sorted { ($0.element.edit.phase, $0.offset) < ($1.element.edit.phase, $1.offset) }
            .map(\.element)
        let result = applied(ordered)
        let byteCount = result.byteCount
        let tier = budget.tier(forByteCount: byteCount)
        return ShrinkPlan(
            suggestionIDs: ordered.map(\.id), byteCount: byteCount, tier: tier, reachesTarget: tier <= target,
            jsonBytes: result.jsonBytes())
    }

    private func reaches(_ byteCount: Int) -> Bool {
        budget.tier(forByteCount: byteCount) <= target
    }

    private func applied(_ suggestions: [ShrinkSuggestion]) -> ShrinkDocument {
        var result = document
        ShrinkEdit.apply(suggestions.map(\.edit), to: &result)
        return result
    }
}
