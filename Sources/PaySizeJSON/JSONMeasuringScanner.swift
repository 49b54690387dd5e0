/// Reads a JSON text as strictly as ``JSONScanner`` but builds no tree: it only says whether the
/// text is accepted and measures it, and the values at a few JSON Pointers, both as sent and as
/// each of Foundation's writers writes them back (``rewrittenMeasurement(at:)``: the figures
/// ``JSONElement/rewrittenSize(by:)`` gives, which ActivityKit's limit judges on the device).
///
/// A log of a million pushes needs each line's compact size and the size of one or two members,
/// not a tree of every value. This scanner walks the bytes once through unsafe pointers, skips
/// string contents and digits eight bytes at a time, and keeps only a stack of open containers
/// and the keys of the open objects, in storage it reuses, so it runs several times faster than
/// ``JSONScanner`` and allocates nothing once warmed up. An integer of up to 18 digits and a
/// string without `\` or `/` cost nothing more to count as written back; a number with a fraction
/// or an exponent is counted from its digits (`RewrittenNumber`'s fast path).
///
/// It accepts exactly what ``JSONScanner`` accepts with the same `maximumDepth` and
/// `duplicateKeys` (UTF-8 validated, no byte order mark, no `NaN`, no leading zeros, no
/// unescaped control characters, no lone surrogates, keys compared as Swift strings), and its
/// sizes are the ones ``JSONElement`` carries. It says only *whether* a text is refused: scan a
/// refused text with ``JSONScanner/scan(_:maximumDepth:duplicateKeys:)`` for the error, its
/// position and its path.
///
/// ```swift
/// var scanner = JSONMeasuringScanner(
///     measuring: [JSONPointer("aps", "content-state")])
/// let line = Array(
///     #"{"aps":{"event":"update","content-state":{"eta":5}}}"#.utf8)
/// scanner.measure(line)                          // true
/// scanner.compactByteCount                       // 52
/// scanner.measurement(at: 0)?.compactByteCount   // 9, the size of {"eta":5}
/// ```
///
/// Keep one scanner per thread: it is a value, but measuring reuses its storage.
@_spi(Internals) public struct JSONMeasuringScanner {
    /// The pointers whose values are measured, in the order given.
    @_spi(Internals) public let pointers: [JSONPointer]
    /// The object whose members are listed, if any.
    @_spi(Internals) public let listedObject: JSONPointer?
    /// How many arrays and objects may nest inside each other.
    @_spi(Internals) public let maximumDepth: Int
    /// Whether a repeated key in one object refuses the text.
    @_spi(Internals) public let duplicateKeys: JSONScanner.DuplicateKeyPolicy
    /// When two keys are one.
    let keyEquality: StringEquality

    /// The compact size of the last text measured; 0 when it was refused.
    @_spi(Internals) public private(set) var compactByteCount = 0

    private var storage: MeasuringStorage
    /// The listed object's index among the storage's targets, or -1 (a plain value, so that
    /// reading the members does not copy ``listedObject``).
    private let listedTarget: Int

    /// Makes a scanner that measures the values at `pointers`.
    ///
    /// - Parameters:
    ///   - pointers: At most 63 JSON Pointers; the root pointer measures the whole text. A pointer
    ///     follows the first member with its key, as ``JSONElement/descendant(at:)`` does.
    ///   - listedObject: An object whose members (keys and measured values) are listed, read with
    ///     ``memberCount`` and ``member(at:)``; default none.
    ///   - maximumDepth: How many arrays and objects may nest; default 512, as ``JSONScanner``.
    ///   - duplicateKeys: Whether a repeated key refuses the text; default
    ///     ``JSONScanner/DuplicateKeyPolicy/reject``, as ``JSONScanner``.
    ///   - keyEquality: When two keys are one, as ``JSONScanner/scan(_:maximumDepth:duplicateKeys:keyEquality:)``.
    @_spi(Internals) public init(
        measuring pointers: [JSONPointer] = [], listingMembersOf listedObject: JSONPointer? = nil,
        maximumDepth: Int = JSONScanner.defaultMaximumDepth, duplicateKeys: JSONScanner.DuplicateKeyPolicy = .reject,
        keyEquality: StringEquality = .canonicalEquivalence
    ) {
        self.keyEquality = keyEquality
        precondition(pointers.count <= 63, "a JSONMeasuringScanner measures at most 63 pointers")
        self.pointers = pointers
        self.listedObject = listedObject
        self.maximumDepth = maximumDepth
        self.duplicateKeys = duplicateKeys
        self.storage = MeasuringStorage(targets: pointers + (listedObject.map { [$0] } ?? []))
        self.listedTarget = listedObject == nil ? -1 : pointers.count
    }

    /// Reads one JSON text and measures it.
    ///
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: Whether the text is one strict JSON text; when it is, ``compactByteCount``,
    ///   ``measurement(at:)`` and ``member(at:)`` describe it.
    @_spi(Internals) public mutating func measure(_ bytes: UnsafeRawBufferPointer) -> Bool {
        if !isKnownUniquelyReferenced(&storage) { storage = storage.copy() }
        compactByteCount = 0
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            storage.clearResults()
            return false
        }
        var reader = MeasuringReader(
            base: base, end: bytes.count, maximumDepth: maximumDepth, rejectsDuplicateKeys: duplicateKeys == .reject,
            keyEquality: keyEquality, storage: storage, listsMembers: listedTarget >= 0)
        let accepted = reader.readDocument()
        reader.returnStorage()
        if accepted {
            compactByteCount = reader.rootCompactByteCount
        } else {
            storage.clearResults()
        }
        return accepted
    }

    /// Reads one JSON text held in an array and measures it.
    ///
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: Whether the text is one strict JSON text, as the `UnsafeRawBufferPointer` form
    ///   returns.
    @_spi(Internals) public mutating func measure(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { measure($0) }
    }

    /// The value at `pointers[index]` in the last text measured, or `nil` when the text has no
    /// such value or was refused.
    ///
    /// - Parameter index: A position in ``pointers``.
    @_spi(Internals) public func measurement(at index: Int) -> JSONMeasuredValue? {
        precondition(index >= 0 && index < storage.targets.count, "measurement index out of range")
        return storage.measurements[index]
    }

    /// The value at `pointers[index]` in the last text measured as each of Foundation's writers
    /// writes it back, or `nil` when ``measurement(at:)`` is.
    ///
    /// - Parameter index: A position in ``pointers``.
    @_spi(Internals) public func rewrittenMeasurement(at index: Int) -> JSONRewrittenMeasurement? {
        precondition(index >= 0 && index < storage.targets.count, "measurement index out of range")
        return storage.rewrittenMeasurements[index]
    }

    /// How many members the listed object has in the last text measured: 0 when it is missing,
    /// not an object, or the text was refused.
    @_spi(Internals) public var memberCount: Int {
        guard listedTarget >= 0, storage.measurements[listedTarget]?.kind == .object else { return 0 }
        return storage.memberCount
    }

    /// The listed object's member at `index`, in the order written, in the last text measured.
    ///
    /// - Parameter index: A position below ``memberCount``; any other traps.
    @_spi(Internals) public func member(at index: Int) -> JSONMeasuredMember {
        // The stack holds members only while the listed object is an object in an accepted
        // text, so its count is ``memberCount``.
        precondition(index >= 0 && index < storage.members.count, "member index out of range")
        return storage.members[index]
    }
}

