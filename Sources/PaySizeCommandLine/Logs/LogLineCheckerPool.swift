import Foundation

/// Line checkers for the worker threads: each task takes one and gives it back, so no two
/// threads share a scanner's scratch storage and none is rebuilt per segment.
final class LogLineCheckerPool: @unchecked Sendable {
    private let options: LogCheckOptions
    private let lock = NSLock()
    private var idle: [LogLineChecker] = []

    init(options: LogCheckOptions) {
        self.options = options
    }

    func withChecker<Result>(_ body: (LogLineChecker) -> Result) -> Result {
        lock.lock()
        let checker = idle.popLast() ?? LogLineChecker(options: options)
        lock.unlock()
        defer {
            lock.lock()
            idle.append(checker)
            lock.unlock()
        }
        return body(checker)
    }
}
