/// A change to a payload that a shrinking suggestion makes, re-appliable to any payload of the
/// same shape (a plan applies several in turn, `--apply` applies them to every payload of a series).
///
/// Edits find object members by the key they were first read with, so they compose in any
/// order; value replacements made with ``replacingValue(at:withString:)`` run after every other
/// edit of a plan, on the value as the other edits left it.
package struct ShrinkEdit: Sendable {
    /// When an edit runs within a plan: earlier phases first.
    enum Phase: Int, Sendable, Comparable {
        /// Values change (dropped, trimmed, rounded, mapped).
        case values
        /// Keys change.
        case keys
        /// Every string is re-escaped.
        case escaping
        /// A whole value is replaced by one string made from its final JSON (packing).
        case replacement

        static func < (lhs: Phase, rhs: Phase) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    let phase: Phase
    let body: @Sendable (inout ShrinkDocument) -> Void

    init(phase: Phase, _ body: @escaping @Sendable (inout ShrinkDocument) -> Void) {
        self.phase = phase
        self.body = body
    }

    /// An edit that changes nothing: a finding measured at 0 bytes (an `Int8` writes the same
    /// digits as an `Int`).
    package static let unchanged = ShrinkEdit(phase: .values) { _ in }

    /// Replaces the value at `pointer` with a string made from the value's compact JSON.
    ///
    /// The string is written as the payload writes its strings (`/` escaped as `\/` when the
    /// payload does so), so its size counts every byte APNs would see.
    ///
    /// - Parameters:
    ///   - pointer: The value to replace; nothing happens when the payload has none there.
    ///   - transform: Makes the replacement from the value's compact JSON bytes (as the plan's
    ///     other edits left them); `nil` keeps the value.
    /// - Returns: An edit that runs after every other edit of a plan.
    package static func replacingValue(
        at pointer: JSONPointer, withString transform: @escaping @Sendable (_ compactJSON: [UInt8]) -> String?
    ) -> ShrinkEdit {
        ShrinkEdit(phase: .replacement) { document in
            let path = pointer
            let snapshot = document
            document.modify(path) { node in
                if let string = transform(snapshot.jsonBytes(of: node)) {
                    node = snapshot.stringNode(string)
                }
            }
        }
    }

    /// Applies the edits to `document` in plan order: by phase, then as given.
    static func apply(_ edits: [ShrinkEdit], to document: inout ShrinkDocument) {
        for edit in edits.enumerated().sorted(by: { ($0.element.phase, $0.offset) < ($1.element.phase, $1.offset) }) {
            edit.element.body(&document)
        }
    }
}
