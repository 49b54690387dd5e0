import Foundation
@_spi(Internals) import PaySize
import PaySizeTestSupport

// Times Foundation's `JSONEncoder` against `PayloadEncoder` on Live Activity content states.
// Each round runs one batch of every variant in turn (round-robin), so drift in machine load
// hits all variants alike; the table shows the median batch time per operation and the speedup
// over Foundation with `.sortedKeys`, for the fast path and for the plain path (the same API with
// every assumption-based shortcut off, `PAYSIZE_ENCODER=plain`). Batches are timed in this
// thread's CPU time, so time spent descheduled while other processes build on the same cores
// does not count. Never asserts a timing.

/// One way of turning a fixture into bytes (or a byte count).
struct Variant {
    let name: String
    /// Runs one operation and returns a byte count so the work cannot be optimized away.
    let run: () throws -> Int
}

/// The timing of one fixture under every variant.
struct FixtureResult {
    let fixture: String
    let byteCount: Int
    let medians: [(variant: String, nanoseconds: Double)]
    /// Sum of every byte count produced, printed so no run can be optimized away.
    let checksum: Int
}

let rounds = 101
let targetBatchNanoseconds: UInt64 = 3_000_000

/// This thread's CPU time in nanoseconds.
func threadCPUNanoseconds() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
}

func nanoseconds(_ body: () throws -> Void) rethrows -> UInt64 {
    let start = threadCPUNanoseconds()
    try body()
    return threadCPUNanoseconds() - start
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted[sorted.count / 2]
}

/// Times `variants` in round-robin batches of about 3 ms each (after calibrating), returning
/// each variant's median ns/op and a checksum of what the runs produced.
func timeRoundRobin(_ variants: [Variant]) throws -> (medians: [(variant: String, nanoseconds: Double)], checksum: Int)
{
    // Calibrate each variant's batch to about 3 ms, after a warm-up.
    var sink = 0
    var iterations: [Int] = []
    for variant in variants {
        var count = 1
        while true {
            let elapsed = try nanoseconds { for _ in 0..<count { sink &+= try variant.run() } }
            if elapsed >= targetBatchNanoseconds / 4 {
                iterations.append(max(1, Int(Double(count) * Double(targetBatchNanoseconds) / Double(elapsed))))
                break
            }
            count *= 2
        }
    }

    var samples = Array(repeating: [Double](), count: variants.count)
    for _ in 0..<rounds {
        for (index, variant) in variants.enumerated() {
            let count = iterations[index]
            let elapsed = try nanoseconds { for _ in 0..<count { sink &+= try variant.run() } }
            samples[index].append(Double(elapsed) / Double(count))
        }
    }
    return (zip(variants, samples).map { ($0.name, median($1)) }, sink)
}

/// The timed variants, by what they run.
enum VariantKind {
    case foundationSorted, foundationDefault, payloadSorted, payloadSize, plainSorted
}

/// The encoders compared, configured in one place for the timings, the checks before them and
/// `repeat`: Foundation's with and without `.sortedKeys`, PaySize's with it on each path (the
/// fast one whatever `PAYSIZE_ENCODER` says).
struct ComparedEncoders {
    let foundationSorted = JSONEncoder()
    let foundationDefault = JSONEncoder()
    /// A constant, as the two `JSONEncoder`s are (class references): a `var` captured by the
    /// timed escaping closures lives in a box that every call reads under a dynamic exclusivity
    /// check, a cost of the harness, not of either encoder.
    let payloadSorted: PayloadEncoder
    /// The same on the plain path.
    let plainSorted: PayloadEncoder

    init() {
        foundationSorted.outputFormatting = [.sortedKeys]
        var payload = PayloadEncoder()
        payload.outputFormatting = [.sortedKeys]
        payload.path = .fast
        payloadSorted = payload
        payload.path = .plain
        plainSorted = payload
    }
}