/// The storage a scanner reuses from one text to the next, in raw memory so the hot loop has no
/// reference counting, uniqueness or exclusivity checks.
private final class MeasuringStorage {
    struct Frame {
        var isObject: Bool
        /// Whether this object's keys are compared as strings: it has a key with an escape or a
        /// non-ASCII byte (Swift compares canonically equivalent strings as equal).
        var comparesStrings: Bool
        /// The first of this object's keys in `keys`.
        var firstKey: Int
        /// Elements so far in an array, members in an object.
        var count: Int
    }

    /// A key of an open object: its token (quotes included) as its length and the eight bytes at
    /// each end, which are the whole token when it is at most 16 bytes.
    struct Key {
        var byteCount: Int
        var head: UInt64
        var tail: UInt64
        var start: Int
        /// The previous key of the same object with the same fingerprint, or -1 (large objects).
        var chain: Int
    }

    struct OpenValue {
        /// The targets this value is; bit 63 marks a member of the listed object.
        var mask: UInt64
        var kind: JSONMeasuredValue.Kind
        var start: Int
        var whitespace: Int
        var depth: Int
        var keyStart: Int
        var keyEnd: Int
        var keyIsVerbatim: Bool
    }

    /// What a target's value needs for its figures as written back, pushed beside its
    /// ``OpenValue`` (a member of the listed object that is no target needs none).
    struct OpenRewriting {
        /// The reader's re-writing counters when the value started.
        var before: RewritingCounters
        /// The first number inside the value that each writer writes longer, once one is read.
        var swiftFirstGrown: Range<Int>?
        var objcFirstGrown: Range<Int>?
    }

    /// What re-writing the text read so far adds, kept as running totals so that a value's
    /// figures are the difference between its end and its start, as its whitespace is.
    struct RewritingCounters {
        /// Bytes the Swift writer adds to the numbers (negative when it shortens them).
        var swiftNumberBytes = 0
        /// Bytes the Objective-C writer adds to the numbers.
        var objcNumberBytes = 0
        /// Bytes both writers add to strings and keys: a raw `/` is written `\/`, a `\u`
        /// escape as Foundation escapes the character it stands for.
        var stringBytes = 0
        /// Numbers the Swift writer writes longer than sent.
        var swiftGrownCount = 0
        /// Numbers the Objective-C writer writes longer than sent.
        var objcGrownCount = 0
    }

    /// A pointer component flattened: a key's UTF-8 in `keyBytes`, or an index.
    struct Component {
        var isKey: Bool
        var isASCII: Bool
        var index: Int
        var keyStart: Int
        var keyCount: Int
    }

    let targets: [JSONPointer]
    let componentCount: UnsafeMutablePointer<Int>
    let componentStart: UnsafeMutablePointer<Int>
    let components: UnsafeMutablePointer<Component>
    let keyBytes: UnsafeMutablePointer<UInt8>
    let keyStrings: [[String]]
    let matched: UnsafeMutablePointer<Int>

    // `@exclusivity(unchecked)`: every access is short and never spans a call that could reach
    // the same property again, so the runtime checks Swift makes on each access to a class
    // property prove nothing (`Benchmarks/README.md` has their cost).
    @exclusivity(unchecked) var frames = RawStack<Frame>()
    @exclusivity(unchecked) var keys = RawStack<Key>()
    @exclusivity(unchecked) var open = RawStack<OpenValue>()
    @exclusivity(unchecked) var openRewriting = RawStack<OpenRewriting>()
    @exclusivity(unchecked) var members = RawStack<JSONMeasuredMember>()
    var memberCount: Int { members.count }
    /// The last text's value at each target, and the same as each writer writes it back, in raw
    /// memory (trivial values, as in `RawStack`) so storing one costs no uniqueness check.
    let measurements: UnsafeMutablePointer<JSONMeasuredValue?>
    let rewrittenMeasurements: UnsafeMutablePointer<JSONRewrittenMeasurement?>
    /// Per open object depth with many keys: fingerprint → its latest key.
    @exclusivity(unchecked) var fingerprintTables: [Int: [UInt64: Int]] = [:]
    /// Per open object depth that compares keys as strings: the keys seen.
    @exclusivity(unchecked) var stringKeys: [Int: Set<String>] = [:]

