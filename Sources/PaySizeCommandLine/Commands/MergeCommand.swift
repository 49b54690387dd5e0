@_spi(Internals) import PaySize

/// `paysize merge SUMMARY.json...`: adds up the summaries of shards into the summary of the whole.
enum MergeCommand {
    static let name = "paysize merge"

    /// A summary file holds a few JSON lines; this bounds what a mistaken path can make the tool read.
    static let maximumFileByteCount = 64 << 20

    static let options: [CommandLineArguments.Option] = [
        .format([.text, .json]),
        .init(
            names: ["--file"], valueName: "<name>",
            help: "The name the merged summary gives the whole (default: the shards' names joined by ' + ')."),
        .help,
    ]

    static let help = """
        OVERVIEW: Merge the summaries of log shards into the summary of the whole log.

        Each file holds what 'paysize check --summary --format json' (or '--format json') wrote:
        every object with "kind": "summary" is taken, in the order given, and the shards' lines
        are numbered after the lines of the shards before them. The result equals, field for
        field, the summary of the shards concatenated (each shard ending in a line break):
        histograms are exact, so the percentiles are too. Summaries must share the limit, the
        thresholds and --fail-on, be complete (not stopped by --max-errors or a read error) and
        agree with themselves: lines, payloads, tiers, histograms and percentiles add up.

        USAGE: paysize merge [<options>] <summary> ...

        ARGUMENTS:
          <summary>               Files of JSON summaries, one object per line.

        OPTIONS:
        \(CommandLineArguments.helpLines(for: options))

        EXIT STATUS:
          0  the whole has no failing payload and no malformed line
          1  a payload of the whole reached the --fail-on tier or has a structural error
          2  the whole has malformed lines, a summary file is unreadable or does not match, or a
             usage error

        EXAMPLES:
          ls shards/*.jsonl.zst | xargs -P 2 -I{} sh -c 'paysize check --summary --format json {} > {}.summary.json'
          paysize merge shards/*.summary.json
        """

    static func run(_ arguments: [String], streams: OutputStreams) throws -> ExitStatus {
        guard
            let parsed = try CommandLineArguments.files(
                arguments, options: options, command: name, missing: "missing summary file (give one or more)")
        else {
            streams.writeOutput(help + "\n")
            return .success
        }
        let format = try parsed.format([.text, .json], command: name)
        var merged: LogSummary? = nil
        var names: [String] = []
        for path in parsed.positionals {
            for (summary, location) in try summaries(in: path) {
                names.append(summary.file)
                guard var whole = merged else {
                    merged = summary
                    continue
                }
                guard whole.budget == summary.budget, whole.failOn == summary.failOn else {
                    throw InputError(
                        file: path, location: location,
                        message:
                            "expected \(describe(whole)) as in the first summary, found \(describe(summary)) for '\(summary.file)'"
                    )
                }
                // Every other count of a consistent summary is at most its lines.
                guard whole.lineCount + summary.lineCount <= LogSummary.maximumCount else {
                    throw InputError(
                        file: path, location: location,
                        message:
                            "expected the whole to have at most \(LogSummary.maximumCount) (2^53) lines, found \(whole.lineCount + summary.lineCount) with '\(summary.file)'"
                    )
                }
                whole.append(summary)
                merged = whole
            }
        }
        guard var whole = merged else { return .success }
        whole.file = parsed.value("--file") ?? names.joined(separator: " + ")
        streams.writeOutput(format == .json ? whole.jsonValue.text + "\n" : whole.text)
        return whole.exitStatus
    }

    /// The summary objects of one file, with where each starts.
    private static func summaries(in path: String) throws(InputError) -> [(LogSummary, TextPosition)] {
        let bytes = try InputFile.opening(path).readAll(maximumByteCount: maximumFileByteCount)
        var found: [(LogSummary, TextPosition)] = []
        var lineNumber = 0
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            let lineBytes = Array(line)
            if lineBytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
            let root: JSONElement
            do {
                root = try JSONScanner.scan(lineBytes)
            } catch let error as JSONScanError {
                throw InputError(file: path, scanError: error, firstLine: lineNumber)
            } catch {
                throw InputError(file: path, message: "\(error)")
            }
            guard root["kind"]?.stringValue == "summary" else { continue }
            let reader = SummaryFieldReader(file: path, line: lineNumber, bytes: lineBytes, root: root)
            let summary = try LogSummary(reading: reader)
            let location = TextPosition(line: lineNumber, column: 1)
            guard summary.isComplete else {
                throw InputError(
                    file: path, location: location,
                    message:
                        "expected a complete summary, found one of '\(summary.file)' that stopped early (--max-errors or a read error); the lines after it would be misnumbered"
                )
            }
            try summary.checkConsistency(reader)
            found.append((summary, location))
        }
        guard !found.isEmpty else {
            throw InputError(
                file: path,
                message:
                    "expected a summary object (\"kind\": \"summary\", as 'paysize check --summary --format json' writes), found none"
            )
        }
        return found
    }

    private static func describe(_ summary: LogSummary) -> String {
        let budget = summary.budget
        return
            "limit \(budget.limit), thresholds \(budget.monitorThreshold),\(budget.riskyThreshold),\(budget.criticalThreshold), --device-writer \(budget.deviceWriter) and --fail-on \(summary.failOn)"
    }
}
