/// How much a size may grow past its recorded baseline before a check fails: a percentage of
/// the baseline or a number of bytes.
///
/// ```swift
/// SizeTolerance.percent(5).maximumByteCount(from: 1000)   // 1050
/// SizeTolerance.bytes(40).maximumByteCount(from: 1000)    // 1040
/// ```
public enum SizeTolerance: Sendable, Equatable, CustomStringConvertible {
    /// Up to this percentage of the baseline, such as `5` for 5 %.
    case percent(Double)
    /// Up to this many bytes.
    case bytes(Int)

    /// Reads `5%` (a percentage) or `40` (bytes); `nil` for anything else or a negative value.
    ///
    /// - Parameter text: The tolerance as a command line or an environment variable spells it.
    package init?(_ text: String) {
        if text.hasSuffix("%") {
            guard let value = Double(text.dropLast()), value.isFinite, value >= 0 else { return nil }
            self = .percent(value)
        } else {
            guard let value = Int(text), value >= 0 else { return nil }
            self = .bytes(value)
        }
    }

    /// The largest size within the tolerance of `baseline` bytes (a percentage rounds down).
    ///
    /// - Parameter baseline: The recorded size in bytes.
    /// - Returns: The most bytes that still pass.
    package func maximumByteCount(from baseline: Int) -> Int {
        switch self {
        case .percent(let percent):
            let allowed = (Double(baseline) * percent / 100).rounded(.down)
            return baseline + (allowed < Double(Int.max / 2) ? Int(allowed) : Int.max / 2)
        case .bytes(let bytes):
            return baseline + bytes
        }
    }

    /// `5 %` or `40 bytes`.
    public var description: String {
        switch self {
        case .percent(let percent):
            var text = "\(percent)"
            if text.hasSuffix(".0") { text.removeLast(2) }
            return "\(text) %"
        case .bytes(let bytes):
            return bytes == 1 ? "1 byte" : "\(bytes) bytes"
        }
    }
}
