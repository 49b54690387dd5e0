@_spi(Internals) import PaySize

/// `paysize check FILE... | -`: measures and checks APNs Live Activity push payloads.
struct CheckCommand {
    static let name = "paysize check"

    static let options: [CommandLineArguments.Option] = [
        .format(
            [.text, .json, .github, .html],
            help:
                "Output format: text, json (one object per payload per line), github (workflow annotations) or html (with --summary: one self-contained page, for one input)."
        ),
        .init(
            names: ["--fail-on"], valueName: "<tier>",
            help:
                "Exit 1 when a payload reaches this tier: safe, monitor, risky, critical or over. Structural errors always fail.",
            defaultValue: "over"),
        .broadcast, .limit, .deviceWriter,
        .init(
            names: ["--thresholds"], valueName: "<m,r,c>",
            help: "Advisory tier thresholds in bytes: where monitor, risky and critical start.",
            defaultValue: "2048,3072,3584"),
        .init(
            names: ["--schema"], valueName: "<file>",
            help:
                "Also check content-state against the app's JSON Schema (see Schemas/examples); a value the device would drop fails."
        ),
        .init(
            names: ["--attributes-schema"], valueName: "<file>",
            help: "Also check a start event's attributes against this JSON Schema."),
        .init(names: ["--schema-dir"], valueName: "<dir>", help: SchemaDirectory.help),
        .init(
            names: ["--string-equality"], valueName: "<mode>",
            help:
                "How schema keywords compare strings: canonical (as the device's JSONDecoder, 'ä' equals 'a\\u0308') or codepoints (as the JSON Schema specification).",
            defaultValue: "canonical"),
        .unknownKeywords,
        .init(
            names: ["--format-assertion"], valueName: nil,
            help:
                "Check a schema's 'format' (date-time, date, time, duration, email, hostname, ipv4, ipv6, uri, uri-reference, uuid, regex) instead of reading it as an annotation."
        ),
        .init(
            names: ["--as-sent"], valueName: nil,
            help:
                "Judge a payload file by its bytes as written, whitespace included, as APNs counts a body sent unchanged (for bodies captured from a client). JSON Lines logs are judged this way already."
        ),
        .init(
            names: ["--compact"], valueName: nil,
            help:
                "Judge each JSON Lines line by its compact form instead of its bytes as logged (payload files are judged compact already)."
        ),
        .init(
            names: ["--lines"], valueName: nil,
            help: "Read every input as JSON Lines (one payload per line), whatever its name."),
        .init(
            names: ["--summary"], valueName: nil,
            help:
                "Print one summary per input (tiers, percentiles, largest payloads, malformed lines, a histogram) instead of a verdict per payload."
        ),
        .init(
            names: ["--field"], valueName: "<pointer>",
            help:
                "In a log, the payload is the value at this JSON Pointer of each record (such as /payload), or the JSON text a string there holds."
        ),
        .init(
            names: ["--max-errors"], valueName: "<count>",
            help: "Stop reading a log after this many malformed lines (default: read on)."),
        .init(
            names: ["--max-input-bytes"], valueName: "<bytes>", help: "Largest payload file or JSON Lines line read.",
            defaultValue: "1048576"),
        .init(
            names: ["--max-decompressed-bytes"], valueName: "<bytes>",
            help:
                "Most bytes a .zst log may decompress to. Frames may ask for a decoding window of at most 8 MB (what zstd writes up to level 19; not --ultra or --long).",
            defaultValue: "1073741824"),
        .init(
            names: ["--max-depth"], valueName: "<levels>", help: "Deepest nesting of arrays and objects accepted.",
            defaultValue: "512"),
        .help,
    ]

