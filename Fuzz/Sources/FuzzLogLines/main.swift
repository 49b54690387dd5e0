import Foundation
import FuzzCommon
@_spi(Internals) import PaySize
import PaySizeCommandLine

// Arbitrary bytes as a JSON Lines log. Each line: the fast `JSONMeasuringScanner` must accept
// exactly what `JSONScanner` accepts and give the same compact sizes, values at the pointers the
// log path measures, and members of `aps`; and each measured value as both of Foundation's
// writers write it back must be what the strict tree's `rewrittenSize(by:)` gives and what
// `RewrittenCount` counts on its own (glibc's `%.17g`, `Double.description`). The whole log:
// `paysize check --lines --format json -` (the parallel fast path) must report each line as
// `PayloadChecker` does on it alone, device figures included.

private let pointers = [
    JSONPointer.root, JSONPointer("aps"), JSONPointer("aps", "content-state"), JSONPointer("aps", "attributes"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map(Array.init)
    var scanner = JSONMeasuringScanner(measuring: pointers, listingMembersOf: JSONPointer("aps"))
    var expected: [(line: Int, report: PayloadReport)] = []
    var malformed: [Int] = []
    for (index, line) in lines.enumerated() {
        let accepted = scanner.measure(line)
        let strict: JSONElement?
        do {
            strict = try JSONScanner.scan(line)
        } catch is JSONScanError {
            strict = nil
        } catch {
            fatalError("JSONScanner threw a non-JSONScanError: \(error)")
        }
        FuzzFailure.expect(accepted == (strict != nil), "acceptance differs: fast \(accepted), strict \(strict != nil)")
        if let strict {
            FuzzFailure.expect(scanner.compactByteCount == strict.compactByteCount, "compact size differs")
            for (position, pointer) in pointers.enumerated() {
                let element = strict.descendant(at: pointer)
                FuzzFailure.expect(
                    scanner.measurement(at: position) == element.map(JSONMeasuredValue.init),
                    "measurement at \(pointer) differs")
                let rewritten = scanner.rewrittenMeasurement(at: position)
                FuzzFailure.expect(
                    (rewritten == nil) == (element == nil), "device figures at \(pointer) present for a missing value")
                if let element, let rewritten {
                    checkRewritten(rewritten, of: element, at: pointer, in: line)
                }
            }
            let members = strict["aps"]?.members ?? []
            FuzzFailure.expect(scanner.memberCount == members.count, "member count of /aps differs")
            for (position, member) in members.enumerated() where position < scanner.memberCount {
                let listed = scanner.member(at: position)
                FuzzFailure.expect(
                    listed.keyRange == member.keyRange && listed.value == JSONMeasuredValue(member.value),
                    "member \(position) of /aps differs")
            }
        }
        let isBlank = line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }
        if isBlank || (index == lines.count - 1 && line.isEmpty) { continue }
        // A log line is judged as logged; a CR ending it is the CRLF line break's.
        let logged = line.last == 0x0D ? Array(line.dropLast()) : Array(line)
        if (try? PayloadChecker(sizeBasis: .asWritten).check(logged)).map({ expected.append((index + 1, $0)) }) == nil {
            malformed.append(index + 1)
        }
    }

    let streams = OutputStreams.capturing(standardInput: bytes)
    let status = PaySizeCommand.main(arguments: ["check", "--lines", "--format", "json", "-"], streams: streams)
    var reported: [(line: Int, object: ReportRecord)] = []
    var errorLines: [Int] = []
    for text in String(decoding: streams.standardOutput, as: UTF8.self).split(separator: "\n") {
        guard let kind = FoundationJSON.decodeRecord(RecordKind.self, from: text.utf8) else {
            fatalError("--format json wrote a line Foundation cannot read: \(text)")
        }
        if kind.kind == "summary" { continue }
        guard let object = FoundationJSON.decodeRecord(ReportRecord.self, from: text.utf8) else {
            fatalError("--format json wrote a payload or error line Foundation cannot read: \(text)")
        }
        if let error = object.error {
            errorLines.append(error.line ?? 0)
        } else if let line = object.line {
            reported.append((line, object))
        }
    }
    FuzzFailure.expect(errorLines == malformed, "malformed lines \(errorLines), expected \(malformed)")
    FuzzFailure.expect(
        reported.map(\.line) == expected.map(\.line),
        "payload lines \(reported.map(\.line)), expected \(expected.map(\.line))")
    for ((_, object), (line, report)) in zip(reported, expected) {
        let findings = object.findings ?? []
        FuzzFailure.expect(
            object.payloadBytes == report.payloadByteCount
                && object.fileBytes == report.inputByteCount
                && object.contentStateBytes == report.contentStateByteCount
                && object.attributesBytes == report.attributesByteCount
                && object.event == report.event
                && object.tier == report.tier.description
                && object.deviceContentStateBytes == report.deviceContentStateByteCount
                && object.deviceAttributesBytes == report.deviceAttributesByteCount
                && object.deviceActivityKitBytes == report.deviceActivityKitByteCount
                && object.deviceWriter == report.deviceWriter.map { String(describing: $0) }
                // The default budget's limit is ActivityKit's, so it judges the device figure too.
                && object.deviceTier
                    == report.deviceActivityKitByteCount.map { report.budget.tier(forByteCount: $0).description }
                && findings.map(\.message) == report.findings.map(\.message)
                && findings.map(\.path) == report.findings.map(\.path.rawValue),
            "line \(line): the log path's report differs from PayloadChecker's")
    }
    let failing = expected.contains { $0.report.tier >= .over || $0.report.hasErrors }
    let expectedStatus: ExitStatus = !malformed.isEmpty ? .badInput : failing ? .violation : .success
    FuzzFailure.expect(status == expectedStatus, "exit \(status.rawValue), expected \(expectedStatus.rawValue)")
    return 0
}

