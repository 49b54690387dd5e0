/// What a strategy proposes for one payload: a described edit, before it is measured.
///
/// The advisor applies ``edit`` to the payload and measures the result; the exact difference
/// becomes the ``ShrinkSuggestion/savedBytes`` of a suggestion. A proposal that saves nothing
/// is dropped, unless ``reportsWithoutSaving`` asks for it to be listed among the findings that
/// save 0 bytes (advice that costs nothing in JSON, such as smaller integer types).
package struct ShrinkCandidate: Sendable {
    /// Unique within a report: the kind, then the path when the strategy proposes one edit per
    /// path (`shorter-keys:/legs/*`); the advisor appends `#2` to a repeated id.
    package var id: String
    /// The kind of suggestion, such as `shorter-keys`; usually its strategy's id (a strategy
    /// may propose several kinds: `fewer-digits` also reports `smaller-integers`).
    package var kind: String
    /// One line saying what changes, such as `shorter CodingKeys for 6 keys at /legs/*`.
    package var title: String
    /// The paths touched, JSON Pointers with `*` for every element of an array.
    package var paths: [JSONPointer]
    /// What the change asks of the app and its server.
    package var contractChange: ShrinkContractChange
    /// How to make the change: a `CodingKeys` snippet, a type change or a server setting.
    package var howToApply: String
    /// Whether information is lost (text trimmed, digits rounded, old items dropped).
    package var isLossy: Bool
    /// The change itself.
    package var edit: ShrinkEdit
    /// Whether to list the proposal when it measures 0 bytes saved, rather than drop it.
    package var reportsWithoutSaving: Bool
    /// For a rounding of numbers, one number as sent and as rounded (`0.5312`, `0.53`): when the
    /// rounding saves nothing as Foundation's Objective-C writer writes it, the suggestion's
    /// title says so with this example.
    package var roundingExample: (sent: String, rounded: String)?
    /// Whether the proposal is a cut of items nothing orders, waiting for the caller to say
    /// which end to keep (``ShrinkAdvisor/keptEnd``): it never joins a plan and is listed last.
    package var asksWhichEnd = false

    /// Creates a proposal for the advisor to apply and measure.
    ///
    /// - Parameters:
    ///   - id: Unique within a report, such as `shorter-keys:/legs/*`.
    ///   - kind: The kind of suggestion, such as `shorter-keys`.
    ///   - title: One line saying what changes.
    ///   - paths: The paths touched, JSON Pointers with `*` for every element of an array.
    ///   - contractChange: What the change asks of the app and its server.
    ///   - howToApply: How to make the change.
    ///   - isLossy: Whether information is lost.
    ///   - edit: The change itself.
    ///   - reportsWithoutSaving: Whether to list the proposal when it saves 0 bytes; default `false`.
    package init(
        id: String, kind: String, title: String, paths: [JSONPointer], contractChange: ShrinkContractChange,
        howToApply: String, isLossy: Bool, edit: ShrinkEdit, reportsWithoutSaving: Bool = false
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.paths = paths
        self.contractChange = contractChange
        self.howToApply = howToApply
        self.isLossy = isLossy
        self.edit = edit
        self.reportsWithoutSaving = reportsWithoutSaving
    }
}
