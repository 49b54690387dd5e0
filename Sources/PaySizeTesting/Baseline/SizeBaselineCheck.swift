import Foundation
import PaySize

/// Whether a representative value's encoded size stayed within a tolerance of its recorded
/// baseline, recording the baseline as the record mode says.
///
/// The baseline is a file beside the schema snapshots, `<snapshot folder>/<name>.size.json`,
/// holding the compact size as the device encodes it and where its bytes go by JSON path. It
/// is written under the same record modes as schema snapshots (`PAYSIZE_RECORD`, a scoped
/// override) and never when `CI` is set. A value that grew past the tolerance fails, naming
/// each path that grew:
///
/// ```swift
/// let check = SizeBaselineCheck(state, named: "on-the-way", file: url, environment: [:])
/// print(check.failureMessage!)
/// // size baseline 'on-the-way' grew from 1000 to 1060 bytes (+60, +6.0 %), past the 5 % tolerance (at most 1050 bytes)
/// // growth by path:
/// //   /note: 100 → 160 bytes (+60)
/// // baseline file: 'Schemas/on-the-way.size.json'; if the growth is intended, run with PAYSIZE_RECORD=failed and commit it
/// ```
public struct SizeBaselineCheck: ExpectationOutcome, Equatable {
    /// What the check found and did.
    public enum Status: Sendable, Equatable {
        /// The size is within the tolerance of the baseline. Passes.
        case withinTolerance
        /// There was no baseline; it was written. Fails, naming the file.
        case recorded
        /// There is no baseline and none was written (record mode `never`, or CI). Fails.
        case missing
        /// The size grew past the tolerance; the baseline was left as it is. Fails.
        case grew
        /// The baseline was rewritten (it grew past the tolerance under `failed`, or changed
        /// under `all`). Fails, so the change is reviewed.
        case rerecorded
    }

    /// The baseline's name.
    public var name: String
    /// The baseline file.
    public var file: URL
    /// The file's path as messages show it.
    public var displayPath: String
    /// The growth allowed.
    public var tolerance: SizeTolerance
    /// The value's compact encoded size now; `nil` when it could not be measured.
    public var byteCount: Int?
    /// The recorded size; `nil` when there is no readable baseline.
    public var baselineByteCount: Int?
    /// What was found and done; `nil` when the check could not run (see ``problem``).
    public var status: Status?
    /// The comparison's lines: the verdict, then the growth per path.
    public var report: [String]
    /// The record mode in force.
    public var recording: SchemaRecording?
    /// Why the check could not run: a value that cannot be encoded, an unreadable baseline, an
    /// unknown `PAYSIZE_RECORD`, a file that cannot be written.
    public var problem: String?

    /// Measures `value` and compares it with the baseline in `file`, recording as the mode says.
    ///
    /// - Parameters:
    ///   - value: A representative value, such as a content state; measured compact with
    ///     `JSONEncoder`'s default strategies, as the device encodes it.
    ///   - name: The baseline's name; letters, digits, `.`, `-` and `_`.
    ///   - file: The baseline file.
    ///   - displayPath: How messages name the file; default: its path.
    ///   - tolerance: The growth allowed; default 5 %.
    ///   - environment: Where `PAYSIZE_RECORD` and `CI` are read; the scoped record mode, if
    ///     any, wins over `PAYSIZE_RECORD`.
    public init<Value: Encodable>(
        _ value: Value, named name: String, file: URL, displayPath: String? = nil,
        tolerance: SizeTolerance = .percent(5), environment: [String: String]
    ) {
        self.name = name
        self.file = file
        self.displayPath = displayPath ?? file.path
        self.tolerance = tolerance
        report = []
        guard Self.isFileName(name) else {
            problem = "cannot check size baseline '\(name)': expected a name of letters, digits, '.', '-' and '_'"
            return
        }
        let recording: SchemaRecording
        do {
            recording = try SchemaRecording(environment: environment)
        } catch {
            problem = "cannot check size baseline '\(name)': \(error)"
            return
        }
        self.recording = recording
        let measured: SizeBaseline
        do {
            measured = try SizeBaseline(name: name, jsonBytes: PayloadEncoder().encodeBytes(value))
        } catch {
            problem = BudgetFit.encodingProblem(error, of: "the value of size baseline '\(name)'")
            return
        }
        byteCount = measured.byteCount

        guard let data = FileManager.default.contents(atPath: file.path) else {
            status = recording.writesMissing ? (write(measured) ? .recorded : nil) : .missing
            return
        }
        let recorded: SizeBaseline
        do {
            recorded = try SizeBaseline(fileBytes: Array(data))
        } catch {
            problem = "'\(self.displayPath)' is not a size baseline: \(error)"
            return
        }
        baselineByteCount = recorded.byteCount
        let comparison = SizeBaselineComparison(old: recorded, new: measured, tolerance: tolerance)
        report = comparison.lines
        if comparison.grewPastTolerance {
            status = recording.rewritesDiffering ? (write(measured) ? .rerecorded : nil) : .grew
        } else if recording.mode == .all, recording.rewritesDiffering, recorded != measured {
            status = write(measured) ? .rerecorded : nil
        } else {
            status = .withinTolerance
        }
    }

