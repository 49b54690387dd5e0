import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

/// The snapshot entry as a test calls it: it reads the process environment, so these run under
/// a scoped record mode, which `PAYSIZE_RECORD` cannot change (and with which `CI` changes
/// nothing: 'never' writes nothing anyway).
@Suite("expectSchemaSnapshot")
struct SwiftTestingEntryTests {
    @Test("a committed snapshot that matches passes")
    func matches() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("DeliveryState.schema.json")
        try PayloadSchema.infer(from: DeliveryState.self).jsonData().write(to: file)
        // Scoped, so no PAYSIZE_RECORD in the process environment can change the outcome.
        let snapshot = withSchemaRecordMode(.never) { expectSchemaSnapshot(of: DeliveryState.self, path: file.path) }
        #expect(snapshot.status == .matches)
    }

    @Test("drift under a scoped 'never' fails at the caller's line with the core's message")
    func drift() throws {
        let folder = try TemporaryFolder()
        let file = folder.url.appendingPathComponent("Delivery.schema.json")
        let committed = PayloadSchema.infer(from: DeliveryState.self).jsonData()
        try committed.write(to: file)
        let expected = SchemaSnapshot(
            of: DeliveryStateNext.self, file: file, environment: [SchemaRecordMode.environmentVariable: "never"]
        ).failureMessage!.replacingOccurrences(
            of:
                "under record mode 'never' (from PAYSIZE_RECORD): if the change is intended, run with PAYSIZE_RECORD=failed",
            with:
                "under record mode 'never' (scoped): if the change is intended, set the scoped record mode to 'failed'")
        let line = #line + 3
        withSchemaRecordMode(.never) {
            withKnownIssue {
                expectSchemaSnapshot(of: DeliveryStateNext.self, path: file.path)
            } matching: { issue in
                issue.comments.map(\.rawValue) == [expected] && issue.sourceLocation?.line == line
            }
        }
        #expect(try Data(contentsOf: file) == committed)
        #expect(
            expected.hasPrefix(
                "the schema of 'DeliveryStateNext' differs from its snapshot '\(file.path)'; not re-recorded under record mode 'never' (scoped): if the change is intended, set the scoped record mode to 'failed' and commit the file\nwhat the change breaks:\n"
            ))
    }
}
