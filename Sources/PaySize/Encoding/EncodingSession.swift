import Foundation

/// The state of a `PayloadEncoder` call: the byte writer, the stack of open JSON values, and
/// scratch arrays reused by every container. Sessions wait in ``EncodingSessionPool`` (one per thread) between calls
/// with their buffers and the key tables they used, so a call on familiar types allocates
/// nothing but its result.
///
/// Codable has no "container closed" event, so a node closes when the `encode(to:)` call that
/// owns it returns, or, for `nestedContainer` and `superEncoder` results, when their parent is
/// written to again. A later write through a closed container sets ``needsFallback``.
///
/// The mutable properties are `@exclusivity(unchecked)`: every access to them is short and
/// never spans a call into caller code (`encode(to:)`, a `CodingKey`, a strategy closure), and
/// a session serves one call on one thread, so the runtime checks Swift would otherwise make on
/// each access to a class property prove nothing (`Encoding/README.md`, assumption 11).
final class EncodingSession {
    @exclusivity(unchecked) var writer: JSONByteWriter
    /// The call's strategies and `userInfo`: the caller's box when one differs from the
    /// default, ``EncodingStrategies/defaults`` otherwise (and between calls).
    @exclusivity(unchecked) private(set) var strategies = EncodingStrategies.defaults
    @exclusivity(unchecked) private(set) var sortsKeys = false
    @exclusivity(unchecked) private(set) var isPretty = false
    @exclusivity(unchecked) private(set) var keyMode = KeyMode.unchanged

    /// Open values, innermost last.
    @exclusivity(unchecked) var nodes: EncodingStack<EncodingNode>
    /// Member records of every open object, innermost object's last.
    @exclusivity(unchecked) var members: EncodingStack<EncodingMember>
    /// Coding-path steps of open nodes, each linked to its parent step.
    @exclusivity(unchecked) var path: EncodingStack<EncodingPathEntry>
    /// The keys of steps that outlive the call that made them (``EncodingPathComponent/ownedKey(_:)``),
    /// innermost last.
    @exclusivity(unchecked) var ownedKeys: [any CodingKey] = []
    /// Pooled key hashes while counting mode checks a large object for repeated keys.
    @exclusivity(unchecked) var hashScratch: [UInt64] = []
    /// Pooled member order used while sorting an object.
    @exclusivity(unchecked) var orderScratch: [Int] = []
    /// Key tables the session reads (each kept alive while it is here, across calls), newer
    /// versions of a key type after older ones.
    @exclusivity(unchecked) var keySlots: [KeySlot] = []
    /// Types of a dictionary's size found not to be `[String: Value]` dictionaries, kept
    /// between calls.
    @exclusivity(unchecked) var nonDictionaryTypes: [ObjectIdentifier] = []
    static let nonDictionaryTypeLimit = 32
    /// A newer version of some key table was added after an older one.
    @exclusivity(unchecked) var keySlotsHaveOldVersions = false
    /// Converted keys for `convertToSnakeCase`.
    @exclusivity(unchecked) var snakeCaseKeys: [String: String] = [:]