    static let help = """
        OVERVIEW: Measure and check APNs Live Activity push payloads.

        A payload file is judged by its compact form (whitespace outside strings removed, every
        token kept as written), which is what APNs counts when a server sends it compact, against
        the 4096-byte limit (5120 with --broadcast); its bytes as written are reported beside it,
        and a file over the limit only as written gets a warning (an error with --as-sent, which
        judges the bytes as written). A JSON Lines line is judged by its bytes as logged, since a
        log holds bodies as they were sent, unless --compact is given. The content-state and
        attributes are measured too, with ActivityKit's combined figure, and as the device
        writes them: iOS 16 and a push re-written on the device write each non-integral number
        with 17 significant digits (1.91 becomes 1.9099999999999999). ActivityKit's 4096-byte
        limit judges the larger of the two writers' counts (--device-writer picks one); a body
        that fits as sent but not on the device is an error. The aps dictionary is
        checked against the Live Activity rules: event, integer timestamps, what a start
        requires, dismissal-date only on end; near-miss keys get "did you mean". Tiers are
        advisory: safe < 2048, monitor < 3072, risky < 3584, critical <= 4096, over > 4096.

        A JSON Lines log is checked on every core with bounded memory: the text format prints
        only the lines with findings or at the --fail-on tier, then the log's summary; --format
        json prints one object per payload and the summary object last. Malformed lines are
        reported with their line number and checking goes on. Summaries of shards add up with
        'paysize merge'.

        USAGE: paysize check [<options>] <file> ...

        ARGUMENTS:
          <file>                  Payload files (.json), JSON Lines logs (.jsonl, .ndjson), either
                                  compressed with zstd (.zst, frames up to 'zstd -19'), or '-' for
                                  standard input.

        OPTIONS:
        \(CommandLineArguments.helpLines(for: options))

        EXIT STATUS:
          0  every payload is within its budget and has no structural error
          1  a payload (or its ActivityKit figure on the device) reached the --fail-on
             tier, is over a limit, has a structural error, or (with --schema) holds a
             value the device would drop
          2  unreadable or malformed input, or a usage error

        EXAMPLES:
          paysize check Examples/*.json
          paysize check --format json --fail-on risky payloads/*.json
          paysize check --schema Schemas/examples/delivery.schema.json update.json
          paysize check --summary pushes.jsonl.zst
          paysize check --summary --format html pushes.jsonl.zst > pushes.html
          paysize check --summary --format json --field /request/body requests.jsonl > day.summary.json
          zstd -dc pushes.jsonl.zst | paysize check --lines -
        """

    var files: [String]
    var format: OutputFormat
    var failOn: SizeTier
    var checker: PayloadChecker
    var inputReader: PayloadInputReader
    /// `--summary`: one summary per input, no verdict per payload.
    var summarizes: Bool
    var logOptions: LogCheckOptions
    /// Warnings from reading the schemas (unknown keywords skipped), printed before any verdict.
    var schemaWarnings: [String] = []

