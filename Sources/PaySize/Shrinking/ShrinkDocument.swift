import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// A payload being shrunk: its tree, the bytes it was read from, and how new strings are written.
///
/// Edits change the tree; ``byteCount`` measures the result exactly as ``jsonBytes()`` writes it.
struct ShrinkDocument: Sendable {
    var root: ShrinkNode
    /// The scanned bytes that untouched tokens are read from.
    let source: [UInt8]
    /// Whether new strings are written with `/` escaped as `\/`, as the payload's own are
    /// (Foundation's default; assumed when the payload shows neither).
    var escapesSlashes: Bool
    /// The subtrees whose sizes add up to the payload's: the root, or for an attributes and
    /// content-state pair the two values inside the wrapper that holds them.
    let measuredPaths: [JSONPointer]
    /// The subtrees ActivityKit counts on the device (<doc:WhatTheDeviceCounts>): a push's
    /// content state and a start's attributes, a bare content state's root, or both values of
    /// an attributes and content-state pair; empty when the payload holds neither.
    let devicePaths: [JSONPointer]

    /// A document of a scanned payload; `devicePaths` default to what ``devicePaths(of:)`` finds.
    init(root: JSONElement, source: [UInt8], measuredPaths: [JSONPointer] = [.root], devicePaths: [JSONPointer]? = nil)
    {
        self.root = ShrinkNode(root)
        self.source = source
        self.measuredPaths = measuredPaths
        self.devicePaths = devicePaths ?? Self.devicePaths(of: root)
        self.escapesSlashes = Self.escapesSlashes(in: root, source: source) ?? true
    }

    /// What ActivityKit counts in a payload, as `PayloadChecker` reads a push: `aps.content-state`
    /// and, when `aps.event` is `start`, `aps.attributes` (each only when it is an object); the
    /// root of an object without an `aps` object, which is a bare content state.
    static func devicePaths(of root: JSONElement) -> [JSONPointer] {
        guard let aps = root["aps"], aps.members != nil else { return root.members != nil ? [.root] : [] }
        var paths: [JSONPointer] = []
        if aps["content-state"]?.members != nil { paths.append(JSONPointer("aps", "content-state")) }
        if (aps["event"] ?? aps["events"])?.stringValue == "start", aps["attributes"]?.members != nil {
            paths.append(JSONPointer("aps", "attributes"))
        }
        return paths
    }

    /// The measured size: the root's compact size, or the sum of the measured subtrees'.
    var byteCount: Int {
        if measuredPaths == [.root] { return root.byteCount }
        return measuredPaths.reduce(0) { total, path in
            total + root.nodes(at: path.components[...]).reduce(0) { $0 + $1.byteCount }
        }
    }

    /// ActivityKit's figure as each writer writes it: the device paths' sizes added, or `nil`
    /// when the payload has nothing ActivityKit counts.
    var writtenByteCounts: WrittenByteCounts? {
        guard !devicePaths.isEmpty else { return nil }
        var total = WrittenByteCounts.zero
        for path in devicePaths {
            for node in root.nodes(at: path.components[...]) { total += node.writtenByteCounts }
        }
        return total
    }

    /// Both figures: the compact size and ActivityKit's figure on the device.
    var standing: ShrinkStanding {
        ShrinkStanding(byteCount: byteCount, device: writtenByteCounts)
    }

    /// The whole document as compact JSON.
    func jsonBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(root.byteCount)
        root.write(into: &output, source: source)
        return output
    }

    /// The compact JSON of one node.
    func jsonBytes(of node: ShrinkNode) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(node.byteCount)
        node.write(into: &output, source: source)
        return output
    }

    /// Changes every node `path` reaches.
    mutating func modify(_ path: JSONPointer, _ body: (inout ShrinkNode) -> Void) {
        root.modify(path.components[...], body)
    }

    /// Every node `path` reaches, in document order.
    func nodes(at path: JSONPointer) -> [ShrinkNode] {
        root.nodes(at: path.components[...])
    }

    /// A new string value, written as the payload writes its strings.
    func stringNode(_ string: String) -> ShrinkNode {
        ShrinkNode(content: .string(string, .encoded(Self.encoded(string, escapingSlashes: escapesSlashes))))
    }

    /// `string` quoted and escaped by ``PayloadEncoder``, as Foundation's `JSONEncoder` writes it.
    static func encoded(_ string: String, escapingSlashes: Bool) -> [UInt8] {
        JSONString.quoted(string, escapingSlashes: escapingSlashes)
    }

    /// Whether the payload's strings escape `/`: `true` when a token holds `\/`, `false` when
    /// one holds a raw `/`, `nil` when no string has a slash.
    private static func escapesSlashes(in element: JSONElement, source: [UInt8]) -> Bool? {
        var evidence: Bool? = nil
        func visit(_ range: Range<Int>) {
            var index = range.lowerBound
            while index < range.upperBound {
                let byte = source[index]
                if byte == UInt8(ascii: "\\") {
                    if index + 1 < range.upperBound, source[index + 1] == UInt8(ascii: "/") {
                        evidence = true
                        return
                    }
                    index += 2
                    continue
                }
                if byte == UInt8(ascii: "/") {
                    evidence = false
                    return
                }
                index += 1
            }
        }
        var stack = [element]
        while let next = stack.popLast(), evidence == nil {
            switch next.content {
            case .object(let members):
                for member in members {
                    visit(member.keyRange)
                    stack.append(member.value)
                }
            case .array(let elements):
                stack.append(contentsOf: elements)
            case .string:
                visit(next.byteRange)
            default:
                break
            }
        }
        return evidence
    }
}
