import Foundation
@_spi(Internals) import PaySizeJSON

/// Where the validator walks a value: it recurses once per level of nesting, several frames a
/// level, and a value may nest as deep as the scanner allows (512 levels), deeper than a worker
/// thread's default stack holds in a debug build. A shallow value is walked on the calling
/// thread; a deep one on a thread with a stack of ``stackSize`` bytes, the caller waiting.
package enum DeepValueStack {
    /// Values nested at most this deep are walked on the calling thread.
    package static let callingThreadDepth = 64
    /// The stack of the thread that walks deeper values: room for 512 levels with a wide margin.
    package static let stackSize = 64 << 20

    /// `body`'s result, computed on a thread whose stack fits a walk of `instance`.
    package static func run<Result: Sendable>(for instance: JSONElement, _ body: @escaping @Sendable () -> Result)
        -> Result
    {
        guard instance.exceedsDepth(callingThreadDepth) else { return body() }
        let box = ResultBox<Result>()
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            box.value = body()
            done.signal()
        }
        thread.stackSize = stackSize
        thread.start()
        done.wait()
        // The semaphore orders the write on the walking thread before this read.
        return box.value!
    }

    private final class ResultBox<Value>: @unchecked Sendable {
        var value: Value?
    }
}

extension JSONElement {
    /// Whether containers nest more than `depth` levels deep, found without recursion.
    package func exceedsDepth(_ depth: Int) -> Bool {
        var pending: [(JSONElement, Int)] = [(self, 0)]
        while let (element, level) = pending.popLast() {
            switch element.content {
            case .object(let members):
                if level + 1 > depth { return true }
                for member in members { pending.append((member.value, level + 1)) }
            case .array(let elements):
                if level + 1 > depth { return true }
                for element in elements { pending.append((element, level + 1)) }
            default:
                break
            }
        }
        return false
    }
}
