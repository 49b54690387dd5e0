@_spi(Internals) import PaySize

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Checks the lines of a log segment, each exactly as `PayloadChecker` would, most of them without
/// building a tree.
///
/// For each line the strict ``JSONMeasuringScanner`` says whether it is one JSON text, measures
/// the payload, its `content-state` and its `attributes`, and lists the members of `aps`. The
/// `aps` rules then run on an outline of the payload built from that list: `aps` with its small
/// members read in full and `content-state` and `attributes` as empty objects, since no rule
/// looks inside them (a `--schema` contract does, so with one every line takes the strict path).
/// A line the scanner refuses, a payload with members besides `aps`, or an outline with findings
/// is read again by ``JSONScanner`` and `PayloadChecker`, for the exact error or findings and
/// their positions.
///
/// Not thread-safe: each worker thread takes its own from a ``LogLineCheckerPool``.
final class LogLineChecker: @unchecked Sendable {
    let options: LogCheckOptions
    /// Measures, in a log record: the payload, its `content-state` and its `attributes`.
    private var recordScanner: JSONMeasuringScanner
    /// The same for a payload held as a JSON string in the record (`--field` naming a string).
    private var payloadScanner: JSONMeasuringScanner
    /// Lists the members of an object inside `aps` (`alert`), so that its outline reads them
    /// as it reads `aps`'s, without building the object's tree.
    private var objectScanner: JSONMeasuringScanner
    /// The outline's members of `aps` and of the payload, kept from line to line (emptied, their
    /// storage kept) so that building an outline allocates no array.
    private var outlineMembers: [JSONMember] = []
    private var outlineRoot: [JSONMember] = []

    init(options: LogCheckOptions) {
        self.options = options
        recordScanner = Self.scanner(payloadAt: options.field ?? .root, maximumDepth: options.checker.maximumDepth)
        payloadScanner = Self.scanner(payloadAt: .root, maximumDepth: options.checker.maximumDepth)
        objectScanner = JSONMeasuringScanner(
            measuring: [.root], listingMembersOf: .root, maximumDepth: options.checker.maximumDepth)
    }

    /// Measures the payload at `payload`, its `aps`, `content-state` and `attributes`, and lists
    /// the members of `aps`.
    private static func scanner(payloadAt payload: JSONPointer, maximumDepth: Int) -> JSONMeasuringScanner {
        let aps = payload.appending("aps")
        return JSONMeasuringScanner(
            measuring: [payload, aps, aps.appending("content-state"), aps.appending("attributes")],
            listingMembersOf: aps, maximumDepth: maximumDepth)
    }

    /// Checks every line of `segment`, numbering them from 1.
    ///
    /// - Parameter malformedLimit: Stop right after this many malformed lines (the summary is then
    ///   incomplete), or `nil` to read the whole segment.
    func check(_ segment: UnsafeRawBufferPointer, file: String, malformedLimit: Int? = nil) -> LogSegmentResult {
        var result = LogSegmentResult(summary: options.emptySummary(file: file))
        guard let base = segment.baseAddress else { return result }
        var start = 0
        var line = 0
        while start < segment.count {
            let newline = memchr(base + start, 0x0A, segment.count - start)
            let end = newline.map { UnsafeRawPointer($0) - base } ?? segment.count
            line += 1
            result.summary.lineCount = line
            let outcome = checkLine(UnsafeRawBufferPointer(rebasing: segment[start..<end]), line: line, file: file)
            record(outcome, line: line, in: &result)
            start = end + 1
            if let malformedLimit, result.summary.malformedCount >= malformedLimit, start < segment.count {
                result.summary.isComplete = false
                break
            }
        }
        return result
    }

    /// Adds a line's outcome to the segment's summary and, when the output wants it, its outcomes.
    func record(_ outcome: consuming LogLineOutcome, line: Int, in result: inout LogSegmentResult) {
        switch consume outcome {
        case .blank:
            result.summary.blankLineCount += 1
        case .malformed(let error):
            result.summary.addMalformed(error, line: line)
            result.outcomes.append(.unreadable(error))
        case .checked(let payload):
            result.summary.add(payload, line: line)
            switch options.reporting {
            case .summaryOnly: break
            case .findingsAndFailures:
                if payload.reachesFailingTier || !payload.report.findings.isEmpty {
                    result.outcomes.append(.checked(payload))
                }
            case .everyPayload: result.outcomes.append(.checked(payload))
            }
        }
    }

    /// Checks one line (without its `\n`; a CR before it is the rest of a CRLF line break, not
    /// part of the line as logged).
    func checkLine(_ line: UnsafeRawBufferPointer, line number: Int, file: String) -> LogLineOutcome {
        let bytes = line.last == 0x0D ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line
        return checkLineText(bytes, line: number, file: file)
    }

