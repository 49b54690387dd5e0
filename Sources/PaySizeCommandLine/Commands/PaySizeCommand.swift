/// The `paysize` command: dispatches to its subcommands and turns every failure into a one-line
/// diagnostic and an exit status.
///
/// The executable is a thin `main.swift` over this type, so tests and fuzz targets can run the
/// whole tool in process:
///
/// ```swift
/// let streams = OutputStreams.capturing(standardInput: Array(payload.utf8))
/// let status = PaySizeCommand.main(arguments: ["check", "--format", "json", "-"], streams: streams)
/// print(status, streams.outputText)
/// ```
public enum PaySizeCommand {
    /// The tool's version, printed by `--version`.
    public static let version = "0.1.0"

    static let subcommands: [(name: String, summary: String)] = [
        ("check", "Measure and check APNs Live Activity push payloads."),
        ("suggest", "Show where a payload's bytes go and every measured way to shrink it."),
        ("bound", "Bound the encoded size of every value a content-state schema allows."),
        ("zstd-dictionary", "Train a zstd dictionary on a series of payloads (also 'dict')."),
        ("schema", "Compare content-state JSON Schemas across app versions."),
        ("baseline", "Compare a recorded size baseline with a new one."),
        ("merge", "Merge the summaries of log shards into the summary of the whole."),
        ("help", "Show help for a subcommand."),
    ]

    static var help: String {
        var lines = [
            "OVERVIEW: Keep Apple Live Activity payloads inside their size budget and content-state contract.",
            "",
            "USAGE: paysize <subcommand>",
            "",
            "OPTIONS:",
            "  --version               Show the version.",
            "  -h, --help              Show help information.",
            "",
            "SUBCOMMANDS:",
        ]
        for subcommand in subcommands {
            lines.append(
                "  " + subcommand.name + String(repeating: " ", count: 24 - subcommand.name.count) + subcommand.summary)
        }
        lines += ["", "  See 'paysize help <subcommand>' for detailed help."]
        return lines.joined(separator: "\n")
    }

    /// Runs `paysize` with `arguments` (without the program name).
    ///
    /// - Returns: ``ExitStatus/success``, ``ExitStatus/violation`` (a budget or contract
    ///   violation) or ``ExitStatus/badInput`` (unreadable input or a usage error).
    public static func main(arguments: [String], streams: OutputStreams) -> ExitStatus {
        do {
            return try dispatch(arguments, streams: streams)
        } catch let error as UsageError {
            streams.writeError(error.line + "\n")
            return .badInput
        } catch let error as InputError {
            streams.writeError(error.diagnostic + "\n")
            return .badInput
        } catch {
            streams.writeError("paysize: error: \(error)\n")
            return .badInput
        }
    }

    private static func dispatch(_ arguments: [String], streams: OutputStreams) throws -> ExitStatus {
        guard let first = arguments.first else {
            streams.writeOutput(help + "\n")
            return .success
        }
        switch first {
        case "-h", "--help":
            streams.writeOutput(help + "\n")
            return .success
        case "--version":
            streams.writeOutput(version + "\n")
            return .success
        case "help":
            return try showHelp(for: Array(arguments.dropFirst()), streams: streams)
        case "check":
            guard let command = try CheckCommand(arguments: Array(arguments.dropFirst())) else {
                streams.writeOutput(CheckCommand.help + "\n")
                return .success
            }
            return command.run(streams: streams)
        case "schema":
            return try SchemaCommand.run(Array(arguments.dropFirst()), streams: streams)
        case "suggest":
            guard let command = try SuggestCommand(arguments: Array(arguments.dropFirst())) else {
                streams.writeOutput(SuggestCommand.help + "\n")
                return .success
            }
            return command.run(streams: streams)
        case "baseline":
            return try BaselineCommand.run(Array(arguments.dropFirst()), streams: streams)
        case "bound":
            guard let command = try BoundCommand(arguments: Array(arguments.dropFirst())) else {
                streams.writeOutput(BoundCommand.help + "\n")
                return .success
            }
            return try command.run(streams: streams)
        case "zstd-dictionary", "dict":
            return try ZstdDictionaryCommand.run(Array(arguments.dropFirst()), streams: streams)
        case "merge":
            return try MergeCommand.run(Array(arguments.dropFirst()), streams: streams)
        default:
            var message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'"
            let names = subcommands.map(\.name) + ["--help", "--version"]
            if let suggestion = CommandLineArguments.nearest(to: first, among: names) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw UsageError(message: message, command: "paysize")
        }
    }

    private static func showHelp(for arguments: [String], streams: OutputStreams) throws -> ExitStatus {
        switch arguments.first {
        case nil, "help": streams.writeOutput(help + "\n")
        case "check": streams.writeOutput(CheckCommand.help + "\n")
        case "schema": streams.writeOutput(SchemaCommand.help + "\n")
        case "baseline": streams.writeOutput(BaselineCommand.help + "\n")
        case "suggest": streams.writeOutput(SuggestCommand.help + "\n")
        case "bound": streams.writeOutput(BoundCommand.help + "\n")
        case "zstd-dictionary", "dict": streams.writeOutput(ZstdDictionaryCommand.help + "\n")
        case "merge": streams.writeOutput(MergeCommand.help + "\n")
        case let other?:
            throw UsageError(message: "unknown subcommand '\(other)'", command: "paysize")
        }
        return .success
    }
}