    /// Between ``begin(options:countingOnly:)`` and ``endCall()``.
    @exclusivity(unchecked) private(set) var isInCall = false
    /// The serial of the innermost node, checked before every write.
    @exclusivity(unchecked) var topSerial = -1
    @exclusivity(unchecked) var nextSerial = 0
    /// The serial of a nested value's frame not yet on ``nodes`` (-1: none). `encodeDeferring`
    /// defers the node: most nested values write one scalar through a single-value container,
    /// which then needs none. Anything else the value asks of its encoder, and any write through
    /// another container, pushes the node first (``pushDeferredFrame()``), as if never deferred.
    @exclusivity(unchecked) var deferredSerial = -1
    /// The frame whose coding path ``deferredLevel``, ``deferredComponent`` and
    /// ``deferredParentEntry`` hold while it has no node (-1: none): ``deferredSerial``, or the
    /// frame that wrote its scalar, until its `encode(to:)` returns.
    @exclusivity(unchecked) var deferredPathSerial = -1
    @exclusivity(unchecked) var deferredLevel = 0
    @exclusivity(unchecked) var deferredComponent: EncodingPathComponent?
    @exclusivity(unchecked) var deferredParentEntry = -1
    /// The caller used containers in a way only Foundation's tree can reproduce.
    @exclusivity(unchecked) var needsFallback = false
    /// An error is on its way out. If the caller catches it and keeps encoding, the bytes
    /// already written for the failed member are stale, so the call falls back to Foundation.
    @exclusivity(unchecked) var errorInFlight = false
    /// Counting mode met two keys with one hash in an object; only writing mode can tell.
    @exclusivity(unchecked) var needsWritingMode = false
    /// Some container sits 512 levels deep, which Foundation's writer refuses.
    @exclusivity(unchecked) var exceededDepth = false
    @exclusivity(unchecked) private var erasedUserInfo: [CodingUserInfoKey: Any]?

    /// A key table in use, by key type.
    struct KeySlot {
        let type: ObjectIdentifier
        let view: EncodingKeyTable.View
        let table: EncodingKeyTable
        /// For a key type of at most one byte (an enum of `CodingKeys`, mostly): the table entry
        /// each bit pattern last found (``unknownTag`` until then), then the words of an
        /// immortal text that found each entry (``EncodingSession/tableEntry(of:slot:tags:guess:)``).
        /// A hint only: the answer is always the entry of the key's `stringValue`. Owned by the
        /// session: allocated with the slot (``tagsByteCount`` bytes), freed with it.
        let tags: UnsafeMutablePointer<UInt8>
        /// `PayloadKeyedContainer<Key>` for the slot's key type, kept so that making a container
        /// needs no runtime lookup of its metadata and conformance (``makeKeyedContainer(_:slot:serial:)``).
        let containerType: any ConstructibleKeyedContainer.Type
        /// A boxed container of the slot's key type, with the cell it writes through, lent again
        /// whenever nothing else holds it (``EncodingSession/lendKeptContainer(_:slot:serial:)``).
        /// Nil on the plain path.
        var kept: KeptKeyedContainer? {
            didSet { keptReference = kept.map(Unmanaged.passUnretained) }
        }
        /// ``kept``, unretained: read on every container without reference counting.
        private(set) var keptReference: Unmanaged<KeptKeyedContainer>?
    }

    /// The key slots whose kept container was lent in this call, for ``endCall()`` to settle
    /// (``settleLentContainers()``), at most ``lentSlotCapacity``.
    let lentSlots = UnsafeMutablePointer<Int32>.allocate(capacity: EncodingSession.lentSlotCapacity)
    @exclusivity(unchecked) var lentSlotCount = 0
    static let lentSlotCapacity = 32

    /// Scratch for sorting an object's members by rank: a member position per rank
    /// (``EncodingKeyTable/capacity`` bytes), then room for the members in rank order (an
    /// object of ``reorderScratchCapacity`` bytes and a comma after it, or the positions). Owned
    /// by the session.
    let reorderScratch = UnsafeMutablePointer<UInt8>.allocate(
        capacity: EncodingKeyTable.capacity + EncodingSession.reorderScratchCapacity + 1)
    /// Scratch for sorting a compact object's members by rank: a length, then a place among the
    /// gathered members, per rank (``EncodingKeyTable/capacity``). Owned by the session.
    let rankPlaces = UnsafeMutablePointer<Int>.allocate(capacity: EncodingKeyTable.capacity)
    /// Types whose value asked its encoder for more than one scalar (a container, mostly), by
    /// their metadata address in a slot chosen by ``framedTypeSlot(_:)`` (0: empty), kept between
    /// calls: ``encodeNested(_:level:component:parentEntry:scalarsTried:)`` pushes their frame at
    /// once rather than defer it. A hint only: either way writes the same bytes
    /// (`Encoding/README.md`, assumption 15). Owned by the session: freed in `deinit`.
    let framedTypes: UnsafeMutablePointer<UInt> = {
        let types = UnsafeMutablePointer<UInt>.allocate(capacity: EncodingSession.framedTypeCapacity)
        types.initialize(repeating: 0, count: EncodingSession.framedTypeCapacity)
        return types
    }()
    static let framedTypeCapacity = 32