    private func checkLineText(_ bytes: UnsafeRawBufferPointer, line: Int, file: String) -> LogLineOutcome {
        if bytes.count > options.maximumLineByteCount {
            return .malformed(Self.lineTooLong(file: file, line: line, limit: options.maximumLineByteCount))
        }
        if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { return .blank }
        guard recordScanner.measure(bytes) else { return strictOutcome(Array(bytes), line: line, file: file) }
        guard let payload = recordScanner.measurement(at: 0) else {
            // Only with --field: the record holds no payload there.
            var error = InputError(
                file: file, location: TextPosition(line: line, column: 1),
                message: "expected a payload at '\(options.field!.rawValue)' (--field), found none")
            error.path = options.field
            return .malformed(error)
        }
        if options.field != nil, payload.kind == .string {
            return checkEmbeddedPayload(bytes, string: payload, line: line, file: file)
        }
        if let report = fastReport(bytes, scanner: recordScanner, payloadIsWholeText: options.field == nil) {
            return .checked(checked(report, record: PayloadRecord(file: file, line: line, bytes: [])))
        }
        return strictOutcome(Array(bytes), line: line, file: file)
    }

    /// `--field` names a string member: the payload is the JSON text it holds.
    private func checkEmbeddedPayload(
        _ bytes: UnsafeRawBufferPointer, string: JSONMeasuredValue, line: Int, file: String
    ) -> LogLineOutcome {
        // The record was accepted, so its string token decodes.
        let text = (try? JSONScanner.scan(Array(bytes[string.byteRange])))?.stringValue ?? ""
        let payload = Array(text.utf8)
        let measured = payload.withUnsafeBytes { payloadScanner.measure($0) }
        if measured,
            let report = payload.withUnsafeBytes({
                fastReport($0, scanner: payloadScanner, payloadIsWholeText: true)
            })
        {
            return .checked(checked(report, record: PayloadRecord(file: file, line: line, bytes: [])))
        }
        do {
            let report = try options.checker.check(payload)
            return .checked(checked(report, record: PayloadRecord(file: file, line: line, bytes: payload)))
        } catch let error as JSONScanError {
            var located = InputError(
                file: file, location: TextPosition(line: line, column: string.byteRange.lowerBound + 1),
                message: "expected the string to hold one JSON text, found: \(error)")
            located.path = options.field
            return .malformed(located)
        } catch {
            return .malformed(
                InputError(file: file, location: TextPosition(line: line, column: 1), message: "\(error)"))
        }
    }

    /// The report of a payload the scanner accepted, when its outline has no findings; `nil` when
    /// the strict path must give them.
    ///
    /// - Parameter payloadIsWholeText: Whether the scanner's first pointer is the root (the
    ///   payload is the line), rather than a value inside a record.
    private func fastReport(
        _ bytes: UnsafeRawBufferPointer, scanner: JSONMeasuringScanner, payloadIsWholeText: Bool
    ) -> PayloadReport? {
        // Taken out and put back whole: one access each to the properties.
        var members: [JSONMember] = []
        var root: [JSONMember] = []
        swap(&members, &outlineMembers)
        swap(&root, &outlineRoot)
        let report = outlineReport(
            bytes, scanner: scanner, payloadIsWholeText: payloadIsWholeText, members: &members, root: &root)
        // The outline is gone, so the arrays are this checker's alone again and keep their storage.
        root.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        swap(&members, &outlineMembers)
        swap(&root, &outlineRoot)
        return report
    }

    /// ``fastReport(_:scanner:payloadIsWholeText:)`` itself, building the outline in `members`
    /// (of `aps`) and `root` (of the payload), which come empty.
    private func outlineReport(
        _ bytes: UnsafeRawBufferPointer, scanner: JSONMeasuringScanner, payloadIsWholeText: Bool,
        members: inout [JSONMember], root rootMembers: inout [JSONMember]
    ) -> PayloadReport? {
        guard options.checker.contract == nil, let payload = scanner.measurement(at: 0),
            let aps = scanner.measurement(at: 1), aps.kind == .object,
            // `{"aps":` and `}` around aps: the payload has no other member.
            payload.kind == .object, payload.compactByteCount == aps.compactByteCount + 8
        else { return nil }
        let options = options
        for index in 0..<scanner.memberCount {
            let member = scanner.member(at: index)
            let key =
                member.keyIsVerbatim
                ? MeasuredValueReader.verbatimKey(
                    UnsafeRawBufferPointer(
                        rebasing: bytes[(member.keyRange.lowerBound + 1)..<(member.keyRange.upperBound - 1)]))
                : MeasuredValueReader.string(UnsafeRawBufferPointer(rebasing: bytes[member.keyRange]))
            let value: JSONElement
            if member.value.kind == .object, key == "content-state" || key == "attributes" {
                // No rule looks inside them: an empty object stands in.
                value = JSONElement(
                    content: .object([]), byteRange: member.value.byteRange,
                    compactByteCount: member.value.compactByteCount)
            } else if member.value.kind == .object {
                guard let element = objectElement(member.value, in: bytes) else { return nil }
                value = element
            } else {
                guard let element = MeasuredValueReader.element(member.value, in: bytes) else { return nil }
                value = element
            }
            members.append(JSONMember(key: key, keyRange: member.keyRange, value: value))
        }
        let apsElement = JSONElement(
            content: .object(members), byteRange: aps.byteRange, compactByteCount: aps.compactByteCount)
        rootMembers.append(
            JSONMember(key: "aps", keyRange: payload.byteRange.lowerBound..<aps.byteRange.lowerBound, value: apsElement)
        )
        let root = JSONElement(
            content: .object(rootMembers), byteRange: payload.byteRange, compactByteCount: payload.compactByteCount)
        // The whole line as logged when the payload is the line; the value's own bytes when it
        // sits inside a record.
        let inputByteCount = payloadIsWholeText ? bytes.count : payload.byteRange.count
        let outline = options.checker.check(root, inputByteCount: inputByteCount) { contentState, attributes in
            // The outline's content state and attributes are empty stand-ins: the scanner measured
            // the real ones as each writer writes them.
            let contentState = contentState == nil ? nil : scanner.rewrittenMeasurement(at: 2)
            let attributes = attributes == nil ? nil : scanner.rewrittenMeasurement(at: 3)
            guard contentState != nil || attributes != nil else { return nil }
            func figures(_ writer: JSONWriter) -> DeviceSize.Figures {
                DeviceSize.Figures(
                    writer: writer, contentState: contentState?.rewrittenSize(by: writer, in: bytes),
                    attributes: attributes?.rewrittenSize(by: writer, in: bytes))
            }
            // The writers of `DeviceWriter.writers`, in its order, without making that array.
            switch options.checker.budget.deviceWriter {
            case .swift: return DeviceSize(figures(.swift))
            case .objc: return DeviceSize(figures(.objc))
            case .larger: return DeviceSize(figures(.swift), figures(.objc))
            }
        }
        // The stand-ins have the real values' byte ranges and compact sizes, so the outline's report
        // is the payload's.
        return outline.findings.isEmpty ? outline : nil
    }

