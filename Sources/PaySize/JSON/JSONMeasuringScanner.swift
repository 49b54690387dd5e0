/// Reads a JSON text as strictly as ``JSONScanner`` but builds no tree: it only says whether the
/// text is accepted and measures it, and the values at a few JSON Pointers.
///
/// A log of a million pushes needs each line's compact size and the size of one or two members,
/// not a tree of every value. This scanner walks the bytes once through unsafe pointers, skips
/// string contents eight bytes at a time, and keeps only a stack of open containers and the keys
/// of the open objects, so it runs several times faster than ``JSONScanner`` and allocates
/// nothing once warmed up.
///
/// It accepts exactly what ``JSONScanner`` accepts with the same `maximumDepth` and
/// `duplicateKeys` (UTF-8 validated, no byte order mark, no `NaN`, no leading zeros, no
/// unescaped control characters, no lone surrogates, keys compared as Swift strings), and its
/// sizes are the ones ``JSONElement`` carries. It says only *whether* a text is refused: scan a
/// refused text with ``JSONScanner/scan(_:maximumDepth:duplicateKeys:)`` for the error, its
/// position and its path.
///
/// ```swift
/// var scanner = JSONMeasuringScanner(measuring: [JSONPointer("aps", "content-state")])
/// let line = Array(#"{"aps":{"event":"update","content-state":{"eta":5}}}"#.utf8)
/// line.withUnsafeBytes { scanner.measure($0) }    // true
/// scanner.compactByteCount                        // 51
/// scanner.measurement(at: 0)?.compactByteCount    // 9, the size of {"eta":5}
/// ```
///
/// A scanner is a value with scratch storage that it reuses from one text to the next: keep one
/// per thread.
public struct JSONMeasuringScanner {
    /// The pointers whose values are measured, in the order given.
    public let pointers: [JSONPointer]
    /// How many arrays and objects may nest inside each other.
    public let maximumDepth: Int
    /// Whether a repeated key in one object refuses the text.
    public let duplicateKeys: JSONScanner.DuplicateKeyPolicy

    /// The compact size of the last text measured; 0 when it was refused.
    public private(set) var compactByteCount = 0

    private var measurements: [JSONMeasuredValue?]
    private let targets: [MeasuringTarget]
    private var scratch = MeasuringScratch()

    /// Makes a scanner that measures the values at `pointers`.
    ///
    /// - Parameters:
    ///   - pointers: At most 64 JSON Pointers; the root pointer measures the whole text. A pointer
    ///     follows the first member with its key, as ``JSONElement/descendant(at:)`` does.
    ///   - maximumDepth: How many arrays and objects may nest; default 512, as ``JSONScanner``.
    ///   - duplicateKeys: Whether a repeated key refuses the text; default
    ///     ``JSONScanner/DuplicateKeyPolicy/reject``, as ``JSONScanner``.
    public init(
        measuring pointers: [JSONPointer] = [], maximumDepth: Int = JSONScanner.defaultMaximumDepth,
        duplicateKeys: JSONScanner.DuplicateKeyPolicy = .reject
    ) {
        precondition(pointers.count <= 64, "a JSONMeasuringScanner measures at most 64 pointers")
        self.pointers = pointers
        self.maximumDepth = maximumDepth
        self.duplicateKeys = duplicateKeys
        self.targets = pointers.map(MeasuringTarget.init)
        self.measurements = Array(repeating: nil, count: pointers.count)
    }

    /// Reads one JSON text and measures it.
    ///
    /// - Parameter bytes: The UTF-8 text.
    /// - Returns: Whether the text is one strict JSON text; when it is, ``compactByteCount`` and
    ///   ``measurement(at:)`` describe it.
    public mutating func measure(_ bytes: UnsafeRawBufferPointer) -> Bool {
        compactByteCount = 0
        guard let base = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
            for index in measurements.indices { measurements[index] = nil }
            return false
        }
        var reader = MeasuringReader(
            base: base, end: bytes.count, maximumDepth: maximumDepth,
            rejectsDuplicateKeys: duplicateKeys == .reject, targets: targets)
        // Lend the scratch storage to the reader and take it back, so that neither copy is shared
        // and nothing is copied on write.
        swap(&reader.scratch, &scratch)
        swap(&reader.measurements, &measurements)
        reader.reset()
        let accepted = reader.readDocument()
        swap(&reader.scratch, &scratch)
        swap(&reader.measurements, &measurements)
        if accepted {
            compactByteCount = reader.rootCompactByteCount
        } else {
            for index in measurements.indices { measurements[index] = nil }
        }
        return accepted
    }

    /// Reads one JSON text held in an array; see ``measure(_:)-(UnsafeRawBufferPointer)``.
    public mutating func measure(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBytes { measure($0) }
    }

    /// The value at `pointers[index]` in the last text measured, or `nil` when the text has no
    /// such value or was refused.
    public func measurement(at index: Int) -> JSONMeasuredValue? {
        measurements[index]
    }
}

