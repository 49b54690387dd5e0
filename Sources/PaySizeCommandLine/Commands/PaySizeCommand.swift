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
    public static let version = "0.2.0"

    /// Every subcommand: a new one is a line here, its name, help and run in one place.
    static let subcommands: [Subcommand] = [
        Subcommand(
            name: "check", summary: "Measure and check APNs Live Activity push payloads.", help: CheckCommand.help
        ) { arguments, streams in
            guard let command = try CheckCommand(arguments: arguments) else { return nil }
            return command.run(streams: streams)
        },
        Subcommand(
            name: "suggest", summary: "Show where a payload's bytes go and every measured way to shrink it.",
            help: SuggestCommand.help
        ) { arguments, streams in
            guard let command = try SuggestCommand(arguments: arguments) else { return nil }
            return command.run(streams: streams)
        },
        Subcommand(
            name: "bound", summary: "Bound the encoded size of every value a content-state schema allows.",
            help: BoundCommand.help
        ) { arguments, streams in
            guard let command = try BoundCommand(arguments: arguments) else { return nil }
            return try command.run(streams: streams)
        },
        Subcommand(
            name: "zstd-dictionary", aliases: ["dict"],
            summary: "Train a zstd dictionary on a series of payloads (also 'dict').", help: ZstdDictionaryCommand.help,
            run: ZstdDictionaryCommand.run),
        Subcommand(
            name: "schema", summary: "Compare content-state JSON Schemas across app versions.",
            help: SchemaCommand.help, run: SchemaCommand.run),
        Subcommand(
            name: "baseline", summary: "Compare a recorded size baseline with a new one.", help: BaselineCommand.help,
            run: BaselineCommand.run),
        Subcommand(
            name: "merge", summary: "Merge the summaries of log shards into the summary of the whole.",
            help: MergeCommand.help, run: MergeCommand.run),
    ]

    /// The subcommand named `name` (or one of its aliases).
    static func subcommand(named name: String) -> Subcommand? {
        subcommands.first { $0.name == name || $0.aliases.contains(name) }
    }

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
        let listed = subcommands.map { ($0.name, $0.summary) } + [("help", "Show help for a subcommand.")]
        for (name, summary) in listed {
            lines.append("  " + name + String(repeating: " ", count: 24 - name.count) + summary)
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
        case let name where subcommand(named: name) != nil:
            let command = subcommand(named: name)!
            guard let status = try command.run(Array(arguments.dropFirst()), streams) else {
                streams.writeOutput(command.help + "\n")
                return .success
            }
            return status
        default:
            var message = first.hasPrefix("-") ? "unknown option '\(first)'" : "unknown subcommand '\(first)'"
            let names = subcommands.map(\.name) + ["help", "--help", "--version"]
            if let suggestion = CommandLineArguments.nearest(to: first, among: names) {
                message += "; did you mean '\(suggestion)'?"
            }
            throw UsageError(message: message, command: "paysize")
        }
    }

    private static func showHelp(for arguments: [String], streams: OutputStreams) throws -> ExitStatus {
        switch arguments.first {
        case nil, "help": streams.writeOutput(help + "\n")
        case let name?:
            guard let command = subcommand(named: name) else {
                throw UsageError(message: "unknown subcommand '\(name)'", command: "paysize")
            }
            streams.writeOutput(command.help + "\n")
        }
        return .success
    }
}

/// One subcommand of `paysize`: its names, its line in the overview, its help, and how it runs.
struct Subcommand: Sendable {
    var name: String
    /// Other names it answers to (`dict`).
    var aliases: [String] = []
    var summary: String
    /// Its help text, built when it is shown: wrapping every command's help on each start would
    /// cost a small check more than its own work.
    var help: String { makeHelp() }
    private let makeHelp: @Sendable () -> String
    /// Runs it with the arguments after its name: the exit status, or `nil` when it asked for its
    /// help, which the dispatcher then prints.
    var run: @Sendable (_ arguments: [String], _ streams: OutputStreams) throws -> ExitStatus?

    init(
        name: String, aliases: [String] = [], summary: String, help: @autoclosure @escaping @Sendable () -> String,
        run: @escaping @Sendable (_ arguments: [String], _ streams: OutputStreams) throws -> ExitStatus?
    ) {
        self.name = name
        self.aliases = aliases
        self.summary = summary
        self.makeHelp = help
        self.run = run
    }
}
