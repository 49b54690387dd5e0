import Foundation

/// One ``EncodingCore`` kept per thread between calls, so that a call does not allocate (and
/// free) a core, its output buffer and its stacks every time, and finds the key tables it used
/// last time without taking the tables' lock.
///
/// The core waits in a POSIX thread-specific slot (`pthread_getspecific`): a pointer to an
/// optional core, allocated once per thread. A call moves the core out of the slot and moves
/// it back when it ends, so the reference changes hands without being retained or released,
/// and a call nested in an `encode(to:)` on the same thread (one that runs another
/// `PayloadEncoder`) finds the slot empty and makes a core of its own. The slot is filled only
/// when it is empty: after a nested call, the outer call's core is the one let go. A thread's
/// core is released when the thread exits.
///
/// A core goes back only when nothing else refers to it (a caller may keep an encoder or a
/// container past the call), so a kept core is never shared between calls; a core that stays
/// with such a caller is released when the caller lets go of it.
enum EncodingCorePool {
    /// The slot's key, created once per process. The destructor releases a thread's core (if
    /// it holds one) and frees the slot when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { slot in
            #if canImport(Darwin)
                let slot = slot.assumingMemoryBound(to: EncodingCore?.self)
            #else
                guard let slot = slot?.assumingMemoryBound(to: EncodingCore?.self) else { return }
            #endif
            slot.deinitialize(count: 1)
            slot.deallocate()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// This thread's slot, made empty on the thread's first call.
    @inline(__always)
    private static func slot() -> UnsafeMutablePointer<EncodingCore?> {
        if let slot = pthread_getspecific(key) { return slot.assumingMemoryBound(to: EncodingCore?.self) }
        return makeSlot()
    }

    @inline(never)
    private static func makeSlot() -> UnsafeMutablePointer<EncodingCore?> {
        let slot = UnsafeMutablePointer<EncodingCore?>.allocate(capacity: 1)
        slot.initialize(to: nil)
        pthread_setspecific(key, slot)
        return slot
    }

    /// A core for a call on this thread: the thread's own, moved out of its slot, or a new one
    /// when the slot is empty (the first call, a nested call, or after a caller kept the core);
    /// and the slot, for ``giveBack(_:to:)``.
    @inline(__always)
    static func take() -> (core: EncodingCore, slot: UnsafeMutablePointer<EncodingCore?>) {
        let slot = slot()
        if let core = slot.pointee.take() { return (core, slot) }
        return (EncodingCore(), slot)
    }

    /// Ends a call on `core` (from ``take()``, with its `slot`): moves it back into the slot when
    /// the slot is empty and the core can serve the next call; otherwise lets it go.
    @inline(__always)
    static func giveBack(_ core: consuming EncodingCore, to slot: UnsafeMutablePointer<EncodingCore?>) {
        // A caller that kept an encoder or container holds the core: it stays theirs.
        guard isKnownUniquelyReferenced(&core), core.isWorthKeeping, slot.pointee == nil else { return }
        core.releaseOptions()
        // The slot holds nil, which needs no release: initialized over, not assigned.
        slot.initialize(to: consume core)
    }
}