    init(targets: [JSONPointer]) {
        self.targets = targets
        let flat = targets.flatMap(\.components)
        componentCount = .allocate(capacity: max(1, targets.count))
        componentStart = .allocate(capacity: max(1, targets.count))
        components = .allocate(capacity: max(1, flat.count))
        matched = .allocate(capacity: max(1, targets.count))
        var bytes: [UInt8] = []
        var position = 0
        for (index, target) in targets.enumerated() {
            componentCount[index] = target.components.count
            componentStart[index] = position
            for component in target.components {
                switch component {
                case .key(let key):
                    let utf8 = Array(key.utf8)
                    (components + position).initialize(
                        to: Component(
                            isKey: true, isASCII: utf8.allSatisfy { $0 < 0x80 }, index: 0, keyStart: bytes.count,
                            keyCount: utf8.count))
                    bytes += utf8
                case .index(let value):
                    (components + position).initialize(
                        to: Component(isKey: false, isASCII: true, index: value, keyStart: 0, keyCount: 0))
                case .anyIndex:
                    preconditionFailure("a measured target is one value, not a pattern: \(target)")
                }
                position += 1
            }
        }
        keyBytes = .allocate(capacity: max(1, bytes.count))
        keyBytes.initialize(from: bytes, count: bytes.count)
        keyStrings = targets.map { target in
            target.components.map { if case .key(let key) = $0 { key } else { "" } }
        }
        measurements = .allocate(capacity: max(1, targets.count))
        measurements.initialize(repeating: nil, count: max(1, targets.count))
        rewrittenMeasurements = .allocate(capacity: max(1, targets.count))
        rewrittenMeasurements.initialize(repeating: nil, count: max(1, targets.count))
    }

    deinit {
        componentCount.deallocate()
        componentStart.deallocate()
        components.deallocate()
        keyBytes.deallocate()
        matched.deallocate()
        measurements.deallocate()
        rewrittenMeasurements.deallocate()
        frames.deallocate()
        keys.deallocate()
        open.deallocate()
        openRewriting.deallocate()
        members.deallocate()
    }

    /// A storage for the same targets, for a copy of a scanner that is measured on its own.
    func copy() -> MeasuringStorage {
        MeasuringStorage(targets: targets)
    }

    func clearResults() {
        for index in 0..<targets.count {
            measurements[index] = nil
            rewrittenMeasurements[index] = nil
        }
        members.count = 0
    }
}

/// A stack of trivial values in raw memory that grows by doubling.
private struct RawStack<Element> {
    /// Never nil: sixteen elements are allocated up front, so no access unwraps an optional.
    var base: UnsafeMutablePointer<Element>
    var count = 0
    var capacity: Int

    init() {
        capacity = 16
        base = .allocate(capacity: capacity)
    }

    @inline(__always)
    mutating func push(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    mutating func grow() {
        // Nothing is deinitialized before the memory is freed (`README.md`, assumption 3).
        assert(_isPOD(Element.self), "RawStack holds trivial values only")
        let newCapacity = capacity * 2
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }

    func deallocate() {
        base.deallocate()
    }

    @inline(__always)
    subscript(index: Int) -> Element {
        get { base[index] }
        nonmutating set { base[index] = newValue }
    }
}

/// The scanner's working state over one text.
private struct MeasuringReader {
    /// Objects with more keys than this find duplicates through a fingerprint table, so that a
    /// huge object cannot make the check quadratic.
    static let linearKeyLimit = 16
    static let memberBit: UInt64 = 1 << 63

    let base: UnsafePointer<UInt8>
    let end: Int
    let maximumDepth: Int
    let rejectsDuplicateKeys: Bool
    let keyEquality: StringEquality
    unowned(unsafe) let storage: MeasuringStorage
    let targetCount: Int
    /// The index of the listed object among the targets, or -1.
    let listedTarget: Int
    var rootCompactByteCount = 0

    private var frames: RawStack<MeasuringStorage.Frame>
    private var keys: RawStack<MeasuringStorage.Key>
    private var open: RawStack<MeasuringStorage.OpenValue>
    private var openRewriting: RawStack<MeasuringStorage.OpenRewriting>
    private var members: RawStack<JSONMeasuredMember>
    private let matched: UnsafeMutablePointer<Int>
    /// The storage's flattened pointers, held here so a key is matched without going through it.
    private let componentCount: UnsafeMutablePointer<Int>
    private let componentStart: UnsafeMutablePointer<Int>
    private let components: UnsafeMutablePointer<MeasuringStorage.Component>
    private let keyBytes: UnsafeMutablePointer<UInt8>
    private var index = 0
    /// Whitespace bytes skipped outside strings so far: a value's compact size is its byte count
    /// less the whitespace skipped inside it.
    private var whitespace = 0
    /// The largest entry of `matched`: keys deeper than one past it cannot match a target.
    private var deepestMatch = -1
    /// Targets whose value starts at the next value read.
    private var pendingMask: UInt64 = 0
    /// The depth of the innermost open target, or -1.
    private var openDepth = -1
    /// The depth of the listed object's members while it is open, or -1.
    private var memberDepth = -1
    /// The key of the member whose value is read next, when it belongs to the listed object.
    private var pendingKey: (start: Int, end: Int, isVerbatim: Bool)? = nil
    /// Whether the last string read had an escape.
    private var stringHasEscape = false
    /// Whether the last string read had an escape or a non-ASCII byte.
    private var stringIsPlain = true
    /// What re-writing the text read so far adds.
    private var rewriting = MeasuringStorage.RewritingCounters()
    /// The first entry of `openRewriting` whose value has no grown number yet, per writer: the
    /// entries below it have one, those from it on do not.
    private var swiftUngrownOpen = 0
    private var objcUngrownOpen = 0

    init(
        base: UnsafePointer<UInt8>, end: Int, maximumDepth: Int, rejectsDuplicateKeys: Bool,
        keyEquality: StringEquality = .canonicalEquivalence, storage: MeasuringStorage, listsMembers: Bool
    ) {
        self.base = base
        self.end = end
        self.maximumDepth = maximumDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
        self.keyEquality = keyEquality
        self.storage = storage
        self.targetCount = storage.targets.count
        self.listedTarget = listsMembers ? storage.targets.count - 1 : -1
        self.frames = storage.frames
        self.keys = storage.keys
        self.open = storage.open
        self.openRewriting = storage.openRewriting
        self.members = storage.members
        self.matched = storage.matched
        self.componentCount = storage.componentCount
        self.componentStart = storage.componentStart
        self.components = storage.components
        self.keyBytes = storage.keyBytes
        frames.count = 0
        keys.count = 0
        open.count = 0
        openRewriting.count = 0
        members.count = 0
        if !storage.fingerprintTables.isEmpty { storage.fingerprintTables.removeAll() }
        if !storage.stringKeys.isEmpty { storage.stringKeys.removeAll() }
        for position in 0..<targetCount {
            storage.measurements[position] = nil
            storage.rewrittenMeasurements[position] = nil
            matched[position] = 0
            if storage.componentCount[position] == 0 { pendingMask |= 1 << UInt64(position) }
        }
        updateDeepestMatch()
    }

