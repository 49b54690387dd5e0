import Foundation
import PaySizeTestSupport
import Testing

@_spi(Internals) @testable import PaySize

/// Differential fuzzing against Foundation with a fixed seed: 10 000 random values of nested
/// shape, each under random options. Bytes must be equal under `.sortedKeys`, sizes equal without
/// it, and `encodedSize` equal to `encode(...).count` always.
@Suite("PayloadEncoder random values")
struct PayloadEncoderRandomTests {
    static let valuesPerBatch = 1_250
    static let batches = Array(0..<8)

    struct CustomKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    static func randomOptions(using rng: inout SplitMix64, log: KeyConversionLog) -> EncodingOptions {
        var options = EncodingOptions()
        var label: [String] = []
        if rng.chance(25) {
            options.formatting.insert(.prettyPrinted)
            label.append("pretty")
        }
        if rng.chance(25) {
            options.formatting.insert(.withoutEscapingSlashes)
            label.append("slashes")
        }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: options.date = .secondsSince1970
        case 1: options.date = .millisecondsSince1970
        case 2: options.date = .iso8601
        case 3:
            options.date = .custom { date, encoder in
                var container = encoder.singleValueContainer()
                try container.encode("t\(Int(date.timeIntervalSinceReferenceDate))/")
            }
        case 4: options.date = .custom { _, _ in }
        default: break
        }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0: options.data = .deferredToData
        case 1:
            options.data = .custom { data, encoder in
                var container = encoder.unkeyedContainer()
                try container.encode(data.count)
            }
        default: break
        }
        switch Int.random(in: 0..<10, using: &rng) {
        case 0, 1: options.key = .convertToSnakeCase
        case 2: options.key = .custom { path in CustomKey(stringValue: "\(path.count)-\(path.last!.stringValue)") }
        case 3:
            // Reads the whole path, and logs the order of the calls.
            options.key = .custom { path in
                log.append(path)
                return CustomKey(stringValue: PathReporter.render(path))
            }
            label.append("path keys")
        default: break
        }
        if rng.chance(40) {
            options.float = .convertToString(positiveInfinity: "+inf/", negativeInfinity: "-inf", nan: "n\"a\u{1}n")
        }
        options.label = label.joined(separator: ",")
        return options
    }

    @Test("bytes equal under .sortedKeys, sizes equal without it", arguments: batches)
    func randomValues(batch: Int) {
        var rng = SplitMix64(seed: 0x5EED_0000 + UInt64(batch))
        var failures = 0
        let log = KeyConversionLog()
        for index in 0..<Self.valuesPerBatch {
            let options = Self.randomOptions(using: &rng, log: log)
            var budget = 40
            let value = RandomEncodable.random(using: &rng, depth: 0, budget: &budget, allowNonFinite: rng.chance(20))
            _ = log.take()
            let foundationCalls = Result { try options.foundation().encode(value) }.map { _ in log.take() }
            let payloadCalls = Result { try options.payload().encodeBytes(value) }.map { _ in log.take() }
            let fellBack =
                (try? options.payload().encodeWithoutFallback(value, countingOnly: false) { _ in true }) == nil
            if case .success(let expected) = foundationCalls, case .success(let calls) = payloadCalls, !fellBack,
                value.hasHashOrderedEntries ? calls.sorted() != expected.sorted() : calls != expected, failures < 5
            {
                failures += 1
                Issue.record("batch \(batch) value \(index): key conversions \(calls), Foundation's \(expected)")
            }
            let sorted = EncodingComparison(value, options: options)
            if !sorted.isIdentical, failures < 5 {
                failures += 1
                Issue.record(
                    "batch \(batch) value \(index) [\(options)]\nfoundation: \(sorted.foundation)\npayload:    \(sorted.payload)\nplain:      \(sorted.plain)\nsize: \(String(describing: sorted.payloadSize)) \(sorted.sizeFailure ?? "")"
                )
            }
            let unsorted = EncodingComparison(value, options: options.with { $0.formatting.remove(.sortedKeys) })
            if !unsorted.sizesMatch, failures < 5 {
                failures += 1
                Issue.record(
                    "unsorted batch \(batch) value \(index) [\(options)]\nfoundation: \(unsorted.foundation)\npayload:    \(unsorted.payload)\nplain:      \(unsorted.plain)"
                )
            }
        }
    }
}
