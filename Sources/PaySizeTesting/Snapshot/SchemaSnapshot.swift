import Foundation
import PaySize

/// Whether the schema inferred from a content-state type equals the committed one, recording it
/// as the record mode says.
///
/// The committed file is the contract the server team reads. On drift the result carries a
/// line diff and what the change breaks in both directions (``/PaySize/SchemaDiff``): payloads for app
/// versions already installed, and activities still running when the app updates.
///
/// ```swift
/// let snapshot = SchemaSnapshot(
///     of: DeliveryAttributes.ContentState.self, file: url, environment: ProcessInfo.processInfo.environment)
/// snapshot.status   // .matches, .recorded, .missing, .differs or .rerecorded
/// ```
public struct SchemaSnapshot: ExpectationOutcome, Equatable {
    /// What the check found and did.
    public enum Status: Sendable, Equatable {
        /// The committed schema equals the inferred one (as JSON; formatting aside). Passes.
        case matches
        /// There was no file; the inferred schema was written to it. Fails, naming the file.
        case recorded
        /// There is no file and none was written (record mode `never`, or CI). Fails.
        case missing
        /// The committed schema differs and was left as it is. Fails.
        case differs
        /// The committed schema differed and was rewritten. Fails, so the change is reviewed.
        case rerecorded
    }

    /// The content-state type's name.
    public var typeName: String
    /// The snapshot file.
    public var file: URL
    /// The file's path as messages show it.
    public var displayPath: String
    /// What was found and done; `nil` when the check could not run (see ``problem``).
    public var status: Status?
    /// The record mode in force.
    public var recording: SchemaRecording?
    /// A unified diff from the committed schema to the inferred one; empty unless it differs.
    public var diff: String
    /// What the change breaks, both directions, committed schema as the installed version.
    public var conflicts: [SchemaConflict]
    /// Why the committed file could not be compared as a schema (it is not JSON, or not a
    /// schema PaySize reads); the line diff is still shown.
    public var committedProblem: String?
    /// Why the check could not run: an unknown `PAYSIZE_RECORD`, a file that cannot be written.
    public var problem: String?

    /// Compares the schema inferred from `type` with `file`, and records as the mode says.
    ///
    /// - Parameters:
    ///   - type: The content-state (or attributes) type.
    ///   - file: The committed snapshot.
    ///   - displayPath: How messages name the file; default: its path.
    ///   - environment: Where `PAYSIZE_RECORD` and `CI` are read; the scoped override, if any,
    ///     wins over `PAYSIZE_RECORD`.
    public init<T: Decodable>(of type: T.Type, file: URL, displayPath: String? = nil, environment: [String: String]) {
        typeName = String(typeName: T.self)
        self.file = file
        self.displayPath = displayPath ?? file.path
        diff = ""
        conflicts = []
        let recording: SchemaRecording
        do {
            recording = try SchemaRecording(environment: environment)
        } catch {
            problem = "cannot check the schema snapshot of '\(typeName)': \(error)"
            return
        }
        self.recording = recording
        let inferred = PayloadSchema.infer(from: T.self)
        let inferredData = inferred.jsonData()

        guard let committedData = FileManager.default.contents(atPath: file.path) else {
            if recording.writesMissing {
                status = write(inferredData) ? .recorded : nil
            } else {
                status = .missing
            }
            return
        }
        let committed: PayloadSchema
        do {
            committed = try PayloadSchema(jsonBytes: Array(committedData))
        } catch {
            committedProblem = "'\(self.displayPath)' is not a schema PaySize reads: \(error)"
            compare(committedData, inferredData, recording: recording)
            return
        }
        if committed == inferred {
            // Same schema; `all` still rewrites a file formatted by hand.
            if recording.mode == .all, recording.rewritesDiffering, committedData != inferredData {
                status = write(inferredData) ? .matches : nil
            } else {
                status = .matches
            }
            return
        }
        conflicts = SchemaDiff(installed: committed, next: inferred).conflicts
        compare(committedData, inferredData, recording: recording)
    }

