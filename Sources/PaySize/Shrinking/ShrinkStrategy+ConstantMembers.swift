@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Content-state members identical in every payload of a series → moved to the
    /// `ActivityAttributes`, which are sent once (when the activity starts) instead of in
    /// every update. Needs a series of at least two payloads that carry a content state.
    ///
    /// Each constant member is taken whole at the highest level where it is constant (an
    /// object that never changes moves as one); array elements are not split. Constant nulls
    /// and default values are left to the strategies that drop them.
    static let constantMembers = ShrinkStrategy(id: "move-to-attributes") { context in
        guard let region = context.appRegions.first(where: { $0 != JSONPointer("aps", "attributes") }),
            region != JSONPointer("attributes"), let state = context.payload.descendant(at: region)
        else { return [] }
        let others = context.series.compactMap { $0.descendant(at: region) }
        guard others.count >= 2 else { return [] }
        var constant: [JSONPointer] = []
        func visit(_ element: JSONElement, at pointer: JSONPointer) {
            for member in element.members ?? [] {
                let memberPointer = pointer.appending(member.key)
                if context.isInSDKShape(memberPointer) { continue }  // the SDK's type declares it here
                let relative = JSONPointer(
                    components: Array(memberPointer.components.dropFirst(region.components.count)))
                let isConstant = others.allSatisfy { other in
                    other.descendant(at: relative).map { member.value.isJSONEqual(to: $0) } ?? false
                }
                // A constant null or default is better dropped (see drop-nulls and drop-defaults).
                if isConstant, !member.value.isNull, !isDefaultValue(member.value) {
                    constant.append(memberPointer)
                } else if member.value.members != nil {
                    visit(member.value, at: memberPointer)
                }
            }
        }
        visit(state, at: region)
        guard !constant.isEmpty else { return [] }
        let count = constant.count == 1 ? "1 member" : "\(constant.count) members"
        return [
            ShrinkCandidate(
                id: "move-to-attributes", kind: "move-to-attributes",
                title:
                    "\(count) identical in all \(others.count) payloads → ActivityAttributes: \(summary(of: constant))",
                paths: constant, contractChange: .app,
                howToApply: """
                    Move these properties from the ContentState to the ActivityAttributes: they are set once when the activity starts (Activity.request or the start push's attributes) and every update stops carrying them. ActivityKit still counts attributes and content state together against 4 KB; update pushes shrink. Running activities started with the old attributes type cannot change it: ship the app first and keep them in the state until those end.
                    """,
                isLossy: false, edit: .removingMembers(at: constant))
        ]
    }
}
