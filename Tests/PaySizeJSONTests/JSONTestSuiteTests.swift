import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport
import Testing

/// The JSONTestSuite parsing cases in `Tests/Fixtures/JSONTestSuite` (MIT, licence beside them): `y_` must be accepted, `n_` refused,
/// and each `i_` (implementation-defined) case follows the choice documented below.
@Suite("JSONTestSuite") struct JSONTestSuiteTests {
    static let folder = TestPaths.fixtures.appendingPathComponent("JSONTestSuite/test_parsing")

    static let caseNames: [String] = {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// PaySize's choices for the implementation-defined cases. Numbers are kept as written, so any
    /// grammatical number is accepted however large; everything that is not valid UTF-8 or pairs
    /// no surrogate is refused (strict: the device could not decode it either); a byte order mark
    /// is refused (RFC 8259 §8.1: JSON text must not begin with one); 500 levels are within the
    /// 512 limit.
    static let implementationDefinedAccepted: Set<String> = [
        "i_number_double_huge_neg_exp.json", "i_number_huge_exp.json", "i_number_neg_int_huge_exp.json",
        "i_number_pos_double_huge_exp.json", "i_number_real_neg_overflow.json", "i_number_real_pos_overflow.json",
        "i_number_real_underflow.json", "i_number_too_big_neg_int.json", "i_number_too_big_pos_int.json",
        "i_number_very_big_negative_int.json", "i_structure_500_nested_arrays.json",
    ]

    @Test("suite is present") func suiteIsPresent() {
        #expect(Self.caseNames.count >= 300, "JSONTestSuite not found at \(Self.folder.path)")
        #expect(Self.caseNames.filter { $0.hasPrefix("i_") }.count == 35)
    }

    @Test("parsing case", arguments: caseNames)
    func parsingCase(_ name: String) throws {
        let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
        // RFC 8259 allows repeated keys, so conformance is judged with them allowed; the default
        // (strict) policy must refuse exactly those cases, and only for that reason.
        let accepted: Bool
        do {
            _ = try JSONScanner.scan(bytes, duplicateKeys: .allow)
            accepted = true
        } catch is JSONScanError {
            accepted = false
        }
        if accepted {
            do {
                _ = try JSONScanner.scan(bytes)
                #expect(!name.contains("duplicated_key"), "\(name) must be refused by the strict default")
            } catch let error as JSONScanError {
                #expect(error.isDuplicateKey && name.contains("duplicated_key"), "\(name): \(error)")
            }
        }
        switch name.first {
        case "y": #expect(accepted, "\(name) must be accepted")
        case "n": #expect(!accepted, "\(name) must be refused")
        default: #expect(accepted == Self.implementationDefinedAccepted.contains(name), "\(name): documented choice")
        }
    }
}