    /// Measures `value` and compares it with its baseline in the calling test's project.
    ///
    /// - Parameters:
    ///   - value: A representative value, such as a content state.
    ///   - name: The baseline's name; letters, digits, `.`, `-` and `_`.
    ///   - folder: The folder of the baseline file, absolute or relative to the project root;
    ///     default: the configuration's snapshot folder (`Schemas`).
    ///   - tolerance: The growth allowed; default: the configuration's (5 %).
    ///   - testFilePath: The calling test's `#filePath`.
    ///   - environment: Where `PAYSIZE_RECORD`, `CI` and the configuration's variables are read.
    public init<Value: Encodable>(
        _ value: Value, named name: String, folder: String? = nil, tolerance: SizeTolerance? = nil,
        testFilePath: String, environment: [String: String]
    ) {
        let configuration = ResolvedTestConfiguration.current(environment: environment)
        let place = ProjectFile(
            path: (folder ?? configuration.snapshotFolder) + "/\(name).size.json", testFilePath: testFilePath)
        self.init(
            value, named: name, file: place.url, displayPath: place.displayPath,
            tolerance: tolerance ?? configuration.sizeTolerance, environment: environment)
        if tolerance == nil, let configurationProblem = configuration.sizeToleranceProblem, problem == nil {
            problem = "cannot check size baseline '\(name)': \(configurationProblem)"
        }
    }

    private static func isFileName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".")
            && name.unicodeScalars.allSatisfy {
                ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
                    || "._-".unicodeScalars.contains($0)
            }
    }

    /// Writes the baseline, creating its folder; on failure sets ``problem``.
    private mutating func write(_ baseline: SizeBaseline) -> Bool {
        do {
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(baseline.fileBytes).write(to: file, options: .atomic)
            return true
        } catch {
            problem = "cannot write the size baseline '\(displayPath)': \(error.localizedDescription)"
            return false
        }
    }

    /// What was found and done, the growth per path, and how to record; `nil` when the size is
    /// within the tolerance.
    public var failureMessage: String? {
        if let problem { return problem }
        guard let status, let recording, let byteCount else { return nil }
        switch status {
        case .withinTolerance:
            return nil
        case .recorded:
            return
                "no size baseline '\(name)' at '\(displayPath)': recorded \(byteCount) bytes under \(recording.phrase); review it, commit it and run the test again"
        case .missing:
            let reason =
                recording.mode == .never || !recording.isCI
                ? "\(recording.phrase) writes none: to record it, \(recording.instruction(toRecordIn: .missing)) and commit it"
                : "none is written in CI (CI is set): record it locally and commit it"
            return "no size baseline '\(name)' at '\(displayPath)', and \(reason)"
        case .grew:
            let modeRewrites = recording.mode == .all || recording.mode == .failed
            let reason =
                modeRewrites && recording.isCI
                ? "not re-recorded in CI (CI is set): if the growth is intended, re-record it locally with \(SchemaRecordMode.environmentVariable)=failed and commit it"
                : "if the growth is intended, \(recording.instruction(toRecordIn: .failed)) and commit it"
            return (report + ["baseline file: '\(displayPath)'; \(reason)"]).joined(separator: "\n")
        case .rerecorded:
            return
                (report
                + [
                    "re-recorded '\(displayPath)' under \(recording.phrase); review the change, commit it and run the test again"
                ])
                .joined(separator: "\n")
        }
    }
}
