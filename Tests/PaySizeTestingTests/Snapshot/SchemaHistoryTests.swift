import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

@Suite("Compatible with every shipped schema")
struct SchemaHistoryTests {
    /// A history folder holding `DeliveryState`'s schema as `1.0` and `DeliveryStateOptional`'s as `1.1`.
    static func history() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        try PayloadSchema.infer(from: DeliveryState.self).jsonData()
            .write(to: folder.url.appendingPathComponent("1.0.schema.json"))
        try PayloadSchema.infer(from: DeliveryStateOptional.self).jsonData()
            .write(to: folder.url.appendingPathComponent("1.1.schema.json"))
        try Data("not a schema".utf8).write(to: folder.url.appendingPathComponent("README.md"))
        return folder
    }

    @Test("a type that only adds an optional key is compatible with every version")
    func compatible() throws {
        let folder = try Self.history()
        let check = expectCompatibleWithSchemaHistory(of: DeliveryStateOptional.self, folder: folder.url.path)
        #expect(check.versions.map(\.fileName) == ["1.0.schema.json", "1.1.schema.json"])
        #expect(check.versions.allSatisfy { $0.conflicts.isEmpty })
        #expect(check.isPassing)
    }

    @Test("a new required key and a removed case break running activities of every version")
    func breaking() throws {
        let folder = try Self.history()
        let check = SchemaHistoryCheck(of: DeliveryStateNext.self, folder: folder.url, displayPath: "Schemas/history")
        var expected = ["'DeliveryStateNext' is not compatible with 2 of 2 shipped schemas in 'Schemas/history':"]
        for (file, type) in [
            ("1.0.schema.json", PayloadSchema.infer(from: DeliveryState.self)),
            ("1.1.schema.json", PayloadSchema.infer(from: DeliveryStateOptional.self)),
        ] {
            let conflicts = SchemaDiff(installed: type, next: .infer(from: DeliveryStateNext.self)).conflicts
            #expect(conflicts.allSatisfy { $0.direction == .runningActivitiesToUpdatedApp })
            #expect(Set(conflicts.map(\.path)) == [JSONPointer("status"), JSONPointer("stopsAway")])
            expected += [
                "\(file):",
                "  servers → installed apps: compatible",
                "  running activities → the updated app: \(conflicts.count) conflicts",
            ]
            expected += conflicts.map { "    \($0.path): \($0.message)" }
        }
        #expect(check.failureMessage == expected.joined(separator: "\n"))
        withKnownIssue {
            expectCompatibleWithSchemaHistory(of: DeliveryStateNext.self, folder: folder.url.path)
        } matching: { issue in
            issue.comments.first?.rawValue.hasPrefix(
                "'DeliveryStateNext' is not compatible with 2 of 2 shipped schemas in '\(folder.url.path)':") == true
        }
        // Checking only what servers send to installed apps, the same type passes.
        #expect(
            SchemaHistoryCheck(of: DeliveryStateNext.self, folder: folder.url, directions: [.serversToInstalledApps])
                .isPassing)
    }

    @Test("versions in numeric order; a kept file that is not a schema is reported")
    func orderAndUnreadable() throws {
        let folder = try TemporaryFolder()
        for version in ["1.10", "1.9", "2.0"] {
            try PayloadSchema.infer(from: DeliveryState.self).jsonData()
                .write(to: folder.url.appendingPathComponent("\(version).schema.json"))
        }
        try Data("{".utf8).write(to: folder.url.appendingPathComponent("0.9.schema.json"))
        let check = SchemaHistoryCheck(of: DeliveryState.self, folder: folder.url, displayPath: "h")
        #expect(
            check.versions.map(\.fileName) == [
                "0.9.schema.json", "1.9.schema.json", "1.10.schema.json", "2.0.schema.json",
            ])
        let error = try #require(throws: JSONScanError.self) { try JSONScanner.scan(Array("{".utf8)) }
        #expect(
            check.failureMessage == """
                'DeliveryState' is not compatible with 1 of 4 shipped schemas in 'h':
                0.9.schema.json: not a schema PaySize reads: \(error)
                """)
    }

    @Test("no kept schemas fails, saying where to put them")
    func empty() throws {
        let folder = try TemporaryFolder()
        let check = SchemaHistoryCheck(
            of: DeliveryState.self, folder: folder.url.appendingPathComponent("missing"),
            displayPath: "Schemas/history/DeliveryState")
        #expect(
            check.failureMessage
                == "no kept schemas of shipped versions of 'DeliveryState' in 'Schemas/history/DeliveryState': put each released version's schema snapshot there as '<version>.schema.json'"
        )
    }
}
