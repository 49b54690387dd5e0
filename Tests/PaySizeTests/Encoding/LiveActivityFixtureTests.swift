import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// The benchmark's fixtures and real-world corpus (shared by symlink) encode byte for byte like
/// Foundation, on the byte-stream path rather than the Foundation fallback.
@Suite("PayloadEncoder Live Activity fixtures")
struct LiveActivityFixtureTests {
    static let fixtures: [(name: String, value: any Encodable & Sendable)] = [
        ("ride", LiveActivityFixtures.ride),
        ("delivery", LiveActivityFixtures.delivery),
        ("flight", LiveActivityFixtures.flight),
        ("messages", LiveActivityFixtures.messages),
    ]

    @Test("fixture matches JSONEncoder without falling back", arguments: fixtures.map(\.name))
    func fixtureMatches(name: String) throws {
        let value = Self.fixtures.first { $0.name == name }!.value
        try check(value)
    }

    @Test(
        "real-world corpus shape matches JSONEncoder without falling back",
        arguments: RealWorldCorpus.shapes.map(\.name))
    func corpusShapeMatches(name: String) throws {
        let value = RealWorldCorpus.shapes.first { $0.name == name }!.value
        try check(value)
    }

    private func check<T: Encodable>(_ value: T) throws {
        let comparison = EncodingComparison(value)
        #expect(comparison.isIdentical, "\(comparison.foundation)\n\(comparison.payload)")
        var encoder = PayloadEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(try encoder.encodeWithoutFallback(value, countingOnly: false) { _ in true } != nil)
        #expect(try encoder.encodeWithoutFallback(value, countingOnly: true) { _ in true } != nil)
        for options in [
            EncodingOptions().with { $0.formatting = [.sortedKeys, .prettyPrinted] },
            EncodingOptions().with { $0.formatting = [] },
        ] {
            let other = EncodingComparison(value, options: options)
            #expect(other.sizesMatch)
        }
    }
}
