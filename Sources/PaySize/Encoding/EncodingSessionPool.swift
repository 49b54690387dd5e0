import Foundation

/// One ``EncodingSession`` kept per thread between calls, so that a call does not allocate (and
/// free) a session, its output buffer and its stacks every time, and finds the key tables it used
/// last time without taking the tables' lock.
///
/// The session waits in a POSIX thread-specific slot (`pthread_getspecific`): a pointer to an
/// optional session, allocated once per thread. A call moves the session out of the slot and moves
/// it back when it ends, so the reference changes hands without being retained or released,
/// and a call nested in an `encode(to:)` on the same thread (one that runs another
/// `PayloadEncoder`) finds the slot empty and makes a session of its own. The slot is filled only
/// when it is empty: after a nested call, the outer call's session is the one let go. A thread's
/// session is released when the thread exits.
///
/// A session goes back only when nothing else refers to it (a caller may keep an encoder or a
/// container past the call), so a kept session is never shared between calls; a session that stays
/// with such a caller is released when the caller lets go of it.
enum EncodingSessionPool {
    /// The slot's key, created once per process. The destructor releases a thread's session (if
    /// it holds one) and frees the slot when the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { slot in
            #if canImport(Darwin)
                let slot = slot.assumingMemoryBound(to: EncodingSession?.self)
            #else
                guard let slot = slot?.assumingMemoryBound(to: EncodingSession?.self) else { return }
            #endif
            slot.deinitialize(count: 1)
            slot.deallocate()
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// This thread's slot, made empty on the thread's first call.
    @inline(__always)
    private static func slot() -> UnsafeMutablePointer<EncodingSession?> {
        if let slot = pthread_getspecific(key) { return slot.assumingMemoryBound(to: EncodingSession?.self) }
        return makeSlot()
    }

    @inline(never)
    private static func makeSlot() -> UnsafeMutablePointer<EncodingSession?> {
        let slot = UnsafeMutablePointer<EncodingSession?>.allocate(capacity: 1)
        slot.initialize(to: nil)
        pthread_setspecific(key, slot)
        return slot
    }

    /// A session for a call on this thread: the thread's own, moved out of its slot, or a new one
    /// when the slot is empty (the first call, a nested call, or after a caller kept the session);
    /// and the slot, for ``giveBack(_:to:)``.
    @inline(__always)
    static func take() -> (session: EncodingSession, slot: UnsafeMutablePointer<EncodingSession?>) {
        let slot = slot()
        if let session = slot.pointee.take() { return (session, slot) }
        return (EncodingSession(), slot)
    }

    /// Empties ``EncodingSession/framedTypes`` of this thread's session, if the slot holds one.
    static func forgetFramedTypes() {
        guard let session = slot().pointee else { return }
        session.framedTypes.update(repeating: 0, count: EncodingSession.framedTypeCapacity)
    }

    /// Ends a call on `session` (from ``take()``, with its `slot`): moves it back into the slot when
    /// the slot is empty and the session can serve the next call; otherwise lets it go.
    @inline(__always)
    static func giveBack(_ session: consuming EncodingSession, to slot: UnsafeMutablePointer<EncodingSession?>) {
        // A caller that kept an encoder or container holds the session: it stays theirs.
        guard isKnownUniquelyReferenced(&session), session.isWorthKeeping, slot.pointee == nil else { return }
        session.releaseOptions()
        // The slot holds nil, which needs no release: initialized over, not assigned.
        slot.initialize(to: consume session)
    }
}
