import Foundation
import FuzzCommon
@_spi(Internals) import PaySize
import PaySizeCommandLine
import PaySizeCompression
import PaySizeTestSupport

// Any bytes → `ShrinkAdvisor` (the core's strategies, then native and zstd packing, as the command
// adds them) and the whole `paysize suggest --format json -` in process. On JSON the scanner
// accepts: every suggestion saves more than 0 bytes on the body or on the device; its body saving
// is exactly the difference an independent compact count measures on the payload it produced,
// which is strict JSON, and its device saving the difference `DeviceSize` measures (ActivityKit's
// figure as the judged writer writes it); findings listed at 0 bytes measure 0 on both; the plan's
// JSON measures `planBytes` and `planDeviceBytes`; the breakdown adds up. The command exits 0 or 1
// as the plan does (2 exactly when the scanner refuses the bytes) and writes one JSON line
// Foundation reads, agreeing with the library.

private let strategies = ShrinkStrategy.standard + [.nativePacking, .zstdPacking(dictionary: nil)]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    // Target and lossiness from the length, so insertions and deletions reach every combination.
    let target = SizeTier.allCases[count % SizeTier.allCases.count]
    let lossy = (count / SizeTier.allCases.count) % 2 == 1
    let streams = OutputStreams.capturing(standardInput: bytes)
    let arguments =
        ["suggest", "--format", "json", "--target", target.description] + (lossy ? ["--lossy"] : []) + ["-"]
    let status = PaySizeCommand.main(arguments: arguments, streams: streams)

    let report: ShrinkReport
    do {
        report = try ShrinkAdvisor(target: target, allowsLossy: lossy, strategies: strategies)
            .report(forJSONBytes: bytes)
    } catch let error as JSONScanError {
        FuzzFailure.expect(status == .badInput, "the scanner refused the bytes (\(error)) but suggest exited \(status)")
        FuzzFailure.expect(
            streams.errorText.hasPrefix("<stdin>:\(error.line):\(error.column): error: "),
            "diagnostic '\(streams.errorText)' vs \(error)")
        return 0
    } catch {
        fatalError("ShrinkAdvisor threw a non-JSONScanError: \(error)")
    }

    let compact = CompactSize.byteCount(of: bytes)
    let device = deviceByteCount(of: bytes)
    FuzzFailure.expect(
        report.deviceByteCount == device,
        "deviceByteCount \(String(describing: report.deviceByteCount)), measured \(String(describing: device))")
    FuzzFailure.expect(report.byteCount == compact, "byteCount \(report.byteCount), compact \(compact)")
    FuzzFailure.expect(
        report.breakdown.rows.reduce(0) { $0 + $1.totalBytes } == compact, "the breakdown does not add up")
    for suggestion in report.suggestions + report.zeroSavings {
        FuzzFailure.expect(
            (try? JSONScanner.scan(suggestion.jsonBytes)) != nil, "\(suggestion.id) produced invalid JSON")
        let measured = CompactSize.byteCount(of: suggestion.jsonBytes)
        FuzzFailure.expect(measured == suggestion.jsonBytes.count, "\(suggestion.id) is not compact")
        FuzzFailure.expect(
            suggestion.savedBytes == compact - measured,
            "\(suggestion.id) says \(suggestion.savedBytes) saved, measured \(compact - measured)")
        let deviceAfter = deviceByteCount(of: suggestion.jsonBytes)
        let deviceSaved = device.flatMap { before in deviceAfter.map { before - $0 } }
        FuzzFailure.expect(
            suggestion.deviceSavedBytes == deviceSaved,
            "\(suggestion.id) says \(String(describing: suggestion.deviceSavedBytes)) saved on the device, measured \(String(describing: deviceSaved))"
        )
        // Paths are raw JSON Pointers (JSON output escapes them); prose escapes control characters.
        let prose = suggestion.id + " " + suggestion.title + " " + suggestion.howToApply
        FuzzFailure.expect(
            !prose.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F },
            "a title, id or how-to holds a control character: \(prose.debugDescription)")
    }
    FuzzFailure.expect(
        report.suggestions.allSatisfy { $0.savedBytes > 0 || ($0.deviceSavedBytes ?? 0) > 0 },
        "a suggestion saves nothing")
    FuzzFailure.expect(
        report.zeroSavings.allSatisfy { $0.savedBytes == 0 && ($0.deviceSavedBytes ?? 0) == 0 },
        "a zero-saving finding saves bytes")
    FuzzFailure.expect(
        CompactSize.byteCount(of: report.plan.jsonBytes) == report.plan.byteCount, "planBytes is not measured")
    FuzzFailure.expect(
        deviceByteCount(of: report.plan.jsonBytes) == report.plan.deviceByteCount, "planDeviceBytes is not measured")
    let chosen = report.plan.suggestionIDs.compactMap { id in report.suggestions.first { $0.id == id } }
    FuzzFailure.expect(chosen.count == report.plan.suggestionIDs.count, "the plan names an unknown suggestion")
    FuzzFailure.expect(report.applying(chosen).jsonBytes == report.plan.jsonBytes, "the plan applied differs")
    FuzzFailure.expect(lossy || chosen.allSatisfy { !$0.isLossy }, "a lossy suggestion joined the plan")

    // The command agrees.
    FuzzFailure.expect(
        status == (report.plan.reachesTarget ? .success : .violation),
        "suggest exited \(status), the plan reaches the target: \(report.plan.reachesTarget)")
    FuzzFailure.expect(streams.standardError.isEmpty, "suggest wrote diagnostics: \(streams.errorText)")
    let output = streams.standardOutput
    FuzzFailure.expect(output.last == UInt8(ascii: "\n") && output.filter { $0 == 10 }.count == 1, "not one line")
    guard let object = FoundationJSON.decodeRecord(SuggestRecord.self, from: output) else {
        fatalError("suggest wrote JSON Foundation cannot read: \(streams.outputText)")
    }
    FuzzFailure.expect(object.payloadBytes == report.byteCount, "payloadBytes differs")
    FuzzFailure.expect(object.planBytes == report.plan.byteCount, "planBytes differs")
    FuzzFailure.expect(object.planDeviceBytes == report.plan.deviceByteCount, "planDeviceBytes differs")
    FuzzFailure.expect(object.plan == report.plan.suggestionIDs, "plan differs")
    let saved = object.suggestions?.compactMap(\.savedBytes)
    FuzzFailure.expect(saved == report.suggestions.map(\.savedBytes), "suggestions differ")

    // The text report: the same verdict, and every line free of control characters.
    let text = OutputStreams.capturing(standardInput: bytes)
    let textStatus = PaySizeCommand.main(
        arguments: arguments.filter { $0 != "--format" && $0 != "json" }, streams: text)
    FuzzFailure.expect(textStatus == status, "text exited \(textStatus), JSON \(status)")
    FuzzFailure.expect(
        !text.outputText.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || $0.value == 0x7F },
        "the text report holds a control character: \(text.outputText.debugDescription)")
    return 0
}

/// ActivityKit's figure of a payload as `paysize check` measures it, by the default device
/// writer (the larger count): a push's content state and a start's attributes, or a bare content
/// state (an object without an `aps` object), checked as the content state of an update; `nil`
/// when it holds neither or is not JSON.
private func deviceByteCount(of bytes: [UInt8]) -> Int? {
    guard let root = try? JSONScanner.scan(bytes) else { return nil }
    if let aps = root["aps"], aps.members != nil {
        return (try? PayloadChecker().check(bytes))?.deviceActivityKitByteCount
    }
    guard root.members != nil else { return nil }
    let push = Array(#"{"aps":{"event":"update","content-state":"#.utf8) + bytes + Array("}}".utf8)
    return (try? PayloadChecker().check(push))?.deviceActivityKitByteCount
}

/// The members of `paysize suggest --format json` this target compares.
private struct SuggestRecord: Decodable {
    struct Suggestion: Decodable {
        var savedBytes: Int?
    }

    var payloadBytes: Int?
    var planBytes: Int?
    var planDeviceBytes: Int?
    var plan: [String]?
    var suggestions: [Suggestion]?
}
