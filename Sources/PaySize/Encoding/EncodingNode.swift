/// One open JSON value on ``EncodingSession``'s stack: an encoder's slot, an object or an array.
///
/// Containers and encoders are structs that refer to a node by its serial number, so a write
/// through a container whose node has been closed (or is buried under a frame) is detected
/// rather than written to the wrong place.
struct EncodingNode {
    /// What the node has become.
    enum Kind: UInt8 {
        /// An encoder's slot before any container was asked for.
        case pending
        /// A JSON object.
        case object
        /// A JSON array.
        case array
        /// A single value (written when `count` is 1).
        case single
    }

    var kind: Kind
    /// Unique within one encode call.
    let serial: Int
    /// A node bounded by an `encode(to:)` call (or a strategy closure); never closed implicitly.
    let isFrame: Bool
    /// The nesting level of the container this node is or will become (top level: 0).
    let level: Int
    /// The length of ``EncodingSession/path`` before this node's step was pushed.
    let pathBase: Int
    /// The last step of this node's own coding path (-1: empty path).
    let pathEntry: Int
    /// The step that values written through this node hang off: its own for an encoder, its
    /// encoder's for a nested container (Foundation's quirk, see ``EncodingPathEntry``).
    let childPathEntry: Int
    /// Members or elements written.
    var count = 0
    /// Where this object's member records start in ``EncodingSession/members``.
    var memberBase = 0
    /// The slot in ``EncodingSession/keySlots`` of the key table every member so far came from,
    /// with distinct ranks; -1 once a member did not (the object is then sorted by bytes).
    var tableSlot: Int32 = -1
    /// The table entry the next member's key is tried against first.
    var guess: Int32 = 0
    /// The key type, entries, bytes and tags of the table in ``tableSlot``, copied when the
    /// object opened so that each member reads them from the node, not from the slot array.
    var tableType: ObjectIdentifier? = nil
    var tableEntries: UnsafeMutablePointer<EncodingKeyTable.Entry>? = nil
    var tableBytes: UnsafeMutablePointer<UInt8>? = nil
    var tableTags: UnsafeMutablePointer<UInt8>? = nil
    /// The ranks of the members so far, one bit each.
    var rankMask: UInt64 = 0
    /// The ``EncodingMember`` flags of members whose keys did not come from the table, or'ed.
    var keyFlags: UInt8 = 0
}
