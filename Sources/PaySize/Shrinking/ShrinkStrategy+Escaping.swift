@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// Escaping overhead (`\/`, `\u00e9` where `é` would do) → server encoder settings; no
    /// decoder sees a difference, so no contract change. Applies to the whole payload, `aps`
    /// included. Also lists, at 0 bytes, whitespace in the payload as written: sizes are judged
    /// compact, but APNs counts what the server sends.
    static let escaping = ShrinkStrategy(id: "escaping") { context in
        var paths: [JSONPointer] = []
        var kinds: [String] = []
        var stack = [(JSONPointer.root, context.payload)]
        func note(_ path: JSONPointer, _ string: String, _ token: Range<Int>) {
            let minimal = ShrinkDocument.encoded(string, escapingSlashes: false).count
            guard minimal < token.count else { return }
            if !paths.contains(path.folded) { paths.append(path.folded) }
            let written = context.jsonBytes[token]
            for (kind, second) in [("\\/", UInt8(ascii: "/")), ("\\u", UInt8(ascii: "u"))] where !kinds.contains(kind) {
                if zip(written, written.dropFirst()).contains(where: { $0 == UInt8(ascii: "\\") && $1 == second }) {
                    kinds.append(kind)
                }
            }
        }
        while let (path, element) = stack.popLast() {
            switch element.content {
            case .object(let members):
                for member in members.reversed() {
                    let memberPath = path.appending(.key(member.key))
                    note(memberPath, member.key, member.keyRange)
                    stack.append((memberPath, member.value))
                }
            case .array(let elements):
                for (index, child) in elements.enumerated().reversed() {
                    stack.append((path.appending(.index(index)), child))
                }
            case .string(let string):
                note(path, string, element.byteRange)
            default:
                break
            }
        }
        var proposals: [ShrinkCandidate] = []
        if !paths.isEmpty {
            proposals.append(
                ShrinkCandidate(
                    id: "escaping", kind: "escaping",
                    title:
                        "escapes the JSON does not need (\(kinds.joined(separator: ", "))) at \(summary(of: paths)) → server encoder settings",
                    paths: paths, contractChange: .none,
                    howToApply: """
                        Add .withoutEscapingSlashes to the server's JSONEncoder outputFormatting (Foundation writes / as \\/ by default); with other encoders, write non-ASCII as UTF-8 (Python: json.dumps(payload, ensure_ascii=False)). Every JSON decoder reads both spellings alike.
                        """,
                    isLossy: false, edit: .rewritingEscapes))
        }
        // A final newline in a file is not something a server sends; other whitespace may be.
        let finalNewline = context.jsonBytes.last == UInt8(ascii: "\n") ? 1 : 0
        if let written = context.writtenByteCount, written - finalNewline > context.byteCount {
            proposals.append(
                ShrinkCandidate(
                    id: "compact-output", kind: "compact-output",
                    title:
                        "whitespace: \(written) bytes as written, \(context.byteCount) compact; sizes are judged compact",
                    paths: [.root], contractChange: .none,
                    howToApply: """
                        Nothing to gain over the compact size measured here, but APNs counts the body exactly as sent: make sure the server sends compact JSON (no .prettyPrinted), or this payload costs \(written) bytes.
                        """,
                    isLossy: false, edit: .unchanged, reportsWithoutSaving: true))
        }
        return proposals
    }
}
