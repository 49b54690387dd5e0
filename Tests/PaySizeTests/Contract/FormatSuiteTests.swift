import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// The official JSON Schema test suite's draft 2020-12 `optional/format` tests (vendored in
/// `Tests/Fixtures/JSON-Schema-Test-Suite/optional/format`), run with `format` asserted.
@Suite("JSON-Schema-Test-Suite optional/format, asserted")
struct FormatSuiteTests {
    static let folder = ContractTestSupport.packageRoot.appendingPathComponent(
        "Tests/Fixtures/JSON-Schema-Test-Suite/optional/format")

    struct Tally {
        var passed = 0
        var failed: [String] = []
    }

    /// Runs every test of `file` with `format` asserted.
    static func run(_ file: String) throws -> Tally {
        let bytes = try Data(contentsOf: folder.appendingPathComponent(file + ".json"))
        var tally = Tally()
        for group in try JSONScanner.scan(Array(bytes)).elements ?? [] {
            var schema = try PayloadSchema(document: try #require(group["schema"]))
            schema.assertsFormat = true
            for test in group["tests"]?.elements ?? [] {
                let data = try #require(test["data"])
                let expected = try #require(test["valid"]?.boolValue as Bool?)
                if schema.isValid(data) == expected {
                    tally.passed += 1
                } else {
                    let description = test["description"]?.stringValue ?? ""
                    tally.failed.append("\(JSONDocumentWriter.compact(data)) (\(description))")
                }
            }
        }
        return tally
    }

    /// Formats PaySize asserts, with the suite's tests each one still fails and why.
    static let asserted: [(name: String, knownFailures: [String])] = [
        ("date-time", []), ("date", []), ("time", []), ("duration", []), ("email", []), ("hostname", []),
        ("ipv4", []), ("ipv6", []), ("uri", []), ("uri-reference", []), ("uuid", []), ("regex", []),
        ("ecmascript-regex", []), ("unknown", []),
    ]

    @Test("every test of an asserted format agrees", arguments: 0..<asserted.count)
    func assertedFormat(_ index: Int) throws {
        let (name, knownFailures) = Self.asserted[index]
        let tally = try Self.run(name)
        print("format suite \(name): \(tally.passed) passed, \(tally.failed.count) failed")
        #expect(tally.failed == knownFailures, "\(name)")
    }

    /// Formats that stay annotations even when asserting: their invalid examples are accepted.
    @Test("annotation formats accept everything") func annotationFormatsAcceptEverything() throws {
        for name in [
            "idn-email", "idn-hostname", "iri", "iri-reference", "json-pointer", "relative-json-pointer",
            "uri-template",
        ] {
            let tally = try Self.run(name)
            print("format suite \(name) (annotation): \(tally.passed) passed, \(tally.failed.count) failed")
        }
    }

    @Test("format is an annotation by default") func formatIsAnAnnotationByDefault() throws {
        var schema = try PayloadSchema(jsonBytes: Array(#"{"properties":{"at":{"format":"date-time"}}}"#.utf8))
        let instance = try JSONScanner.scan(Array(#"{"at":"2026-02-30T10:00:00Z"}"#.utf8))
        #expect(!schema.assertsFormat)
        #expect(schema.findings(in: instance) == [])
        schema.assertsFormat = true
        #expect(
            schema.findings(in: instance).map(\.description) == [
                "/at: dropped: '2026-02-30T10:00:00Z' is not a valid 'date-time' (format); fix: send a 'date-time' string, or check without --format-assertion"
            ])
        #expect(schema.isValid(try JSONScanner.scan(Array(#"{"at":"2026-02-28T10:00:00+01:00"}"#.utf8))))
    }

    @Test("x-paysize-format is checked either way") func xPaySizeFormatIsCheckedEitherWay() throws {
        let schema = try PayloadSchema(jsonBytes: Array(#"{"type":"string","x-paysize-format":"UUID"}"#.utf8))
        #expect(!schema.isValid(.string("not-a-uuid")))
    }
}
