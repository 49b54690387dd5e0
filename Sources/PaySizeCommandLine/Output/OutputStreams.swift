#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a command writes its verdicts (standard output) and diagnostics (standard error).
///
/// The standard streams for the executable; buffers for tests and fuzz targets, which run the
/// whole command in process.
public final class OutputStreams {
    private enum Destination {
        case file(descriptor: Int32)
        case buffer
    }

    private let destination: Destination
    /// Everything written to standard output, when capturing.
    public private(set) var standardOutput: [UInt8] = []
    /// Everything written to standard error, when capturing.
    public private(set) var standardError: [UInt8] = []
    /// Bytes to serve as standard input when capturing.
    public let standardInput: [UInt8]
    /// Whether text output may use ANSI colour.
    public let allowsColor: Bool
    /// Whether standard error is a terminal, where a progress line may be drawn.
    public let errorIsTerminal: Bool

    private init(destination: Destination, standardInput: [UInt8], allowsColor: Bool, errorIsTerminal: Bool = false) {
        self.destination = destination
        self.standardInput = standardInput
        self.allowsColor = allowsColor
        self.errorIsTerminal = errorIsTerminal
    }

    /// The process's standard streams; colour only on a terminal and only when `NO_COLOR` is unset
    /// or empty (see no-color.org).
    public static var standard: OutputStreams {
        let noColor = getenv("NO_COLOR").map { String(cString: $0) } ?? ""
        return OutputStreams(
            destination: .file(descriptor: 1), standardInput: [],
            allowsColor: isatty(1) == 1 && noColor.isEmpty, errorIsTerminal: isatty(2) == 1)
    }

    /// Streams that collect output in memory, reading `standardInput` for `-`.
    ///
    /// - Parameter errorIsTerminal: Whether to act as if standard error were a terminal (progress
    ///   lines are then captured too); default `false`.
    public static func capturing(standardInput: [UInt8] = [], errorIsTerminal: Bool = false) -> OutputStreams {
        OutputStreams(
            destination: .buffer, standardInput: standardInput, allowsColor: false, errorIsTerminal: errorIsTerminal)
    }

    /// Whether `-` reads the process's real standard input.
    var readsProcessInput: Bool {
        if case .file = destination { return true }
        return false
    }

    /// The columns text output wraps to: from `COLUMNS` or the terminal for the process's streams
    /// (see ``SuggestOutcome/width(columns:terminalWidth:)``), 100 when capturing.
    var textWidth: Int {
        guard case .file(let descriptor) = destination else { return SuggestOutcome.defaultWidth }
        var terminalWidth: Int? = nil
        if isatty(descriptor) == 1 {
            var size = winsize()
            if ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0 { terminalWidth = Int(size.ws_col) }
        }
        return SuggestOutcome.width(
            columns: getenv("COLUMNS").map { String(cString: $0) }, terminalWidth: terminalWidth)
    }

    /// The captured standard output as text.
    public var outputText: String { String(decoding: standardOutput, as: UTF8.self) }
    /// The captured standard error as text.
    public var errorText: String { String(decoding: standardError, as: UTF8.self) }

    func writeOutput(_ text: String) {
        emit(text, descriptor: 1)
    }

    func writeError(_ text: String) {
        emit(text, descriptor: 2)
    }

    private func emit(_ text: String, descriptor: Int32) {
        switch destination {
        case .buffer:
            if descriptor == 1 {
                standardOutput.append(contentsOf: text.utf8)
            } else {
                standardError.append(contentsOf: text.utf8)
            }
        case .file:
            var bytes = Array(text.utf8)
            var offset = 0
            while offset < bytes.count {
                let written = bytes.withUnsafeMutableBytes { buffer in
                    write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                }
                if written <= 0 { return }
                offset += written
            }
        }
    }
}
