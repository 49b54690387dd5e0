import Foundation
import Testing

@testable import PaySize

/// The committed schemas in `Schemas/examples/` are the contract servers read; this fails when a
/// type and its committed schema drift apart. `PAYSIZE_RECORD=1` re-records them.
@Suite("Committed example schemas")
struct ExampleSchemaTests: ContractFixtureNames {
    static let examples: [(name: String, schema: @Sendable () -> PayloadSchema)] = [
        ("delivery", { .infer(from: DeliveryState.self) }),
        ("sports", { .infer(from: SportsScoreState.self) }),
        ("ride", { .infer(from: RideState.self) }),
        ("timer", { .infer(from: TimerState.self) }),
        ("flight", { .infer(from: FlightState.self) }),
    ]

    @Test("each example type matches its committed schema", arguments: examples.indices)
    func matchesCommitted(_ index: Int) throws {
        let (name, make) = Self.examples[index]
        let url = ContractTestSupport.packageRoot.appendingPathComponent("Schemas/examples/\(name).schema.json")
        let inferred = make().jsonData()
        if ProcessInfo.processInfo.environment["PAYSIZE_RECORD"] == "1" {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try inferred.write(to: url)
            return
        }
        let committed = try Data(contentsOf: url)
        #expect(
            committed == inferred,
            "'\(url.path)' differs from the schema inferred for it; if the type changed on purpose, run with PAYSIZE_RECORD=1 and review the diff"
        )
        // The committed file reads back as the same schema.
        #expect(try PayloadSchema(jsonBytes: Array(committed)) == make())
    }
}