/// A pointer split for matching while scanning.
private struct MeasuringTarget {
    enum Component {
        /// An object key: its text, its UTF-8, and whether that is all ASCII.
        case key(String, [UInt8], isASCII: Bool)
        case index(Int)
    }

    var components: [Component]

    init(_ pointer: JSONPointer) {
        components = pointer.components.map { component in
            switch component {
            case .key(let key):
                let utf8 = Array(key.utf8)
                return .key(key, utf8, isASCII: utf8.allSatisfy { $0 < 0x80 })
            case .index(let index):
                return .index(index)
            }
        }
    }
}

/// Storage a scanner keeps between texts so that measuring allocates nothing once warmed up.
private struct MeasuringScratch {
    struct Frame {
        var isObject: Bool
        /// The first of this object's keys in the key arrays.
        var firstKey: Int
        /// Elements seen so far in an array, members in an object.
        var count: Int
        /// Whether this object has a key with an escape or a non-ASCII byte, so keys are compared
        /// as strings (Swift compares canonically equivalent strings as equal).
        var comparesStrings: Bool
    }

    struct OpenTarget {
        var mask: UInt64
        var kind: JSONMeasuredValue.Kind
        var start: Int
        var whitespace: Int
        var depth: Int
    }

    var frames: [Frame] = []
    var keyFingerprints: [UInt64] = []
    var keyStarts: [Int] = []
    var keyEnds: [Int] = []
    /// For each key, the previous key of its object with the same fingerprint (or -1), used by
    /// objects with many keys.
    var keyChains: [Int] = []
    /// Per open object depth with many keys: fingerprint → its latest key.
    var fingerprintTables: [Int: [UInt64: Int]] = [:]
    /// Per open object depth that compares keys as strings: the keys seen.
    var stringKeys: [Int: Set<String>] = [:]
    var matched: [Int] = []
    var open: [OpenTarget] = []
}

/// The scanner's working state over one text.
private struct MeasuringReader {
    /// Objects with more keys than this find duplicates through a fingerprint table, so that a
    /// huge object cannot make the check quadratic.
    static let linearKeyLimit = 16

    let base: UnsafePointer<UInt8>
    let end: Int
    let maximumDepth: Int
    let rejectsDuplicateKeys: Bool
    let targets: [MeasuringTarget]
    var scratch = MeasuringScratch()
    var measurements: [JSONMeasuredValue?] = []
    var rootCompactByteCount = 0

    private var index = 0
    /// Whitespace bytes skipped outside strings so far: a value's compact size is its byte count
    /// less the whitespace skipped inside it.
    private var whitespace = 0
    /// The largest entry of `scratch.matched`: keys deeper than one past it cannot match a target.
    private var deepestMatch = -1
    /// Targets whose value starts at the next value read.
    private var pendingMask: UInt64 = 0
    /// The depth of the innermost open target, or -1.
    private var openDepth = -1
    /// Whether the last string read had an escape or a non-ASCII byte.
    private var stringIsPlain = true

    init(
        base: UnsafePointer<UInt8>, end: Int, maximumDepth: Int, rejectsDuplicateKeys: Bool,
        targets: [MeasuringTarget]
    ) {
        self.base = base
        self.end = end
        self.maximumDepth = maximumDepth
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
        self.targets = targets
    }

