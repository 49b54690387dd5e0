import Foundation
@_spi(Internals) import PaySizeJSON

/// URI references as JSON Schema resolves `$id`, `$ref` and `$dynamicRef` (RFC 3986, section 5):
/// plain string work, so that `urn:` identifiers, `file:` paths and `http:` identifiers all resolve
/// the same way on every platform.
package enum SchemaURI {
    /// The parts of a URI reference (RFC 3986, appendix B); `nil` where the part is absent.
    package struct Parts: Equatable {
        package var scheme: String?
        package var authority: String?
        package var path: String
        package var query: String?
        package var fragment: String?

        package init(_ text: String) {
            var rest = Substring(text)
            if let hash = rest.firstIndex(of: "#") {
                fragment = String(rest[rest.index(after: hash)...])
                rest = rest[..<hash]
            }
            if let question = rest.firstIndex(of: "?") {
                query = String(rest[rest.index(after: question)...])
                rest = rest[..<question]
            }
            if let colon = rest.firstIndex(of: ":"), colon != rest.startIndex,
                !rest[..<colon].contains(where: { $0 == "/" })
            {
                scheme = String(rest[..<colon])
                rest = rest[rest.index(after: colon)...]
            }
            if rest.hasPrefix("//") {
                let afterSlashes = rest.index(rest.startIndex, offsetBy: 2)
                let end = rest[afterSlashes...].firstIndex(of: "/") ?? rest.endIndex
                authority = String(rest[afterSlashes..<end])
                rest = rest[end...]
            }
            path = String(rest)
        }

        package var text: String {
            var text = ""
            if let scheme { text += scheme + ":" }
            if let authority { text += "//" + authority }
            text += path
            if let query { text += "?" + query }
            if let fragment { text += "#" + fragment }
            return text
        }
    }

    /// `reference` resolved against the absolute URI `base`.
    package static func resolve(_ reference: String, against base: String) -> String {
        let reference = Parts(reference)
        if reference.scheme != nil {
            var target = reference
            target.path = removingDotSegments(reference.path)
            return target.text
        }
        let base = Parts(base)
        var target = reference
        target.scheme = base.scheme
        if reference.authority != nil {
            target.path = removingDotSegments(reference.path)
        } else {
            target.authority = base.authority
            if reference.path.isEmpty {
                target.path = base.path
                target.query = reference.query ?? base.query
            } else if reference.path.hasPrefix("/") {
                target.path = removingDotSegments(reference.path)
            } else {
                let merged: String
                if base.authority != nil, base.path.isEmpty {
                    merged = "/" + reference.path
                } else if let slash = base.path.lastIndex(of: "/") {
                    merged = base.path[...slash] + reference.path
                } else {
                    merged = reference.path
                }
                target.path = removingDotSegments(merged)
            }
        }
        return target.text
    }

    /// `uri` without its fragment, and the fragment (empty when there is none).
    package static func splitFragment(_ uri: String) -> (document: String, fragment: String) {
        guard let hash = uri.firstIndex(of: "#") else { return (uri, "") }
        return (String(uri[..<hash]), String(uri[uri.index(after: hash)...]))
    }

    /// RFC 3986, section 5.2.4.
    package static func removingDotSegments(_ path: String) -> String {
        guard path.contains(".") else { return path }
        var output: [Substring] = []
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        for (offset, segment) in segments.enumerated() {
            let isLast = offset == segments.count - 1
            switch segment {
            case ".":
                if isLast { output.append("") }
            case "..":
                if output.count > 1 || (output.count == 1 && !output[0].isEmpty) { output.removeLast() }
                if isLast { output.append("") }
            default:
                output.append(segment)
            }
        }
        var joined = output.joined(separator: "/")
        if path.hasPrefix("/"), !joined.hasPrefix("/") { joined = "/" + joined }
        return joined
    }

    /// The `file:` URI of an absolute file path.
    package static func file(path: String) -> String {
        var encoded = ""
        for scalar in path.unicodeScalars {
            switch scalar {
            case "a"..."z", "A"..."Z", "0"..."9", "/", "-", "_", ".", "~", "+", "@", ":", "=", ",", "!", "$", "&",
                "'", "(", ")", "*", ";":
                encoded.unicodeScalars.append(scalar)
            default:
                for byte in String(scalar).utf8 {
                    encoded += "%" + (byte < 16 ? "0" : "") + String(byte, radix: 16, uppercase: true)
                }
            }
        }
        return "file://" + (encoded.hasPrefix("/") ? "" : "/") + encoded
    }

    /// The file path of a `file:` URI, or `nil` for another scheme.
    package static func filePath(_ uri: String) -> String? {
        let parts = Parts(splitFragment(uri).document)
        guard parts.scheme?.lowercased() == "file", parts.authority?.isEmpty ?? true else { return nil }
        return parts.path.removingPercentEncoding ?? parts.path
    }
}
