@_spi(Internals) import PaySize

/// Checks that findings point at real places in the value they are about.
package enum FindingPaths {
    /// Stops unless every finding's path names a value in `root`, or a missing key of a value
    /// that exists (a "missing required key" finding); and its byte offset, when it has one, lies
    /// inside `root`'s bytes. Messages must be one line.
    package static func check(_ findings: [PayloadFinding], in root: JSONElement, at prefix: JSONPointer = .root) {
        for finding in findings {
            let text = finding.description
            FuzzFailure.expect(
                !text.unicodeScalars.contains { $0 == "\n" || $0 == "\r" },
                "a finding spans lines: \(text.debugDescription)")
            let components = finding.path.components
            FuzzFailure.expect(
                components.starts(with: prefix.components), "finding \(finding.path) is not under \(prefix)")
            let relative = JSONPointer(components: Array(components.dropFirst(prefix.components.count)))
            if root.descendant(at: relative) == nil {
                guard case .key(let key)? = relative.components.last else {
                    fatalError("finding path \(finding.path) names no value, and does not end in a key: \(text)")
                }
                // The parent exists: an object without the key ("missing required key"), or a value
                // that should have been an object ("the payload has no 'aps' object" for `[]`).
                let parent = root.descendant(at: JSONPointer(components: Array(relative.components.dropLast())))
                FuzzFailure.expect(
                    parent != nil, "finding path \(finding.path) names no value, nor a key of one that exists: \(text)")
                FuzzFailure.expect(
                    parent?[key] == nil, "finding path \(finding.path) is not found though its parent has the key")
            }
            if let offset = finding.byteOffset, !root.byteRange.isEmpty {
                FuzzFailure.expect(
                    root.byteRange.contains(offset),
                    "finding byte offset \(offset) outside the value's bytes \(root.byteRange): \(text)")
            }
        }
    }
}