    /// Parses the command line; `nil` when help was asked for.
    init?(arguments: [String]) throws {
        guard
            let parsed = try CommandLineArguments.files(
                arguments, options: Self.options, command: Self.name,
                missing: "missing payload file (give one or more files, or '-' for standard input)")
        else { return nil }
        files = parsed.positionals

        format = try parsed.format([.text, .json, .github, .html], command: Self.name)
        if format == .html, !parsed.has("--summary") {
            throw UsageError(message: "'--format html' draws a summary; add '--summary'", command: Self.name)
        }
        try CommandLineArguments.requireOneInput(for: format, inputs: files, command: Self.name)

        failOn = try parsed.tier("--fail-on", default: .over, command: Self.name)
        let deviceWriter = try parsed.deviceWriter(command: Self.name)

        let limit = try parsed.byteLimit(command: Self.name)
        var budget = PayloadBudget(limit: limit)
        if let text = parsed.value("--thresholds") {
            let parts = text.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 3 else {
                throw UsageError(
                    message: "expected three byte counts 'monitor,risky,critical' for '--thresholds', found '\(text)'",
                    command: Self.name)
            }
            let values = try parts.map { try Self.positiveInteger($0, option: "--thresholds") }
            do {
                budget = try PayloadBudget(
                    limit: limit, monitorThreshold: values[0], riskyThreshold: values[1], criticalThreshold: values[2])
            } catch {
                throw UsageError(message: "\(error) in '--thresholds'", command: Self.name)
            }
        }
        budget.deviceWriter = deviceWriter
        let depth =
            try parsed.value("--max-depth").map { try Self.positiveInteger($0, option: "--max-depth") }
            ?? JSONScanner.defaultMaximumDepth
        var contract: PayloadContract? = nil
        var warnings: [String] = []  // The schemas' unknown keywords, under --unknown-keywords warn.
        if let path = parsed.value("--schema") {
            let equalityName = parsed.value("--string-equality") ?? StringEquality.canonicalEquivalence.rawValue
            guard let equality = StringEquality(rawValue: equalityName) else {
                throw UsageError(
                    message: "'--string-equality' must be canonical or codepoints, found '\(equalityName)'",
                    command: Self.name)
            }
            func configured(_ schema: PayloadSchema) -> PayloadSchema {
                var schema = schema
                schema.stringEquality = equality
                schema.assertsFormat = parsed.has("--format-assertion")
                return schema
            }
            var reader = try SchemaReader(parsed, command: Self.name)
            reader.stringEquality = equality
            contract = PayloadContract(
                contentState: configured(try reader.load(path)),
                attributes: try parsed.value("--attributes-schema").map { configured(try reader.load($0)) })
            warnings = reader.warnings
        } else if parsed.value("--attributes-schema") != nil {
            throw UsageError(
                message: "'--attributes-schema' needs '--schema' for the content state", command: Self.name)
        } else if parsed.value("--schema-dir") != nil {
            throw UsageError(message: "'--schema-dir' needs '--schema'", command: Self.name)
        }
        schemaWarnings = warnings
        if parsed.has("--as-sent"), parsed.has("--compact") {
            throw UsageError(message: "'--as-sent' and '--compact' cannot be combined", command: Self.name)
        }
        checker = PayloadChecker(
            budget: budget, maximumDepth: depth, contract: contract,
            sizeBasis: parsed.has("--as-sent") ? .asWritten : .compact)
        // A log holds bodies as they were sent: its lines are judged as written unless --compact.
        var logChecker = checker
        logChecker.sizeBasis = parsed.has("--compact") ? .compact : .asWritten
        inputReader = PayloadInputReader(
            maximumInputByteCount: try parsed.value("--max-input-bytes").map {
                try Self.positiveInteger($0, option: "--max-input-bytes")
            } ?? 1 << 20,
            maximumDecompressedByteCount: try parsed.value("--max-decompressed-bytes").map {
                try Self.positiveInteger($0, option: "--max-decompressed-bytes")
            } ?? 1 << 30,
            readsLines: parsed.has("--lines"))
        summarizes = parsed.has("--summary")
        var field: JSONPointer? = nil
        if let text = parsed.value("--field") { field = try Self.fieldPointer(text) }
        let reporting: LogReporting =
            summarizes ? .summaryOnly : format == .json ? .everyPayload : .findingsAndFailures
        logOptions = LogCheckOptions(
            checker: logChecker, failOn: failOn, field: field, maximumLineByteCount: inputReader.maximumInputByteCount,
            maximumDecompressedByteCount: inputReader.maximumDecompressedByteCount,
            maximumErrorCount: try parsed.value("--max-errors").map {
                try Self.positiveInteger($0, option: "--max-errors")
            }, reporting: reporting)
    }

    /// An RFC 6901 pointer of object keys: `/request/body`, `~1` for `/`, `~0` for `~`.
    static func fieldPointer(_ text: String) throws -> JSONPointer {
        guard text.hasPrefix("/") else {
            throw UsageError(
                message: "expected a JSON Pointer such as '/payload' for '--field', found '\(text)'", command: name)
        }
        let keys = text.dropFirst().split(separator: "/", omittingEmptySubsequences: false).map {
            $0.replacing("~1", with: "/").replacing("~0", with: "~")
        }
        return JSONPointer(components: keys.map { .key(String($0)) })
    }

    static func positiveInteger(_ text: String, option: String) throws -> Int {
        guard let value = Int(text), value > 0 else {
            throw UsageError(message: "expected a positive integer for '\(option)', found '\(text)'", command: name)
        }
        return value
    }

