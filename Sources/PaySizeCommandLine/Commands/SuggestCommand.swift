@_spi(Internals) import PaySize
import PaySizeCompression

/// `paysize suggest FILE|SERIES.jsonl|-`: where a payload's bytes go, every measured way to
/// shrink it, and the plan that reaches a target tier.
struct SuggestCommand {
    static let name = "paysize suggest"

    static let options: [CommandLineArguments.Option] = [
        .init(
            names: ["--target"], valueName: "<tier>",
            help: "The tier the plan must reach: safe, monitor, risky, critical or over.", defaultValue: "safe"),
        .init(
            names: ["--lossy"], valueName: nil,
            help: "Let lossy suggestions (trimmed text, rounded numbers, dropped items) join the plan and --apply."),
        .init(
            names: ["--schema"], valueName: "<file>",
            help: "The app's content-state JSON Schema: a suggestion it would reject is an app contract change."),
        .init(
            names: ["--attributes-schema"], valueName: "<file>",
            help: "The app's attributes JSON Schema, used the same way for a start event's attributes."),
        .init(names: ["--schema-dir"], valueName: "<dir>", help: SchemaDirectory.help),
        .unknownKeywords,
        .init(
            names: ["--dictionary"], valueName: "<file>",
            help:
                "A zstd dictionary (paysize zstd-dictionary train) for the packing suggestion and the redundancy figure; by default one is trained on a series' other payloads."
        ),
        .init(
            names: ["--apply"], valueName: "<file>",
            help:
                "Write the payload with the plan's steps that need no app change applied (its lossy steps only with --lossy) to this new file; a series gets one line per payload."
        ),
        .init(
            names: ["--keep-keys"], valueName: "<pattern>",
            help:
                "Keys the app cannot rename (a push SDK's, a partner's), '*' for any characters; repeatable. Well-known push SDK keys are kept anyway.",
            isRepeatable: true),
        .init(
            names: ["--keep"], valueName: "first|last",
            help:
                "Which end of an array to keep when nothing in its items orders them; without it such a cut asks 'order unknown: keep which end?' and is never applied."
        ),
        .format(
            [.text, .json, .html],
            help: "Output format: text, json or html (one self-contained page, for one input)."),
        .broadcast, .limit, .deviceWriter,
        .init(names: ["--lines"], valueName: nil, help: "Read every input as JSON Lines (a series)."),
        .init(
            names: ["--max-input-bytes"], valueName: "<bytes>",
            help: "Largest payload file or series line read.", defaultValue: "32768"),
        .help,
    ]

    static let help = """
        OVERVIEW: Show where a Live Activity payload's bytes go and every measured way to shrink it.

        Each strategy produces the shrunk payload and measures it: every saving is an exact byte
        difference of compact JSON, never an estimate, and is measured twice: on the body APNs
        counts, and on the content state (with a start's attributes) as the device writes it,
        where iOS 16 and a re-written push give non-integral numbers 17 significant digits
        (each writer's saving is shown; --device-writer picks the one judged). Suggestions say
        the new tier, the paths touched, the contract change (none: a server setting; server:
        values installed apps already accept; app: the app's Swift type changes) and how to
        apply them. The plan is the smallest set (fewest contract changes first, then fewest
        bytes) whose measured result reaches --target on both figures. Advice that saves nothing
        (smaller integer types, nil optionals already omitted) is listed at 0 bytes. A series
        (.jsonl) shows which values a string takes and which members never change; its largest
        payload is the one measured.

        USAGE: paysize suggest [<options>] <file> ...

        ARGUMENTS:
          <file>                  A payload (.json), a series (.jsonl, .ndjson), either
                                  compressed with zstd (.zst), or '-' for standard input.

        OPTIONS:
        \(CommandLineArguments.helpLines(for: options))

        EXIT STATUS:
          0  the plan reaches the target tier (or the payload is there already)
          1  no plan reaches the target tier
          2  unreadable or malformed input, or a usage error

        EXAMPLES:
          paysize suggest --target safe Examples/update-bloated.json
          paysize suggest --format json --schema Schemas/examples/delivery.schema.json update.json
          paysize suggest --apply smaller.json --lossy payload.json
          paysize suggest --format html Examples/shrink/update-match-bloated.json > report.html
        """

    var inputs: [String]
    var format: OutputFormat
    var advisor: ShrinkAdvisor
    var applyPath: String?
    var dictionary: ZstdDictionary?
    var inputReader: PayloadInputReader
    /// A warning for each unknown keyword the schemas' `--unknown-keywords warn` skipped.
    var schemaWarnings: [String] = []

