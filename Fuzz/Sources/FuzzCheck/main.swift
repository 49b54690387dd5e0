import Foundation
import FuzzCommon
@_spi(Internals) import PaySize
import PaySizeCommandLine

// Arbitrary bytes → the whole `paysize check` pipeline, in process, as standard input. Whatever
// the bytes, the command must exit 0, 1 or 2; exit 2 exactly when it wrote diagnostics, one line
// per unreadable record; agree with `PayloadChecker` on the verdict; and write JSON Lines that
// Foundation can read under `--format json`.

/// The output format and whether to read JSON Lines come from the input's length, so libFuzzer's
/// insertions and deletions move one payload through every combination.
private let formats = ["text", "json", "github"]

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = FuzzInput.bytes(start, count)
    let format = formats[count % formats.count]
    let readsLines = (count / formats.count) % 2 == 1

    let streams = OutputStreams.capturing(standardInput: bytes)
    let arguments = ["check", "--format", format] + (readsLines ? ["--lines"] : []) + ["-"]
    let status = PaySizeCommand.main(arguments: arguments, streams: streams)
    FuzzFailure.expect([0, 1, 2].contains(status.rawValue), "exit status \(status.rawValue)")

    let errorLines = lines(of: streams.standardError, "standard error")
    let outputLines = lines(of: streams.standardOutput, "standard output")
    FuzzFailure.expect(
        (status == .badInput) == !errorLines.isEmpty,
        "exit \(status.rawValue) with \(errorLines.count) error lines: \(errorLines)")
    for line in errorLines {
        FuzzFailure.expect(line.hasPrefix("<stdin>:"), "diagnostic does not start with the file: '\(line)'")
        FuzzFailure.expect(line.contains(": error: "), "diagnostic is not compiler style: '\(line)'")
    }

    // The library on the same bytes: findings are one line each, as every message in PaySize is
    // (one line per diagnostic, compiler style), even when they quote the payload.
    let library: Result<PayloadReport, JSONScanError>
    do {
        let report = try PayloadChecker().check(bytes)
        for finding in report.findings {
            let text = "\(finding.path): \(finding.message)"
            FuzzFailure.expect(
                !text.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F },
                "a finding holds a control character: \(text.debugDescription)")
        }
        library = .success(report)
    } catch let error as JSONScanError {
        library = .failure(error)
    } catch {
        fatalError("PayloadChecker threw a non-JSONScanError: \(error)")
    }

    if !readsLines {
        // One payload: the command and the library reach the same verdict.
        FuzzFailure.expect(errorLines.count <= 1, "one payload gave \(errorLines.count) diagnostics: \(errorLines)")
        switch library {
        case .success(let report):
            let expected: ExitStatus = report.tier >= .over || report.hasErrors ? .violation : .success
            FuzzFailure.expect(
                status == expected, "command exit \(status.rawValue), library verdict \(expected.rawValue)")
        case .failure(let error):
            FuzzFailure.expect(
                status == .badInput, "library refused the payload (\(error)) but the command exited \(status.rawValue)")
            FuzzFailure.expect(
                errorLines.first?.hasPrefix("<stdin>:\(error.line):\(error.column): error: ") == true,
                "diagnostic '\(errorLines)' vs \(error)")
        }
    }

    switch format {
    case "json":
        var unreadable = 0
        for line in outputLines {
            let object: Any
            do {
                object = try JSONSerialization.jsonObject(with: Data(line.utf8))
            } catch {
                fatalError("--format json wrote a line Foundation cannot read (\(error)): \(line)")
            }
            guard let record = object as? [String: Any] else { fatalError("--format json wrote a non-object: \(line)") }
            FuzzFailure.expect(record["file"] as? String == "<stdin>", "JSON record without file '<stdin>': \(line)")
            if record["error"] != nil { unreadable += 1 }
        }
        FuzzFailure.expect(
            unreadable == errorLines.count, "\(unreadable) JSON error records vs \(errorLines.count) diagnostics")
        if !readsLines {
            FuzzFailure.expect(outputLines.count == 1, "one payload gave \(outputLines.count) JSON lines")
        }
    case "github":
        for line in outputLines {
            FuzzFailure.expect(
                line.hasPrefix("::notice ") || line.hasPrefix("::warning ") || line.hasPrefix("::error "),
                "not a workflow command: '\(line)'")
        }
    default:
        break
    }
    return 0
}

/// The lines of captured output; every line must end in `\n` and be valid UTF-8.
private func lines(of bytes: [UInt8], _ stream: String) -> [String] {
    guard !bytes.isEmpty else { return [] }
    FuzzFailure.expect(bytes.last == UInt8(ascii: "\n"), "\(stream) does not end with a newline")
    let text = String(validating: bytes, as: UTF8.self)
    FuzzFailure.expect(text != nil, "\(stream) is not valid UTF-8")
    return text!.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init)
}