/// The timed closures for `kinds` on `value`, as `measure` times them (and `repeat timed-…`
/// runs them under callgrind).
func makeVariants<T: Encodable>(_ value: T, _ kinds: [VariantKind], _ encoders: ComparedEncoders) -> [Variant] {
    let foundationSorted = encoders.foundationSorted
    let foundationDefault = encoders.foundationDefault
    let payloadSorted = encoders.payloadSorted
    let plainSorted = encoders.plainSorted
    return kinds.map { kind in
        switch kind {
        case .foundationSorted: Variant(name: "JSONEncoder .sortedKeys") { try foundationSorted.encode(value).count }
        case .foundationDefault: Variant(name: "JSONEncoder default") { try foundationDefault.encode(value).count }
        case .payloadSorted:
            Variant(name: "PayloadEncoder.encode .sortedKeys") { try payloadSorted.encode(value).count }
        case .payloadSize: Variant(name: "PayloadEncoder.encodedSize") { try payloadSorted.encodedSize(of: value) }
        case .plainSorted:
            Variant(name: "PayloadEncoder.encode .sortedKeys, plain path") { try plainSorted.encode(value).count }
        }
    }
}

func measure<T: Encodable>(
    _ name: String, _ value: T,
    variants kinds: [VariantKind] = [
        .foundationSorted, .foundationDefault, .payloadSorted, .payloadSize, .plainSorted,
    ]
) throws -> FixtureResult {
    let encoders = ComparedEncoders()
    let expected = try encoders.foundationSorted.encode(value)
    let actual = try encoders.payloadSorted.encode(value)
    let plain = try encoders.plainSorted.encode(value)
    guard expected == actual, expected == plain else {
        FileHandle.standardError.write(
            Data(
                """
                error: \(name): PayloadEncoder output differs from JSONEncoder (.sortedKeys)
                foundation: \(String(decoding: expected, as: UTF8.self))
                payload:    \(String(decoding: actual, as: UTF8.self))
                plain path: \(String(decoding: plain, as: UTF8.self))

                """.utf8))
        exit(1)
    }
    guard try encoders.payloadSorted.encodedSize(of: value) == expected.count else {
        FileHandle.standardError.write(Data("error: \(name): encodedSize differs from the encoded byte count\n".utf8))
        exit(1)
    }

    let (medians, sink) = try timeRoundRobin(makeVariants(value, kinds, encoders))
    return FixtureResult(
        fixture: name,
        byteCount: expected.count,
        medians: medians,
        checksum: sink
    )
}

/// `repeat VARIANT SHAPE COUNT`: runs one variant COUNT times on one shape and exits, for
/// instruction counts under callgrind (`Benchmarks/instructions.sh`): `foundation`, `encode`
/// (`encodeBytes`), `plain` (`encodeBytes` on the plain path), `data` (`encode`, its `Data`
/// result), `size`, `walk` (the do-nothing Codable
/// walk) or `rules`, or `timed-foundation`, `timed-data`, `timed-size` (the closures the timing
/// tables run, as they run them), on a corpus shape or `typical`.
func repeatOneVariant(_ arguments: [String]) throws -> Never {
    guard arguments.count == 3, let count = Int(arguments[2]) else {
        FileHandle.standardError.write(
            Data(
                "usage: PaySizeBenchmarks repeat foundation|encode|plain|data|size|walk|rules|timed-foundation|timed-data|timed-size SHAPE COUNT\n"
                    .utf8))
        exit(2)
    }
    let shapes =
        RealWorldCorpus.shapes + [
            ("typical", LiveActivityFixtures.delivery), ("ints", ProbeInts()), ("empty", ProbeEmpty()),
        ]
    guard let shape = shapes.first(where: { $0.name == arguments[1] }) else {
        FileHandle.standardError.write(Data("unknown shape '\(arguments[1])'\n".utf8))
        exit(2)
    }
    func run<T: Encodable>(_ value: T) throws -> Int {
        let encoders = ComparedEncoders()
        let foundation = encoders.foundationSorted
        let payload = encoders.payloadSorted
        var sink = 0
        switch arguments[0] {
        case "foundation": for _ in 0..<count { sink &+= try foundation.encode(value).count }
        case "encode": for _ in 0..<count { sink &+= try payload.encodeBytes(value).count }
        case "plain":
            let plain = encoders.plainSorted
            for _ in 0..<count { sink &+= try plain.encodeBytes(value).count }
        case "data": for _ in 0..<count { sink &+= try payload.encode(value).count }
        case "size": for _ in 0..<count { sink &+= try payload.encodedSize(of: value) }
        case "walk": for _ in 0..<count { sink &+= try CodableWalk.walk(value) }
        case "timed-foundation", "timed-data", "timed-size":
            // The closure the timing table runs, as it runs it.
            let kind: VariantKind =
                switch arguments[0] {
                case "timed-foundation": .foundationSorted
                case "timed-data": .payloadSorted
                default: .payloadSize
                }
            let variant = makeVariants(value, [kind], encoders)[0]
            for _ in 0..<count { sink &+= try variant.run() }
        case "rules":
            // The `aps` rules of `PayloadChecker` on an update push carrying the shape.
            let body = try LiveActivityPush<T, Never>.update(
                contentState: value, timestamp: Date(timeIntervalSince1970: 1_764_500_400),
                staleDate: Date(timeIntervalSince1970: 1_764_504_000), relevanceScore: 50
            ).encoded().bytes
            let root = try JSONScanner.scan(body)
            let checker = PayloadChecker()
            for _ in 0..<count { sink &+= checker.check(root, inputByteCount: body.count).findings.count + 1 }
        default:
            FileHandle.standardError.write(Data("unknown variant '\(arguments[0])'\n".utf8))
            exit(2)
        }
        return sink
    }
    print(try run(shape.value))
    exit(0)
}

