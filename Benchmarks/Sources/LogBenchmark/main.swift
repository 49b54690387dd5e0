import Foundation
import PaySizeCompression

#if canImport(Glibc)
    import Glibc
#endif

// Times `paysize check --summary` on about 500 MB of realistic compact JSON Lines pushes, plain
// and compressed with zstd, against a plain Python size check (`json.loads` per line, compact
// sizes of the payload and its content-state by `json.dumps`) measured in the same run. Reports
// wall time, MB/s of decompressed JSON Lines, the ratio to Python and peak memory (the child's
// ru_maxrss). The files go to a temporary folder, deleted at the end. Never asserts a timing.
//
// Python runs once. The others run in rounds (`--rounds N`, default 5), each program once a
// round, one after the other, and each is reported by its median: a single run of about 0.7 s
// moves by a third when the machine has a slow moment, and interleaving puts such moments on
// every program alike.
//
// With `--peer PATH`, the same run also times the C peer, `Benchmarks/SimdjsonPeer` (simdjson's
// DOM parser and minifier per line) on one and on two threads, prints our ratio to it, and puts
// its counts of valid lines, compact bytes and lines over 4096 beside the summary's; they must
// agree. When PATH is not there (`make bench-logs` builds it only when simdjson's headers and a
// C++ compiler are), it says so and prints ours.
//
//     swift build -c release --product paysize
//     swift run -c release --package-path Benchmarks LogBenchmark [.build/release/paysize] [megabytes] [--peer PATH] [--rounds N]
//
// `LogBenchmark generate PATH [megabytes]` only writes the log (the same lines) to PATH, for
// instruction counts under callgrind (`Benchmarks/README.md`).

/// The arguments without `--peer PATH`, which names the C peer's executable, and `--rounds N`.
var arguments = CommandLine.arguments
var peerPath: String?
if let flag = arguments.firstIndex(of: "--peer"), flag + 1 < arguments.count {
    peerPath = arguments[flag + 1]
    arguments.removeSubrange(flag...(flag + 1))
}
var rounds = 5
if let flag = arguments.firstIndex(of: "--rounds"), flag + 1 < arguments.count {
    rounds = max(1, Int(arguments[flag + 1]) ?? rounds)
    arguments.removeSubrange(flag...(flag + 1))
}
if arguments.count > 2, arguments[1] == "generate" {
    let limit = (arguments.count > 3 ? Int(arguments[3]) ?? 20 : 20) * 1_000_000
    var generator = PushLogGenerator(seed: 2025)
    var log: [UInt8] = []
    var index = 0
    while log.count < limit {
        log += try generator.push(index: index) + [0x0A]
        index += 1
    }
    guard FileManager.default.createFile(atPath: arguments[2], contents: Data(log)) else {
        FileHandle.standardError.write(Data("error: cannot write '\(arguments[2])'\n".utf8))
        exit(2)
    }
    print("\(index) pushes, \(log.count) bytes")
    exit(0)
}
let paysize = arguments.count > 1 ? arguments[1] : ".build/release/paysize"
let targetByteCount = (arguments.count > 2 ? Int(arguments[2]) ?? 500 : 500) * 1_000_000
guard FileManager.default.isExecutableFile(atPath: paysize) else {
    FileHandle.standardError.write(
        Data("error: no paysize at '\(paysize)'; run 'swift build -c release --product paysize'\n".utf8))
    exit(2)
}

let folder = FileManager.default.temporaryDirectory.appendingPathComponent("paysize-log-benchmark-\(getpid())")
try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: folder) }
let plainPath = folder.appendingPathComponent("pushes.jsonl").path
let compressedPath = plainPath + ".zst"

// Generate the log in 4 MB writes.
var generator = PushLogGenerator(seed: 2025)
var lineCount = 0
var byteCount = 0
guard FileManager.default.createFile(atPath: plainPath, contents: nil) else { fatalError("cannot create \(plainPath)") }
let output = try FileHandle(forWritingTo: URL(fileURLWithPath: plainPath))
var pending: [UInt8] = []
while byteCount < targetByteCount {
    let line = try generator.push(index: lineCount) + [0x0A]
    pending += line
    byteCount += line.count
    lineCount += 1
    if pending.count >= 4 << 20 {
        try output.write(contentsOf: pending)
        pending.removeAll(keepingCapacity: true)
    }
}
try output.write(contentsOf: pending)
try output.close()

