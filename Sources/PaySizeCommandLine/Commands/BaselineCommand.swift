@_spi(Internals) import PaySize

/// `paysize baseline diff OLD NEW`: did a recorded size baseline grow past its tolerance, and
/// which paths grew? Prints what a failing `expectSizeBaseline` says, for CI logs.
enum BaselineCommand {
    static let name = "paysize baseline diff"

    /// Baselines are small; this bounds what a mistaken path can make the tool read.
    static let maximumByteCount = 4 << 20

    static let options: [CommandLineArguments.Option] = [
        .init(
            names: ["--tolerance"], valueName: "<tolerance>",
            help: "The growth allowed: a percentage such as 5% or a byte count such as 40.", defaultValue: "5%"),
        .help,
    ]

    static let help = """
        OVERVIEW: Compare two size baselines (.size.json, as expectSizeBaseline records them).

        Prints the change in bytes and percent, whether it is within the tolerance, and the
        growth of each JSON path that changed (array elements folded into '*').

        USAGE: paysize baseline diff [<options>] <old> <new>

        ARGUMENTS:
          <old>                   The recorded baseline (.size.json).
          <new>                   The new measurement.

        OPTIONS:
        \(CommandLineArguments.helpLines(for: options))

        EXIT STATUS:
          0  the new size is within the tolerance of the old one
          1  the new size grew past the tolerance
          2  an unreadable baseline, or a usage error
        """

    static func run(_ arguments: [String], streams: OutputStreams) throws -> ExitStatus {
        guard
            let parsed = try CommandLineArguments.diffArguments(
                arguments, group: "baseline", options: options, help: help, files: "baseline", streams: streams)
        else { return .success }
        let toleranceText = parsed.value("--tolerance") ?? "5%"
        guard let tolerance = SizeTolerance(toleranceText) else {
            throw UsageError(
                message:
                    "invalid value '\(toleranceText)' for '--tolerance'; expected a percentage such as 5% or a byte count such as 40",
                command: name)
        }
        let old = try load(parsed.positionals[0])
        let new = try load(parsed.positionals[1])
        let comparison = SizeBaselineComparison(old: old, new: new, tolerance: tolerance)
        streams.writeOutput(comparison.lines.joined(separator: "\n") + "\n")
        return comparison.grewPastTolerance ? .violation : .success
    }

    /// Reads the baseline at `path`.
    ///
    /// - Throws: ``InputError`` placed in the file: unreadable, not JSON, or not a baseline.
    static func load(_ path: String) throws(InputError) -> SizeBaseline {
        let bytes = try InputFile.opening(path).readAll(maximumByteCount: maximumByteCount)
        do {
            _ = try JSONScanner.scan(bytes)
        } catch let error as JSONScanError {
            throw InputError(file: path, scanError: error)
        } catch {
            throw InputError(file: path, message: "\(error)")
        }
        do {
            return try SizeBaseline(fileBytes: bytes)
        } catch {
            throw InputError(file: path, message: "not a size baseline: \(error)")
        }
    }
}
