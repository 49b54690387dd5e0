import Foundation
@_spi(Internals) import PaySize
import Testing

@testable import PaySizeTesting

/// Record modes, in a temporary folder, with the environment passed in (never the process's).
@Suite("Schema snapshots and record modes")
struct SchemaSnapshotTests {
    static let local: [String: String] = [:]
    static let ci = ["CI": "true"]

    static func text(_ url: URL) throws -> String {
        String(decoding: try Data(contentsOf: url), as: UTF8.self)
    }

    static func inferred<T: Decodable>(_ type: T.Type) -> String {
        String(decoding: PayloadSchema.infer(from: T.self).jsonData(), as: UTF8.self)
    }

    @Test("missing, by default: the snapshot is written and the check fails naming the file")
    func missingRecorded() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Schemas/DeliveryState.schema.json")
        let snapshot = SchemaSnapshot(
            of: DeliveryState.self, file: file, displayPath: "Schemas/DeliveryState.schema.json",
            environment: Self.local)
        #expect(snapshot.status == .recorded)
        #expect(try Self.text(file) == Self.inferred(DeliveryState.self))
        #expect(
            snapshot.failureMessage
                == "no schema snapshot of 'DeliveryState' at 'Schemas/DeliveryState.schema.json': recorded one under record mode 'missing' (the default); review it, commit it and run the test again"
        )
        // The next run finds it and passes.
        let again = SchemaSnapshot(of: DeliveryState.self, file: file, environment: Self.local)
        #expect(again.status == .matches)
        #expect(again.failureMessage == nil)
    }

    @Test("missing in CI: nothing is written, whatever the mode, and the check fails")
    func missingInCI() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("DeliveryState.schema.json")
        for mode in SchemaRecordMode.known {
            let environment = Self.ci.merging([SchemaRecordMode.environmentVariable: mode.description]) { $1 }
            let snapshot = SchemaSnapshot(
                of: DeliveryState.self, file: file, displayPath: "D.json", environment: environment)
            #expect(snapshot.status == .missing)
            #expect(!FileManager.default.fileExists(atPath: file.path))
        }
        #expect(
            SchemaSnapshot(of: DeliveryState.self, file: file, displayPath: "D.json", environment: Self.ci)
                .failureMessage
                == "no schema snapshot of 'DeliveryState' at 'D.json', and none is written in CI (CI is set): record it locally and commit it"
        )
        // CI=false or CI=0 is not CI.
        for value in ["false", "0", ""] {
            let recording = try SchemaRecording(environment: ["CI": value])
            #expect(!recording.isCI)
        }
    }

    @Test("missing with 'never': nothing is written, and the message names the mode")
    func missingNever() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("DeliveryState.schema.json")
        let snapshot = SchemaSnapshot(
            of: DeliveryState.self, file: file, displayPath: "D.json",
            environment: [SchemaRecordMode.environmentVariable: "never"])
        #expect(snapshot.status == .missing)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(
            snapshot.failureMessage
                == "no schema snapshot of 'DeliveryState' at 'D.json', and record mode 'never' (from PAYSIZE_RECORD) writes none: to record it, run with PAYSIZE_RECORD=missing and commit it"
        )
    }

    /// Records `DeliveryState`'s snapshot, then checks `DeliveryStateNext` against the same file.
    static func drift(environment: [String: String]) throws -> (SchemaSnapshot, committed: String, TemporaryFolder) {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Delivery.schema.json")
        #expect(SchemaSnapshot(of: DeliveryState.self, file: file, environment: Self.local).status == .recorded)
        let committed = try text(file)
        let snapshot = SchemaSnapshot(
            of: DeliveryStateNext.self, file: file, displayPath: "Delivery.schema.json", environment: environment)
        return (snapshot, committed, folder)
    }

    @Test("drift, by default: not rewritten; the message says what breaks in both directions and shows the diff")
    func driftNotRewritten() throws {
        let (snapshot, committed, folder) = try Self.drift(environment: Self.local)
        #expect(snapshot.status == .differs)
        #expect(try Self.text(folder.url.appendingPathComponent("Delivery.schema.json")) == committed)

        // What breaks, from SchemaDiff: the removed case and the new required key break running
        // activities; nothing breaks installed apps.
        let expectedConflicts = SchemaDiff(
            installed: .infer(from: DeliveryState.self), next: .infer(from: DeliveryStateNext.self)
        ).conflicts
        #expect(snapshot.conflicts == expectedConflicts)
        #expect(snapshot.conflicts.allSatisfy { $0.direction == .runningActivitiesToUpdatedApp })
        #expect(Set(snapshot.conflicts.map(\.path)) == [JSONPointer("status"), JSONPointer("stopsAway")])

        let diff = LineDiff(old: committed, new: Self.inferred(DeliveryStateNext.self)).unified()
        #expect(diff.contains(#"+      "stopsAway""#) || diff.contains(#"+    "stopsAway""#))
        #expect(diff.components(separatedBy: "\n").contains { $0.hasPrefix("-") && $0.contains("delivered") })
        let expected =
            ([
                "the schema of 'DeliveryStateNext' differs from its snapshot 'Delivery.schema.json'; not re-recorded under record mode 'missing' (the default): if the change is intended, run with PAYSIZE_RECORD=failed and commit the file",
                "what the change breaks:",
                "  servers → installed apps: compatible",
                "  running activities → the updated app: \(expectedConflicts.count) conflicts",
            ] + expectedConflicts.map { "    \($0.path): \($0.message)" } + [
                "diff (- committed, + inferred from 'DeliveryStateNext'):",
                diff,
            ]).joined(separator: "\n")
        #expect(snapshot.failureMessage == expected)
    }

    @Test("drift with 'failed' or 'all': rewritten, and the check fails so the change is reviewed")
    func driftRewritten() throws {
        for mode in ["failed", "all", "FAILED", "1"] {
            let (snapshot, _, folder) = try Self.drift(environment: [SchemaRecordMode.environmentVariable: mode])
            #expect(snapshot.status == .rerecorded)
            let file = folder.url.appendingPathComponent("Delivery.schema.json")
            #expect(try Self.text(file) == Self.inferred(DeliveryStateNext.self))
            #expect(
                snapshot.failureMessage?.components(separatedBy: "\n").first
                    == "the schema of 'DeliveryStateNext' differed from its snapshot 'Delivery.schema.json': re-recorded it under record mode '\(snapshot.recording!.mode)' (from PAYSIZE_RECORD); review the change, commit it and run the test again"
            )
        }
    }

    @Test("drift with 'failed' in CI: not rewritten, and the message says CI stopped it")
    func driftInCI() throws {
        let (snapshot, committed, folder) = try Self.drift(
            environment: Self.ci.merging([SchemaRecordMode.environmentVariable: "failed"]) { $1 })
        #expect(snapshot.status == .differs)
        #expect(try Self.text(folder.url.appendingPathComponent("Delivery.schema.json")) == committed)
        #expect(
            snapshot.failureMessage?.components(separatedBy: "\n").first
                == "the schema of 'DeliveryStateNext' differs from its snapshot 'Delivery.schema.json'; not re-recorded in CI (CI is set): if the change is intended, re-record it locally with PAYSIZE_RECORD=failed and commit the file"
        )
    }

    @Test("a snapshot that matches as JSON passes; only 'all' rewrites its formatting")
    func reformatted() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Delivery.schema.json")
        let compact = try JSONSerialization.data(
            withJSONObject: JSONSerialization.jsonObject(with: PayloadSchema.infer(from: DeliveryState.self).jsonData())
        )
        for mode in ["missing", "failed", "never"] {
            try compact.write(to: file)
            let snapshot = SchemaSnapshot(
                of: DeliveryState.self, file: file, environment: [SchemaRecordMode.environmentVariable: mode])
            #expect(snapshot.status == .matches)
            #expect(try Data(contentsOf: file) == compact)
        }
        let all = SchemaSnapshot(
            of: DeliveryState.self, file: file, environment: [SchemaRecordMode.environmentVariable: "all"])
        #expect(all.status == .matches)
        #expect(all.failureMessage == nil)
        #expect(try Self.text(file) == Self.inferred(DeliveryState.self))
    }

    @Test("a committed file that is not a schema: the diff is shown, the breakage unknown")
    func unreadableCommitted() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Delivery.schema.json")
        try Data("not json\n".utf8).write(to: file)
        let snapshot = SchemaSnapshot(
            of: DeliveryState.self, file: file, displayPath: "Delivery.schema.json", environment: Self.local)
        #expect(snapshot.status == .differs)
        let error = try #require(throws: JSONScanError.self) { try JSONScanner.scan(Array("not json\n".utf8)) }
        let lines = try #require(snapshot.failureMessage).components(separatedBy: "\n")
        #expect(lines[1] == "what the change breaks:")
        #expect(lines[2] == "  unknown: 'Delivery.schema.json' is not a schema PaySize reads: \(error)")
        #expect(lines[3] == "diff (- committed, + inferred from 'DeliveryState'):")
        #expect(lines[4] == "@@ -1,1 +1,\(Self.inferred(DeliveryState.self).split(separator: "\n").count) @@")
        #expect(lines[5] == "-not json")
    }

    @Test("an unknown PAYSIZE_RECORD value fails without writing")
    func unknownMode() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Delivery.schema.json")
        let snapshot = SchemaSnapshot(
            of: DeliveryState.self, file: file, environment: [SchemaRecordMode.environmentVariable: "sometimes"])
        #expect(snapshot.status == nil)
        #expect(
            snapshot.failureMessage
                == "cannot check the schema snapshot of 'DeliveryState': PAYSIZE_RECORD is 'sometimes'; expected 'missing', 'all', 'failed' or 'never'"
        )
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test("a scoped override wins over PAYSIZE_RECORD, but not over CI")
    func scopedOverride() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Delivery.schema.json")
        let all = [SchemaRecordMode.environmentVariable: "all"]
        let never = withSchemaRecordMode(.never) {
            SchemaSnapshot(of: DeliveryState.self, file: file, displayPath: "D.json", environment: all)
        }
        #expect(never.status == .missing)
        #expect(never.recording?.source == .scoped)
        #expect(
            never.failureMessage
                == "no schema snapshot of 'DeliveryState' at 'D.json', and record mode 'never' (scoped) writes none: to record it, set the scoped record mode to 'missing' and commit it"
        )
        let inCI = withSchemaRecordMode(.all) {
            SchemaSnapshot(of: DeliveryState.self, file: file, environment: Self.ci)
        }
        #expect(inCI.status == .missing)
        #expect(SchemaRecordMode.scopedOverride == nil)
        let recorded = withSchemaRecordMode(.failed) {
            SchemaSnapshot(
                of: DeliveryState.self, file: file, environment: [SchemaRecordMode.environmentVariable: "never"])
        }
        #expect(recorded.status == .recorded)
    }

    @Test("the test trait sets the mode for its test", .schemaRecordMode(.never))
    func trait() async throws {
        #expect(SchemaRecordMode.scopedOverride == .never)
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Delivery.schema.json")
        let snapshot = SchemaSnapshot(of: DeliveryState.self, file: file, environment: Self.local)
        #expect(snapshot.status == .missing)
        let inner = await withSchemaRecordMode(.failed) {
            await Task { SchemaRecordMode.scopedOverride }.value
        }
        #expect(inner == .failed)
    }

    @Test("paths: relative to the nearest folder with a Package.swift or an .xcodeproj, else the test's own")
    func projectRoot() throws {
        let folder = try TemporaryFolder()
        let package = folder.url.appendingPathComponent("App")
        let tests = package.appendingPathComponent("Tests/AppTests")
        try FileManager.default.createDirectory(at: tests, withIntermediateDirectories: true)
        try Data().write(to: package.appendingPathComponent("Package.swift"))
        let testFile = tests.appendingPathComponent("DeliveryTests.swift").path

        let snapshot = withSchemaRecordMode(.never) {
            SchemaSnapshot(of: DeliveryState.self, testFilePath: testFile, environment: Self.local)
        }
        #expect(snapshot.file.path == package.appendingPathComponent("Schemas/DeliveryState.schema.json").path)
        #expect(snapshot.displayPath == "Schemas/DeliveryState.schema.json")
        let custom = withSchemaRecordMode(.never) {
            SchemaSnapshot(
                of: DeliveryState.self, path: "Contract/d.json", testFilePath: testFile, environment: Self.local)
        }
        #expect(custom.displayPath == "Contract/d.json")
        let absolute = folder.url.appendingPathComponent("elsewhere.json").path
        let outside = withSchemaRecordMode(.never) {
            SchemaSnapshot(of: DeliveryState.self, path: absolute, testFilePath: testFile, environment: Self.local)
        }
        #expect(outside.displayPath == absolute)

        let xcode = folder.url.appendingPathComponent("Xcode")
        let xcodeTests = xcode.appendingPathComponent("AppTests")
        try FileManager.default.createDirectory(
            at: xcode.appendingPathComponent("App.xcodeproj"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: xcodeTests, withIntermediateDirectories: true)
        #expect(
            ProjectFile.projectRoot(of: xcodeTests.appendingPathComponent("T.swift")).path == xcode.path)
    }

    @Test("type names keep their nesting and drop module names")
    func typeNames() {
        enum Activity {
            struct ContentState: Codable {}
        }
        struct Box<Value>: Codable {}
        #expect(String(typeName: DeliveryState.self) == "DeliveryState")
        #expect(String(typeName: DeliveryState.Status.self) == "DeliveryState.Status")
        #expect(String(typeName: Box<Int>.self) == "Box<Int>")
        #expect(String(typeName: Activity.ContentState.self) == "Activity.ContentState")
    }
}