/// The scanner's figures for the value at `pointer` as each writer writes it back, against the
/// strict tree's and an independent count; the first grown number's range holds its token.
private func checkRewritten(
    _ rewritten: JSONRewrittenMeasurement, of element: JSONElement, at pointer: JSONPointer, in line: [UInt8]
) {
    for writer in JSONWriter.allCases {
        let size = line.withUnsafeBytes { rewritten.rewrittenSize(by: writer, in: $0) }
        let tree = element.rewrittenSize(by: writer)
        FuzzFailure.expect(
            size == tree, "\(pointer) by \(writer): scanner \(size), tree \(tree)")
        let independent = RewrittenCount(element, writer: writer)
        FuzzFailure.expect(
            size.byteCount == independent.byteCount && size.grownNumberCount == independent.grownNumberCount,
            "\(pointer) by \(writer): scanner \(size.byteCount) bytes, \(size.grownNumberCount) grown; independent \(independent.byteCount), \(independent.grownNumberCount)"
        )
        FuzzFailure.expect(
            size.firstGrownNumber?.sent == independent.firstGrownNumber?.sent
                && size.firstGrownNumber?.written == independent.firstGrownNumber?.written,
            "\(pointer) by \(writer): first grown \(String(describing: size.firstGrownNumber)), independent \(String(describing: independent.firstGrownNumber))"
        )
        if let range = rewritten[writer].firstGrownNumber {
            FuzzFailure.expect(
                String(decoding: line[range], as: UTF8.self) == independent.firstGrownNumber?.sent,
                "\(pointer) by \(writer): the first grown number's range \(range) does not hold it")
        }
    }
}

/// What a `--format json` line is: `"summary"` for the summary, nil for a payload or an error.
private struct RecordKind: Decodable {
    var kind: String?
}

/// The members of a payload or error line of `--format json` that this target compares.
private struct ReportRecord: Decodable {
    struct Finding: Decodable {
        var message: String?
        var path: String?
    }

    struct Failure: Decodable {
        var line: Int?
    }

    var line: Int?
    var payloadBytes: Int?
    var fileBytes: Int?
    var contentStateBytes: Int?
    var attributesBytes: Int?
    var event: String?
    var tier: String?
    var deviceContentStateBytes: Int?
    var deviceAttributesBytes: Int?
    var deviceActivityKitBytes: Int?
    var deviceWriter: String?
    var deviceTier: String?
    var findings: [Finding]?
    var error: Failure?
}
