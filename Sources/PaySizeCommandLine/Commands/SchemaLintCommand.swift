@_spi(Internals) import PaySize

/// `paysize schema lint FILE...`: is each file a valid draft 2020-12 schema, by the metaschema,
/// and one PaySize can honour?
enum SchemaLintCommand {
    static let name = "paysize schema lint"

    static let options: [CommandLineArguments.Option] = [
        .init(names: ["--schema-dir"], valueName: "<dir>", help: SchemaDirectory.help),
        .unknownKeywords,
        .help,
    ]

    static let help = """
        OVERVIEW: Check JSON Schema files against the draft 2020-12 metaschema.

        Each file is validated against the bundled draft 2020-12 metaschemas (no network); every
        place they refuse is printed as 'FILE: PATH: MESSAGE', PATH a JSON Pointer into the
        file. A file the metaschema accepts is then compiled as 'check --schema' would: its
        references resolved (against the file's location, the bundled metaschemas and
        --schema-dir) and every keyword honoured, or one error saying what is not. Each
        vendor annotation (x-…, tsType, markdownDescription, …) is listed as
        'FILE:LINE:COLUMN: note: PATH: annotation ...', each unknown keyword skipped as a
        warning on standard error.

        USAGE: paysize schema lint [<options>] <file> ...

        ARGUMENTS:
          <file>                  Schema files (.schema.json).

        OPTIONS:
        \(CommandLineArguments.helpLines(for: options))

        EXIT STATUS:
          0  every file is a valid schema PaySize can honour
          1  the metaschema refuses a file
          2  unreadable or malformed file, a schema PaySize cannot honour, or a usage error
        """

    static func run(_ arguments: [String], streams: OutputStreams) throws -> ExitStatus {
        guard
            let parsed = try CommandLineArguments.files(
                arguments, options: options, command: name, missing: "missing schema file (give one or more files)")
        else {
            streams.writeOutput(help + "\n")
            return .success
        }
        let directory = try parsed.value("--schema-dir").map(SchemaDirectory.init)
        let policy = try parsed.unknownKeywords(command: name)
        var status = ExitStatus.success
        for file in parsed.positionals {
            status = max(status, lint(file, directory: directory, unknownKeywords: policy, streams: streams))
        }
        return status
    }

    private static func lint(
        _ file: String, directory: SchemaDirectory?, unknownKeywords: UnknownKeywordPolicy, streams: OutputStreams
    ) -> ExitStatus {
        let document: JSONElement
        do {
            let bytes = try InputFile.opening(file).readAll(maximumByteCount: SchemaFile.maximumByteCount)
            do {
                document = try JSONScanner.scan(bytes)
            } catch let error as JSONScanError {
                throw InputError(file: file, scanError: error)
            }
        } catch let error as InputError {
            streams.writeError(error.diagnostic + "\n")
            return .badInput
        } catch {
            streams.writeError("\(file): error: \(error)\n")
            return .badInput
        }
        let findings = PayloadSchema.metaschema.findings(in: document).filter { $0.code == .dropped }
        for finding in findings {
            streams.writeOutput("\(file): \(finding.path): \(finding.message)\n")
        }
        guard findings.isEmpty else { return .violation }
        let schema: PayloadSchema
        do {
            schema = try SchemaFile.load(file, directory: directory, unknownKeywords: unknownKeywords)
        } catch {
            streams.writeError(error.diagnostic + "\n")
            return .badInput
        }
        for (place, position, annotation) in SchemaFile.places(
            schema.vendorAnnotations, path: file, directory: directory)
        {
            guard case .key(let keyword)? = annotation.location.components.last else { continue }
            streams.writeOutput(
                "\(place)\(position): note: \(annotation.location): annotation '\(keyword)', not checked\n")
        }
        if unknownKeywords == .warn {
            for warning in SchemaFile.unknownKeywordWarnings(schema, path: file, directory: directory) {
                streams.writeError(warning + "\n")
            }
        }
        streams.writeOutput("\(file): valid draft 2020-12 schema\n")
        return .success
    }
}