if CommandLine.arguments.dropFirst().first == "repeat" {
    try repeatOneVariant(Array(CommandLine.arguments.dropFirst(2)))
}

/// Which tables to print: `fixtures`, `corpus`, `generic`, `push`, `suggest`, or all (no argument).
let sections = Set(CommandLine.arguments.dropFirst())
func runs(_ section: String) -> Bool { sections.isEmpty || sections.contains(section) }

func ratio(_ baseline: Double, _ nanoseconds: Double) -> String { String(format: "%.2f×", baseline / nanoseconds) }

if runs("fixtures") {
    let results = try [
        measure("small (ride)", LiveActivityFixtures.ride),
        measure("typical (delivery)", LiveActivityFixtures.delivery),
        measure("near-limit (flight)", LiveActivityFixtures.flight),
        measure("string-heavy (messages)", LiveActivityFixtures.messages),
    ]

    print("| fixture | bytes | encoder | median ns/op | speedup vs JSONEncoder .sortedKeys |")
    print("|---|---:|---|---:|---:|")
    for result in results {
        let baseline = result.medians[0].nanoseconds
        for (variant, nanoseconds) in result.medians {
            print(
                "| \(result.fixture) | \(result.byteCount) | \(variant) | \(String(format: "%.0f", nanoseconds)) | \(ratio(baseline, nanoseconds)) |"
            )
        }
    }
    print("")
    print(
        "Byte-identical output checked before timing. \(rounds) round-robin rounds per fixture. (checksum \(results.reduce(0) { $0 &+ $1.checksum } & 0xFF))"
    )
    print("")
}