/// Runs a command, its output to `stdoutPath`; returns wall seconds, exit status, peak RSS in KB.
func run(_ command: [String], stdoutPath: String = "/dev/null") -> (seconds: Double, status: Int32, peakKilobytes: Int)
{
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    posix_spawn_file_actions_addopen(&actions, 1, stdoutPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    defer { posix_spawn_file_actions_destroy(&actions) }
    let argv = command.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let start = DispatchTime.now().uptimeNanoseconds
    guard posix_spawnp(&pid, command[0], &actions, nil, argv, environ) == 0 else {
        FileHandle.standardError.write(Data("error: cannot run '\(command[0])'\n".utf8))
        exit(2)
    }
    var status: Int32 = 0
    var usage = rusage()
    wait4(pid, &status, 0, &usage)
    let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    return (seconds, (status >> 8) & 0xFF, usage.ru_maxrss)
}

// Compress with the zstd command at its default level, as a log shipper would; else in frames here.
let zstdTool = ["/usr/bin/zstd", "/usr/local/bin/zstd", "/opt/homebrew/bin/zstd"].first {
    FileManager.default.isExecutableFile(atPath: $0)
}
var compression = "zstd -3"
if let zstdTool {
    _ = run([zstdTool, "-q", "-3", "-f", plainPath, "-o", compressedPath])
} else {
    compression = "PaySizeCompression, 8 MB frames"
    let input = try FileHandle(forReadingFrom: URL(fileURLWithPath: plainPath))
    guard FileManager.default.createFile(atPath: compressedPath, contents: nil) else {
        fatalError("cannot create \(compressedPath)")
    }
    let compressed = try FileHandle(forWritingTo: URL(fileURLWithPath: compressedPath))
    while let chunk = try input.read(upToCount: 8 << 20), !chunk.isEmpty {
        try compressed.write(contentsOf: try Zstd.compress(chunk))
    }
    try compressed.close()
}
let compressedByteCount = (try FileManager.default.attributesOfItem(atPath: compressedPath)[.size] as? Int) ?? 0

let python = """
    import json, sys
    limit, tiers, count = 4096, [0] * 5, 0
    def compact(value):
        return len(json.dumps(value, separators=(',', ':'), ensure_ascii=False).encode())
    with open(sys.argv[1], 'rb') as log:
        for line in log:
            if not line.strip():
                continue
            payload = json.loads(line)
            size = compact(payload)
            state = payload.get('aps', {}).get('content-state')
            state_size = compact(state) if state is not None else None
            tiers[0 if size < 2048 else 1 if size < 3072 else 2 if size < 3584 else 3 if size <= limit else 4] += 1
            count += 1
    print(count)
    """
let scriptPath = folder.appendingPathComponent("baseline.py").path
try python.write(toFile: scriptPath, atomically: true, encoding: .utf8)

// Written back to disk before anything is timed, so that no run pays for the kernel's writeback
// of the files just made.
for path in [plainPath, compressedPath] {
    let descriptor = open(path, O_RDONLY)
    if descriptor >= 0 {
        fsync(descriptor)
        close(descriptor)
    }
}

/// One child process: wall seconds, exit status, peak RSS in KB.
typealias Timing = (seconds: Double, status: Int32, peakKilobytes: Int)

let summaryPath = folder.appendingPathComponent("summary.json").path
let pythonCountPath = folder.appendingPathComponent("python.txt").path
let baseline = run(["python3", scriptPath, plainPath], stdoutPath: pythonCountPath)
let pythonCount = Int(
    ((try? String(contentsOfFile: pythonCountPath, encoding: .utf8)) ?? "").trimmingCharacters(
        in: .whitespacesAndNewlines))

/// Runs `paysize check --summary --format json` on `path`; returns its timing and summary.
func checkSummary(_ path: String) -> (timing: Timing, summary: String) {
    let timing = run([paysize, "check", "--summary", "--format", "json", path], stdoutPath: summaryPath)
    return (timing, (try? String(contentsOfFile: summaryPath, encoding: .utf8)) ?? "")
}

/// The counts both programs report, from one output's JSON object.
struct LogCounts: Equatable {
    var valid: Int
    var compactBytes: Int
    var over4096: Int
}

func jsonObject(_ text: String) -> [String: Any]? {
    guard let line = text.split(separator: "\n").last,
        let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else { return nil }
    return object
}

/// The summary's counts: payloads, the sum of its payload-size histogram, payloads in tier `over`.
func summaryCounts(_ summary: String) -> LogCounts? {
    guard let object = jsonObject(summary), let payloads = object["payloads"] as? Int,
        let tiers = object["tiers"] as? [String: Any], let over = tiers["over"] as? Int,
        let histogram = object["histogram"] as? [String: Any],
        let pairs = histogram["payloadBytes"] as? [[Int]]
    else { return nil }
    return LogCounts(valid: payloads, compactBytes: pairs.reduce(0) { $0 + $1[0] * $1[1] }, over4096: over)
}

/// One run of the C peer on `threads` threads: its timing, counts and scan seconds (its own clock,
/// after loading the file).
struct PeerRun {
    var timing: Timing
    var counts: LogCounts?
    var scanSeconds: Double?
}

func runPeer(_ executable: String, threads: Int) -> PeerRun {
    let outputPath = folder.appendingPathComponent("peer-\(threads).json").path
    let timing = run([executable, "--threads", "\(threads)", plainPath], stdoutPath: outputPath)
    let object = jsonObject((try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "")
    let counts = object.flatMap { object -> LogCounts? in
        guard let valid = object["valid"] as? Int, let bytes = object["compactBytes"] as? Int,
            let over = object["over4096"] as? Int
        else { return nil }
        return LogCounts(valid: valid, compactBytes: bytes, over4096: over)
    }
    return PeerRun(timing: timing, counts: counts, scanSeconds: object?["scanSeconds"] as? Double)
}

let peerExecutable = peerPath.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil }

// The rounds: in each, ours on the plain log and on its .zst, then the peer on one and on two
// threads, so that a slow spell of the machine falls on every program alike.
var plainRuns: [Timing] = []
var compressedRuns: [Timing] = []
var peerRuns: [(threads: Int, runs: [PeerRun])] = [(1, []), (2, [])]
var plainSummary = ""
guard pythonCount == lineCount else {
    FileHandle.standardError.write(
        Data("error: python read \(pythonCount ?? -1) pushes, \(lineCount) were generated\n".utf8))
    exit(1)
}
for round in 1...rounds {
    let plain = checkSummary(plainPath)
    let compressed = checkSummary(compressedPath)
    // Every run must have read the pushes generated, as the first run did.
    if round == 1 { plainSummary = plain.summary }
    guard plain.summary.contains("\"payloads\":\(lineCount),"),
        plain.summary == plainSummary,
        compressed.summary.replacingOccurrences(of: compressedPath, with: plainPath) == plainSummary
    else {
        FileHandle.standardError.write(
            Data(
                "error: the runs disagree on the pushes read (round \(round), \(lineCount) generated)\n"
                    .utf8))
        exit(1)
    }
    plainRuns.append(plain.timing)
    compressedRuns.append(compressed.timing)
    if let peerExecutable {
        for index in peerRuns.indices {
            peerRuns[index].runs.append(runPeer(peerExecutable, threads: peerRuns[index].threads))
        }
    }
}

/// The run of median wall time (the lower middle one of an even count), with the largest peak RSS
/// of all runs.
func median(_ runs: [Timing]) -> Timing {
    (median(runs.map(\.seconds)), runs.map(\.status).max() ?? 0, runs.map(\.peakKilobytes).max() ?? 0)
}

/// The middle value (the lower middle one of an even count).
func median(_ values: [Double]) -> Double {
    values.sorted()[(values.count - 1) / 2]
}

let megabytes = Double(byteCount) / 1e6
func row(_ name: String, _ result: Timing) -> String {
    let rate = megabytes / result.seconds
    return name.padding(toLength: 34, withPad: " ", startingAt: 0)
        + String(
            format: "%8.2f %9.1f %9.1f× %9.1f MB", result.seconds, rate, baseline.seconds / result.seconds,
            Double(result.peakKilobytes) / 1024)
}
print(
    String(
        format: "%.1f MB of JSON Lines: %d pushes (%.0f bytes on average); .zst %.1f MB (%@); %d cores",
        megabytes, lineCount, Double(byteCount) / Double(lineCount), Double(compressedByteCount) / 1e6,
        compression, ProcessInfo.processInfo.activeProcessorCount))
print(
    "Python once; the others in \(rounds) round\(rounds == 1 ? "" : "s"), each program once a round: "
        + "median wall time, the largest peak RSS")
print("run".padding(toLength: 34, withPad: " ", startingAt: 0) + " seconds      MB/s  vs Python    peak RSS")
print(row("python3 json.loads + json.dumps", baseline))
let plain = median(plainRuns)
print(row("paysize check --summary .jsonl", plain))
print(row("paysize check --summary .jsonl.zst", median(compressedRuns)))
/// Each round's seconds, for the reader to see the spread.
func secondsList(_ runs: [Timing]) -> String {
    runs.map { String(format: "%.2f", $0.seconds) }.joined(separator: " / ")
}
print("paysize .jsonl, each round (s): \(secondsList(plainRuns))")

// The C peer: simdjson per line on one and on two threads, timed as a child process like ours.
guard let peerPath else { exit(0) }
guard let peerExecutable else {
    print("C peer (simdjson): not run, no executable at '\(peerPath)' (see the build step's message above)")
    exit(0)
}
for (threads, runs) in peerRuns {
    print(row("simdjson DOM + minify, \(threads) thread\(threads == 1 ? "" : "s")", median(runs.map(\.timing))))
}
let ourRate = megabytes / plain.seconds
for (threads, runs) in peerRuns {
    let peer = median(runs.map(\.timing))
    let perRound = zip(runs, plainRuns).map { String(format: "%.2f", $0.timing.seconds / $1.seconds) }
    let scans = runs.compactMap(\.scanSeconds)
    print(
        String(
            format: "paysize .jsonl / simdjson on %d thread%@: %.2f× (%.1f against %.1f MB/s; each round %@)",
            threads, threads == 1 ? "" : "s", peer.seconds / plain.seconds, ourRate, megabytes / peer.seconds,
            perRound.joined(separator: " / "))
            + (scans.count == runs.count
                ? String(
                    format: "; its scan alone, the file already in memory: %.1f MB/s (ours %.2f× that)",
                    megabytes / median(scans), median(scans) / plain.seconds) : ""))
}

let ours = summaryCounts(plainSummary)
/// `value` right-aligned in `width` columns, `?` when the output could not be read.
func cell(_ value: Int?, _ width: Int) -> String {
    let text = value.map { String($0) } ?? "?"
    return String(repeating: " ", count: max(0, width - text.count)) + text
}
print("counts".padding(toLength: 34, withPad: " ", startingAt: 0) + "   valid lines  compact bytes  over 4096")
for (name, counts) in [("paysize check --summary", ours)]
    + peerRuns.map({ ("simdjson, \($0.threads) thread(s)", $0.runs.first?.counts) })
{
    print(
        name.padding(toLength: 34, withPad: " ", startingAt: 0)
            + cell(counts?.valid, 14) + cell(counts?.compactBytes, 15) + cell(counts?.over4096, 11))
}
guard ours != nil,
    peerRuns.allSatisfy({ $0.runs.allSatisfy { $0.counts == ours && $0.timing.status == 0 } })
else {
    FileHandle.standardError.write(Data("error: paysize and the simdjson peer disagree on the counts above\n".utf8))
    exit(1)
}
print("counts agree, in every round")