    /// Parses the command line; `nil` when help was asked for.
    init?(arguments: [String]) throws {
        guard
            let parsed = try CommandLineArguments.files(
                arguments, options: Self.options, command: Self.name,
                missing: "missing payload file (give a file, a series, or '-' for standard input)")
        else { return nil }
        inputs = parsed.positionals
        format = try parsed.format([.text, .json, .html], command: Self.name)
        try CommandLineArguments.requireOneInput(for: format, inputs: inputs, command: Self.name)
        let target = try parsed.tier("--target", default: .safe, command: Self.name)
        var budget = PayloadBudget(limit: try parsed.byteLimit(command: Self.name))
        budget.deviceWriter = try parsed.deviceWriter(command: Self.name)
        advisor = ShrinkAdvisor(budget: budget, target: target, allowsLossy: parsed.has("--lossy"))
        var reader = try SchemaReader(parsed, command: Self.name)
        advisor.contentStateSchema = try parsed.value("--schema").map { try reader.load($0) }
        advisor.attributesSchema = try parsed.value("--attributes-schema").map { try reader.load($0) }
        schemaWarnings = reader.warnings
        advisor.keptKeys = parsed.allValues("--keep-keys")
        if let end = parsed.value("--keep") {
            guard let keptEnd = ShrinkAdvisor.KeptEnd(name: end) else {
                throw UsageError(
                    message: "unknown end '\(end)' for '--keep'; expected first or last", command: Self.name)
            }
            advisor.keptEnd = keptEnd
        }

        applyPath = parsed.value("--apply")
        if let applyPath {
            guard inputs.count == 1 else {
                throw UsageError(
                    message: "'--apply' writes one file, so give one input, found \(inputs.count)", command: Self.name)
            }
            if NewOutputFile.exists(applyPath) {
                throw UsageError(
                    message: "'\(applyPath)' exists; '--apply' writes a new file and never overwrites one",
                    command: Self.name)
            }
        }
        if let path = parsed.value("--dictionary") {
            dictionary = ZstdDictionary(
                bytes: try InputFile.opening(path).readAll(
                    maximumByteCount: ZstdDictionaryCommand.maximumDictionaryByteCount))
        }
        inputReader = PayloadInputReader(
            maximumInputByteCount: try parsed.positiveInteger("--max-input-bytes", command: Self.name) ?? 1 << 15,
            maximumDecompressedByteCount: 1 << 30, readsLines: parsed.has("--lines"))
    }

    /// The most payloads one series may hold: each is kept in memory and read by strategies.
    static let maximumSeriesCount = 1000

    /// Measures every input and reports it; returns the worst exit status.
    func run(streams: OutputStreams) -> ExitStatus {
        for warning in schemaWarnings { streams.writeError(warning + "\n") }
        var status = ExitStatus.success
        for input in inputs {
            var payloads: [(record: PayloadRecord, root: JSONElement)] = []
            var name = input == "-" ? "<stdin>" : input
            var isTooLong = false
            inputReader.read(input, streams: streams) { result in
                do {
                    let record = try result.get()
                    name = record.file
                    guard payloads.count < Self.maximumSeriesCount else {
                        if isTooLong { return }
                        isTooLong = true
                        throw InputError(
                            file: record.file, location: record.line.map { TextPosition(line: $0, column: 1) },
                            message: "expected at most \(Self.maximumSeriesCount) payloads in a series, found more")
                    }
                    do {
                        payloads.append((record, try JSONScanner.scan(record.bytes)))
                    } catch let error as JSONScanError {
                        throw InputError(file: record.file, scanError: error, firstLine: record.line ?? 1)
                    }
                } catch {
                    reportUnreadable(Self.inputError(error, file: name), streams: streams)
                    status = max(status, .badInput)
                }
            }
            guard !payloads.isEmpty else {
                if status < .badInput {
                    reportUnreadable(
                        InputError(file: name, message: "expected a payload, found none"), streams: streams)
                    status = .badInput
                }
                continue
            }
            do {
                let outcome = try suggest(for: payloads)
                report(outcome, streams: streams)
                if !outcome.report.plan.reachesTarget { status = max(status, .violation) }
            } catch {
                reportUnreadable(Self.inputError(error, file: name), streams: streams)
                status = max(status, .badInput)
            }
        }
        return status
    }

    /// `error` as the input error it is, or one placed in `file` that quotes it.
    static func inputError(_ error: any Error, file: String) -> InputError {
        (error as? InputError) ?? InputError(file: file, message: "\(error)")
    }