if runs("corpus") {
    // Every shape once, each with equal weight in the aggregate: total Foundation time over
    // total PaySize time, one operation per shape.
    var results: [FixtureResult] = []
    for shape in RealWorldCorpus.shapes {
        results.append(
            try measure(
                shape.name, shape.value, variants: [.foundationSorted, .payloadSorted, .payloadSize, .plainSorted]))
    }
    print("| real-world shape | bytes | JSONEncoder ns/op | `encode` | `encodedSize` | `encode`, plain path |")
    print("|---|---:|---:|---:|---:|---:|")
    var totals = [0.0, 0.0, 0.0, 0.0]
    for result in results {
        let nanoseconds = result.medians.map(\.nanoseconds)
        for index in totals.indices { totals[index] += nanoseconds[index] }
        print(
            "| \(result.fixture) | \(result.byteCount) | \(String(format: "%.0f", nanoseconds[0])) | \(ratio(nanoseconds[0], nanoseconds[1])) | \(ratio(nanoseconds[0], nanoseconds[2])) | \(ratio(nanoseconds[0], nanoseconds[3])) |"
        )
    }
    let lowest = results.map { $0.medians[0].nanoseconds / $0.medians[1].nanoseconds }.min() ?? 0
    print(
        "| **aggregate (\(results.count) shapes, equal weight)** | | \(String(format: "%.0f", totals[0])) | **\(ratio(totals[0], totals[1]))** | **\(ratio(totals[0], totals[2]))** | **\(ratio(totals[0], totals[3]))** |"
    )
    print("")
    print(
        "Lowest `encode` ratio: \(String(format: "%.2f×", lowest)). Byte-identical output checked before timing. (checksum \(results.reduce(0) { $0 &+ $1.checksum } & 0xFF))"
    )
    print("")
}

if runs("generic") {
    // `encode` called from generic code that is not specialized for the value's type, as an
    // app's or a server's send helper calls it, next to the direct call, for both encoders.
    let results = try [
        measureGenericEntry("typical (delivery)", LiveActivityFixtures.delivery),
        measureGenericEntry("glucose chart state", RealWorldCorpus.glucoseChart),
        measureGenericEntry("price list state", RealWorldCorpus.priceList),
    ]
    print("| generic entry | bytes | direct `encode` | through `send<T: Encodable>(_:)` | change |")
    print("|---|---:|---:|---:|---:|")
    for result in results {
        let nanoseconds = result.medians.map(\.nanoseconds)
        let direct = nanoseconds[0] / nanoseconds[1]
        let generic = nanoseconds[2] / nanoseconds[3]
        print(
            "| \(result.fixture) | \(result.byteCount) | \(ratio(nanoseconds[0], nanoseconds[1])) | \(ratio(nanoseconds[2], nanoseconds[3])) | \(String(format: "%+.1f%%", 100 * (generic / direct - 1))) |"
        )
    }
    print("")
    print(
        "Ratios to JSONEncoder (.sortedKeys) called the same way. (checksum \(results.reduce(0) { $0 &+ $1.checksum } & 0xFF))"
    )
    print("")
}

if runs("push") {
    let push = try measurePushBuilder()
    print("| send path (typical update push) | bytes | median ns/op | speedup vs by hand |")
    print("|---|---:|---:|---:|")
    for (variant, nanoseconds) in push.medians {
        print(
            "| \(variant) | \(push.byteCount) | \(String(format: "%.0f", nanoseconds)) | \(ratio(push.medians[0].nanoseconds, nanoseconds)) |"
        )
    }
    print("(checksum \(push.checksum & 0xFF))")
}

if runs("suggest") {
    print("")
    print("| paysize suggest | bytes | variant | median ms/op | ratio to check |")
    print("|---|---:|---|---:|---:|")
    for result in try measureSuggest() {
        let baseline = result.medians[0].nanoseconds
        for (variant, nanoseconds) in result.medians {
            let milliseconds = String(format: "%.2f", nanoseconds / 1_000_000)
            print(
                "| \(result.payload) | \(result.byteCount) | \(variant) | \(milliseconds) | \(String(format: "%.1f×", nanoseconds / baseline)) |"
            )
        }
    }
}

/// No members, for the cost of a call (`repeat` mode only).
struct ProbeEmpty: Encodable, Sendable {}

/// Twenty integer members, for the cost of one member (`repeat` mode only).
struct ProbeInts: Encodable, Sendable {
    var a1 = 1, a2 = 2, a3 = 3, a4 = 4, a5 = 5, a6 = 6, a7 = 7, a8 = 8, a9 = 9, b0 = 10
    var b1 = 1, b2 = 2, b3 = 3, b4 = 4, b5 = 5, b6 = 6, b7 = 7, b8 = 8, b9 = 9, c0 = 10
}
