@_spi(Internals) import PaySizeJSON

/// RFC 3986 `URI` and `URI-reference`, checked character by character against the grammar: the
/// scheme, the authority (userinfo, an IP literal or a registered name, a numeric port), the path,
/// the query and the fragment. Host names are not resolved or checked further (`999.999.999.999` is
/// a valid registered name).
package enum URIGrammar {
    /// Whether `bytes` is a URI, or with `allowingRelative` a URI reference.
    package static func isURI(_ bytes: ArraySlice<UInt8>, allowingRelative: Bool) -> Bool {
        var rest = bytes
        // The fragment, then the query, come off the end.
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            guard rest[(hash + 1)...].allSatisfy({ isQueryCharacter($0) }), isPercentEncodingValid(rest[(hash + 1)...])
            else { return false }
            rest = rest[..<hash]
        }
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            guard rest[(question + 1)...].allSatisfy({ isQueryCharacter($0) }),
                isPercentEncodingValid(rest[(question + 1)...])
            else { return false }
            rest = rest[..<question]
        }
        // A scheme is what comes before a ':' that precedes every '/'; without one, a relative
        // reference's first segment must have no ':' (path-noscheme), so such a ':' is invalid.
        let colon = rest.firstIndex(of: UInt8(ascii: ":"))
        let slash = rest.firstIndex(of: UInt8(ascii: "/"))
        if let colon, slash.map({ colon < $0 }) ?? true {
            guard isScheme(rest[..<colon]) else { return false }
            rest = rest[(colon + 1)...]
        } else if !allowingRelative {
            return false
        }
        if rest.starts(with: "//".utf8) {
            let authorityEnd = rest.dropFirst(2).firstIndex(of: UInt8(ascii: "/")) ?? rest.endIndex
            guard isAuthority(rest[(rest.startIndex + 2)..<authorityEnd]) else { return false }
            rest = rest[authorityEnd...]
        }
        return rest.allSatisfy { isPathCharacter($0) || $0 == UInt8(ascii: "/") } && isPercentEncodingValid(rest)
    }

    private static func isAlpha(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    private static func isScheme(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, isAlpha(first) else { return false }
        return bytes.allSatisfy { isAlpha($0) || StandardFormat.isDigit($0) || Array("+-.".utf8).contains($0) }
    }

    /// `unreserved` and `sub-delims`, and `%` (its two hex digits checked apart).
    private static func isPlainCharacter(_ byte: UInt8) -> Bool {
        isAlpha(byte) || StandardFormat.isDigit(byte) || Array("-._~!$&'()*+,;=%".utf8).contains(byte)
    }

    /// `pchar`.
    private static func isPathCharacter(_ byte: UInt8) -> Bool {
        isPlainCharacter(byte) || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "@")
    }

    private static func isQueryCharacter(_ byte: UInt8) -> Bool {
        isPathCharacter(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?")
    }

    /// Every `%` is followed by two hex digits.
    private static func isPercentEncodingValid(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while let percent = bytes[index...].firstIndex(of: UInt8(ascii: "%")) {
            guard percent + 2 < bytes.endIndex, StandardFormat.isHexDigit(bytes[percent + 1]),
                StandardFormat.isHexDigit(bytes[percent + 2])
            else { return false }
            index = percent + 3
        }
        return true
    }

    private static func isAuthority(_ bytes: ArraySlice<UInt8>) -> Bool {
        var host = bytes
        if let at = bytes.firstIndex(of: UInt8(ascii: "@")) {
            let userinfo = bytes[..<at]
            guard userinfo.allSatisfy({ isPlainCharacter($0) || $0 == UInt8(ascii: ":") }),
                isPercentEncodingValid(userinfo)
            else { return false }
            host = bytes[(at + 1)...]
        }
        var port: ArraySlice<UInt8> = []
        if host.first == UInt8(ascii: "[") {
            guard let close = host.firstIndex(of: UInt8(ascii: "]")) else { return false }
            let literal = host[(host.startIndex + 1)..<close]
            guard isIPv6Literal(literal) || isFutureLiteral(literal) else { return false }
            let after = host[(close + 1)...]
            if !after.isEmpty {
                guard after.first == UInt8(ascii: ":") else { return false }
                port = after.dropFirst()
            }
        } else {
            if let colon = host.lastIndex(of: UInt8(ascii: ":")) {
                port = host[(colon + 1)...]
                host = host[..<colon]
            }
            guard host.allSatisfy({ isPlainCharacter($0) }), isPercentEncodingValid(host) else { return false }
        }
        return port.allSatisfy(StandardFormat.isDigit)
    }

    private static func isIPv6Literal(_ bytes: ArraySlice<UInt8>) -> Bool {
        StandardFormat.isIPv6(bytes)
    }

    /// `IPvFuture`: `v`, hex digits, `.`, and unreserved, sub-delims or `:`.
    private static func isFutureLiteral(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.first.map({ $0 | 0x20 }) == UInt8(ascii: "v"), let dot = bytes.firstIndex(of: UInt8(ascii: "."))
        else { return false }
        let version = bytes[(bytes.startIndex + 1)..<dot]
        let rest = bytes[(dot + 1)...]
        return !version.isEmpty && version.allSatisfy(StandardFormat.isHexDigit) && !rest.isEmpty
            && rest.allSatisfy { ($0 != UInt8(ascii: "%") && isPlainCharacter($0)) || $0 == UInt8(ascii: ":") }
    }
}
