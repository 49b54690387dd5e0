import Foundation

/// A few sets of the buffers an ``EncodingCore`` needs, kept between calls so that a call does
/// not allocate (and free) its output buffer and stacks every time: a lock round trip costs far
/// less than the half-dozen `malloc`/`free` pairs it replaces.
final class EncodingBufferPool: @unchecked Sendable {
    /// One core's buffers, emptied.
    struct Buffers {
        var storage: UnsafeMutablePointer<UInt8>
        var capacity: Int
        var nodes: EncodingStack<EncodingNode>
        var members: EncodingStack<EncodingMember>
        var path: EncodingStack<EncodingPathEntry>
        var keySlots: [EncodingCore.KeySlot]
    }

    static let shared = EncodingBufferPool()

    /// How many sets are kept (about one per thread encoding at once).
    private static let limit = 4
    /// Output buffers larger than this are freed rather than kept.
    private static let largestKeptCapacity = 1 << 16

    private let lock = NSLock()
    // Guarded by `lock`.
    @exclusivity(unchecked) private var spares: [Buffers] = []

    private init() {
        spares.reserveCapacity(Self.limit)
    }

    /// A set of buffers, if one is free.
    func take() -> Buffers? {
        lock.lock()
        defer { lock.unlock() }
        return spares.popLast()
    }

    /// Keeps `buffers` (already emptied) for a later call.
    ///
    /// - Returns: False when they were not kept; the caller then frees the output buffer.
    func give(_ buffers: Buffers) -> Bool {
        guard buffers.capacity <= Self.largestKeptCapacity, buffers.members.capacity <= 4096,
            buffers.nodes.capacity <= 1024, buffers.path.capacity <= 1024
        else { return false }
        lock.lock()
        defer { lock.unlock() }
        guard spares.count < Self.limit else { return false }
        spares.append(buffers)
        return true
    }
}
