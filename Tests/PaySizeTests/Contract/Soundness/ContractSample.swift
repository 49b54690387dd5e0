import Foundation

@_spi(Internals) @testable import PaySize

/// A sample of the soundness payloads, written for checkers outside this process:
///
/// - `.build/contract-agreement/<n>-<Type>/`: the type's schema, its payloads (one per line of
///   `payloads.jsonl`) and the findings ``PayloadContract`` gives for each (`library.json`);
///   `Tests/Schemas/compare_cli_with_library.py` runs `paysize check --schema` on the same
///   files and requires the same findings and exit status.
/// - `.build/jsonschema-corpus-cases/`: (schema, content state, verdict without PaySize's
///   keywords) cases for `Tests/Schemas/compare_with_jsonschema.py`.
enum ContractSample {
    static let agreementDirectory = ContractTestSupport.packageRoot.appendingPathComponent(".build/contract-agreement")
    static let jsonSchemaDirectory = ContractTestSupport.packageRoot.appendingPathComponent(
        ".build/jsonschema-corpus-cases")

    /// Empties both directories; called once before the types are checked.
    static func reset() throws {
        for directory in [agreementDirectory, jsonSchemaDirectory] {
            try? FileManager.default.removeItem(at: directory)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        }
    }

    /// Writes `states` (content states) of type `name` checked against `contract`.
    static func write(_ states: [JSONElement], name: String, index: Int, contract: PayloadContract) throws {
        let folder = agreementDirectory.appendingPathComponent(String(format: "%02d-%@", index, name))
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try contract.contentState.jsonData().write(to: folder.appendingPathComponent("schema.json"))
        var expected: [JSONElement] = []
        var lines = ""
        for (offset, state) in states.enumerated() {
            // One payload per line of a JSON Lines file: one `paysize check --lines` run per type.
            let line = ContractSoundnessTests.payloadText(JSONDocumentWriter.compact(state))
            lines += line + "\n"
            let findings = try contract.findings(inJSONBytes: Array(line.utf8)).map { finding in
                JSONElement.object([
                    ("path", .string(finding.path.rawValue)), ("contract", .string(finding.code?.description ?? "")),
                    ("message", .string(finding.message)), ("fix", .string(finding.fix ?? "")),
                ])
            }
            expected.append(.object([("line", .integer(offset + 1)), ("findings", .array(findings))]))

            let schema = contract.contentState
            let standard = schema.isValidByStandardKeywords(state)
            let document = JSONElement.object([
                ("schema", schema.document), ("instance", state), ("valid", .bool(standard)),
            ])
            try Data(JSONDocumentWriter.write(document)).write(
                to: jsonSchemaDirectory.appendingPathComponent("\(name)-\(offset).json"))
        }
        try Data(lines.utf8).write(to: folder.appendingPathComponent("payloads.jsonl"))
        try Data(JSONDocumentWriter.write(.array(expected))).write(to: folder.appendingPathComponent("library.json"))
    }
}
