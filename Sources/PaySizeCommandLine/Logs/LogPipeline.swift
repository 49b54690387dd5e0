import Dispatch
import Foundation
@_spi(Internals) import PaySize

/// Checks a log on every core with bounded memory, reporting in line order whatever the timing.
///
/// The calling thread reads (or decompresses) the log into buffers of about
/// ``segmentByteCount`` bytes cut after a line break, hands each buffer to a worker thread as a
/// segment, and folds the segments' results into the log's summary strictly in segment order,
/// numbering their lines after the lines before them. At most ``maximumSegmentsInFlight``
/// segments are out at once, so memory stays at that many buffers whatever the log's size. A line
/// longer than `--max-input-bytes` is never held: it is reported and skipped to its end.
final class LogPipeline {
    /// Bytes read before a segment is handed out: 1 MB.
    static let defaultSegmentByteCount = 1 << 20

    let options: LogCheckOptions
    let segmentByteCount: Int
    let maximumSegmentsInFlight: Int
    private let pool: LogLineCheckerPool
    private let workers = DispatchQueue.global(qos: .userInitiated)

    /// - Parameters:
    ///   - segmentByteCount: Bytes per segment; small values make tests cut logs everywhere.
    ///   - workerCount: Segments checked at once; default the number of active cores.
    init(
        options: LogCheckOptions, segmentByteCount: Int = defaultSegmentByteCount,
        workerCount: Int = ProcessInfo.processInfo.activeProcessorCount
    ) {
        self.options = options
        self.segmentByteCount = segmentByteCount
        self.maximumSegmentsInFlight = max(2, workerCount * 2)
        self.pool = LogLineCheckerPool(options: options)
    }

    /// Reads `source` to its end (or to the `--max-errors` stop) and returns the log's summary.
    ///
    /// - Parameters:
    ///   - file: The log as named in messages.
    ///   - progress: Redrawn as bytes are read, cleared before anything is reported.
    ///   - report: Called on this thread with each outcome to report, lines numbered in the log.
    /// - Returns: The summary, and the error that ended reading early (a read or decompression
    ///   failure, or the `--max-errors` stop), placed after the last line read.
    func check(
        _ source: LogByteSource, file: String, progress: ProgressLine? = nil, report: (CheckOutcome) -> Void
    ) -> (summary: LogSummary, stop: InputError?) {
        let run = LogPipelineRun(pipeline: self, file: file, pool: pool, workers: workers, progress: progress)
        return run.read(source, report: report)
    }
}

/// One log being read: the buffers, the segments out on worker threads, the summary so far.
private final class LogPipelineRun {
    /// A buffer the reader fills; shared read-only with the worker checking it.
    struct Buffer: @unchecked Sendable {
        let memory: UnsafeMutableRawBufferPointer
    }

    let pipeline: LogPipeline
    let file: String
    let pool: LogLineCheckerPool
    let workers: DispatchQueue
    let progress: ProgressLine?
    let capacity: Int
    let results = LogSegmentQueue()
    var summary: LogSummary
    var spareBuffers: [Buffer] = []
    var allBuffers: [Buffer] = []
    var segmentsOut: [Int: (buffer: Buffer, byteCount: Int)] = [:]
    var nextSequence = 0
    var nextToFold = 0
    var stoppedByErrors = false

    init(pipeline: LogPipeline, file: String, pool: LogLineCheckerPool, workers: DispatchQueue, progress: ProgressLine?)
    {
        self.pipeline = pipeline
        self.file = file
        self.pool = pool
        self.workers = workers
        self.progress = progress
        self.capacity = pipeline.segmentByteCount + pipeline.options.maximumLineByteCount + 1
        self.summary = pipeline.options.emptySummary(file: file)
    }

    deinit {
        for buffer in allBuffers { buffer.memory.deallocate() }
    }

    func read(_ source: LogByteSource, report: (CheckOutcome) -> Void) -> (summary: LogSummary, stop: InputError?) {
        var buffer = takeBuffer()
        var filled = 0
        var skippingLongLine = false
        var readError: (any Error)? = nil
        while !stoppedByErrors {
            let count: Int
            do {
                count = try source.read(into: UnsafeMutableRawBufferPointer(rebasing: buffer.memory[filled..<capacity]))
            } catch {
                readError = error
                break
            }
            progress?.update(source.readByteCount)
            if count == 0 { break }
            if skippingLongLine {
                guard let newline = firstNewline(in: buffer, from: 0, to: count) else { continue }
                let rest = count - newline - 1
                buffer.memory.baseAddress!.copyMemory(from: buffer.memory.baseAddress! + newline + 1, byteCount: rest)
                filled = rest
                skippingLongLine = false
            } else {
                filled += count
            }
            guard filled >= pipeline.segmentByteCount || filled == capacity else { continue }
            if let newline = lastNewline(in: buffer, before: filled) {
                let next = takeBuffer()
                let tail = filled - newline - 1
                next.memory.baseAddress!.copyMemory(from: buffer.memory.baseAddress! + newline + 1, byteCount: tail)
                handOut(buffer, byteCount: newline + 1, report: report)
                buffer = next
                filled = tail
            }
            if filled > pipeline.options.maximumLineByteCount {
                // The line at the start of the buffer is already too long: report it, skip to its end.
                handOutLongLine(report: report)
                filled = 0
                skippingLongLine = true
            }
        }
        if !stoppedByErrors && !skippingLongLine {
            let end = readError == nil ? filled : (lastNewline(in: buffer, before: filled).map { $0 + 1 } ?? 0)
            if end > 0 {
                handOut(buffer, byteCount: end, report: report)
            } else {
                spareBuffers.append(buffer)
            }
        } else {
            spareBuffers.append(buffer)
        }
        while nextToFold < nextSequence { foldNext(waits: true, report: report) }
        progress?.clear()

        var stop: InputError? = nil
        if let readError {
            summary.isComplete = false
            let location = summary.lineCount > 0 ? TextPosition(line: summary.lineCount + 1, column: 1) : nil
            stop = PayloadInputReader.inputError(
                readError, file: file, location: location, outputCap: pipeline.options.maximumDecompressedByteCount,
                option: "--max-decompressed-bytes")
        } else if stoppedByErrors, let limit = pipeline.options.maximumErrorCount {
            stop = InputError(
                file: file,
                message:
                    "stopped after \(counted(limit, "malformed line")) (--max-errors \(limit)); the summary covers lines 1-\(summary.lineCount)"
            )
        }
        return (summary, stop)
    }

