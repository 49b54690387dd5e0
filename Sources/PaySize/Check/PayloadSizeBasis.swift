/// Which figure of a payload is judged against the limit: its compact form or its bytes as written.
///
/// APNs counts the body exactly as it receives it (<doc:SizeLimits>). A checked-in fixture is
/// usually pretty-printed while the server sends it compact, so fixtures are judged by their
/// compact form; a body captured from a client or a log is what was sent, so it is judged as
/// written.
public enum PayloadSizeBasis: Sendable, Equatable {
    /// Whitespace outside strings removed, every token kept as written.
    case compact
    /// Every byte of the input, whitespace included.
    case asWritten

    /// The name written in reports, JSON output and command-line options.
    package var rawValue: String {
        switch self {
        case .compact: "compact"
        case .asWritten: "asWritten"
        }
    }

    /// The value a report or option names, or `nil` for another name.
    package init?(rawValue: String) {
        switch rawValue {
        case "compact": self = .compact
        case "asWritten": self = .asWritten
        default: return nil
        }
    }

    /// How sizes judged on this basis are measured, in one line.
    package var measurement: String {
        switch self {
        case .compact: PayloadReport.measurement
        case .asWritten:
            "bytes as written (whitespace included), as APNs counts a body sent unchanged; tiers are advisory"
        }
    }
}
