import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

extension PaySizeTestConfiguration {
    /// This test target's settings, as an app's test target sets them once: snapshots, size
    /// baselines and kept schemas under the target (Package.swift excludes the folder), and a
    /// 1024-byte default ceiling.
    static let testTarget = PaySizeTestConfiguration(snapshotFolder: "Tests/PaySizeTestingTests/Schemas", ceiling: 1024)
}

/// A state of `noteLength + 31` bytes, to cross the configured ceiling.
func noteState(noteLength: Int) -> NoteState {
    NoteState(note: String(repeating: "n", count: noteLength))
}

/// The configuration set once on the suite and used by every test in it.
@Suite("A suite configured once", .paySizeTestConfiguration(.testTarget))
struct ConfiguredSuiteTests {
    static let delivery = DeliveryState(status: .onTheWay, etaDate: noon, courierName: "Ana")

    @Test("the schema snapshot is found in the configured folder")
    func schemaSnapshot() {
        let snapshot = expectSchemaSnapshot(of: DeliveryState.self)
        #expect(snapshot.displayPath == "Tests/PaySizeTestingTests/Schemas/DeliveryState.schema.json")
        #expect(snapshot.status == .matches)
    }

    @Test("the kept schemas are found in the history folder inside it")
    func schemaHistory() {
        let history = expectCompatibleWithSchemaHistory(of: DeliveryState.self)
        #expect(history.displayPath == "Tests/PaySizeTestingTests/Schemas/history/DeliveryState")
        #expect(history.versions.map(\.fileName) == ["1.0.schema.json"])
    }

    @Test("the default ceiling is the configured one")
    func defaultCeiling() {
        #expect(expectFits(contentState: Self.delivery).ceiling == 1024)
        withKnownIssue {
            expectFits(contentState: noteState(noteLength: 1000))
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix("the content state is 1031 bytes, 7 over the allowed 1024 bytes\n")
                == true
        }
    }

    @Test("the size baseline is found in the configured folder")
    func sizeBaseline() {
        let baseline = expectSizeBaseline(NoteState.baseline, named: "note-state")
        #expect(baseline.displayPath == "Tests/PaySizeTestingTests/Schemas/note-state.size.json")
        #expect(baseline.status == .withinTolerance)
        #expect(baseline.byteCount == 100)
    }

    @Test("per-call arguments win over the configuration")
    func perCallArgumentsWin() throws {
        #expect(expectFits(contentState: noteState(noteLength: 1000), within: .safe).ceiling == .safe)
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("DeliveryState.schema.json")
        try PayloadSchema.infer(from: DeliveryState.self).jsonData().write(to: file)
        #expect(expectSchemaSnapshot(of: DeliveryState.self, path: file.path).displayPath == file.path)
        let history = expectCompatibleWithSchemaHistory(of: DeliveryState.self, folder: folder.url.path)
        #expect(history.versions.map(\.fileName) == ["DeliveryState.schema.json"])
        let grown = withSchemaRecordMode(.never) {
            expectSizeBaseline(
                NoteState.grownBySixPercent, named: "note-state", folder: "Tests/PaySizeTestingTests/Schemas",
                tolerance: .percent(6))
        }
        #expect(grown.status == .withinTolerance)
    }
}

/// Where each setting comes from: the call, the scoped configuration, the environment, the default.
@Suite("Configuration precedence")
struct ConfigurationPrecedenceTests {
    static let environment = [
        "PAYSIZE_RECORD": "never", "PAYSIZE_SNAPSHOT_FOLDER": "Env/Schemas", "PAYSIZE_HISTORY_FOLDER": "Env/Kept",
        "PAYSIZE_CEILING": "monitor", "PAYSIZE_SIZE_TOLERANCE": "40",
    ]

    @Test("the environment sets the project-wide defaults")
    func environmentDefaults() throws {
        let configuration = try PaySizeTestConfiguration(environment: Self.environment)
        #expect(
            configuration
                == PaySizeTestConfiguration(
                    snapshotFolder: "Env/Schemas", historyFolder: "Env/Kept", ceiling: .monitor,
                    sizeTolerance: .bytes(40)))
        let snapshot = SchemaSnapshot(of: DeliveryState.self, testFilePath: #filePath, environment: Self.environment)
        #expect(snapshot.displayPath == "Env/Schemas/DeliveryState.schema.json")
        let history = SchemaHistoryCheck(of: DeliveryState.self, testFilePath: #filePath, environment: Self.environment)
        #expect(history.displayPath == "Env/Kept/DeliveryState")
        let baseline = SizeBaselineCheck(
            NoteState.baseline, named: "n", testFilePath: #filePath, environment: Self.environment)
        #expect(baseline.displayPath == "Env/Schemas/n.size.json")
        #expect(baseline.tolerance == .bytes(40))
    }

    @Test("a scoped configuration wins over the environment, setting by setting")
    func scopedWins() {
        withPaySizeTestConfiguration(PaySizeTestConfiguration(snapshotFolder: "Scoped")) {
            let snapshot = SchemaSnapshot(
                of: DeliveryState.self, testFilePath: #filePath, environment: Self.environment)
            #expect(snapshot.displayPath == "Scoped/DeliveryState.schema.json")
            // Not set in scope: the environment's.
            let history = SchemaHistoryCheck(
                of: DeliveryState.self, testFilePath: #filePath, environment: Self.environment)
            #expect(history.displayPath == "Env/Kept/DeliveryState")
            // Neither sets it: the history folder is inside the snapshot folder.
            let defaultHistory = SchemaHistoryCheck(
                of: DeliveryState.self, testFilePath: #filePath, environment: [:])
            #expect(defaultHistory.displayPath == "Scoped/history/DeliveryState")
        }
        let plain = SchemaSnapshot(
            of: DeliveryState.self, testFilePath: #filePath, environment: ["PAYSIZE_RECORD": "never"])
        #expect(plain.displayPath == "Schemas/DeliveryState.schema.json")
    }

    @Test("unreadable values are named")
    func unreadableValues() {
        #expect(
            throws: PaySizeTestConfigurationError(
                variable: "PAYSIZE_CEILING", value: "huge",
                expected: "a byte count or 'safe', 'monitor', 'risky' or 'critical'")
        ) {
            try PaySizeTestConfiguration(environment: ["PAYSIZE_CEILING": "huge"])
        }
        #expect(
            "\(PaySizeTestConfigurationError(variable: "PAYSIZE_SIZE_TOLERANCE", value: "5 percent", expected: "a percentage such as '5%' or a byte count such as '40'"))"
                == "PAYSIZE_SIZE_TOLERANCE is '5 percent'; expected a percentage such as '5%' or a byte count such as '40'"
        )
        let baseline = SizeBaselineCheck(
            NoteState.baseline, named: "n", testFilePath: #filePath,
            environment: ["PAYSIZE_RECORD": "never", "PAYSIZE_SIZE_TOLERANCE": "5 percent"])
        #expect(
            baseline.failureMessage
                == "cannot check size baseline 'n': PAYSIZE_SIZE_TOLERANCE is '5 percent'; expected a percentage such as '5%' or a byte count such as '40'"
        )
        #expect(SizeCeiling("risky") == .risky)
        #expect(SizeCeiling("3000") == .bytes(3000))
        #expect(SizeTolerance("7.5%") == .percent(7.5))
        #expect(SizeTolerance("-1") == nil)
    }
}