    /// The largest object (compact, from after its `{` to the end of its last member) whose
    /// members are gathered in ``reorderScratch``; larger ones are rewritten through a buffer of
    /// their own size.
    static let reorderScratchCapacity = 1024

    /// The identity of ``EncodingStrategies/defaults``, kept per session: a static would be a
    /// lazy global, checked on every read.
    private let defaultStrategies = ObjectIdentifier(EncodingStrategies.defaults)

    /// A bit pattern not yet seen in ``KeySlot/tags``.
    static let unknownTag: UInt8 = 0xFF

    /// How keys are converted, decided once per call.
    enum KeyMode {
        case unchanged, snakeCase, custom
    }

    /// Foundation's writer refuses a container nested 512 deep (511 is fine).
    static let maximumContainerLevel = 511

    /// A session with empty buffers; ``begin(options:countingOnly:)`` readies it for a call.
    /// The plain path (``PayloadEncoder/Path/plain``): no key tables, no tags, no kept
    /// container types, keys in coding paths never kept as bits, standard types found by `as?`,
    /// `Decimal` from `description`, no snake-case cache, the general member sort.
    let isPlain: Bool

    init(isPlain: Bool = false) {
        self.isPlain = isPlain
        writer = JSONByteWriter(storage: UnsafeMutablePointer<UInt8>.allocate(capacity: 1024), capacity: 1024)
        nodes = EncodingStack(capacity: 32)
        members = EncodingStack(capacity: 64)
        path = EncodingStack(capacity: 32)
        keySlots.reserveCapacity(8)
    }

    deinit {
        for slot in keySlots { slot.tags.deallocate() }
        reorderScratch.deallocate()
        rankPlaces.deallocate()
        framedTypes.deallocate()
        lentSlots.deallocate()
        writer.deallocate()
        nodes.deallocate()
        members.deallocate()
        path.deallocate()
    }

    /// Readies the session for one call (a new session, or one back from ``EncodingSessionPool``).
    func begin(options: PayloadEncoder, countingOnly: Bool) {
        // A session arrives holding the default strategies (a new session starts so; a session goes back
        // to the pool only through `releaseOptions()`); the caller's box is kept only when one
        // differs (an encoder with the defaults holds none). `outputFormatting` is read here only.
        keyMode = .unchanged
        if let callerStrategies = options.strategies {
            strategies = callerStrategies
            switch callerStrategies.values.keyEncodingStrategy {
            case .useDefaultKeys: break
            case .convertToSnakeCase: keyMode = .snakeCase
            default: keyMode = .custom
            }
        }
        // Bits rather than `contains(.sortedKeys)`: each of Foundation's option constants is a
        // call into Foundation (through a lazy global), three per call.
        let formatting = options.outputFormatting.rawValue
        sortsKeys = formatting & Self.sortedKeysBit != 0
        isPretty = formatting & Self.prettyPrintedBit != 0
        writer.reset(
            countingOnly: countingOnly, escapesSlashes: formatting & Self.withoutEscapingSlashesBit == 0,
            writesSeventeenDigits: options.writer == .objc)
        isInCall = true
        topSerial = -1
        nextSerial = 0
        deferredSerial = -1
        deferredPathSerial = -1
        needsFallback = false
        errorInFlight = false
        needsWritingMode = false
        exceededDepth = false
        // `erasedUserInfo` is nil here, for the same reason as the strategies above.
    }

