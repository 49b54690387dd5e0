import Foundation
import Testing

/// `$ref` across files, `--schema-dir` and `paysize schema lint`, end to end.
@Suite("paysize check: references across schema files", .timeLimit(.minutes(2))) struct SchemaReferenceCommandTests {
    /// app/order.schema.json refers to a sibling file by relative path and to two shared schemas,
    /// one by the `$id` at its root, one by its path under shared/.
    private func folder() throws -> TemporaryFolder {
        let folder = try TemporaryFolder()
        for name in ["app", "shared/common"] {
            try FileManager.default.createDirectory(
                at: folder.url.appendingPathComponent(name), withIntermediateDirectories: true)
        }
        try folder.write(
            "shared/common/money.schema.json",
            #"{"$id":"https://schemas.example.com/common/money.json","type":"object","properties":{"cents":{"type":"integer"}}}"#
        )
        try folder.write("shared/common/eta.json", #"{"type":"number","minimum":0}"#)
        try folder.write(
            "app/order.schema.json",
            ##"""
            {"type":"object","properties":{"total":{"$ref":"https://schemas.example.com/common/money.json"},
             "eta":{"$ref":"https://schemas.example.com/common/eta.json"},"id":{"$ref":"parts.json#/$defs/id"}}}
            """##)
        try folder.write("app/parts.json", ##"{"$defs":{"id":{"type":"string","pattern":"^PS-[0-9]+$"}}}"##)
        try folder.write(
            "update.json",
            #"{"aps":{"event":"update","timestamp":1764500400,"content-state":{"total":{"cents":"12"},"eta":-1,"id":"X"}}}"#
        )
        return folder
    }

    @Test("references resolve across files and the schema folder") func referencesResolveAcrossFilesAndTheSchemaFolder()
        throws
    {
        let folder = try folder()
        let result = try PaySizeProcess.run(
            ["check", "--schema", "app/order.schema.json", "--schema-dir", "shared", "update.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardError == "")
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        #expect(
            lines.contains(
                "  update.json:1:83: error: /aps/content-state/total/cents: dropped: expected integer, found string '12'; fix: send an integer"
            ))
        #expect(
            lines.contains(
                "  update.json:1:95: error: /aps/content-state/eta: dropped: -1 is less than the minimum 0; fix: send a value ≥ 0"
            ))
        #expect(
            lines.contains(
                "  update.json:1:103: error: /aps/content-state/id: dropped: 'X' does not match the pattern '^PS-[0-9]+$'; fix: send a value that matches '^PS-[0-9]+$'"
            ))
    }

    @Test("an unresolvable reference is one error naming it") func anUnresolvableReferenceIsOneErrorNamingIt() throws {
        let folder = try folder()
        let result = try PaySizeProcess.run(
            ["check", "--schema", "app/order.schema.json", "update.json"], in: folder.url)
        #expect(result.status == 2)
        #expect(
            result.standardError
                == "app/order.schema.json:1:48: error: expected a schema PaySize can honour, found /properties/total/$ref: reference 'https://schemas.example.com/common/money.json' names the document 'https://schemas.example.com/common/money.json', which was not found (it is not in this schema, not a bundled metaschema and not a schema file PaySize was given)\n"
        )
        try folder.write("app/broken.json", ##"{"$ref":"parts.json#/$defs/gone"}"##)
        let missing = try PaySizeProcess.run(["check", "--schema", "app/broken.json", "update.json"], in: folder.url)
        #expect(missing.status == 2)
        #expect(
            missing.standardError.contains(
                "found /$ref: reference 'parts.json#/$defs/gone' (resolved to 'file:///"))
        #expect(missing.standardError.hasSuffix("/app/parts.json#/$defs/gone') does not point to a schema\n"))
    }

    @Test("a reference cycle across files ends") func aReferenceCycleAcrossFilesEnds() throws {
        let folder = try folder()
        try folder.write("app/a.json", ##"{"$ref":"b.json"}"##)
        try folder.write("app/b.json", ##"{"$ref":"a.json","required":["x"]}"##)
        let result = try PaySizeProcess.run(["check", "--schema", "app/a.json", "update.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("/aps/content-state/x: dropped: missing required key 'x'"))
    }

    @Test("lint validates against the metaschema") func lintValidatesAgainstTheMetaschema() throws {
        let folder = try folder()
        try folder.write(
            "app/typo.json", ##"{"properties":{"a":{"type":"strnig","minLength":-1}},"$defs":{"x":{"$anchor":"9"}}}"##)
        let result = try PaySizeProcess.run(["schema", "lint", "app/typo.json"], in: folder.url)
        #expect(result.status == 1)
        #expect(
            result.standardOutput == """
                app/typo.json: /$defs/x/$anchor: '9' does not match the pattern '^[A-Za-z_][-A-Za-z0-9._]*$'
                app/typo.json: /properties/a/type: unknown value 'strnig', expected one of 'array', 'boolean', 'integer', 'null', 'number', 'object', 'string'
                app/typo.json: /properties/a/minLength: -1 is less than the minimum 0

                """)
        let valid = try PaySizeProcess.run(
            ["schema", "lint", "--schema-dir", "shared", "app/order.schema.json"], in: folder.url)
        #expect(valid.status == 0)
        #expect(valid.standardOutput == "app/order.schema.json: valid draft 2020-12 schema\n")
        let unresolved = try PaySizeProcess.run(["schema", "lint", "app/order.schema.json"], in: folder.url)
        #expect(unresolved.status == 2)
        #expect(
            unresolved.standardError.hasPrefix(
                "app/order.schema.json:1:48: error: expected a schema PaySize can honour"))
    }

    @Test("the schema directory needs a schema") func theSchemaDirectoryNeedsASchema() throws {
        let result = try PaySizeProcess.run(["check", "--schema-dir", "Schemas", "Examples/start-delivery.json"])
        #expect(result.status == 2)
        #expect(
            result.standardError == "paysize: error: '--schema-dir' needs '--schema' (see 'paysize check --help')\n")
    }
}