    /// Hands the (possibly grown) stacks back to the storage.
    func returnStorage() {
        storage.frames = frames
        storage.keys = keys
        storage.open = open
        storage.openRewriting = openRewriting
        storage.members = members
    }

    mutating func readDocument() -> Bool {
        skipWhitespace()
        let start = index
        let whitespaceBefore = whitespace
        guard readValue() else { return false }
        rootCompactByteCount = (index &- start) &- (whitespace &- whitespaceBefore)
        skipWhitespace()
        return index == end
    }

    // MARK: - Structure

    private mutating func readValue() -> Bool {
        valueLoop: while true {
            skipWhitespace()
            guard index < end else { return false }
            let byte = base[index]
            if pendingMask != 0 || pendingKey != nil { openValue(kind: Self.kind(startingWith: byte)) }
            switch byte {
            case UInt8(ascii: "{"):
                guard frames.count < maximumDepth else { return false }
                frames.push(.init(isObject: true, comparesStrings: false, firstKey: keys.count, count: 0))
                index &+= 1
                skipWhitespace()
                if index < end, base[index] == UInt8(ascii: "}") {
                    index &+= 1
                    closeObject()
                } else {
                    guard readKeyAndColon() else { return false }
                    continue valueLoop
                }
            case UInt8(ascii: "["):
                guard frames.count < maximumDepth else { return false }
                frames.push(.init(isObject: false, comparesStrings: false, firstKey: 0, count: 0))
                index &+= 1
                skipWhitespace()
                if index < end, base[index] == UInt8(ascii: "]") {
                    index &+= 1
                    frames.count &-= 1
                } else {
                    startElement()
                    continue valueLoop
                }
            case UInt8(ascii: "\""):
                guard readString() else { return false }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                guard readNumber() else { return false }
            case UInt8(ascii: "t"):
                guard readLiteral(0x65_75_72_74, count: 4) else { return false }
            case UInt8(ascii: "f"):
                guard readLiteral(0x65_73_6C_61_66, count: 5) else { return false }
            case UInt8(ascii: "n"):
                guard readLiteral(0x6C_6C_75_6E, count: 4) else { return false }
            default:
                return false
            }

            // A value is complete: close the containers that end here.
            while true {
                if openDepth == frames.count { closeValue() }
                guard frames.count > 0 else { return true }
                let top = frames[frames.count &- 1]
                skipWhitespace()
                guard index < end else { return false }
                let next = base[index]
                if top.isObject {
                    if next == UInt8(ascii: ",") {
                        index &+= 1
                        guard readKeyAndColon() else { return false }
                        continue valueLoop
                    }
                    guard next == UInt8(ascii: "}") else { return false }
                    index &+= 1
                    closeObject()
                } else {
                    if next == UInt8(ascii: ",") {
                        index &+= 1
                        frames[frames.count &- 1].count &+= 1
                        startElement()
                        continue valueLoop
                    }
                    guard next == UInt8(ascii: "]") else { return false }
                    index &+= 1
                    frames.count &-= 1
                }
            }
        }
    }

    private static func kind(startingWith byte: UInt8) -> JSONMeasuredValue.Kind {
        switch byte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .bool
        case UInt8(ascii: "n"): .null
        default: .number
        }
    }

    private mutating func closeObject() {
        frames.count &-= 1
        let depth = frames.count
        let frame = frames[depth]
        if frame.count > Self.linearKeyLimit { storage.fingerprintTables[depth] = nil }
        if frame.comparesStrings { storage.stringKeys[depth] = nil }
        keys.count = frame.firstKey
    }

