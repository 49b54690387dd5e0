@_spi(Internals) import PaySize

/// `paysize bound SCHEMA...`: the worst-case encoded size of every value a content-state schema
/// allows, with a witness that reaches it.
struct BoundCommand {
    static let name = "paysize bound"

    static let options: [CommandLineArguments.Option] = [
        .init(
            names: ["--attributes-schema"], valueName: "<file>",
            help: "Also bound the attributes, and judge ActivityKit's figure (attributes + content state)."),
        .init(
            names: ["--printable"], valueName: nil,
            help: "Judge the printable figure (no control characters in strings) instead of the worst one."),
        .broadcast, .limit, .deviceWriter, .unknownKeywords,
        .format([.text, .json], help: "Output format: text or json (one object per schema per line)."),
        .init(
            names: ["--fail-on"], valueName: "<tier>",
            help: "Exit 1 when the bound reaches this tier: safe, monitor, risky, critical or over.",
            defaultValue: "over"),
        .help,
    ]

    static let help = """
        OVERVIEW: Bound the encoded size of every value a content-state JSON Schema allows.

        The bound is the largest compact JSON a default JSONEncoder writes for any value the
        schema allows, once decoded into the Swift type: strings at maxLength with their costliest
        characters, numbers at their longest text in range, optionals present, arrays at maxItems,
        dictionaries at maxProperties. A witness value reaches it. A second figure leaves control
        characters out of strings. The device figures also count each Double, Float and Date
        number at its longest text with 17 significant digits, as iOS 16 and a push re-written
        on the device write it; the limit judges the writer --device-writer names (the larger
        by default). A string, array or dictionary without a limit, or a type that contains
        itself, is named with the fix; the rest is still bounded. Tiers are advisory.

        USAGE: paysize bound <schema>... [--attributes-schema <file>] [--printable] [--broadcast | --limit <bytes>] [--device-writer swift|objc|larger] [--unknown-keywords refuse|warn|ignore] [--format text|json] [--fail-on <tier>]

        OPTIONS:
        \(CommandLineArguments.helpLines(for: options))

        EXIT STATUS:
          0  every schema is bounded and its device figure is below the --fail-on tier
          1  a schema is unbounded, or its device figure reaches the --fail-on tier
          2  unreadable input or a usage error

        EXAMPLES:
          paysize bound Schemas/examples/delivery.schema.json
          paysize bound --format json --attributes-schema attributes.schema.json state.schema.json
        """

    var files: [String]
    var attributesFile: String?
    var judgesPrintable: Bool
    var budget: PayloadBudget
    var isJSON: Bool
    var failOn: SizeTier
    var schemaReader: SchemaReader

    /// Parses the command line; `nil` when help was asked for.
    init?(arguments: [String]) throws {
        guard
            let parsed = try CommandLineArguments.files(
                arguments, options: Self.options, command: Self.name,
                missing: "missing schema file (give one or more content-state schemas)")
        else { return nil }
        files = parsed.positionals
        attributesFile = parsed.value("--attributes-schema")
        judgesPrintable = parsed.has("--printable")
        isJSON = try parsed.format([.text, .json], command: Self.name) == .json
        failOn = try parsed.tier("--fail-on", default: .over, command: Self.name)
        budget = PayloadBudget(limit: try parsed.byteLimit(command: Self.name))
        budget.deviceWriter = try parsed.deviceWriter(command: Self.name)
        schemaReader = try SchemaReader(parsed, command: Self.name)
    }

    func run(streams: OutputStreams) throws -> ExitStatus {
        // Every file is read before anything is written, so bad input prints no partial report.
        var reader = schemaReader
        let attributes = try attributesFile.map {
            WorstCaseBound(schema: try reader.load($0), deviceWriter: budget.deviceWriter)
        }
        let bounds = try files.map {
            (file: $0, bound: WorstCaseBound(schema: try reader.load($0), deviceWriter: budget.deviceWriter))
        }
        for warning in reader.warnings { streams.writeError(warning + "\n") }
        var status = ExitStatus.success
        for (file, bound) in bounds {
            let report = BoundReport(
                file: file, bound: bound, attributes: attributes, judgesPrintable: judgesPrintable, budget: budget)
            if !report.passes(failOn: failOn) { status = .violation }
            streams.writeOutput(isJSON ? report.json.text + "\n" : report.text)
        }
        return status
    }
}