    /// Clears the lent scratch storage, keeping its capacity, and sets up the targets.
    mutating func reset() {
        scratch.frames.removeAll(keepingCapacity: true)
        scratch.keyFingerprints.removeAll(keepingCapacity: true)
        scratch.keyStarts.removeAll(keepingCapacity: true)
        scratch.keyEnds.removeAll(keepingCapacity: true)
        scratch.keyChains.removeAll(keepingCapacity: true)
        if !scratch.fingerprintTables.isEmpty { scratch.fingerprintTables.removeAll() }
        if !scratch.stringKeys.isEmpty { scratch.stringKeys.removeAll() }
        scratch.open.removeAll(keepingCapacity: true)
        scratch.matched.removeAll(keepingCapacity: true)
        for position in measurements.indices { measurements[position] = nil }
        for (position, target) in targets.enumerated() {
            scratch.matched.append(0)
            if target.components.isEmpty { pendingMask |= 1 << UInt64(position) }
        }
        if !targets.isEmpty { deepestMatch = 0 }
    }

    mutating func readDocument() -> Bool {
        skipWhitespace()
        let start = index
        let whitespaceBefore = whitespace
        guard readValue() else { return false }
        rootCompactByteCount = (index - start) - (whitespace - whitespaceBefore)
        skipWhitespace()
        return index == end
    }

    // MARK: - Structure

