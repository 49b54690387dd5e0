/// A line diff of two texts in unified form: `@@ -old,count +new,count @@` hunks of `-` removed,
/// `+` added and ` ` context lines.
///
/// Built from a longest common subsequence of lines, so a schema that gained one key shows
/// that key's lines and nothing else. Texts are schema documents, a few hundred lines; past
/// ``maximumCells`` line pairs the whole old text is shown removed and the new one added.
struct LineDiff: Equatable {
    /// One line of the diff.
    enum Line: Equatable {
        case context(String)
        case removed(String)
        case added(String)
    }

    /// The lines, in order, with the old and new line numbers each starts at (1-based).
    private(set) var lines: [(line: Line, old: Int, new: Int)] = []

    /// How many line pairs the common-subsequence table may hold.
    static let maximumCells = 4_000_000

    init(old: String, new: String) {
        let a = Self.split(old)
        let b = Self.split(new)
        var oldNumber = 1
        var newNumber = 1
        for line in Self.edits(a, b) {
            lines.append((line, oldNumber, newNumber))
            switch line {
            case .context:
                oldNumber += 1
                newNumber += 1
            case .removed: oldNumber += 1
            case .added: newNumber += 1
            }
        }
    }

    static func == (lhs: LineDiff, rhs: LineDiff) -> Bool {
        lhs.lines.map(\.line) == rhs.lines.map(\.line)
    }

    /// Whether the texts differ line by line.
    var hasChanges: Bool {
        lines.contains { if case .context = $0.line { false } else { true } }
    }

    /// The unified text: hunks with `context` lines around each change, at most `maximumLines`
    /// lines of them, then how many more were left out.
    func unified(context: Int = 2, maximumLines: Int = 120) -> String {
        var output: [String] = []
        var index = 0
        var shown = 0
        var omitted = 0
        while index < lines.count {
            guard let change = lines[index...].firstIndex(where: { !$0.line.isContext }) else { break }
            // One hunk while at most two contexts' worth of unchanged lines separate its changes.
            var end = change
            while let next = lines[(end + 1)...].firstIndex(where: { !$0.line.isContext }),
                next - end - 1 <= 2 * context
            {
                end = next
            }
            let start = max(change - context, index)
            let stop = min(end + context, lines.count - 1)
            let hunk = lines[start...stop]
            let oldCount = hunk.filter { !$0.line.isAdded }.count
            let newCount = hunk.filter { !$0.line.isRemoved }.count
            let header = "@@ -\(hunk.first!.old),\(oldCount) +\(hunk.first!.new),\(newCount) @@"
            for text in [header] + hunk.map(\.line.text) {
                if shown < maximumLines {
                    output.append(text)
                    shown += 1
                } else {
                    omitted += 1
                }
            }
            index = stop + 1
        }
        if omitted > 0 { output.append("… \(omitted) more diff lines") }
        return output.joined(separator: "\n")
    }

    /// The lines of `text`; a final newline does not start an empty last line.
    private static func split(_ text: String) -> [Substring] {
        var parts = text.split(separator: "\n", omittingEmptySubsequences: false)
        if parts.last == "" { parts.removeLast() }
        return parts
    }

    /// The edit script from `a` to `b` along a longest common subsequence.
    private static func edits(_ a: [Substring], _ b: [Substring]) -> [Line] {
        // Lines equal at both ends need no table.
        var prefix = 0
        while prefix < a.count, prefix < b.count, a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix, suffix < b.count - prefix, a[a.count - 1 - suffix] == b[b.count - 1 - suffix] {
            suffix += 1
        }
        let oldMiddle = Array(a[prefix..<(a.count - suffix)])
        let newMiddle = Array(b[prefix..<(b.count - suffix)])
        var script = a[..<prefix].map { Line.context(String($0)) }
        script += middleEdits(oldMiddle, newMiddle)
        script += a[(a.count - suffix)...].map { Line.context(String($0)) }
        return script
    }

    private static func middleEdits(_ a: [Substring], _ b: [Substring]) -> [Line] {
        guard !a.isEmpty, !b.isEmpty, a.count * b.count <= maximumCells else {
            return a.map { .removed(String($0)) } + b.map { .added(String($0)) }
        }
        // common[i][j]: the longest common subsequence of a[i...] and b[j...].
        let width = b.count + 1
        var common = [Int](repeating: 0, count: (a.count + 1) * width)
        for i in stride(from: a.count - 1, through: 0, by: -1) {
            for j in stride(from: b.count - 1, through: 0, by: -1) {
                common[i * width + j] =
                    a[i] == b[j]
                    ? common[(i + 1) * width + j + 1] + 1
                    : max(common[(i + 1) * width + j], common[i * width + j + 1])
            }
        }
        var script: [Line] = []
        var i = 0
        var j = 0
        while i < a.count || j < b.count {
            if i < a.count, j < b.count, a[i] == b[j] {
                script.append(.context(String(a[i])))
                i += 1
                j += 1
            } else if i < a.count, j == b.count || common[(i + 1) * width + j] >= common[i * width + j + 1] {
                // Removed lines before added ones, as unified diffs show a changed line.
                script.append(.removed(String(a[i])))
                i += 1
            } else {
                script.append(.added(String(b[j])))
                j += 1
            }
        }
        return script
    }
}

extension LineDiff.Line {
    var isContext: Bool {
        if case .context = self { return true }
        return false
    }

    var isAdded: Bool {
        if case .added = self { return true }
        return false
    }

    var isRemoved: Bool {
        if case .removed = self { return true }
        return false
    }

    /// The line as the unified diff prints it.
    var text: String {
        switch self {
        case .context(let line): " " + line
        case .removed(let line): "-" + line
        case .added(let line): "+" + line
        }
    }
}
