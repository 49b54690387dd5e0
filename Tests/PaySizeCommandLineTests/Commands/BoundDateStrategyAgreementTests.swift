import Foundation
@_spi(Internals) import PaySize
import PaySizeTesting
import Testing

/// `paysize bound`, ``WorstCaseBound`` and the test helpers give one figure for every committed
/// schema and each test type, under each date strategy: the strategy travels in the schema
/// (`x-paysize-date-encoding`), which the command reads.
@Suite("paysize bound, the library and the test helpers agree on dates", .timeLimit(.minutes(2)))
struct BoundDateStrategyAgreementTests {
    struct Trip: Codable {
        var departs: Date
        var arrives: Date?
        var stops: Set<UInt8>
    }
    static let tripLimits: [String: SizeLimit] = [
        "/departs": .range(700_000_000...800_000_000), "/arrives": .range(0...3e11), "/stops": .maxItems(4),
    ]
    static let committed = ["delivery", "flight", "ride", "sports", "timer"]

    /// The device figures `paysize bound --format json` prints for a schema document.
    static func commandFigures(_ document: Data) throws -> (Int?, Int?) {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "paysize-dates-\(UUID().uuidString).schema.json")
        try document.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try PaySizeProcess.run(["bound", "--format", "json", file.path])
        let report = try BoundCommandTests.object(result.standardOutput)
        return (report["deviceContentStateBytes"] as? Int, report["deviceBoundedRestBytes"] as? Int)
    }

    @Test("on a test type", arguments: WorstCaseBound.DateEncodingStrategy.allCases)
    func onATestType(_ strategy: WorstCaseBound.DateEncodingStrategy) throws {
        let schema = try PayloadSchema.infer(from: Trip.self, limits: Self.tripLimits, dateEncodingStrategy: strategy)
        let library = try WorstCaseBound(of: Trip.self, limits: Self.tripLimits, dateEncodingStrategy: strategy)
        let helper = WorstCaseFit(Trip.self, limits: Self.tripLimits, dateEncodingStrategy: strategy)
        let command = try Self.commandFigures(schema.jsonData())
        #expect(library.dateEncodingStrategy == strategy)
        #expect(library.deviceByteCount != nil)
        #expect(command.0 == library.deviceByteCount)
        #expect(helper.bound?.deviceByteCount == library.deviceByteCount)
        #expect(WorstCaseBound(schema: schema).deviceByteCount == library.deviceByteCount)
    }

    @Test("on every committed schema", arguments: WorstCaseBound.DateEncodingStrategy.allCases)
    func onEveryCommittedSchema(_ strategy: WorstCaseBound.DateEncodingStrategy) throws {
        for name in Self.committed {
            let url = PaySizeProcess.packageRoot.appendingPathComponent("Schemas/examples/\(name).schema.json")
            let schema = try PayloadSchema(jsonBytes: Array(try Data(contentsOf: url)))
            // The committed document with the strategy recorded, as inference records it.
            let recorded = try PayloadSchema(
                document: schema.document.setting("x-paysize-date-encoding", to: .string(strategy.rawValue)))
            let library = WorstCaseBound(schema: schema, dateEncodingStrategy: strategy)
            let command = try Self.commandFigures(recorded.jsonData())
            #expect(command.0 == library.deviceByteCount, "\(name) under \(strategy)")
            #expect(command.1 == library.deviceBoundedRestByteCount, "\(name) under \(strategy)")
        }
    }
}