    private mutating func readValue() -> Bool {
        valueLoop: while true {
            skipWhitespace()
            guard index < end else { return false }
            let byte = base[index]
            if pendingMask != 0 { openTargets(kind: Self.kind(startingWith: byte)) }
            switch byte {
            case UInt8(ascii: "{"):
                guard scratch.frames.count < maximumDepth else { return false }
                scratch.frames.append(
                    .init(isObject: true, firstKey: scratch.keyStarts.count, count: 0, comparesStrings: false))
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
                guard scratch.frames.count < maximumDepth else { return false }
                scratch.frames.append(.init(isObject: false, firstKey: 0, count: 0, comparesStrings: false))
                index &+= 1
                skipWhitespace()
                if index < end, base[index] == UInt8(ascii: "]") {
                    index &+= 1
                    scratch.frames.removeLast()
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
                if openDepth == scratch.frames.count { closeTargets() }
                guard let top = scratch.frames.last else { return true }
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
                        scratch.frames[scratch.frames.count &- 1].count &+= 1
                        startElement()
                        continue valueLoop
                    }
                    guard next == UInt8(ascii: "]") else { return false }
                    index &+= 1
                    scratch.frames.removeLast()
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
        let depth = scratch.frames.count &- 1
        let frame = scratch.frames.removeLast()
        if frame.count > Self.linearKeyLimit { scratch.fingerprintTables[depth] = nil }
        if frame.comparesStrings { scratch.stringKeys[depth] = nil }
        scratch.keyFingerprints.removeSubrange(frame.firstKey...)
        scratch.keyStarts.removeSubrange(frame.firstKey...)
        scratch.keyEnds.removeSubrange(frame.firstKey...)
        scratch.keyChains.removeSubrange(frame.firstKey...)
    }

    /// Reads `"key" :` for the innermost object, refusing a repeated key.
    private mutating func readKeyAndColon() -> Bool {
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: "\"") else { return false }
        let keyStart = index
        guard readString() else { return false }
        let keyEnd = index
        let plain = stringIsPlain
        if rejectsDuplicateKeys {
            guard recordKey(start: keyStart, end: keyEnd, plain: plain) else { return false }
        }
        let depth = scratch.frames.count
        scratch.frames[depth &- 1].count &+= 1
        if deepestMatch >= depth &- 1 { matchKey(start: keyStart, end: keyEnd, plain: plain, depth: depth) }
        skipWhitespace()
        guard index < end, base[index] == UInt8(ascii: ":") else { return false }
        index &+= 1
        return true
    }

    // MARK: - Duplicate keys

    /// Adds a key to the innermost object; `false` when the object already has it.
    private mutating func recordKey(start: Int, end keyEnd: Int, plain: Bool) -> Bool {
        let depth = scratch.frames.count &- 1
        let frame = scratch.frames[depth]
        if frame.comparesStrings || !plain {
            if !frame.comparesStrings {
                // From now on this object's keys are compared as strings: canonically equivalent
                // spellings (`"\u00e9"`, `"e\u0301"`, even `"\u212a"` and `"K"`) are one key.
                var keys = Set<String>()
                for position in frame.firstKey..<scratch.keyStarts.count {
                    keys.insert(decodedKey(start: scratch.keyStarts[position], end: scratch.keyEnds[position]))
                }
                scratch.stringKeys[depth] = keys
                scratch.frames[depth].comparesStrings = true
            }
            return scratch.stringKeys[depth]!.insert(decodedKey(start: start, end: keyEnd)).inserted
        }
        let fingerprint = self.fingerprint(start: start &+ 1, end: keyEnd &- 1)
        let keyCount = scratch.keyStarts.count &- frame.firstKey
        var chain = -1
        if keyCount < Self.linearKeyLimit {
            var position = frame.firstKey
            while position < scratch.keyStarts.count {
                if scratch.keyFingerprints[position] == fingerprint,
                    sameBytes(scratch.keyStarts[position], scratch.keyEnds[position], start, keyEnd)
                {
                    return false
                }
                position &+= 1
            }
        } else {
            if keyCount == Self.linearKeyLimit {
                var table: [UInt64: Int] = [:]
                for position in frame.firstKey..<scratch.keyStarts.count {
                    table[scratch.keyFingerprints[position]] = position
                }
                scratch.fingerprintTables[depth] = table
            }
            var candidate = scratch.fingerprintTables[depth]![fingerprint] ?? -1
            chain = candidate
            while candidate >= 0 {
                if sameBytes(scratch.keyStarts[candidate], scratch.keyEnds[candidate], start, keyEnd) { return false }
                candidate = scratch.keyChains[candidate]
            }
            scratch.fingerprintTables[depth]![fingerprint] = scratch.keyStarts.count
        }
        scratch.keyFingerprints.append(fingerprint)
        scratch.keyStarts.append(start)
        scratch.keyEnds.append(keyEnd)
        scratch.keyChains.append(chain)
        return true
    }

    /// A hash of the bytes `start..<end`, their count included.
    private func fingerprint(start: Int, end keyEnd: Int) -> UInt64 {
        var hash = UInt64(truncatingIfNeeded: keyEnd &- start) &* 0x9E37_79B9_7F4A_7C15
        var position = start
        while position &+ 8 <= keyEnd {
            let word = UnsafeRawPointer(base + position).loadUnaligned(as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            position &+= 8
        }
        var tail: UInt64 = 0
        var shift: UInt64 = 0
        while position < keyEnd {
            tail |= UInt64(base[position]) << shift
            shift &+= 8
            position &+= 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
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
        let token = UnsafeBufferPointer(start: base + start, count: keyEnd &- start)
        if !token.contains(UInt8(ascii: "\\")) {
            return String(decoding: UnsafeBufferPointer(rebasing: token.dropFirst().dropLast()), as: UTF8.self)
        }
        // The token was validated already; the strict scanner decodes its escapes.
        return (try? JSONScanner.scan(Array(token)))?.stringValue ?? ""
    }

    // MARK: - Pointers

    /// Follows the targets into the member whose key is at `start..<end`, in an object at `depth`.
    private mutating func matchKey(start: Int, end keyEnd: Int, plain: Bool, depth: Int) {
        let level = depth &- 1
        var decoded: String? = nil
        for position in targets.indices {
            let matched = scratch.matched[position]
            if matched > level {
                // The first member with the target's key has been read: JSONElement's subscript
                // never looks at a later one.
                scratch.matched[position] = -1
            } else if matched == level, level < targets[position].components.count,
                case .key(let key, let utf8, let isASCII) = targets[position].components[level]
            {
                let equal: Bool
                if plain && isASCII {
                    equal =
                        keyEnd &- start &- 2 == utf8.count
                        && utf8.withUnsafeBufferPointer { expected in
                            var offset = 0
                            while offset < expected.count {
                                if base[start &+ 1 &+ offset] != expected[offset] { return false }
                                offset &+= 1
                            }
                            return true
                        }
                } else {
                    if decoded == nil { decoded = decodedKey(start: start, end: keyEnd) }
                    equal = decoded! == key
                }
                if equal { advance(position, to: depth) }
            }
        }
        updateDeepestMatch()
    }

    /// Follows the targets into the next element of the array at the top of the stack.
    private mutating func startElement() {
        let depth = scratch.frames.count
        guard deepestMatch >= depth &- 1 else { return }
        let level = depth &- 1
        let elementIndex = scratch.frames[level].count
        for position in targets.indices {
            let matched = scratch.matched[position]
            if matched > level {
                scratch.matched[position] = -1
            } else if matched == level, level < targets[position].components.count,
                case .index(let wanted) = targets[position].components[level], wanted == elementIndex
            {
                advance(position, to: depth)
            }
        }
        updateDeepestMatch()
    }

    private mutating func advance(_ position: Int, to depth: Int) {
        scratch.matched[position] = depth
        if targets[position].components.count == depth, measurements[position] == nil {
            pendingMask |= 1 << UInt64(position)
        }
    }

    private mutating func updateDeepestMatch() {
        var deepest = -1
        for matched in scratch.matched where matched > deepest { deepest = matched }
        deepestMatch = deepest
    }

    private mutating func openTargets(kind: JSONMeasuredValue.Kind) {
        let depth = scratch.frames.count
        scratch.open.append(
            .init(mask: pendingMask, kind: kind, start: index, whitespace: whitespace, depth: depth))
        pendingMask = 0
        openDepth = depth
    }

    /// Records the targets whose value has just ended.
    private mutating func closeTargets() {
        let target = scratch.open.removeLast()
        let value = JSONMeasuredValue(
            kind: target.kind, byteRange: target.start..<index,
            compactByteCount: (index &- target.start) &- (whitespace &- target.whitespace))
        var mask = target.mask
        while mask != 0 {
            let position = mask.trailingZeroBitCount
            measurements[position] = value
            mask &= mask &- 1
        }
        openDepth = scratch.open.last?.depth ?? -1
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

    /// Compares the literal packed little-endian in `expected` (`true`, `false`, `null`).
    private mutating func readLiteral(_ expected: UInt64, count: Int) -> Bool {
        guard end &- index >= count else { return false }
        var offset = 0
        while offset < count {
            if UInt64(base[index &+ offset]) != (expected >> UInt64(offset &* 8)) & 0xFF { return false }
            offset &+= 1
        }
        index &+= count
        return true
    }

    /// Checks `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` and moves past it.
    private mutating func readNumber() -> Bool {
        if base[index] == UInt8(ascii: "-") {
            index &+= 1
            guard index < end, isDigit(base[index]) else { return false }
        }
        if base[index] == UInt8(ascii: "0") {
            index &+= 1
            if index < end, isDigit(base[index]) { return false }
        } else {
            skipDigits()
        }
        if index < end, base[index] == UInt8(ascii: ".") {
            index &+= 1
            guard index < end, isDigit(base[index]) else { return false }
            skipDigits()
        }
        if index < end, base[index] | 0x20 == UInt8(ascii: "e") {
            index &+= 1
            if index < end, base[index] == UInt8(ascii: "+") || base[index] == UInt8(ascii: "-") { index &+= 1 }
            guard index < end, isDigit(base[index]) else { return false }
            skipDigits()
        }
        return true
    }

    @inline(__always)
    private mutating func skipDigits() {
        while index < end, isDigit(base[index]) { index &+= 1 }
    }

    @inline(__always)
    private func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Moves past a string token starting at its opening quote; sets `stringIsPlain`.
    ///
    /// Eight bytes at a time, the loop looks for the bytes that need a closer look: `"`, `\`, a
    /// control character or a non-ASCII byte. (Swift's SIMD types compile to scalar loops here, so
    /// the eight lanes are bits of one `UInt64`.)
    private mutating func readString() -> Bool {
        index &+= 1
        stringIsPlain = true
        while true {
            while index &+ 8 <= end {
                let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
                let mask = Self.attentionMask(word)
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
                guard readEscape() else { return false }
            } else if byte < 0x20 {
                return false
            } else if byte >= 0x80 {
                stringIsPlain = false
                guard skipUTF8Sequence() else { return false }
            } else {
                index &+= 1
            }
        }
    }

    /// The high bit of each byte of `word` that is `"`, `\`, below 0x20 or above 0x7F.
    ///
    /// A byte's bit can also be set spuriously, but only above a byte that really is one of
    /// those (the borrow of the subtraction runs upward), so the lowest set bit is always exact.
    @inline(__always)
    private static func attentionMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let quotes = word ^ (ones &* 0x22)
        let backslashes = word ^ (ones &* 0x5C)
        let zeroQuote = (quotes &- ones) & ~quotes
        let zeroBackslash = (backslashes &- ones) & ~backslashes
        let control = (word &- ones &* 0x20) & ~word
        return (zeroQuote | zeroBackslash | control | word) & (ones &* 0x80)
    }

    /// Moves past one escape starting at its backslash, pairing `\u` surrogates as
    /// ``JSONScanner`` does.
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
            }
            return true
        default:
            return false
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