    /// The raw values of `JSONEncoder.OutputFormatting`'s options (part of Foundation's public,
    /// ABI-stable API; a test checks them against Foundation's constants).
    static let prettyPrintedBit: UInt = 1 << 0
    static let sortedKeysBit: UInt = 1 << 1
    static let withoutEscapingSlashesBit: UInt = 1 << 3

    /// Whether the session's buffers are small enough to keep for another call.
    var isWorthKeeping: Bool {
        writer.capacity <= 1 << 16 && members.capacity <= 4096 && nodes.capacity <= 1024 && path.capacity <= 1024
    }

    /// Ends a call: empties the node and path stacks, so an encoder or container the caller
    /// kept reads an empty coding path rather than steps whose borrowed keys are gone.
    func endCall() {
        isInCall = false
        topSerial = -2
        popPath(to: 0)
        nodes.removeAll()
        members.removeAll()
        if lentSlotCount > 0 { settleLentContainers() }
        if keySlotsHaveOldVersions || keySlots.count > Self.keptKeySlotLimit { keepNewestKeySlots() }
        if snakeCaseKeys.count > Self.keptSnakeCaseKeyLimit { snakeCaseKeys.removeAll() }
    }

    /// Lets go of the caller's options (their `userInfo` values, strategy closures) before the
    /// session waits in the pool.
    func releaseOptions() {
        // By identity, kept as a plain value: comparing with `EncodingStrategies.defaults` itself
        // would retain and release it on every call.
        if ObjectIdentifier(strategies) != defaultStrategies { strategies = .defaults }
        // Only when set: assigning nil calls the runtime to release the old value, nil or not.
        if erasedUserInfo != nil { erasedUserInfo = nil }
    }

    /// The most converted keys kept between calls.
    static let keptSnakeCaseKeyLimit = 1024

    /// The most key tables kept in the pool between calls.
    static let keptKeySlotLimit = 48

    /// Between calls the pool keeps the key tables, so a later call on the same types needs no
    /// lock to find them: only the newest version of each type stays (tables never change, a
    /// newer version is a superset), and none if there are too many types to search quickly.
    private func keepNewestKeySlots() {
        if keySlots.count > Self.keptKeySlotLimit {
            for slot in keySlots { slot.tags.deallocate() }
            keySlots.removeAll(keepingCapacity: true)
        } else if keySlotsHaveOldVersions {
            var kept: [KeySlot] = []
            for slot in keySlots.reversed() {
                if kept.contains(where: { $0.type == slot.type }) {
                    slot.tags.deallocate()
                } else {
                    kept.append(slot)
                }
            }
            keySlots.removeAll(keepingCapacity: true)
            keySlots.append(contentsOf: kept.reversed())
        }
        keySlotsHaveOldVersions = false
    }

    var userInfo: [CodingUserInfoKey: Any] {
        if let erasedUserInfo { return erasedUserInfo }
        var erased: [CodingUserInfoKey: Any] = [:]
        for (key, value) in strategies.values.userInfo { erased[key] = value }
        erasedUserInfo = erased
        return erased
    }

    // MARK: Top level

