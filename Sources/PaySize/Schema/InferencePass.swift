/// One run of a type's `init(from:)` under a ``SchemaRecorder``, and what it revealed about the type.
final class InferencePass {
    /// What `decodeIfPresent` and `contains` answer: the recorder runs a type once with optional
    /// keys absent and, when the type asked, once with them present, to see whether it branches.
    enum Mode {
        case keysAbsent
        case keysPresent
    }

    let mode: Mode
    /// For an enum with associated values: the one key the root container's `allKeys` offers.
    let offeredKey: String?
    let root = Recording()
    /// Whether the type asked whether a key is present (`contains`, `decodeIfPresent`, `decodeNil`).
    var checksPresence = false
    /// Set when the root container's `allKeys` was read: lists its key type's cases, if it can.
    var listRootKeys: (() -> [String]?)?

    init(mode: Mode, offeredKey: String?) {
        self.mode = mode
        self.offeredKey = offeredKey
    }
}
