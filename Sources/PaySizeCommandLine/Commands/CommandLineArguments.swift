import PaySize

/// A hand-written parser for `--option value`, `--option=value`, flags and positional arguments.
///
/// No outside argument parser can be fetched here; this one covers what `paysize` needs and
/// suggests the nearest option for a misspelled one.
struct CommandLineArguments {
    /// One option a command accepts.
    struct Option {
        /// Spellings, the long one first: `["--format"]`, `["-h", "--help"]`.
        var names: [String]
        /// The value's placeholder (`<format>`), or `nil` for a flag.
        var valueName: String?
        var help: String
        /// The default shown in help, if any.
        var defaultValue: String? = nil
        /// Whether the option may be given more than once (values accumulate).
        var isRepeatable = false

        var primaryName: String { names.first(where: { $0.hasPrefix("--") }) ?? names[0] }

        /// `-h, --help`, which every command takes.
        static let help = Option(names: ["-h", "--help"], valueName: nil, help: "Show help information.")
        /// `--broadcast`: the limit of broadcast-channel pushes; read with ``byteLimit(command:)``.
        static let broadcast = Option(
            names: ["--broadcast"], valueName: nil,
            help: "Judge against the 5120-byte limit of broadcast-channel pushes.")
        /// `--limit <bytes>`: another byte limit; read with ``byteLimit(command:)``.
        static let limit = Option(
            names: ["--limit"], valueName: "<bytes>",
            help: "Judge against another byte limit; tier thresholds scale with it.", defaultValue: "4096")
        /// `--device-writer <writer>`: read with ``deviceWriter(command:)``.
        static let deviceWriter = Option(
            names: ["--device-writer"], valueName: "<writer>",
            help:
                "Which writer's count ActivityKit's 4096-byte limit judges content-state and a start's attributes on: swift (iOS 17+ encoding), objc (iOS 16, and a push re-written on the device: non-integral numbers at 17 significant digits) or larger (both: every device).",
            defaultValue: "larger")
        /// `--unknown-keywords <policy>`: read with ``unknownKeywords(command:)``.
        static let unknownKeywords = Option(
            names: ["--unknown-keywords"], valueName: "<policy>",
            help:
                "What a schema keyword nothing knows gets: refuse (the schema is refused), warn (skipped, with a warning) or ignore (skipped). A near miss of a 2020-12 keyword ('maxLenght') is refused unless ignore; x-… and vendor annotations (tsType, markdownDescription, …) are annotations.",
            defaultValue: "warn")
    }

    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []

    /// Parses the arguments of a command that takes one or more files: `nil` when `--help` was
    /// asked for, and a usage error saying `missing` when no file is given.
    static func files(
        _ arguments: [String], options: [Option], command: String, missing: String
    ) throws -> CommandLineArguments? {
        let parsed = try CommandLineArguments(arguments, options: options, command: command)
        if parsed.has("--help") { return nil }
        guard !parsed.positionals.isEmpty else { throw UsageError(message: missing, command: command) }
        return parsed
    }

