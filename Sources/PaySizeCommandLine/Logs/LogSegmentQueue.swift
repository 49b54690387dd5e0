import Foundation

/// Results of segments checked on worker threads, handed back in segment order.
final class LogSegmentQueue: @unchecked Sendable {
    private let condition = NSCondition()
    private var finished: [Int: LogSegmentResult] = [:]

    /// Stores the result of segment `sequence`.
    func store(_ result: LogSegmentResult, sequence: Int) {
        condition.lock()
        finished[sequence] = result
        condition.broadcast()
        condition.unlock()
    }

    /// The result of segment `sequence`, waiting for it when `waits`; `nil` if not ready and not waiting.
    func take(_ sequence: Int, waits: Bool) -> LogSegmentResult? {
        condition.lock()
        defer { condition.unlock() }
        while finished[sequence] == nil {
            guard waits else { return nil }
            condition.wait()
        }
        return finished.removeValue(forKey: sequence)
    }
}
