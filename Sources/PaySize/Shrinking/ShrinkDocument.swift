import Foundation

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
    let measuredPaths: [ShrinkPath]

    init(root: JSONElement, source: [UInt8], measuredPaths: [ShrinkPath] = [.root]) {
        self.root = ShrinkNode(root)
        self.source = source
        self.measuredPaths = measuredPaths
        self.escapesSlashes = Self.escapesSlashes(in: root, source: source) ?? true
    }

    /// The measured size: the root's compact size, or the sum of the measured subtrees'.
    var byteCount: Int {
        if measuredPaths == [.root] { return root.byteCount }
        return measuredPaths.reduce(0) { total, path in
            total + root.nodes(at: path.components[...]).reduce(0) { $0 + $1.byteCount }
        }
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
    mutating func modify(_ path: ShrinkPath, _ body: (inout ShrinkNode) -> Void) {
        root.modify(path.components[...], body)
    }

    /// Every node `path` reaches, in document order.
    func nodes(at path: ShrinkPath) -> [ShrinkNode] {
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