    /// Parses `arguments` against `options`; `-` and anything after `--` are positionals.
    init(_ arguments: [String], options: [Option], command: String) throws {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || argument == "-" || !argument.hasPrefix("-") {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String? = nil
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                var message = "unknown option '\(name)'"
                if let suggestion = Self.nearest(to: name, among: options.flatMap(\.names)) {
                    message += "; did you mean '\(suggestion)'?"
                }
                throw UsageError(message: message, command: command)
            }
            let key = option.primaryName
            guard let valueName = option.valueName else {
                if inlineValue != nil {
                    throw UsageError(message: "option '\(name)' takes no value", command: command)
                }
                flags.insert(key)
                continue
            }
            let value: String
            if let inlineValue {
                value = inlineValue
            } else if index < arguments.count {
                value = arguments[index]
                index += 1
            } else {
                throw UsageError(message: "missing value for '\(name) \(valueName)'", command: command)
            }
            if values[key] != nil, !option.isRepeatable {
                throw UsageError(message: "option '\(name)' given more than once", command: command)
            }
            values[key, default: []].append(value)
        }
    }

    func value(_ name: String) -> String? { values[name]?.last }

    /// The value of option `name` as a positive integer, or `nil` when the option is absent.
    ///
    /// - Throws: ``UsageError`` naming `command` when the value is not a positive integer.
    func positiveInteger(_ name: String, command: String) throws -> Int? {
        guard let text = value(name) else { return nil }
        guard let number = Int(text), number > 0 else {
            throw UsageError(message: "expected a positive integer for '\(name)', found '\(text)'", command: command)
        }
        return number
    }
    /// The byte limit that `--broadcast` or `--limit` sets: 4096 when neither is given.
    ///
    /// - Throws: ``UsageError`` naming `command` when both are given or the limit is not a
    ///   positive integer.
    func byteLimit(command: String) throws -> Int {
        if has("--broadcast"), value("--limit") != nil {
            throw UsageError(message: "'--broadcast' and '--limit' cannot be combined", command: command)
        }
        return try positiveInteger("--limit", command: command)
            ?? (has("--broadcast") ? PayloadBudget.broadcastLimit : PayloadBudget.standardLimit)
    }

    /// The writer `--device-writer` names, ``DeviceWriter/larger`` when absent.
    ///
    /// - Throws: ``UsageError`` naming `command` for another value.
    func deviceWriter(command: String) throws -> DeviceWriter {
        guard let text = value("--device-writer") else { return .larger }
        guard let writer = DeviceWriter(name: text) else {
            throw UsageError(
                message: "unknown writer '\(text)' for '--device-writer'; expected swift, objc or larger",
                command: command)
        }
        return writer
    }

    /// The policy `--unknown-keywords` names, or ``UnknownKeywordPolicy/warn`` when absent.
    ///
    /// - Throws: ``UsageError`` naming `command` when the value names no policy.
    func unknownKeywords(command: String) throws -> UnknownKeywordPolicy {
        guard let text = value("--unknown-keywords") else { return .warn }
        guard let policy = UnknownKeywordPolicy(rawValue: text) else {
            throw UsageError(
                message: "unknown policy '\(text)' for '--unknown-keywords'; expected refuse, warn or ignore",
                command: command)
        }
        return policy
    }

    /// The tier option `name` names (`--fail-on`, `--target`), or `defaultTier` when absent.
    ///
    /// - Throws: ``UsageError`` naming `command` when the value names no tier.
    func tier(_ name: String, default defaultTier: SizeTier, command: String) throws -> SizeTier {
        guard let text = value(name) else { return defaultTier }
        guard let tier = SizeTier(rawValue: text) else {
            throw UsageError(
                message: "unknown tier '\(text)' for '\(name)'; expected safe, monitor, risky, critical or over",
                command: command)
        }
        return tier
    }

    func allValues(_ name: String) -> [String] { values[name] ?? [] }
    func has(_ name: String) -> Bool { flags.contains(name) }

    /// The candidate within two edits of `name` (or sharing its start), if one stands out.
    static func nearest(to name: String, among candidates: [String]) -> String? {
        var best: (name: String, distance: Int)? = nil
        for candidate in candidates {
            let distance = editDistance(Array(name), Array(candidate))
            if distance < (best?.distance ?? Int.max) { best = (candidate, distance) }
        }
        guard let best else { return nil }
        let allowed = max(2, name.count / 3)
        return best.distance <= allowed ? best.name : nil
    }

    /// Levenshtein distance with one row of memory.
    static func editDistance(_ lhs: [Character], _ rhs: [Character]) -> Int {
        if lhs.isEmpty { return rhs.count }
        var row = Array(0...rhs.count)
        for (i, left) in lhs.enumerated() {
            var previousDiagonal = row[0]
            row[0] = i + 1
            for (j, right) in rhs.enumerated() {
                let substitution = previousDiagonal + (left == right ? 0 : 1)
                previousDiagonal = row[j + 1]
                row[j + 1] = min(substitution, row[j] + 1, row[j + 1] + 1)
            }
        }
        return row[rhs.count]
    }

    /// The help block for options, aligned like swift-argument-parser's.
    static func helpLines(for options: [Option]) -> String {
        var lines: [String] = []
        for option in options {
            var label = option.names.joined(separator: ", ")
            if let valueName = option.valueName { label += " \(valueName)" }
            var help = option.help
            if let defaultValue = option.defaultValue { help += " (default: \(defaultValue))" }
            let padded =
                label.count < 24
                ? label + String(repeating: " ", count: 24 - label.count)
                : label + "\n" + String(repeating: " ", count: 26)
            lines.append("  " + padded + wrapped(help, indent: 26, width: 80))
        }
        return lines.joined(separator: "\n")
    }

    /// `text` broken at spaces so no line passes `width`, continuation lines indented.
    static func wrapped(_ text: String, indent: Int, width: Int) -> String {
        var result = ""
        var lineLength = indent
        for word in text.split(separator: " ") {
            if lineLength > indent, lineLength + 1 + word.count > width {
                result += "\n" + String(repeating: " ", count: indent)
                lineLength = indent
            } else if lineLength > indent {
                result += " "
                lineLength += 1
            }
            result += word
            lineLength += word.count
        }
        return result
    }
}

extension CommandLineArguments {
    /// Reads `paysize GROUP diff [options] OLD NEW`, the shape `schema diff` and `baseline diff`
    /// share: `arguments` start at the subcommand.
    ///
    /// - Returns: The arguments after `diff`, or nil when help was asked for (and written).
    /// - Throws: ``UsageError`` for another subcommand (with a suggestion), an unknown option, or
    ///   other than two files.
    static func diffArguments(
        _ arguments: [String], group: String, options: [Option], help: String, files: String,
        streams: OutputStreams
    ) throws -> CommandLineArguments? {
        guard let subcommand = arguments.first, !["-h", "--help"].contains(subcommand) else {
            streams.writeOutput(help + "\n")
            return nil
        }
        guard subcommand == "diff" else {
            var message = "unknown subcommand '\(group) \(subcommand)'"
            if nearest(to: subcommand, among: ["diff"]) != nil { message += "; did you mean 'diff'?" }
            throw UsageError(message: message, command: "paysize \(group)")
        }
        let command = "paysize \(group) diff"
        let parsed = try CommandLineArguments(Array(arguments.dropFirst()), options: options, command: command)
        if parsed.has("--help") {
            streams.writeOutput(help + "\n")
            return nil
        }
        guard parsed.positionals.count == 2 else {
            throw UsageError(
                message: "expected two \(files) files, <old> and <new>, found \(parsed.positionals.count)",
                command: command)
        }
        return parsed
    }
}
