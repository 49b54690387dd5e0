@_spi(Internals) import PaySize
import PaySizeCompression

/// `paysize zstd-dictionary train --output FILE SERIES...`: trains a zstd dictionary on payloads, for the
/// packing suggestion of `paysize suggest --dictionary`.
enum ZstdDictionaryCommand {
    static let name = "paysize zstd-dictionary train"
    /// The largest dictionary file read (`suggest --dictionary`) or written: 4 MiB.
    static let maximumDictionaryByteCount = 4 << 20
    /// The most compact payload bytes training reads: 128 MiB, over 1000 times the default dictionary.
    static let maximumTrainingByteCount = 128 << 20

    static let options: [CommandLineArguments.Option] = [
        .init(
            names: ["-o", "--output"], valueName: "<file>", help: "The dictionary file to create (never overwritten)."),
        .init(
            names: ["--capacity"], valueName: "<bytes>", help: "The largest dictionary to train.",
            defaultValue: String(ZstdDictionary.defaultCapacity)),
        .init(names: ["--lines"], valueName: nil, help: "Read every input as JSON Lines, whatever its name."),
        .help,
    ]

    static let help = """
        OVERVIEW: Train a zstd dictionary on a series of Live Activity payloads.

        Each payload is compacted (whitespace outside strings removed) and becomes one sample;
        zstd's trainer (ZDICT_trainFromBuffer) needs at least \(ZstdDictionary.minimumSampleCount) and works best with about 100.
        The dictionary lets 'paysize suggest --dictionary' measure packing a payload's bulkiest
        member into one zstd + base64 string. An app that takes that suggestion must ship the
        dictionary and a zstd decoder (Apple's Compression framework has none).

        USAGE: paysize zstd-dictionary train --output <file> <file> ...

        ARGUMENTS:
          <file>                  Payload files (.json), series (.jsonl, .ndjson), either
                                  compressed with zstd (.zst), or '-' for standard input.

        OPTIONS:
        \(CommandLineArguments.helpLines(for: options))

        EXIT STATUS:
          0  the dictionary was written
          2  unreadable or malformed input, too few payloads, or a usage error
        """

    static func run(_ arguments: [String], streams: OutputStreams) throws -> ExitStatus {
        guard let subcommand = arguments.first, !["-h", "--help"].contains(subcommand) else {
            streams.writeOutput(help + "\n")
            return .success
        }
        guard subcommand == "train" else {
            var message = "unknown subcommand 'zstd-dictionary \(subcommand)'"
            if CommandLineArguments.nearest(to: subcommand, among: ["train"]) != nil {
                message += "; did you mean 'train'?"
            }
            throw UsageError(message: message, command: "paysize zstd-dictionary")
        }
        let parsed = try CommandLineArguments(Array(arguments.dropFirst()), options: options, command: name)
        if parsed.has("--help") {
            streams.writeOutput(help + "\n")
            return .success
        }
        guard let output = parsed.value("--output") else {
            throw UsageError(message: "missing '--output <file>' for the dictionary", command: name)
        }
        guard !parsed.positionals.isEmpty else {
            throw UsageError(message: "missing payload files to train on", command: name)
        }
        if NewOutputFile.exists(output) {
            throw UsageError(
                message: "'\(output)' exists; '--output' writes a new file and never overwrites one", command: name)
        }
        let capacity = try parsed.positiveInteger("--capacity", command: name) ?? ZstdDictionary.defaultCapacity
        guard capacity <= maximumDictionaryByteCount else {
            throw UsageError(
                message: "expected at most \(maximumDictionaryByteCount) bytes for '--capacity', found '\(capacity)'",
                command: name)
        }

        let reader = PayloadInputReader(
            maximumInputByteCount: 1 << 20, maximumDecompressedByteCount: 1 << 30, readsLines: parsed.has("--lines"))
        var samples: [[UInt8]] = []
        var sampleByteCount = 0
        var status = ExitStatus.success
        for input in parsed.positionals {
            reader.read(input, streams: streams) { result in
                do {
                    let record = try result.get()
                    do {
                        let sample = try JSONScanner.scan(record.bytes).compactJSONBytes(in: record.bytes)
                        sampleByteCount += sample.count
                        guard sampleByteCount <= maximumTrainingByteCount else {
                            if status == .success {
                                throw InputError(
                                    file: record.file,
                                    message:
                                        "expected at most \(maximumTrainingByteCount) bytes of payloads to train on, found more"
                                )
                            }
                            return
                        }
                        samples.append(sample)
                    } catch let error as JSONScanError {
                        throw InputError(file: record.file, scanError: error, firstLine: record.line ?? 1)
                    }
                } catch {
                    streams.writeError(SuggestCommand.inputError(error, file: input).diagnostic + "\n")
                    status = .badInput
                }
            }
        }
        guard status == .success else { return status }
        let dictionary: ZstdDictionary
        do {
            dictionary = try ZstdDictionary.train(samples: samples, capacity: capacity)
        } catch let error as ZstdError {
            throw InputError(
                file: parsed.positionals.joined(separator: ", "),
                message: "cannot train a dictionary on \(counted(samples.count, "payload")): \(error)")
        }
        try NewOutputFile.create(output, containing: dictionary.bytes)

        var plain = 0
        var packed = 0
        for sample in samples {
            plain += try Zstd.compress(sample, level: ShrinkStrategy.zstdPackingLevel).count
            packed += try Zstd.compress(sample, level: ShrinkStrategy.zstdPackingLevel, dictionary: dictionary).count
        }
        let total = samples.reduce(0) { $0 + $1.count }
        let id = dictionary.id.map { " (id \($0))" } ?? ""
        streams.writeOutput(
            """
            wrote \(output): a \(dictionary.bytes.count)-byte dictionary\(id) trained on \(counted(samples.count, "payload")) (\(total) bytes compact)
            zstd level \(ShrinkStrategy.zstdPackingLevel) on these payloads: \(plain) bytes without the dictionary, \(packed) with it (measured on the training payloads themselves, so optimistic)

            """)
        return .success
    }
}
