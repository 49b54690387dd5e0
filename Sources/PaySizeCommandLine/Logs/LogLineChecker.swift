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
/// A segment is checked in batches of lines: all of a batch's lines are scanned, their
/// measurements copied out, and then each is reported, in order. The scanner's code and the
/// report's (the outline, the rules, the summary) do not fit the processor's instruction cache
/// together, and taking turns line by line would reload each every line.
///
/// `PAYSIZE_SCANNER=plain` (``LogCheckOptions/Path/plain``) sends every line to the strict path
/// instead, for triage: a bug that goes away under it is in the measuring scanner or the outline.
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
        let keys = options.checker.keyEquality
        recordScanner = Self.scanner(
            payloadAt: options.field ?? .root, maximumDepth: options.checker.maximumDepth, keyEquality: keys)
        payloadScanner = Self.scanner(payloadAt: .root, maximumDepth: options.checker.maximumDepth, keyEquality: keys)
        objectScanner = JSONMeasuringScanner(
            measuring: [.root], listingMembersOf: .root, maximumDepth: options.checker.maximumDepth,
            keyEquality: keys)
    }

    /// Measures the payload at `payload`, its `aps`, `content-state` and `attributes`, and lists
    /// the members of `aps`; keys compare as the checker's schema compares strings.
    private static func scanner(
        payloadAt payload: JSONPointer, maximumDepth: Int, keyEquality: StringEquality
    ) -> JSONMeasuringScanner {
        let aps = payload.appending("aps")
        return JSONMeasuringScanner(
            measuring: [payload, aps, aps.appending("content-state"), aps.appending("attributes")],
            listingMembersOf: aps, maximumDepth: maximumDepth, keyEquality: keyEquality)
    }

    /// Lines scanned before any of them is reported: enough that each phase's code stays in the
    /// instruction cache for many lines, few enough that their text stays in the data caches.
    static let batchLineCount = 32

    /// Checks every line of `segment`, numbering them from 1.
    ///
    /// - Parameter malformedLimit: Stop right after this many malformed lines (the summary is then
    ///   incomplete), or `nil` to read the whole segment.
    func check(_ segment: UnsafeRawBufferPointer, file: String, malformedLimit: Int? = nil) -> LogSegmentResult {
        var result = LogSegmentResult(summary: options.emptySummary(file: file))
        guard let base = segment.baseAddress else { return result }
        var batch: [ScannedLine] = []
        batch.reserveCapacity(Self.batchLineCount)
        var members: [JSONMeasuredMember] = []
        var start = 0
        var line = 0
        while start < segment.count {
            batch.removeAll(keepingCapacity: true)
            members.removeAll(keepingCapacity: true)
            var next = start
            while next < segment.count, batch.count < Self.batchLineCount {
                let newline = memchr(base + next, 0x0A, segment.count - next)
                let end = newline.map { UnsafeRawPointer($0) - base } ?? segment.count
                batch.append(scan(UnsafeRawBufferPointer(rebasing: segment[next..<end]), at: next, members: &members))
                next = end + 1
            }
            // Read in place: a scanned line is a few hundred bytes, too many to copy out per line.
            let stopped = batch.withUnsafeBufferPointer { scannedLines in
                members.withUnsafeBufferPointer { members in
                    for index in scannedLines.indices {
                        line += 1
                        result.summary.lineCount = line
                        record(
                            report(scannedLines[index], in: segment, members: members, line: line, file: file),
                            line: line, in: &result)
                        start = scannedLines[index].nextLineStart
                        if let malformedLimit, result.summary.malformedCount >= malformedLimit,
                            start < segment.count
                        {
                            result.summary.isComplete = false
                            return true
                        }
                    }
                    return false
                }
            }
            if stopped { return result }
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
        var members: [JSONMeasuredMember] = []
        let scanned = scan(line, at: 0, members: &members)
        return members.withUnsafeBufferPointer { report(scanned, in: line, members: $0, line: number, file: file) }
    }

    /// One line of a batch as the record scanner found it, copied out of the scanner (its storage
    /// serves the next line).
    struct ScannedLine {
        enum Kind {
            case blank, tooLong, refused, measured
            /// Not measured: `PAYSIZE_SCANNER=plain` sends every line to the strict path.
            case unmeasured
        }

        /// The line as logged (without its `\n`, nor a CR before it), in the segment.
        var bytes: Range<Int>
        /// Where the next line starts in the segment.
        var nextLineStart: Int
        var kind: Kind
        var measurements = LineMeasurements()
    }

    /// What the report of a payload needs of the scanner that measured it: the payload, `aps`,
    /// `content-state` and `attributes` as written back, and `aps`'s members (in a buffer the
    /// lines of a batch share).
    struct LineMeasurements {
        var payload: JSONMeasuredValue?
        var aps: JSONMeasuredValue?
        var contentState: JSONRewrittenMeasurement?
        var attributes: JSONRewrittenMeasurement?
        var members: Range<Int> = 0..<0

        init() {}

        /// The measurements of the text `scanner` last accepted, its members appended to `buffer`.
        init(_ scanner: JSONMeasuringScanner, members buffer: inout [JSONMeasuredMember]) {
            payload = scanner.measurement(at: 0)
            aps = scanner.measurement(at: 1)
            contentState = scanner.rewrittenMeasurement(at: 2)
            attributes = scanner.rewrittenMeasurement(at: 3)
            let first = buffer.count
            for index in 0..<scanner.memberCount { buffer.append(scanner.member(at: index)) }
            members = first..<buffer.count
        }
    }

    /// Scans the line at `start..<start + line.count` of its segment, the first phase of
    /// ``check(_:file:malformedLimit:)``.
    private func scan(
        _ line: UnsafeRawBufferPointer, at start: Int, members: inout [JSONMeasuredMember]
    ) -> ScannedLine {
        let bytes = line.last == 0x0D ? UnsafeRawBufferPointer(rebasing: line.dropLast()) : line
        var scanned = ScannedLine(
            bytes: start..<(start + bytes.count), nextLineStart: start + line.count + 1, kind: .measured)
        if bytes.count > options.maximumLineByteCount {
            scanned.kind = .tooLong
        } else if bytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            scanned.kind = .blank
        } else if options.path == .plain {
            scanned.kind = .unmeasured
        } else if recordScanner.measure(bytes) {
            scanned.measurements = LineMeasurements(recordScanner, members: &members)
        } else {
            scanned.kind = .refused
        }
        return scanned
    }

    /// The outcome of a scanned line of `segment`, the second phase of
    /// ``check(_:file:malformedLimit:)``.
    private func report(
        _ scanned: ScannedLine, in segment: UnsafeRawBufferPointer, members: UnsafeBufferPointer<JSONMeasuredMember>,
        line: Int, file: String
    ) -> LogLineOutcome {
        let bytes = UnsafeRawBufferPointer(rebasing: segment[scanned.bytes])
        switch scanned.kind {
        case .blank: return .blank
        case .tooLong: return .malformed(Self.lineTooLong(file: file, line: line, limit: options.maximumLineByteCount))
        case .refused, .unmeasured: return strictOutcome(Array(bytes), line: line, file: file)
        case .measured: break
        }
        let measurements = scanned.measurements
        guard let payload = measurements.payload else {
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
        if let report = fastReport(
            bytes, measurements: measurements, members: members, payloadIsWholeText: options.field == nil)
        {
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
        if options.path == .fast, payload.withUnsafeBytes({ payloadScanner.measure($0) }) {
            var members: [JSONMeasuredMember] = []
            let measurements = LineMeasurements(payloadScanner, members: &members)
            let report = payload.withUnsafeBytes { bytes in
                members.withUnsafeBufferPointer {
                    fastReport(bytes, measurements: measurements, members: $0, payloadIsWholeText: true)
                }
            }
            if let report { return .checked(checked(report, record: PayloadRecord(file: file, line: line, bytes: []))) }
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
    /// - Parameters:
    ///   - measurements: What the scanner measured in `bytes`, `aps`'s members in `members`.
    ///   - payloadIsWholeText: Whether the scanner's first pointer is the root (the payload is
    ///     the line), rather than a value inside a record.
    private func fastReport(
        _ bytes: UnsafeRawBufferPointer, measurements: LineMeasurements,
        members listed: UnsafeBufferPointer<JSONMeasuredMember>, payloadIsWholeText: Bool
    ) -> PayloadReport? {
        // Taken out and put back whole: one access each to the properties.
        var members: [JSONMember] = []
        var root: [JSONMember] = []
        swap(&members, &outlineMembers)
        swap(&root, &outlineRoot)
        let report = outlineReport(
            bytes, measurements: measurements, listed: listed, payloadIsWholeText: payloadIsWholeText,
            members: &members, root: &root)
        // The outline is gone, so the arrays are this checker's alone again and keep their storage.
        root.removeAll(keepingCapacity: true)
        members.removeAll(keepingCapacity: true)
        swap(&members, &outlineMembers)
        swap(&root, &outlineRoot)
        return report
    }

    /// ``fastReport(_:measurements:members:payloadIsWholeText:)`` itself, building the outline
    /// in `members` (of `aps`) and `root` (of the payload), which come empty.
    private func outlineReport(
        _ bytes: UnsafeRawBufferPointer, measurements: LineMeasurements,
        listed: UnsafeBufferPointer<JSONMeasuredMember>,
        payloadIsWholeText: Bool, members: inout [JSONMember], root rootMembers: inout [JSONMember]
    ) -> PayloadReport? {
        guard options.checker.contract == nil, let payload = measurements.payload,
            let aps = measurements.aps, aps.kind == .object,
            // `{"aps":` and `}` around aps: the payload has no other member.
            payload.kind == .object, payload.compactByteCount == aps.compactByteCount + 8
        else { return nil }
        let options = options
        for index in measurements.members {
            let member = listed[index]
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
            let contentState = contentState == nil ? nil : measurements.contentState
            let attributes = attributes == nil ? nil : measurements.attributes
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
            let root = try JSONScanner.scan(
                bytes, maximumDepth: options.checker.maximumDepth, keyEquality: options.checker.keyEquality)
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