    /// Checks every input, reporting each as it goes; returns the worst exit status.
    func run(streams: OutputStreams) -> ExitStatus {
        for warning in schemaWarnings { streams.writeError(warning + "\n") }
        let reporter = format.reporter(streams: streams)
        var totals = CheckSummary(budget: checker.budget, sizeBasis: checker.sizeBasis)
        var reportedPayloadFiles = false
        var status = ExitStatus.success
        for file in files {
            if inputReader.isLog(file) {
                status = max(status, checkLog(file, reporter: reporter, streams: streams))
                continue
            }
            let outcome = check(inputReader.readPayload(file, streams: streams))
            if summarizes {
                var summary = logOptions.emptySummary(file: PayloadInputReader.displayName(of: file))
                summary.lineCount = 1
                switch outcome {
                case .unreadable(let error):
                    streams.writeError(error.diagnostic + "\n")
                    summary.addMalformed(error, line: error.location?.line ?? 1)
                case .checked(let payload):
                    summary.add(payload, line: 1)
                }
                if reporter.showsLargestPaths {
                    // The payload is in memory: its paths need no second read.
                    var sizes = LogPathSizes()
                    if case .checked(let payload) = outcome,
                        let breakdown = try? PayloadBreakdown(
                            jsonBytes: payload.record.bytes, maximumDepth: checker.maximumDepth)
                    {
                        sizes.add(breakdown)
                    }
                    reporter.report(summary, largestPaths: .collected(sizes))
                } else {
                    reporter.report(summary)
                }
                status = max(status, summary.exitStatus)
                continue
            }
            totals.add(outcome)
            reporter.report(outcome)
            reportedPayloadFiles = true
            switch outcome {
            case .unreadable: status = max(status, .badInput)
            case .checked(let payload): if payload.fails { status = max(status, .violation) }
            }
        }
        if reportedPayloadFiles { reporter.finish(totals) }
        return status
    }

    /// Checks a JSON Lines log through the parallel pipeline and reports its summary.
    private func checkLog(_ argument: String, reporter: any CheckReporter, streams: OutputStreams) -> ExitStatus {
        let name = PayloadInputReader.displayName(of: argument)
        let opened: (file: InputFile, source: LogByteSource)
        do {
            opened = try inputReader.openLog(argument, streams: streams)
        } catch {
            reporter.report(.unreadable(error))
            return .badInput
        }
        let progress = ProgressLine(file: name, totalByteCount: opened.source.fileByteCount, streams: streams)
        let (summary, stop) = LogPipeline(options: logOptions).check(opened.source, file: name, progress: progress) {
            outcome in
            if summarizes {
                if case .unreadable(let error) = outcome { streams.writeError(error.diagnostic + "\n") }
            } else {
                reporter.report(outcome)
            }
        }
        withExtendedLifetime(opened.file) {}
        if let stop {
            if summarizes { streams.writeError(stop.diagnostic + "\n") } else { reporter.report(.unreadable(stop)) }
        }
        if reporter.showsLargestPaths {
            let isRegularFile = argument != "-" && opened.source.fileByteCount != nil
            reporter.report(
                summary,
                largestPaths: largestPaths(
                    of: summary, argument: argument, isRegularFile: isRegularFile, streams: streams))
        } else {
            reporter.report(summary)
        }
        return summary.exitStatus
    }

    /// The paths of the summary's largest payloads, from a second read of the log: only a regular
    /// file (plain or `.zst`) can be read again, so standard input and pipes get a reason instead.
    private func largestPaths(
        of summary: LogSummary, argument: String, isRegularFile: Bool, streams: OutputStreams
    ) -> LogPathSizes.Outcome {
        let name = PayloadInputReader.displayName(of: argument)
        let notShown = "so the paths of its largest payloads are not shown; give the log as a file to see them."
        guard argument != "-" else { return .unavailable("Standard input cannot be read a second time, " + notShown) }
        guard isRegularFile else {
            return .unavailable("\(name) is not a regular file and cannot be read a second time, " + notShown)
        }
        do {
            let opened = try inputReader.openLog(argument, streams: streams)
            return .collected(
                try withExtendedLifetime(opened.file) {
                    try LogPathSizes.collect(
                        lines: summary.largestPayloads.map(\.line), from: opened.source, field: logOptions.field,
                        maximumLineByteCount: logOptions.maximumLineByteCount,
                        maximumDepth: logOptions.checker.maximumDepth)
                })
        } catch {
            let error = PayloadInputReader.inputError(
                error, file: name, outputCap: logOptions.maximumDecompressedByteCount,
                option: "--max-decompressed-bytes")
            return .unavailable("Reading \(name) a second time failed (\(error.message)), \(notShown)")
        }
    }

    /// Checks one record, turning a scan error into an input error placed in its file.
    func check(_ result: Result<PayloadRecord, InputError>) -> CheckOutcome {
        switch result {
        case .failure(let error):
            return .unreadable(error)
        case .success(let record):
            do {
                let report = try checker.check(record.bytes)
                return .checked(CheckedPayload(record: record, report: report, failOn: failOn))
            } catch let error as JSONScanError {
                return .unreadable(InputError(file: record.file, scanError: error, firstLine: record.line ?? 1))
            } catch {
                return .unreadable(InputError(file: record.file, message: "\(error)"))
            }
        }
    }
}
