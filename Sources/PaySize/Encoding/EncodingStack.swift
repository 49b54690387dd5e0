/// One of ``EncodingSession``'s stacks (open nodes, member records, coding-path steps) in a
/// manually managed buffer, so that pushing, popping and updating the innermost entry (done for
/// every member and element) are plain loads and stores, without the uniqueness and bounds
/// checks an `Array` in a class property makes on each write.
///
/// Owned by one session and never used through two
/// copies at once; the owner frees it with ``deallocate()``.
struct EncodingStack<Element> {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private(set) var capacity: Int

    init(capacity: Int) {
        base = UnsafeMutablePointer<Element>.allocate(capacity: capacity)
        self.capacity = capacity
    }

    /// The element at `index` (below ``count``), readable and writable in place.
    subscript(index: Int) -> Element {
        @inline(__always)
        unsafeAddress {
            assert(index >= 0 && index < count)
            return UnsafePointer(base + index)
        }
        @inline(__always)
        nonmutating unsafeMutableAddress {
            assert(index >= 0 && index < count)
            return base + index
        }
    }

    @inline(__always)
    mutating func append(_ element: Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count &+= 1
    }

    @inline(__always)
    @discardableResult
    mutating func removeLast() -> Element {
        precondition(count > 0)
        count &-= 1
        return (base + count).move()
    }

    /// Drops the elements from `newCount` on.
    @inline(__always)
    mutating func removeLast(downTo newCount: Int) {
        precondition(newCount >= 0 && newCount <= count)
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Empties the stack, keeping its buffer.
    mutating func removeAll() {
        base.deinitialize(count: count)
        count = 0
    }

    func deallocate() {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(never)
    private mutating func grow() {
        let newCapacity = max(2 * capacity, 16)
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity = newCapacity
    }
}

extension EncodingStack {
    /// Calls `body` with the elements as a buffer.
    @inline(__always)
    func withUnsafeBufferPointer<Result>(_ body: (UnsafeBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try body(UnsafeBufferPointer(start: base, count: count))
    }
}