    /// Reads `"key" :` for the innermost object, refusing a repeated key.
    @_transparent
    private mutating func readKeyAndColon() -> Bool {
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "\"") else { return false }
        let keyStart = index
        guard readString() else { return false }
        let keyEnd = index
        let plain = stringIsPlain
        let depth = frames.count
        if rejectsDuplicateKeys {
            guard recordKey(start: keyStart, end: keyEnd, plain: plain) else { return false }
        }
        (frames.base + (depth &- 1)).pointee.count &+= 1
        if deepestMatch >= depth &- 1 { matchKey(start: keyStart, end: keyEnd, plain: plain, depth: depth) }
        if depth == memberDepth { pendingKey = (keyStart, keyEnd, !stringHasEscape) }
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: ":") else { return false }
        index &+= 1
        return true
    }

    // MARK: - Duplicate keys

    /// Adds a key to the innermost object; `false` when the object already has it.
    @inline(__always)
    private mutating func recordKey(start: Int, end keyEnd: Int, plain: Bool) -> Bool {
        let depth = frames.count &- 1
        let frame = frames.base + depth
        if frame.pointee.comparesStrings || !plain { return recordKeyAsString(start: start, end: keyEnd, depth: depth) }
        let key = keyRecord(start: start, end: keyEnd)
        let first = frame.pointee.firstKey
        guard keys.count &- first < Self.linearKeyLimit else { return recordKeyInTable(key, depth: depth) }
        if keys.count > first {
            var candidate = keys.base + first
            let last = keys.base + keys.count
            while candidate < last {
                if candidate.pointee.head == key.head, candidate.pointee.byteCount == key.byteCount,
                    candidate.pointee.tail == key.tail, isSame(candidate.pointee, key)
                {
                    return false
                }
                candidate += 1
            }
        }
        keys.push(key)
        return true
    }

    /// Keys with an escape or a non-ASCII byte: from the first one on, this object's keys are
    /// compared as strings, so canonically equivalent spellings (`"\u00e9"`, `"e\u0301"`, even
    /// `"\u212a"` and `"K"`) are one key; under `codepoints` as their identities
    /// (``StringEquality/identity(of:)``), so only equal code points are.
    @inline(never)
    private mutating func recordKeyAsString(start: Int, end keyEnd: Int, depth: Int) -> Bool {
        let frame = frames[depth]
        if !frame.comparesStrings {
            var seen = Set<String>()
            var position = frame.firstKey
            while position < keys.count {
                seen.insert(
                    keyEquality.identity(
                        of: decodedKey(
                            start: keys[position].start, end: keys[position].start &+ keys[position].byteCount)))
                position &+= 1
            }
            storage.stringKeys[depth] = seen
            frames[depth].comparesStrings = true
        }
        return storage.stringKeys[depth]!.insert(keyEquality.identity(of: decodedKey(start: start, end: keyEnd)))
            .inserted
    }

    /// Objects with many keys find a repeat through a table of fingerprints.
    @inline(never)
    private mutating func recordKeyInTable(_ key: MeasuringStorage.Key, depth: Int) -> Bool {
        let first = frames[depth].firstKey
        if keys.count &- first == Self.linearKeyLimit {
            var table: [UInt64: Int] = [:]
            var position = first
            while position < keys.count {
                let fingerprint = Self.fingerprint(keys[position])
                keys[position].chain = table[fingerprint] ?? -1
                table[fingerprint] = position
                position &+= 1
            }
            storage.fingerprintTables[depth] = table
        }
        let fingerprint = Self.fingerprint(key)
        var candidate = storage.fingerprintTables[depth]![fingerprint] ?? -1
        var record = key
        record.chain = candidate
        while candidate >= 0 {
            if isSame(keys[candidate], key) { return false }
            candidate = keys[candidate].chain
        }
        storage.fingerprintTables[depth]![fingerprint] = keys.count
        keys.push(record)
        return true
    }

    /// The key token at `start..<end` as its length and end words.
    @inline(__always)
    private func keyRecord(start: Int, end keyEnd: Int) -> MeasuringStorage.Key {
        let byteCount = keyEnd &- start
        var head: UInt64 = 0
        var tail: UInt64 = 0
        if byteCount >= 8 {
            head = Self.word(at: base + start)
            tail = Self.word(at: base + (keyEnd &- 8))
        } else if keyEnd >= 8 {
            // The eight bytes ending at the token's end, shifted so only the token's bytes stay.
            head =
                Self.word(at: base + (keyEnd &- 8)) &>> UInt64((8 &- byteCount) &* 8)
        } else {
            var position = start
            var shift: UInt64 = 0
            while position < keyEnd {
                head |= UInt64(base[position]) << shift
                shift &+= 8
                position &+= 1
            }
        }
        return .init(byteCount: byteCount, head: head, tail: tail, start: start, chain: -1)
    }

    /// Whether two key tokens have the same bytes.
    @inline(__always)
    private func isSame(_ key: MeasuringStorage.Key, _ other: MeasuringStorage.Key) -> Bool {
        guard key.byteCount == other.byteCount, key.head == other.head, key.tail == other.tail else { return false }
        return key.byteCount <= 16
            || sameBytes(key.start, key.start &+ key.byteCount, other.start, other.start &+ other.byteCount)
    }

    /// A hash of a key record, for objects with many keys.
    private static func fingerprint(_ key: MeasuringStorage.Key) -> UInt64 {
        var hash = (UInt64(truncatingIfNeeded: key.byteCount) ^ key.head) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 32) ^ key.tail) &* 0xFF51_AFD7_ED55_8CCD
        return hash ^ (hash >> 29)
    }

    private func sameBytes(_ start: Int, _ end: Int, _ otherStart: Int, _ otherEnd: Int) -> Bool {
        guard end &- start == otherEnd &- otherStart else { return false }
        var offset = 0
        while offset < end &- start {
            if base[start &+ offset] != base[otherStart &+ offset] { return false }
            offset &+= 1
        }
        return true
    }

    /// The key token at `start..<end` (quotes included) as a string, its escapes decoded.
    private func decodedKey(start: Int, end keyEnd: Int) -> String {
        Self.decodedKey(base: base, start: start, end: keyEnd)
    }

    /// The key token at `base[start..<end]` (quotes included) as a string, its escapes decoded.
    private static func decodedKey(base: UnsafePointer<UInt8>, start: Int, end keyEnd: Int) -> String {
        let token = UnsafeBufferPointer(start: base + start, count: keyEnd &- start)
        if !token.contains(UInt8(ascii: "\\")) {
            return String(decoding: UnsafeBufferPointer(rebasing: token.dropFirst().dropLast()), as: UTF8.self)
        }
        // The token was validated already; the strict scanner decodes its escapes.
        return (try? JSONScanner.scan(Array(token)))?.stringValue ?? ""
    }

    // MARK: - Pointers

    /// Follows the targets into the member whose key is at `start..<end`, in an object at `depth`.
    ///
    /// A target follows this object when its matched depth is the object's level; one that had
    /// matched deeper has read its member here already and stops following (the first member
    /// with its key is the only one JSONElement's subscript looks at).
    private mutating func matchKey(start: Int, end keyEnd: Int, plain: Bool, depth: Int) {
        let level = depth &- 1
        let length = keyEnd &- start &- 2
        var changed = false
        var target = 0
        while target < targetCount {
            defer { target &+= 1 }
            let matchedDepth = matched[target]
            // Most targets do not follow this object: stopped (-1) or matched above it.
            if matchedDepth < level { continue }
            if matchedDepth > level {
                matched[target] = -1
                changed = true
                continue
            }
            guard level < componentCount[target] else { continue }
            let component = components[componentStart[target] &+ level]
            guard component.isKey else { continue }
            if plain && component.isASCII {
                guard length == component.keyCount, sameBytes(start &+ 1, keyEnd &- 1, component.keyStart) else {
                    continue
                }
            } else {
                guard
                    Self.decodedKeyEquals(
                        base: base, start: start, end: keyEnd, key: storage.keyStrings, target: target, level: level)
                else { continue }
            }
            advance(target, to: depth)
            changed = true
        }
        if changed { updateDeepestMatch() }
    }

    /// Whether the key token at `start..<end`, decoded, is the key of `target` at `level`: keys
    /// with an escape or a non-ASCII byte compare as Swift strings.
    @inline(never)
    private static func decodedKeyEquals(
        base: UnsafePointer<UInt8>, start: Int, end keyEnd: Int, key keyStrings: [[String]], target: Int, level: Int
    ) -> Bool {
        decodedKey(base: base, start: start, end: keyEnd) == keyStrings[target][level]
    }

    /// Whether `base[start..<end]` equals the target key bytes at `keyStart`.
    @inline(__always)
    private func sameBytes(_ start: Int, _ end: Int, _ keyStart: Int) -> Bool {
        var offset = 0
        while start &+ offset < end {
            if base[start &+ offset] != keyBytes[keyStart &+ offset] { return false }
            offset &+= 1
        }
        return true
    }

    /// Follows the targets into the next element of the array at the top of the stack.
    private mutating func startElement() {
        let depth = frames.count
        guard deepestMatch >= depth &- 1 else { return }
        let level = depth &- 1
        let elementIndex = frames[level].count
        for target in 0..<targetCount {
            guard let component = nextComponent(of: target, at: level) else { continue }
            if !component.isKey, component.index == elementIndex { advance(target, to: depth) }
        }
        updateDeepestMatch()
    }

    /// The component of `target` a member or element at `level` must match, or `nil` when the
    /// target does not follow this container. A target whose member at this level has been read
    /// stops following: the first member with its key is the only one JSONElement's subscript
    /// looks at.
    @inline(__always)
    private mutating func nextComponent(of target: Int, at level: Int) -> MeasuringStorage.Component? {
        let matchedDepth = matched[target]
        if matchedDepth > level {
            matched[target] = -1
            return nil
        }
        guard matchedDepth == level, level < componentCount[target] else { return nil }
        return components[componentStart[target] &+ level]
    }

    private mutating func advance(_ target: Int, to depth: Int) {
        matched[target] = depth
        if componentCount[target] == depth, storage.measurements[target] == nil {
            pendingMask |= 1 << UInt64(target)
        }
    }

    /// The deepest level where a key or element can still change a target: one past the matched
    /// components of a target still being followed, or the level of a found target's own member
    /// (the next member there ends it).
    private mutating func updateDeepestMatch() {
        var deepest = -1
        for target in 0..<targetCount {
            let matchedDepth = matched[target]
            let level = matchedDepth < componentCount[target] ? matchedDepth : matchedDepth &- 1
            if level > deepest { deepest = level }
        }
        deepestMatch = deepest
    }

    /// Starts measuring the value at `index`: a target's, or a member of the listed object.
    private mutating func openValue(kind: JSONMeasuredValue.Kind) {
        let depth = frames.count
        var mask = pendingMask
        var key = (start: 0, end: 0, isVerbatim: true)
        if let pendingKey {
            mask |= Self.memberBit
            key = pendingKey
            self.pendingKey = nil
        }
        open.push(
            .init(
                mask: mask, kind: kind, start: index, whitespace: whitespace, depth: depth, keyStart: key.start,
                keyEnd: key.end, keyIsVerbatim: key.isVerbatim))
        if mask & ~Self.memberBit != 0 {
            openRewriting.push(.init(before: rewriting, swiftFirstGrown: nil, objcFirstGrown: nil))
        }
        pendingMask = 0
        openDepth = depth
        if listedTarget >= 0, mask & (1 << UInt64(listedTarget)) != 0, kind == .object {
            memberDepth = depth &+ 1
        }
    }

    /// Records the value that has just ended.
    ///
    /// The entry is read in place, field by field: a member of the listed object needs only its
    /// key and size, and only a target's entry is read for its re-writing figures.
    @inline(never)
    private mutating func closeValue() {
        open.count &-= 1
        let opened = open.base + open.count
        let start = opened.pointee.start
        let value = JSONMeasuredValue(
            kind: opened.pointee.kind, byteRange: start..<index,
            compactByteCount: (index &- start) &- (whitespace &- opened.pointee.whitespace))
        var mask = opened.pointee.mask
        if mask & Self.memberBit != 0 {
            members.push(
                JSONMeasuredMember(
                    keyRange: opened.pointee.keyStart..<opened.pointee.keyEnd,
                    keyIsVerbatim: opened.pointee.keyIsVerbatim, value: value))
            mask &= ~Self.memberBit
        }
        openDepth = open.count > 0 ? open[open.count &- 1].depth : -1
        guard mask != 0 else { return }
        if listedTarget >= 0, mask & (1 << UInt64(listedTarget)) != 0 { memberDepth = -1 }
        openRewriting.count &-= 1
        let opening = openRewriting.base + openRewriting.count
        if swiftUngrownOpen > openRewriting.count { swiftUngrownOpen = openRewriting.count }
        if objcUngrownOpen > openRewriting.count { objcUngrownOpen = openRewriting.count }
        let before = opening.pointee.before
        // The compact size with the strings as written back; the numbers differ by writer.
        let withStrings = value.compactByteCount &+ (rewriting.stringBytes &- before.stringBytes)
        let rewritten = JSONRewrittenMeasurement(
            swift: .init(
                byteCount: withStrings &+ (rewriting.swiftNumberBytes &- before.swiftNumberBytes),
                grownNumberCount: rewriting.swiftGrownCount &- before.swiftGrownCount,
                firstGrownNumber: opening.pointee.swiftFirstGrown),
            objc: .init(
                byteCount: withStrings &+ (rewriting.objcNumberBytes &- before.objcNumberBytes),
                grownNumberCount: rewriting.objcGrownCount &- before.objcGrownCount,
                firstGrownNumber: opening.pointee.objcFirstGrown))
        while mask != 0 {
            storage.measurements[mask.trailingZeroBitCount] = value
            storage.rewrittenMeasurements[mask.trailingZeroBitCount] = rewritten
            mask &= mask &- 1
        }
    }

    // MARK: - Scalars

    @inline(__always)
    private mutating func skipWhitespace() {
        while index < end {
            switch base[index] {
            case 0x20, 0x0A, 0x0D, 0x09:
                index &+= 1
                whitespace &+= 1
            default:
                return
            }
        }
    }

    /// Compares the literal packed little-endian in `expected` (`true`, `false`, `null`): its
    /// first four bytes as one word, loaded inside the text (`README.md`, assumption 1),
    /// and a fifth byte for `false`.
    @inline(__always)
    private mutating func readLiteral(_ expected: UInt64, count: Int) -> Bool {
        guard end &- index >= count else { return false }
        let word = UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self))
        guard word == UInt32(truncatingIfNeeded: expected) else { return false }
        if count == 5, UInt64(base[index &+ 4]) != expected >> 32 { return false }
        index &+= count
        return true
    }

    /// Checks `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` and moves past it.
    ///
    /// An integer token of up to 18 digits is written back as sent by both writers, so it costs
    /// nothing more; a longer one, and any token with a fraction or an exponent, is counted as
    /// each writer writes it. Digits are skipped eight at a time where a word fits in the text,
    /// and the integer digits' first word is kept for ``readFractionAndExponent(start:digitsStart:head:)``.
    private mutating func readNumber() -> Bool {
        let start = index
        if base[index] == UInt8(ascii: "-") {
            index &+= 1
            guard index < end, isDigit(base[index]) else { return false }
        }
        let digitsStart = index
        // The word at `digitsStart` when its first byte is a digit other than 0, else 0.
        var head: UInt64 = 0
        if base[index] == UInt8(ascii: "0") {
            index &+= 1
            if index < end, isDigit(base[index]) { return false }
        } else if index &+ 8 <= end {
            head = Self.word(at: base + index)
            var count = DigitWords.leadingDigitCount(head)
            index &+= count
            while count == 8 && index &+ 8 <= end {
                count = DigitWords.leadingDigitCount(Self.word(at: base + index))
                index &+= count
            }
            if count == 8 { skipDigits() }
        } else {
            skipDigits()
        }
        if index < end, base[index] == UInt8(ascii: ".") || base[index] | 0x20 == UInt8(ascii: "e") {
            return readFractionAndExponent(start: start, digitsStart: digitsStart, head: head)
        }
        if index &- digitsStart >= 19 { countLongInteger(start: start) }
        return true
    }

    /// Reads the rest of a number token whose integer digits are at `digitsStart..<index`,
    /// gathering its digits into one significand (eight at a time from words where they fit),
    /// and counts the token as each writer writes it back.
    ///
    /// - Parameter head: The word at `digitsStart` that ``readNumber()`` read, or 0.
    @inline(never)
    private mutating func readFractionAndExponent(start: Int, digitsStart: Int, head: UInt64) -> Bool {
        let integerDigits = index &- digitsStart
        var fractionDigits = 0
        var fractionValue: UInt64 = 0
        // Whether `fractionValue` holds the fraction's digits.
        var fractionIsRead = true
        if base[index] == UInt8(ascii: ".") {
            index &+= 1
            let fractionStart = index
            if index &+ 8 <= end {
                let word = Self.word(at: base + index)
                let count = DigitWords.leadingDigitCount(word)
                index &+= count
                if count == 8 {
                    skipDigits()
                    fractionIsRead = false
                } else if count > 0 {
                    fractionValue = DigitWords.value(word, count: count)
                }
            } else {
                skipDigits()
                fractionIsRead = false
            }
            guard index > fractionStart else { return false }
            fractionDigits = index &- fractionStart
        }
        var scale = 0 &- fractionDigits
        var hasExponent = false
        if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
            hasExponent = true
            index &+= 1
            var exponentIsNegative = false
            if index < end, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") {
                exponentIsNegative = base[index] == UInt8(ascii: "-")
                index &+= 1
            }
            guard index < end, isDigit(base[index]) else { return false }
            var exponent = 0
            while index < end, isDigit(base[index]) {
                // Saturates far past any Double's exponent.
                if exponent < 100_000 { exponent = exponent &* 10 &+ Int(base[index] &- UInt8(ascii: "0")) }
                index &+= 1
            }
            scale &+= exponentIsNegative ? 0 &- exponent : exponent
        }
        let sent = index &- start
        var counts: (swift: Int, objc: Int)? = nil
        // Up to 19 digits the significand fits 64 bits; past that only the general rules count.
        if integerDigits &+ fractionDigits <= 19 {
            var significand: UInt64
            if fractionIsRead,
                let integerValue = integerValue(digitsStart: digitsStart, count: integerDigits, head: head)
            {
                significand = integerValue &* RewrittenNumber.integerPowerOfTen(fractionDigits) &+ fractionValue
            } else {
                significand = 0
                var position = digitsStart
                while position < index {
                    let digit = base[position] &- UInt8(ascii: "0")
                    if digit < 10 {
                        significand = significand &* 10 &+ UInt64(digit)
                    } else if base[position] != UInt8(ascii: ".") {
                        break
                    }
                    position &+= 1
                }
            }
            counts = RewrittenNumber.byteCounts(
                significand: significand, scale: scale, isNegative: digitsStart != start,
                isPlainFraction: !hasExponent && base[index &- 1] != UInt8(ascii: "0"), sentByteCount: sent)
        }
        addNumber(start: start, sent: sent, counts: counts ?? Self.generalByteCounts(base + start, count: sent))
        return true
    }

    /// The value of the `count` integer digits at `digitsStart` from the words that hold them,
    /// or `nil` when they are not all in `head` and one more word inside the text.
    @inline(__always)
    private func integerValue(digitsStart: Int, count: Int, head: UInt64) -> UInt64? {
        if head == 0 { return base[digitsStart] == UInt8(ascii: "0") ? 0 : nil }
        if count <= 8 { return DigitWords.value(head, count: count) }
        guard count <= 16, digitsStart &+ 16 <= end else { return nil }
        let rest = count &- 8
        return DigitWords.value(head, count: 8) &* RewrittenNumber.integerPowerOfTen(rest)
            &+ DigitWords.value(Self.word(at: base + (digitsStart &+ 8)), count: rest)
    }

    /// Counts an integer token of 19 digits or more, which may not fit 64 bits.
    @inline(never)
    private mutating func countLongInteger(start: Int) {
        addNumber(
            start: start, sent: index &- start, counts: Self.generalByteCounts(base + start, count: index &- start))
    }

    /// Both writers' counts of a number token by ``RewrittenNumber``'s general rules.
    @inline(never)
    private static func generalByteCounts(_ token: UnsafePointer<UInt8>, count: Int) -> (swift: Int, objc: Int) {
        RewrittenNumber.byteCounts(ofToken: UnsafeBufferPointer(start: token, count: count))
    }

    /// Adds a number token at `start..<index` as each writer writes it, and names it as the first
    /// grown number of every open value that has none yet.
    @inline(__always)
    private mutating func addNumber(start: Int, sent: Int, counts: (swift: Int, objc: Int)) {
        rewriting.swiftNumberBytes &+= counts.swift &- sent
        rewriting.objcNumberBytes &+= counts.objc &- sent
        if counts.swift > sent {
            rewriting.swiftGrownCount &+= 1
            while swiftUngrownOpen < openRewriting.count {
                openRewriting[swiftUngrownOpen].swiftFirstGrown = start..<index
                swiftUngrownOpen &+= 1
            }
        }
        if counts.objc > sent {
            rewriting.objcGrownCount &+= 1
            while objcUngrownOpen < openRewriting.count {
                openRewriting[objcUngrownOpen].objcFirstGrown = start..<index
                objcUngrownOpen &+= 1
            }
        }
    }

    @inline(__always)
    private mutating func skipDigits() {
        while index < end, isDigit(base[index]) { index &+= 1 }
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Moves past a string token starting at its opening quote; sets `stringIsPlain` and
    /// `stringHasEscape`, and adds what Foundation's writers add to it to `rewriting`.
    ///
    /// Eight bytes at a time, the loop looks for the bytes that need a closer look: `"`, `\`, a
    /// control character, a non-ASCII byte or `/` (which both writers write as `\/`). (Swift's
    /// SIMD types compile to scalar loops here, so the eight lanes are bits of one `UInt64`.)
    @_transparent
    private mutating func readString() -> Bool {
        index &+= 1
        stringIsPlain = true
        stringHasEscape = false
        while true {
            while index &+ 8 <= end {
                let mask = Self.attentionMask(Self.word(at: base + index))
                if mask == 0 {
                    index &+= 8
                    continue
                }
                index &+= mask.trailingZeroBitCount >> 3
                break
            }
            guard index < end else { return false }
            let byte = base[index]
            if byte == UInt8(ascii: "\"") {
                index &+= 1
                return true
            } else if byte == UInt8(ascii: "\\") {
                stringIsPlain = false
                stringHasEscape = true
                guard readEscape() else { return false }
            } else if byte < 0x20 {
                return false
            } else if byte >= 0x80 {
                stringIsPlain = false
                guard skipUTF8Sequence() else { return false }
            } else {
                // `/` is written `\/`.
                if byte == UInt8(ascii: "/") { rewriting.stringBytes &+= 1 }
                index &+= 1
            }
        }
    }

    /// The eight bytes at `pointer` as one word, the first byte lowest whatever the platform's
    /// byte order (the masks and shifts count bytes from the low end). The caller keeps the
    /// eight bytes inside the text (`README.md`, assumption 1).
    @inline(__always)
    private static func word(at pointer: UnsafePointer<UInt8>) -> UInt64 {
        UInt64(littleEndian: UnsafeRawPointer(pointer).loadUnaligned(as: UInt64.self))
    }

    /// The high bit of each byte of `word` that is `"`, `\`, `/`, below 0x20 or above 0x7F.
    ///
    /// A byte's bit can also be set spuriously, but only above a byte that really is one of
    /// those (the borrow of the subtraction runs upward), so the lowest set bit is always exact.
    @inline(__always)
    private static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let slashes = word ^ (ones &* 0x2F)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let zeroSlash = (slashes &- ones) & ~slashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | zeroSlash | control | word) & (ones &* 0x80)
    }

    /// Moves past one escape starting at its backslash, pairing `\u` surrogates as
    /// ``JSONScanner`` does, and adds what Foundation's writers make of it to `rewriting`: a
    /// one-letter escape is written back as two bytes again, a `\u` escape as the character's
    /// own escape or its raw UTF-8.
    private mutating func readEscape() -> Bool {
        index &+= 1
        guard index < end else { return false }
        switch base[index] {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"), UInt8(ascii: "b"), UInt8(ascii: "f"),
            UInt8(ascii: "n"), UInt8(ascii: "r"), UInt8(ascii: "t"):
            index &+= 1
            return true
        case UInt8(ascii: "u"):
            index &+= 1
            guard let unit = readHex4() else { return false }
            if unit >= 0xDC00 && unit <= 0xDFFF { return false }
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard end &- index >= 6, base[index] == UInt8(ascii: "\\"), base[index &+ 1] == UInt8(ascii: "u")
                else { return false }
                index &+= 2
                guard let low = readHex4(), low >= 0xDC00 && low <= 0xDFFF else { return false }
                // Twelve bytes sent, four of UTF-8 written.
                rewriting.stringBytes &-= 8
                return true
            }
            rewriting.stringBytes &+= Self.writtenByteCount(ofEscaped: unit) &- 6
            return true
        default:
            return false
        }
    }

    /// The bytes Foundation's writers write for the character a `\u` escape outside the
    /// surrogates stands for (``JSONEscaping``'s rules).
    private static func writtenByteCount(ofEscaped unit: UInt16) -> Int {
        switch unit {
        case 0x08, 0x09, 0x0A, 0x0C, 0x0D, 0x22, 0x2F, 0x5C: 2
        case ..<0x20: 6
        case ..<0x80: 1
        case ..<0x800: 2
        default: 3
        }
    }

    private mutating func readHex4() -> UInt16? {
        guard end &- index >= 4 else { return nil }
        var value: UInt16 = 0
        for _ in 0..<4 {
            let byte = base[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte &- UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte &- UInt8(ascii: "a") &+ 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte &- UInt8(ascii: "A") &+ 10
            default: return nil
            }
            value = value << 4 | UInt16(digit)
            index &+= 1
        }
        return value
    }

    /// Validates one multi-byte UTF-8 sequence (Unicode Table 3-7) and moves past it.
    private mutating func skipUTF8Sequence() -> Bool {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return false
        }
        guard end &- index >= length else { return false }
        let second = base[index &+ 1]
        guard second >= low && second <= high else { return false }
        var offset = 2
        while offset < length {
            guard base[index &+ offset] & 0xC0 == 0x80 else { return false }
            offset &+= 1
        }
        index &+= length
        return true
    }
}
