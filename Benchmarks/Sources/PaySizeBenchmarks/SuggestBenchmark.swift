import Foundation
@_spi(Internals) import PaySize
import PaySizeCommandLine

// `paysize suggest` on a payload near the 4 KB limit, run in process as the executable runs it
// (scan, every strategy measured, zstd packing and redundancy, the plan, JSON output), against
// `paysize check` on the same bytes, measured in the same run. Also the library alone
// (`ShrinkAdvisor`, no zstd).

/// The payloads timed: the largest update of the example series (4037 bytes), the flight
/// example near the limit (3707 bytes), and a ride's route of 111 coordinate pairs that fits as
/// sent but is over ActivityKit's limit as the device writes it (where the number strategies and
/// the device's figures do most work).
let suggestPayloads: [(name: String, path: String, line: Int?)] = [
    ("match update (series line 12)", "Examples/shrink/match-series.jsonl", 12),
    ("flight near the limit", "Examples/update-flight-near-limit.json", nil),
    ("ride route over on the device", "Examples/shrink/update-ride-route.json", nil),
]

/// The package root, from this file: Benchmarks/Sources/PaySizeBenchmarks/SuggestBenchmark.swift.
let benchmarkPackageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

/// Times `paysize suggest --format json -` against `paysize check --format json -` and the
/// advisor alone, for each payload.
func measureSuggest() throws -> [(payload: String, byteCount: Int, medians: [(variant: String, nanoseconds: Double)])] {
    try suggestPayloads.map { payload in
        let text = try String(contentsOf: benchmarkPackageRoot.appendingPathComponent(payload.path), encoding: .utf8)
        let bytes: [UInt8]
        if let line = payload.line {
            bytes = Array(text.split(separator: "\n")[line - 1].utf8)
        } else {
            bytes = Array(text.utf8)
        }
        func run(_ arguments: [String]) -> Int {
            let streams = OutputStreams.capturing(standardInput: bytes)
            let status = PaySizeCommand.main(arguments: arguments, streams: streams)
            return Int(status.rawValue) &+ streams.standardOutput.count
        }
        // Check the command works before timing it.
        let streams = OutputStreams.capturing(standardInput: bytes)
        guard PaySizeCommand.main(arguments: ["suggest", "--format", "json", "-"], streams: streams) != .badInput else {
            FileHandle.standardError.write(
                Data("error: suggest failed on \(payload.path): \(streams.errorText)\n".utf8))
            exit(1)
        }
        let advisor = ShrinkAdvisor()
        let (medians, _) = try timeRoundRobin([
            Variant(name: "paysize check --format json -") { run(["check", "--format", "json", "-"]) },
            Variant(name: "paysize suggest --format json -") { run(["suggest", "--format", "json", "-"]) },
            Variant(name: "ShrinkAdvisor().report(forJSONBytes:)") {
                try advisor.report(forJSONBytes: bytes).suggestions.count
            },
        ])
        return (payload.name, bytes.count, medians)
    }
}