    /// Measures the largest payload of an input, the others serving as its series.
    private func suggest(for payloads: [(record: PayloadRecord, root: JSONElement)]) throws -> SuggestOutcome {
        let largest = payloads.indices.max {
            (payloads[$0].root.compactByteCount, $1) < (payloads[$1].root.compactByteCount, $0)
        }!
        let measured = payloads[largest]
        let others = payloads.indices.filter { $0 != largest }.map {
            payloads[$0].root.compactJSONBytes(in: payloads[$0].record.bytes)
        }
        var dictionary = self.dictionary.map { (dictionary: $0, source: "the --dictionary file") }
        if dictionary == nil, !others.isEmpty { dictionary = Self.seriesDictionary(from: others) }

        var advisor = self.advisor
        advisor.strategies.append(.nativePacking)
        advisor.strategies.append(.zstdPacking(dictionary: dictionary?.dictionary))
        let report = try advisor.report(
            forJSONBytes: measured.record.bytes, series: payloads.count > 1 ? payloads.map(\.record.bytes) : [])
        let redundancy = try PayloadRedundancy(compactJSON: report.jsonBytes, dictionary: dictionary?.dictionary)

        var applied: SuggestOutcome.Applied? = nil
        if let applyPath {
            let suggestions = report.suggestionsWithoutAppChange
            var output: [UInt8]
            var byteCount: Int
            var deviceByteCount: Int?
            if payloads.count == 1 {
                let result = report.applying(suggestions)
                output = result.jsonBytes
                byteCount = result.byteCount
                deviceByteCount = result.deviceByteCount
            } else {
                output = []
                byteCount = 0
                for payload in payloads {
                    let line = try report.applying(suggestions, toJSONBytes: payload.record.bytes)
                    byteCount = max(byteCount, line.count)
                    if let device = Self.deviceByteCount(of: line, budget: report.budget) {
                        deviceByteCount = max(deviceByteCount ?? 0, device)
                    }
                    output += line + [UInt8(ascii: "\n")]
                }
            }
            try NewOutputFile.create(applyPath, containing: output)
            applied = .init(
                file: applyPath, byteCount: byteCount, tier: report.budget.tier(forByteCount: byteCount),
                deviceByteCount: deviceByteCount,
                deviceTier: deviceByteCount.map { report.budget.activityKitBudget.tier(forByteCount: $0) },
                suggestionIDs: suggestions.map(\.id))
        }
        return SuggestOutcome(
            file: measured.record.file, line: measured.record.line, seriesCount: payloads.count, report: report,
            redundancy: redundancy, dictionarySource: dictionary?.source, applied: applied)
    }

    /// ActivityKit's figure of one written payload as the budget's device writer judges it, as
    /// `paysize check` measures a push (and the advisor a bare content state); `nil` when it has
    /// neither a content state nor a start's attributes.
    static func deviceByteCount(of compactJSON: [UInt8], budget: PayloadBudget) -> Int? {
        guard let root = try? JSONScanner.scan(compactJSON) else { return nil }
        let aps = root["aps"]
        let isStart = (aps?["event"] ?? aps?["events"])?.stringValue == "start"
        let contentState = aps?["content-state"].flatMap { $0.members == nil ? nil : $0 }
        let attributes = isStart ? aps?["attributes"].flatMap { $0.members == nil ? nil : $0 } : nil
        guard aps?.members != nil else {
            // A bare content state, as the advisor reads it: an object without an `aps` object.
            guard root.members != nil else { return nil }
            return DeviceSize(contentState: root, attributes: nil, choice: budget.deviceWriter)?.judged
                .activityKitByteCount
        }
        return DeviceSize(contentState: contentState, attributes: attributes, choice: budget.deviceWriter)?.judged
            .activityKitByteCount
    }

    /// A dictionary from a series' other payloads: trained when there are enough of them, else
    /// their raw content (the last 112640 bytes), which zstd accepts as a dictionary too. The
    /// measured payload is never part of it, so the figures are not flattered.
    static func seriesDictionary(from others: [[UInt8]]) -> (dictionary: ZstdDictionary, source: String) {
        if others.count >= ZstdDictionary.minimumSampleCount,
            let trained = try? ZstdDictionary.train(samples: others, capacity: ZstdDictionary.defaultCapacity)
        {
            return (trained, "a dictionary trained on the series' other \(others.count) payloads")
        }
        let content = Array(others.joined().suffix(ZstdDictionary.defaultCapacity))
        return (
            ZstdDictionary(bytes: content),
            "the raw content of the series' other \(counted(others.count, "payload"))"
        )
    }

    private func report(_ outcome: SuggestOutcome, streams: OutputStreams) {
        if format == .json {
            streams.writeOutput(outcome.jsonObject.text + "\n")
        } else if format == .html {
            streams.writeOutput(outcome.html)
        } else {
            var outcome = outcome
            outcome.width = streams.textWidth
            streams.writeOutput(outcome.text)
        }
    }

    private func reportUnreadable(_ error: InputError, streams: OutputStreams) {
        streams.writeError(error.diagnostic + "\n")
        if format == .json { streams.writeOutput(JSONCheckReporter.object(for: .unreadable(error)).text + "\n") }
    }
}
