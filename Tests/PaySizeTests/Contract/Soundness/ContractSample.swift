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
            var members: [(String, JSONElement)] = [
                ("schema", schema.document), ("instance", state), ("valid", .bool(standard)),
            ]
            if let reason = try floatReadingDiffers(schema, state, standard: standard) {
                members.append(("jsonschemaDiffers", .string(reason)))
            }
            let document = JSONElement.object(members)
            try Data(JSONDocumentWriter.write(document)).write(
                to: jsonSchemaDirectory.appendingPathComponent("\(name)-\(offset).json"))
        }
        try Data(lines.utf8).write(to: folder.appendingPathComponent("payloads.jsonl"))
        try Data(JSONDocumentWriter.write(.array(expected))).write(to: folder.appendingPathComponent("library.json"))
    }

    /// Why Python's `jsonschema` gives the other verdict on `state`, or `nil` when it agrees.
    ///
    /// `json.loads` reads a number written with a fraction or an exponent as the nearest float,
    /// in the schema and the instance alike, and `jsonschema` decides on that float's value:
    /// `1.0000000000000001` is the float `1.0`, in `enum: [1]`, and `1e-400` is `0.0`, an
    /// integer. The specification decides on the decimal as written. Python's verdict is the
    /// standard verdict on both documents with each such number replaced by the exact decimal
    /// of its float, which `%.767e` writes (a Double's exact decimal has at most 767 significant
    /// digits); where the two verdicts differ, the float reading is what `jsonschema` gets wrong.
    static func floatReadingDiffers(_ schema: PayloadSchema, _ state: JSONElement, standard: Bool) throws -> String? {
        var rounded: [String] = []
        func asFloats(_ element: JSONElement, noting: Bool) -> JSONElement {
            switch element.content {
            case .object(let members): return .object(members.map { ($0.key, asFloats($0.value, noting: noting)) })
            case .array(let elements): return .array(elements.map { asFloats($0, noting: noting) })
            case .number(let text) where text.contains(where: { ".eE".contains($0) }):
                guard let value = Double(text), value.isFinite else { return element }
                let note = "\(text) as the float \(value)"
                if noting, JSONDecimal(text) != JSONDecimal(value.description), !rounded.contains(note) {
                    rounded.append(note)
                }
                return .number(String(format: "%.767e", value))
            default: return element
            }
        }
        let instance = asFloats(state, noting: true)
        let floats = try PayloadSchema(
            jsonBytes: JSONDocumentWriter.write(asFloats(schema.document, noting: false)), unknownKeywords: .ignore)
        guard floats.isValidByStandardKeywords(instance) != standard else { return nil }
        if rounded.isEmpty { return "json.loads reads the schema's numbers as floats" }
        return "json.loads reads " + rounded.joined(separator: ", ")
    }
}
