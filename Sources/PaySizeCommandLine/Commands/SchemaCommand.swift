@_spi(Internals) import PaySize

/// `paysize schema diff OLD NEW`: can one payload satisfy both app versions, and do running
/// activities survive the update?
enum SchemaCommand {
    static let name = "paysize schema diff"

    static let options: [CommandLineArguments.Option] = [
        .format([.text, .json]), .unknownKeywords,
        .init(
            names: ["--strict"], valueName: nil,
            help:
                "Exit 1 on any conflict, not only on one that breaks running activities or that no payload can avoid."),
        .help,
    ]

    static let help = """
        OVERVIEW: Compare the content-state schema of the app version in the field with the next.

        Both directions are judged. Servers -> installed apps: during a rollout one payload
        reaches both versions, so it must decode in each (a type change, an added enum case or a
        dropped required key breaks this). Running activities -> the updated app: Live Activities
        survive app updates and their stored state is decoded with the new type (a new required
        key, a narrowed type or a removed enum case makes a running activity vanish).

        USAGE: paysize schema diff [<options>] <old> <new>
               paysize schema lint [<options>] <file> ...   (see 'paysize schema lint --help')

        ARGUMENTS:
          <old>                   The schema of the version installed now (.schema.json).
          <new>                   The schema of the next version.

        OPTIONS:
        \(CommandLineArguments.helpLines(for: options))

        EXIT STATUS:
          0  running activities survive the update and one payload can satisfy both versions
             everywhere (conflicts of servers -> installed apps may still be listed)
          1  a state stored by the installed build may not decode in the updated app, or at
             some place no payload satisfies both versions (with --strict: any conflict)
          2  unreadable schema, a schema PaySize cannot honour, or a usage error
        """

    static func run(_ arguments: [String], streams: OutputStreams) throws -> ExitStatus {
        if arguments.first == "lint" {
            return try SchemaLintCommand.run(Array(arguments.dropFirst()), streams: streams)
        }
        guard
            let parsed = try CommandLineArguments.diffArguments(
                arguments, group: "schema", options: options, help: help, files: "schema", streams: streams)
        else { return .success }
        let format = try parsed.format([.text, .json], command: name)
        var reader = try SchemaReader(parsed, command: name)
        let old = try reader.load(parsed.positionals[0])
        let new = try reader.load(parsed.positionals[1])
        for warning in reader.warnings { streams.writeError(warning + "\n") }
        let diff = SchemaDiff(installed: old, next: new)

        if format == .json {
            let conflicts = diff.conflicts.map { conflict in
                JSONOutputValue.object([
                    ("path", .string(conflict.path.rawValue)),
                    ("direction", .string(conflict.direction.rawValue)),
                    ("message", .string(conflict.message)),
                    ("noPayloadSatisfiesBoth", .bool(conflict.noPayloadSatisfiesBoth)),
                ])
            }
            streams.writeOutput(
                JSONOutputValue.object([
                    ("old", .string(parsed.positionals[0])),
                    ("new", .string(parsed.positionals[1])),
                    ("verdict", .string(diff.verdict.rawValue)),
                    ("noPayloadSatisfiesBoth", .bool(diff.noPayloadSatisfiesBoth)),
                    ("breaksRunningActivities", .bool(diff.breaksRunningActivities)),
                    ("conflicts", .array(conflicts)),
                ]).text + "\n")
        } else {
            var text = ""
            for direction in [SchemaConflict.Direction.serversToInstalledApps, .runningActivitiesToUpdatedApp] {
                let conflicts = diff.conflicts.filter { $0.direction == direction }
                text +=
                    "\(direction.rawValue): \(conflicts.isEmpty ? "compatible" : counted(conflicts.count, "conflict"))\n"
                for conflict in conflicts {
                    text += "  \(conflict.path): \(conflict.message)\n"
                }
            }
            text += "verdict: \(verdict(of: diff))\n"
            streams.writeOutput(text)
        }
        if diff.noPayloadSatisfiesBoth || diff.breaksRunningActivities
            || (parsed.has("--strict") && diff.verdict == .conflicts)
        {
            return .violation
        }
        return .success
    }

    /// The verdict line: what happens to running activities and to payloads during the rollout.
    static func verdict(of diff: SchemaDiff) -> String {
        guard diff.verdict == .conflicts else { return "compatible — both directions are safe" }
        var parts: [String] = []
        if diff.breaksRunningActivities {
            parts.append(
                "running activities started before the update stop showing: the updated app cannot decode their stored state, and no payload can fix it"
            )
        }
        if diff.noPayloadSatisfiesBoth {
            parts.append("at some place no payload satisfies both versions")
        }
        if parts.isEmpty {
            parts.append("one payload can still satisfy both versions, but see above")
        }
        return "conflicts — " + parts.joined(separator: "; ")
    }
}
