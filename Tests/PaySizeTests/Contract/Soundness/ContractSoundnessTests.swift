import Foundation
import PaySizeTestSupport
import Synchronization
import Testing

@_spi(Internals) @testable import PaySize

/// The contract is only worth gating a release on if it never calls a decodable payload
/// "dropped" and never misses one the device drops without saying so. For each type of
/// ``ContractCorpus``: seeded random values written by a default `JSONEncoder` must produce no
/// dropped finding, and seeded mutations of them are judged by the real `JSONDecoder`; each one
/// it refuses must be a dropped finding at the place it refused, or sit under an
/// `x-paysize-note` of the schema that names it.
@Suite("Contract soundness against JSONDecoder")
struct ContractSoundnessTests {
    /// Values per type; the first `systematicValues` get every mutation of every place, the rest
    /// `sampledMutations` random ones.
    static let valuesPerType = 8
    static let systematicValues = 1
    static let sampledMutations = 30
    /// `PAYSIZE_SOUNDNESS_VERBOSE=1` lists the noted refusals too.
    static let verbose = ProcessInfo.processInfo.environment["PAYSIZE_SOUNDNESS_VERBOSE"] == "1"

    struct Counts {
        var types = 0
        var valid = 0
        var suspiciousOnValid = 0
        var mutations = 0
        var refused = 0
        var caught = 0
        var noted = 0
        var falseAlarms = 0
        var silentMisses = 0
        var droppedOnValid = 0
        var problems: [String] = []

        static func += (lhs: inout Counts, rhs: Counts) {
            lhs.types += rhs.types
            lhs.valid += rhs.valid
            lhs.suspiciousOnValid += rhs.suspiciousOnValid
            lhs.mutations += rhs.mutations
            lhs.refused += rhs.refused
            lhs.caught += rhs.caught
            lhs.noted += rhs.noted
            lhs.falseAlarms += rhs.falseAlarms
            lhs.silentMisses += rhs.silentMisses
            lhs.droppedOnValid += rhs.droppedOnValid
            lhs.problems += rhs.problems
        }
    }

    @Test("every refusal of the real JSONDecoder is caught or noted, and nothing it accepts is dropped")
    func corpus() throws {
        #expect(ContractCorpus.all.count >= 30)
        // Types are independent: check them on every core, then add up in corpus order.
        let count = ContractCorpus.all.count
        try ContractSample.reset()
        let results = Mutex([Result<Counts, any Error>?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let result = Result { try Self.check(ContractCorpus.all[index], seed: UInt64(index + 1)) }
            results.withLock { $0[index] = result }
        }
        var totals = Counts()
        for result in results.withLock({ $0 }) {
            totals += try #require(result).get()
        }
        print(
            "contract soundness: \(totals.types) types, \(totals.valid) valid payloads (\(totals.droppedOnValid) dropped findings, \(totals.suspiciousOnValid) suspicious), \(totals.mutations) mutations, \(totals.refused) refused by JSONDecoder: \(totals.caught) caught, \(totals.noted) noted, \(totals.silentMisses) missed; \(totals.falseAlarms) false alarms"
        )
        for problem in totals.problems.prefix(Self.verbose ? 400 : 40) { print("  " + problem) }
        #expect(totals.droppedOnValid == 0)
        #expect(totals.suspiciousOnValid == 0)
        #expect(totals.falseAlarms == 0)
        #expect(totals.silentMisses == 0)
        #expect(totals.refused > totals.mutations / 4)
    }

    static func check<T: ContractSpecimen>(_ type: T.Type, seed: UInt64) throws -> Counts {
        var counts = Counts()
        counts.types = 1
        let schema = PayloadSchema.infer(from: T.self)
        let contract = PayloadContract(contentState: schema)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var random = SplitMix64(seed: seed)
        let name = String(describing: T.self)
        var sample: [JSONElement] = []
        for round in 0..<valuesPerType {
            let value = T.random(&random)
            let state = try JSONScanner.scan(Array(try encoder.encode(value)))
            let findings = try contract.findings(inJSONBytes: payload(JSONDocumentWriter.write(state)))
            counts.valid += 1
            for finding in findings {
                if finding.code == .dropped { counts.droppedOnValid += 1 } else { counts.suspiciousOnValid += 1 }
                counts.problems.append("\(name) valid \(JSONDocumentWriter.compact(state)): \(finding)")
            }
            let mutations =
                round < systematicValues
                ? ContentStateMutation.all(of: state)
                : ContentStateMutation.sample(of: state, count: sampledMutations, random: &random)
            if round < 3 {
                // Outside checkers get a few valid states and mutations spread over every place.
                sample.append(state)
                let step = max(1, mutations.count / 8)
                sample += stride(from: round, to: mutations.count, by: step).prefix(8).map { mutations[$0].state }
            }
            for mutation in mutations {
                counts.mutations += 1
                try judge(mutation, of: T.self, contract: contract, name: name, counts: &counts)
            }
        }
        try ContractSample.write(sample, name: name, index: Int(seed), contract: contract)
        return counts
    }

    private static func judge<T: Decodable>(
        _ mutation: ContentStateMutation, of type: T.Type, contract: PayloadContract, name: String,
        counts: inout Counts
    ) throws {
        let prefix = JSONPointer("aps", "content-state")
        let state = JSONDocumentWriter.write(mutation.state)
        let dropped = try contract.findings(inJSONBytes: payload(state)).filter { $0.code == .dropped }
        let places = dropped.map {
            JSONPointer(components: Array($0.path.components.dropFirst(prefix.components.count)))
        }
        var text: String { JSONDocumentWriter.compact(mutation.state) }
        guard let refusal = DecoderVerdict.refusal(of: T.self, state: state, changedAt: mutation.place) else {
            if !dropped.isEmpty {
                counts.falseAlarms += 1
                counts.problems.append(
                    "\(name) false alarm (\(mutation.place) \(mutation.label)) \(text): \(dropped.map(\.description))")
            }
            return
        }
        counts.refused += 1
        if places.contains(refusal.place) {
            counts.caught += 1
        } else if let note = SchemaNotes.along(refusal.place, in: contract.contentState.document).last {
            counts.noted += 1
            if verbose {
                counts.problems.append(
                    "\(name) noted (\(mutation.place) \(mutation.label)) \(text): JSONDecoder refuses at \(refusal.place) (\(refusal.reason)); note: \(note)"
                )
            }
        } else {
            counts.silentMisses += 1
            counts.problems.append(
                "\(name) missed (\(mutation.place) \(mutation.label)) \(text): JSONDecoder refuses at \(refusal.place) (\(refusal.reason)); findings \(dropped.map(\.description))"
            )
        }
    }

    /// An update payload carrying `state` (JSON bytes).
    static func payload(_ state: [UInt8]) -> [UInt8] {
        Array(payloadText("").utf8.dropLast(2)) + state + Array("}}".utf8)
    }

    /// An update payload carrying `state` (JSON text).
    static func payloadText(_ state: String) -> String {
        #"{"aps":{"timestamp":1764504000,"event":"update","content-state":"# + state + "}}"
    }
}
