import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import XCTest

/// The configuration set once for the class, around `invokeTest()`, and used by every test.
final class ConfiguredXCTests: XCTestCase {
    override func invokeTest() {
        withPaySizeTestConfiguration(.testTarget) { super.invokeTest() }
    }

    let delivery = DeliveryState(status: .onTheWay, etaDate: noon, courierName: "Ana")

    func testSchemaSnapshotIsInTheConfiguredFolder() {
        let snapshot = assertSchemaSnapshot(of: DeliveryState.self)
        XCTAssertEqual(snapshot.displayPath, "Tests/PaySizeTestingTests/Schemas/DeliveryState.schema.json")
        XCTAssertEqual(snapshot.status, .matches)
    }

    func testKeptSchemasAreInTheHistoryFolder() {
        let history = assertCompatibleWithSchemaHistory(of: DeliveryState.self)
        XCTAssertEqual(history.displayPath, "Tests/PaySizeTestingTests/Schemas/history/DeliveryState")
        XCTAssertEqual(history.versions.map(\.fileName), ["1.0.schema.json"])
    }

    func testDefaultCeilingIsTheConfiguredOne() {
        XCTAssertEqual(assertFits(contentState: delivery).ceiling, 1024)
        XCTAssertEqual(BudgetFit(contentState: noteState(noteLength: 1000), within: 1024).byteCount, 1031)
    }

    func testSizeBaselineIsInTheConfiguredFolder() {
        let baseline = assertSizeBaseline(NoteState.baseline, named: "note-state")
        XCTAssertEqual(baseline.displayPath, "Tests/PaySizeTestingTests/Schemas/note-state.size.json")
        XCTAssertEqual(baseline.status, .withinTolerance)
    }

    func testPerCallArgumentsWin() {
        XCTAssertEqual(assertFits(contentState: delivery, within: .safe).ceiling, .safe)
        let grown = withSchemaRecordMode(.never) {
            assertSizeBaseline(NoteState.grownBySixPercent, named: "note-state", tolerance: .bytes(6))
        }
        XCTAssertEqual(grown.status, .withinTolerance)
    }
}

/// `assertSizeBaseline` failing: the failures it reports are captured and compared.
final class SizeBaselineXCTests: XCTestCase {
    private var captured: [(message: String, line: Int)] = []
    private var capturing = false

    #if canImport(Darwin)
        override func record(_ issue: XCTIssue) {
            guard capturing else { return super.record(issue) }
            captured.append((Self.message(issue.compactDescription), issue.sourceCodeContext.location?.lineNumber ?? 0))
        }
    #else
        override func recordFailure(
            withDescription description: String, inFile filePath: String, atLine lineNumber: Int, expected: Bool
        ) {
            guard capturing else {
                return super.recordFailure(
                    withDescription: description, inFile: filePath, atLine: lineNumber, expected: expected)
            }
            captured.append((Self.message(description), lineNumber))
        }
    #endif

    /// The message `XCTFail` was given: the failure's description without its `failed - `.
    private static func message(_ description: String) -> String {
        description.hasPrefix("failed - ") ? String(description.dropFirst("failed - ".count)) : description
    }

    func testSixPercentGrowthFailsNamingThePath() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("on-the-way.size.json")
        try Data(SizeBaselineTests.recordedText.utf8).write(to: file)
        capturing = true
        let line = #line + 2
        let check = withSchemaRecordMode(.never) {
            assertSizeBaseline(NoteState.grownBySixPercent, named: "on-the-way", folder: folder.url.path)
        }
        capturing = false
        withExtendedLifetime(folder) {}
        XCTAssertEqual(check.status, .grew)
        XCTAssertEqual(captured.count, 1)
        XCTAssertEqual(captured.first?.line, line)
        XCTAssertEqual(
            captured.first?.message,
            """
            size baseline 'on-the-way' grew from 100 to 106 bytes (+6, +6.0 %), past the 5 % tolerance (at most 105 bytes)
            growth by path:
              /note: 79 → 85 bytes (+6)
            baseline file: '\(file.path)'; if the growth is intended, set the scoped record mode to 'failed' and commit it
            """)
    }
}