    // MARK: - Segments

    private func takeBuffer() -> Buffer {
        if let buffer = spareBuffers.popLast() { return buffer }
        let buffer = Buffer(memory: .allocate(byteCount: capacity, alignment: 16))
        allBuffers.append(buffer)
        return buffer
    }

    /// Sends `buffer[0..<byteCount]` (whole lines) to a worker, then folds what is ready.
    private func handOut(_ buffer: Buffer, byteCount: Int, report: (CheckOutcome) -> Void) {
        let sequence = nextSequence
        nextSequence += 1
        segmentsOut[sequence] = (buffer, byteCount)
        let segment = Buffer(memory: UnsafeMutableRawBufferPointer(rebasing: buffer.memory[0..<byteCount]))
        let (pool, results, file) = (pool, results, file)
        workers.async {
            let result = pool.withChecker { $0.check(UnsafeRawBufferPointer(segment.memory), file: file) }
            results.store(result, sequence: sequence)
        }
        foldAvailable(report: report)
    }

    /// A line too long to hold counts as a segment of one malformed line.
    private func handOutLongLine(report: (CheckOutcome) -> Void) {
        let sequence = nextSequence
        nextSequence += 1
        let error = LogLineChecker.lineTooLong(file: file, line: 1, limit: pipeline.options.maximumLineByteCount)
        var result = LogSegmentResult(summary: pipeline.options.emptySummary(file: file))
        result.summary.lineCount = 1
        result.summary.addMalformed(error, line: 1)
        result.outcomes = [.unreadable(error)]
        results.store(result, sequence: sequence)
        foldAvailable(report: report)
    }

    /// Folds every result that is ready, and waits while too many segments are out.
    private func foldAvailable(report: (CheckOutcome) -> Void) {
        while nextSequence - nextToFold >= pipeline.maximumSegmentsInFlight { foldNext(waits: true, report: report) }
        while nextToFold < nextSequence, foldNext(waits: false, report: report) {}
    }

    /// Folds the next segment's result into the summary; `false` when it is not ready.
    @discardableResult
    private func foldNext(waits: Bool, report: (CheckOutcome) -> Void) -> Bool {
        guard var result = results.take(nextToFold, waits: waits) else { return false }
        let sequence = nextToFold
        nextToFold += 1
        let segment = segmentsOut.removeValue(forKey: sequence)
        defer { if let segment { spareBuffers.append(segment.buffer) } }
        guard !stoppedByErrors else { return true }
        if let limit = pipeline.options.maximumErrorCount, result.summary.malformedCount > 0,
            summary.malformedCount + result.summary.malformedCount >= limit
        {
            // Cut the segment right after the malformed line that reaches the limit.
            if let segment {
                let remaining = limit - summary.malformedCount
                result = pool.withChecker {
                    $0.check(
                        UnsafeRawBufferPointer(rebasing: segment.buffer.memory[0..<segment.byteCount]), file: file,
                        malformedLimit: remaining)
                }
            }
            result.summary.isComplete = false
            stoppedByErrors = true
        }
        let offset = summary.lineCount
        if !result.outcomes.isEmpty { progress?.clear() }
        for outcome in result.outcomes { report(outcome.movedDown(by: offset)) }
        summary.append(result.summary)
        return true
    }

    private func firstNewline(in buffer: Buffer, from start: Int, to end: Int) -> Int? {
        guard start < end else { return nil }
        return memchr(buffer.memory.baseAddress! + start, 0x0A, end - start).map {
            UnsafeRawPointer($0) - UnsafeRawPointer(buffer.memory.baseAddress!)
        }
    }

    private func lastNewline(in buffer: Buffer, before end: Int) -> Int? {
        var index = end - 1
        let bytes = buffer.memory.baseAddress!.assumingMemoryBound(to: UInt8.self)
        while index >= 0 {
            if bytes[index] == 0x0A { return index }
            index -= 1
        }
        return nil
    }
}
