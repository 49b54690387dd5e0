import Dispatch

/// A one-line progress report on standard error while a large input is read: bytes so far, rate
/// and time left, redrawn in place at most four times a second.
///
/// Drawn only when standard error is a terminal; anything else written to standard error clears
/// it first (``clear()``), so diagnostics never share its line.
final class ProgressLine {
    /// The least time between two redraws, in nanoseconds.
    static let redrawNanoseconds: UInt64 = 250_000_000

    let file: String
    let totalByteCount: Int?
    private let streams: OutputStreams
    private let startNanoseconds = DispatchTime.now().uptimeNanoseconds
    private var lastDrawNanoseconds: UInt64 = 0
    private var isShown = false

    /// A progress line for `file`, or `nil` when standard error is not a terminal.
    init?(file: String, totalByteCount: Int?, streams: OutputStreams) {
        guard streams.errorIsTerminal else { return nil }
        self.file = file
        self.totalByteCount = totalByteCount
        self.streams = streams
        self.lastDrawNanoseconds = startNanoseconds
    }

    /// Redraws with `byteCount` bytes read, unless the last redraw was too recent.
    func update(_ byteCount: Int) {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now - lastDrawNanoseconds >= Self.redrawNanoseconds else { return }
        lastDrawNanoseconds = now
        let text = Self.text(
            file: file, byteCount: byteCount, totalByteCount: totalByteCount,
            elapsedSeconds: Double(now - startNanoseconds) / 1e9)
        streams.writeError("\r" + text + "\u{1B}[K")
        isShown = true
    }

    /// Removes the line, if drawn.
    func clear() {
        guard isShown else { return }
        streams.writeError("\r\u{1B}[K")
        isShown = false
    }

    /// `FILE: 120.0 MB of 480.0 MB (25%), 640.0 MB/s, 1 s left`; without a known total, only the
    /// bytes and the rate.
    static func text(file: String, byteCount: Int, totalByteCount: Int?, elapsedSeconds: Double) -> String {
        let rate = elapsedSeconds > 0 ? Double(byteCount) / elapsedSeconds : 0
        var text = "\(file): \(decimalBytes(Double(byteCount)))"
        if let totalByteCount, totalByteCount > 0 {
            text += " of \(decimalBytes(Double(totalByteCount))) (\(min(100, byteCount * 100 / totalByteCount))%)"
        }
        text += ", \(decimalBytes(rate))/s"
        if let totalByteCount, rate > 0, totalByteCount >= byteCount {
            text += ", \(Int((Double(totalByteCount - byteCount) / rate).rounded(.up))) s left"
        }
        return text
    }

    /// `512 B`, `1.5 kB`, `12.0 MB`, `3.4 GB` (powers of 1000).
    static func decimalBytes(_ value: Double) -> String {
        let units = ["B", "kB", "MB", "GB", "TB"]
        var scaled = value
        var unit = 0
        while scaled >= 1000, unit < units.count - 1 {
            scaled /= 1000
            unit += 1
        }
        if unit == 0 { return "\(Int(scaled)) B" }
        let tenths = Int((scaled * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) \(units[unit])"
    }
}
