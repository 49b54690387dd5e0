import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport
import Testing

/// Payloads the FuzzShrink target (Fuzz/) once failed on, kept as unit tests; each also lives in
/// `Fuzz/Regressions/FuzzShrink/`, replayed before every fuzz run.
@Suite("Shrink regressions") struct ShrinkRegressionTests {
    static let folder = TestPaths.packageRoot.appendingPathComponent("Fuzz/Regressions/FuzzShrink")

    /// Regressions/FuzzShrink/control-character-in-derived-source-key.json: the derived-string
    /// suggestion named the members it formats from their raw keys, so a key holding a tab put a
    /// control character in its title. Paths in prose are written as messages write them.
    @Test("derived sources are named on one line") func derivedSourcesAreNamedOnOneLine() throws {
        let bytes = Array(
            try Data(contentsOf: Self.folder.appendingPathComponent("control-character-in-derived-source-key.json")))
        let report = try ShrinkAdvisor().report(forJSONBytes: bytes)
        let derived = try #require(report.suggestions.first { $0.kind == "derive-formatted" })
        #expect(
            derived.title
                == "/scoreText only formats /awayScore and /homeInfini\\ttyScore ('14 - 10'): derive it in the view")
        for suggestion in report.suggestions + report.zeroSavings {
            let prose = suggestion.id + suggestion.title + suggestion.howToApply
            #expect(
                !prose.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F },
                "\(suggestion.id)")
        }
    }

    /// Every regression input: the savings the fuzz target checks hold.
    @Test("every regression saves exactly") func everyRegressionSavesExactly() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.hasPrefix(".") }
        #expect(!names.isEmpty)
        for name in names {
            let bytes = Array(try Data(contentsOf: Self.folder.appendingPathComponent(name)))
            guard let report = try? ShrinkAdvisor(allowsLossy: true).report(forJSONBytes: bytes) else { continue }
            for suggestion in report.suggestions {
                #expect(
                    suggestion.savedBytes == report.byteCount
                        - (try JSONScanner.scan(suggestion.jsonBytes)).compactByteCount,
                    "\(name): \(suggestion.id)")
            }
        }
    }
}