    /// An object inside `aps` (`alert`) as ``MeasuredValueReader/element(_:in:)`` reads one with
    /// ``JSONScanner`` (byte ranges from the object's start), its members read by the
    /// measuring scanner: their values as the outline reads `aps`'s, containers among them by
    /// ``JSONScanner``. `nil` if the bytes do not hold the object.
    private func objectElement(_ object: JSONMeasuredValue, in bytes: UnsafeRawBufferPointer) -> JSONElement? {
        let text = UnsafeRawBufferPointer(rebasing: bytes[object.byteRange])
        guard objectScanner.measure(text) else { return nil }
        var members: [JSONMember] = []
        members.reserveCapacity(objectScanner.memberCount)
        for index in 0..<objectScanner.memberCount {
            let member = objectScanner.member(at: index)
            let keyToken = UnsafeRawBufferPointer(rebasing: text[member.keyRange])
            let key =
                member.keyIsVerbatim
                ? MeasuredValueReader.text(UnsafeRawBufferPointer(rebasing: keyToken.dropFirst().dropLast()))
                : MeasuredValueReader.string(keyToken)
            guard let value = MeasuredValueReader.element(member.value, in: text) else { return nil }
            members.append(JSONMember(key: key, keyRange: member.keyRange, value: value))
        }
        return JSONElement(
            content: .object(members), byteRange: 0..<text.count, compactByteCount: object.compactByteCount)
    }

    /// Reads the line with ``JSONScanner`` and `PayloadChecker`: the exact error, or the report
    /// with its findings placed in the line.
    private func strictOutcome(_ bytes: [UInt8], line: Int, file: String) -> LogLineOutcome {
        do {
            let root = try JSONScanner.scan(bytes, maximumDepth: options.checker.maximumDepth)
            var payload = root
            if let field = options.field {
                guard let value = root.descendant(at: field) else {
                    var error = InputError(
                        file: file, location: TextPosition(line: line, column: 1),
                        message: "expected a payload at '\(field.rawValue)' (--field), found none")
                    error.path = field
                    return .malformed(error)
                }
                if value.stringValue != nil {
                    return bytes.withUnsafeBytes {
                        checkEmbeddedPayload($0, string: JSONMeasuredValue(value), line: line, file: file)
                    }
                }
                payload = value
            }
            // A whole line counts as logged, a value inside a record its own bytes.
            let inputByteCount = options.field == nil ? bytes.count : payload.byteRange.count
            let report = options.checker.check(payload, inputByteCount: inputByteCount)
            return .checked(checked(report, record: PayloadRecord(file: file, line: line, bytes: bytes)))
        } catch let error as JSONScanError {
            return .malformed(InputError(file: file, scanError: error, firstLine: line))
        } catch {
            return .malformed(
                InputError(file: file, location: TextPosition(line: line, column: 1), message: "\(error)"))
        }
    }

    private func checked(_ report: PayloadReport, record: PayloadRecord) -> CheckedPayload {
        CheckedPayload(record: record, report: report, failOn: options.failOn)
    }

    static func lineTooLong(file: String, line: Int, limit: Int) -> InputError {
        InputError(
            file: file, location: TextPosition(line: line, column: 1),
            message: "expected a line of at most \(limit) bytes (--max-input-bytes), found a longer one")
    }
}
