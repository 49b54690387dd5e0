/// What `--format` names: how a command writes its results. One type for every command; each
/// command accepts the formats it can write.
enum OutputFormat: String, CaseIterable, Sendable {
    /// Text for a person, the default.
    case text
    /// JSON: one object per result per line (JSON Lines).
    case json
    /// GitHub workflow annotations (`paysize check`).
    case github
    /// One self-contained HTML page (`paysize suggest`, `paysize check --summary`): no script,
    /// nothing fetched, readable offline and printed.
    case html

    /// `text, json, github or html`: the formats in `formats`, as a message lists them.
    static func listed(_ formats: [OutputFormat]) -> String {
        let names = formats.map(\.rawValue)
        guard names.count > 1 else { return names.first ?? "" }
        return names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}

extension CommandLineArguments.Option {
    /// `--format <format>`: one of `formats` (the first is the default), read with
    /// ``CommandLineArguments/format(_:command:)``.
    ///
    /// - Parameter help: The option's help, when it says more than the list of formats.
    static func format(_ formats: [OutputFormat], help: String? = nil) -> Self {
        .init(
            names: ["--format"], valueName: "<format>",
            help: help ?? "Output format: \(OutputFormat.listed(formats)).", defaultValue: formats.first?.rawValue)
    }
}

extension CommandLineArguments {
    /// The format `--format` names among `formats`, the first of them when absent.
    ///
    /// - Throws: ``UsageError`` naming `command` for another value.
    func format(_ formats: [OutputFormat], command: String) throws -> OutputFormat {
        guard let text = value("--format") else { return formats[0] }
        guard let format = OutputFormat(rawValue: text), formats.contains(format) else {
            throw UsageError(
                message: "unknown format '\(text)' for '--format'; expected \(OutputFormat.listed(formats))",
                command: command)
        }
        return format
    }

    /// Refuses `--format html` for more than one input: the page is one report.
    ///
    /// - Throws: ``UsageError`` naming `command` when `format` is HTML and `inputs` holds more than one.
    static func requireOneInput(for format: OutputFormat, inputs: [String], command: String) throws {
        guard format == .html, inputs.count > 1 else { return }
        throw UsageError(
            message: "'--format html' writes one page, so give one input, found \(inputs.count)", command: command)
    }
}