    /// Compares the schema inferred from `type` with a snapshot in the calling test's project.
    ///
    /// - Parameters:
    ///   - type: The content-state (or attributes) type.
    ///   - path: The snapshot, absolute or relative to the project root (the nearest folder
    ///     above the test file with a `Package.swift` or an `.xcodeproj`); default
    ///     `<snapshot folder>/<TypeName>.schema.json`, the folder from the
    ///     ``PaySizeTestConfiguration`` in force (`Schemas` unless set).
    ///   - testFilePath: The calling test's `#filePath`.
    ///   - environment: Where `PAYSIZE_RECORD`, `CI` and the configuration's variables are read.
    public init<T: Decodable>(
        of type: T.Type, path: String? = nil, testFilePath: String, environment: [String: String]
    ) {
        let folder = ResolvedTestConfiguration.current(environment: environment).snapshotFolder
        let file = ProjectFile(
            path: path ?? "\(folder)/\(String(typeName: T.self)).schema.json", testFilePath: testFilePath)
        self.init(of: T.self, file: file.url, displayPath: file.displayPath, environment: environment)
    }

    /// Records the line diff, and rewrites the file when the mode says so.
    private mutating func compare(_ committed: Data, _ inferred: Data, recording: SchemaRecording) {
        diff = LineDiff(old: String(decoding: committed, as: UTF8.self), new: String(decoding: inferred, as: UTF8.self))
            .unified()
        if recording.rewritesDiffering {
            status = write(inferred) ? .rerecorded : nil
        } else {
            status = .differs
        }
    }

    /// Writes `data` to the file, creating its folder; on failure sets ``problem``.
    private mutating func write(_ data: Data) -> Bool {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: file, options: .atomic)
            return true
        } catch {
            problem = "cannot write the schema snapshot '\(displayPath)': \(error.localizedDescription)"
            return false
        }
    }

    /// What was found and done, then (on drift) what the change breaks and the diff; `nil`
    /// when the snapshot matches.
    public var failureMessage: String? {
        if let problem { return problem }
        guard let status, let recording else { return nil }
        switch status {
        case .matches:
            return nil
        case .recorded:
            return
                "no schema snapshot of '\(typeName)' at '\(displayPath)': recorded one under \(recording.phrase); review it, commit it and run the test again"
        case .missing:
            // Name what stopped the write: the mode when it writes nothing, else CI.
            let reason =
                recording.mode == .never || !recording.isCI
                ? "\(recording.phrase) writes none: to record it, \(recording.instruction(toRecordIn: .missing)) and commit it"
                : "none is written in CI (CI is set): record it locally and commit it"
            return "no schema snapshot of '\(typeName)' at '\(displayPath)', and \(reason)"
        case .differs:
            let modeRewrites = recording.mode == .all || recording.mode == .failed
            let reason =
                modeRewrites && recording.isCI
                ? "not re-recorded in CI (CI is set): if the change is intended, re-record it locally with \(SchemaRecordMode.environmentVariable)=failed and commit the file"
                : "not re-recorded under \(recording.phrase): if the change is intended, \(recording.instruction(toRecordIn: .failed)) and commit the file"
            return drift(head: "the schema of '\(typeName)' differs from its snapshot '\(displayPath)'; \(reason)")
        case .rerecorded:
            return drift(
                head:
                    "the schema of '\(typeName)' differed from its snapshot '\(displayPath)': re-recorded it under \(recording.phrase); review the change, commit it and run the test again"
            )
        }
    }

    private func drift(head: String) -> String {
        var lines = [head, "what the change breaks:"]
        if let committedProblem {
            lines.append("  unknown: \(committedProblem)")
        } else {
            lines += SchemaConflict.Direction.allDirections.flatMap { direction in
                SchemaSnapshot.breakage(of: conflicts, in: direction)
            }
        }
        lines.append("diff (- committed, + inferred from '\(typeName)'):")
        lines.append(diff)
        return lines.joined(separator: "\n")
    }

    /// `  servers → installed apps: compatible`, or the count and one conflict per line.
    static func breakage(of conflicts: [SchemaConflict], in direction: SchemaConflict.Direction) -> [String] {
        let found = conflicts.filter { $0.direction == direction }
        guard !found.isEmpty else { return ["  \(direction.rawValue): compatible"] }
        let count = found.count == 1 ? "1 conflict" : "\(found.count) conflicts"
        return ["  \(direction.rawValue): \(count)"] + found.map { "    \($0.path): \($0.message)" }
    }
}