    /// Encodes `value` as the whole document.
    func encodeTopLevel<T: Encodable>(_ value: T) throws {
        if try encodeSpecialValue(value, level: 0, component: nil, parentEntry: -1) { return }
        let serial = pushNode(kind: .pending, isFrame: true, level: 0, component: nil, parentEntry: -1)
        try value.encode(to: PayloadValueEncoder(session: self, serial: serial))
        if needsFallback || errorInFlight { throw fallBack() }
        closeNodes(above: serial)
        let node = nodes[nodes.count - 1]
        if node.kind == .pending || (node.kind == .single && node.count == 0) {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values.")
            )
        }
        closeTopNode()
    }

    // MARK: The node stack

    /// Pushes a node.
    ///
    /// - Parameters:
    ///   - component: The node's key in the coding path (nil for a single-value frame).
    ///   - parentEntry: The path step the key hangs off (the parent's `childPathEntry`).
    ///   - childPathEntry: For a nested container, its encoder's step; nil for an encoder.
    ///   - serial: The serial a deferred frame was given; nil for the next one.
    @inline(__always)
    @discardableResult
    func pushNode(
        kind: EncodingNode.Kind,
        isFrame: Bool,
        level: Int,
        component: EncodingPathComponent?,
        parentEntry: Int,
        childPathEntry: Int? = nil,
        serial givenSerial: Int? = nil
    ) -> Int {
        let pathBase = path.count
        var entry = parentEntry
        if let component {
            path.append(EncodingPathEntry(component: component, parent: parentEntry))
            entry = pathBase
        }
        let serial: Int
        if let givenSerial {
            serial = givenSerial
        } else {
            serial = nextSerial
            nextSerial &+= 1
        }
        var node = EncodingNode(
            kind: kind,
            serial: serial,
            isFrame: isFrame,
            level: level,
            pathBase: pathBase,
            pathEntry: entry,
            childPathEntry: childPathEntry ?? entry
        )
        node.memberBase = members.count
        nodes.append(node)
        topSerial = serial
        if kind == .object || kind == .array { noteContainer(at: level) }
        return serial
    }

    @inline(__always)
    func noteContainer(at level: Int) {
        if level >= Self.maximumContainerLevel { exceededDepth = true }
    }

    /// Makes node `serial` the innermost, closing nested containers and super encoders above it.
    ///
    /// - Returns: The node's index in ``nodes``.
    /// - Throws: ``ContainerOrderError`` when the node is closed or buried under a running frame.
    @inline(__always)
    func activate(_ serial: Int) throws -> Int {
        if serial == topSerial && !needsFallback { return nodes.count - 1 }
        return try activateSlowly(serial)
    }

    private func activateSlowly(_ serial: Int) throws -> Int {
        // A deferred frame lies above every node, and is pushed before anything else: its own
        // value asking for more then finds it on top, a write elsewhere finds a frame above its
        // node, and after the call it goes with the rest of the stack.
        if deferredSerial >= 0 { pushDeferredFrame() }
        if !isInCall { return afterCallNode() }
        guard !needsFallback, !errorInFlight, let index = nodeIndex(of: serial) else { throw fallBack() }
        for above in (index + 1)..<nodes.count where nodes[above].isFrame { throw fallBack() }
        closeNodes(above: serial)
        return index
    }

    /// The node that takes a write through an encoder or container the caller kept after the
    /// call returned. Foundation lets such writes succeed (the result is already out), so each
    /// lands on a fresh empty node, after what the last one wrote is dropped, and is never read.
    /// Only a session that stays with such a caller gets here: a session still referenced after a call
    /// never goes back to the pool.
    private func afterCallNode() -> Int {
        popPath(to: 0)
        nodes.removeAll()
        members.removeAll()
        writer.truncate(to: 0)
        nodes.append(
            EncodingNode(
                kind: .pending, serial: -3, isFrame: true, level: 1, pathBase: 0, pathEntry: -1, childPathEntry: -1))
        topSerial = -2
        return 0
    }

    /// Records that an error is leaving a container call; the next write (or a frame closing
    /// normally) then means the caller swallowed it.
    func noteError() {
        errorInFlight = true
        topSerial = -2
    }

    /// Marks the call for re-encoding with Foundation and returns the signal to throw.
    func fallBack() -> ContainerOrderError {
        needsFallback = true
        return ContainerOrderError()
    }

    func nodeIndex(of serial: Int) -> Int? {
        var index = nodes.count - 1
        while index >= 0 {
            if nodes[index].serial == serial { return index }
            index -= 1
        }
        return nil
    }

    /// Closes every node above node `serial` (which stays open).
    func closeNodes(above serial: Int) {
        while nodes.count > 0 && nodes[nodes.count - 1].serial != serial {
            closeTopNode()
        }
    }

    /// Closes the frame `serial` when the `encode(to:)` call or closure that owns it returns.
    func closeFrame(_ serial: Int) throws {
        if needsFallback || errorInFlight { throw fallBack() }
        // After the call, a write through another kept container inside this frame's value
        // may have replaced the whole stack (``afterCallNode()``): nothing is left to close.
        if !isInCall && nodeIndex(of: serial) == nil { return }
        closeNodes(above: serial)
        closeTopNode()
    }

    /// Writes the end of the innermost node and pops it.
    func closeTopNode() {
        // Read in place: a node is several words, and nodes hold only plain data.
        let node = UnsafePointer(nodes.base + (nodes.count &- 1))
        switch node.pointee.kind {
        case .pending:
            writeEmptyObject(level: node.pointee.level)
        case .single:
            if node.pointee.count == 0 { writeEmptyObject(level: node.pointee.level) }
        case .object:
            finishObject(node)
        case .array:
            if isPretty {
                if node.pointee.count == 0 { writer.append(0x0A) }
                writer.appendNewline(indentLevel: node.pointee.level)
            }
            writer.append(UInt8(ascii: "]"))
        }
        let pathBase = node.pointee.pathBase
        nodes.removeLast(downTo: nodes.count &- 1)
        popPath(to: pathBase)
        topSerialFromStack()
    }

    /// Makes the innermost node on the stack the one writes go to (-1: none).
    @inline(__always)
    func topSerialFromStack() {
        topSerial = nodes.count > 0 ? nodes[nodes.count - 1].serial : -1
    }

    /// Pops coding-path steps (and the keys they own) down to `count`.
    @inline(__always)
    func popPath(to count: Int) {
        while path.count > count {
            if case .ownedKey = path.removeLast().component { ownedKeys.removeLast() }
        }
    }

    /// Drops node `serial` and every node above it without writing their ends: an error is
    /// leaving them, and their path steps may borrow keys from calls that are returning.
    func discardNodes(from serial: Int) {
        guard let index = nodeIndex(of: serial) else { return }
        popPath(to: nodes[index].pathBase)
        nodes.removeLast(downTo: index)
        topSerial = -2
    }

    /// Foundation writes an encoder that encoded nothing as an empty object.
    func writeEmptyObject(level: Int) {
        noteContainer(at: level)
        writer.append(isPretty ? "{\n" : "{")
        if isPretty { writer.appendNewline(indentLevel: level) }
        writer.append(UInt8(ascii: "}"))
    }

    // MARK: Coding paths

    /// The coding path of node `serial` (empty once the node is gone).
    func codingPath(ofNode serial: Int) -> [any CodingKey] {
        if serial == deferredPathSerial {
            return codingPath(endingAt: deferredParentEntry, adding: deferredComponent.map(codingKey(of:)))
        }
        return codingPath(endingAt: nodeIndex(of: serial).map { nodes[$0].pathEntry } ?? -1)
    }

    /// The path whose last step is `entry`, plus `extra`.
    func codingPath(endingAt entry: Int, adding extra: (any CodingKey)? = nil) -> [any CodingKey] {
        var result: [any CodingKey] = []
        if let extra { result.append(extra) }
        var step = entry
        while step >= 0 {
            result.append(codingKey(of: path[step].component))
            step = path[step].parent
        }
        result.reverse()
        return result
    }
}

extension EncodingSession {
    /// Encodes the whole document and applies Foundation's depth limit afterwards (Foundation
    /// checks depth while writing its finished tree, so other errors come first).
    func run<T: Encodable>(_ value: T) throws {
        try encodeTopLevel(value)
        if exceededDepth {
            throw EncodingError.invalidValue(
                value,
                EncodingError.Context(
                    codingPath: [], debugDescription: "Unable to encode the given top-level value to JSON.")
            )
        }
    }
}
