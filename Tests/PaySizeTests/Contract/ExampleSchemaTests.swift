import Foundation
import Testing

@_spi(Internals) @testable import PaySize

/// The committed schemas in `Schemas/examples/` are the contract servers read (and
/// `Examples/schemas/delivery-next.schema.json` the next version `make demo` compares with);
/// this fails when a type and its committed schema drift apart. `PAYSIZE_RECORD=1` re-records them.
@Suite("Committed example schemas")
struct ExampleSchemaTests: ContractFixtureNames {
    static let examples: [(path: String, schema: @Sendable () -> PayloadSchema)] = [
        ("Schemas/examples/delivery.schema.json", { .infer(from: DeliveryState.self) }),
        ("Schemas/examples/sports.schema.json", { .infer(from: SportsScoreState.self) }),
        ("Schemas/examples/ride.schema.json", { .infer(from: RideState.self) }),
        ("Schemas/examples/timer.schema.json", { .infer(from: TimerState.self) }),
        ("Schemas/examples/flight.schema.json", { .infer(from: FlightState.self) }),
        ("Examples/schemas/delivery-next.schema.json", { .infer(from: DeliveryStateNext.self) }),
    ]

    @Test("each example type matches its committed schema", arguments: examples.indices)
    func matchesCommitted(_ index: Int) throws {
        let (path, make) = Self.examples[index]
        let url = ContractTestSupport.packageRoot.appendingPathComponent(path)
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
