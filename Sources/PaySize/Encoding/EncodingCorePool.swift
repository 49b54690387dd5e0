import Foundation

/// One ``EncodingCore`` kept per thread between calls, so that a call does not allocate (and
/// free) a core, its output buffer and its stacks every time, and finds the key tables it used
/// last time without taking the tables' lock.
///
/// The core waits in a POSIX thread-specific slot (`pthread_getspecific`), which holds one
/// reference to it. A call borrows that reference: the slot keeps naming the core while the
/// call owns it, and the core's ``EncodingCore/isInCall`` tells a nested call on the same thread
/// (an `encode(to:)` that runs another `PayloadEncoder`) to make a core of its own. Taking and
/// giving back are then a load or two, where a shared pool needs a lock round trip, and the slot
/// is written only when it changes hands. A thread's core is released when the thread exits.
///
/// A core goes back only when nothing else refers to it (a caller may keep an encoder or a
/// container past the call), so a kept core is never shared between calls; a core that stays
/// with such a caller leaves the slot.
enum EncodingCorePool {
    /// The slot's key, created once per process. The destructor releases a thread's core when
    /// the thread exits.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { core in
            #if canImport(Darwin)
                Unmanaged<EncodingCore>.fromOpaque(core).release()
            #else
                if let core { Unmanaged<EncodingCore>.fromOpaque(core).release() }
            #endif
        }
        precondition(status == 0, "pthread_key_create failed: \(status)")
        return key
    }()

    /// A core for a call on this thread: the thread's own (its reference lent to the caller) or,
    /// when that one is busy or missing, a new one.
    @inline(__always)
    static func take() -> EncodingCore {
        guard let slot = pthread_getspecific(key) else { return EncodingCore() }
        let kept = Unmanaged<EncodingCore>.fromOpaque(slot)
        if kept._withUnsafeGuaranteedRef({ $0.isInCall }) { return EncodingCore() }
        return kept.takeRetainedValue()
    }

    /// Ends a call on `core` (from ``take()``): gives the slot its reference back when the core
    /// can serve the next call, or gives up the slot when a caller kept the core.
    @inline(__always)
    static func giveBack(_ core: consuming EncodingCore) {
        var core = core
        // The thread's core is still the one its slot names (a nested call never changes a
        // slot that holds a core), so only other cores read the slot.
        if core.isThreadCore {
            if isKnownUniquelyReferenced(&core) && core.isWorthKeeping {
                core.releaseOptions()
                _ = Unmanaged.passRetained(core)
            } else {
                // A caller that kept an encoder or container holds the core: it stays theirs.
                core.isThreadCore = false
                pthread_setspecific(key, nil)
            }
        } else if pthread_getspecific(key) == nil && isKnownUniquelyReferenced(&core) && core.isWorthKeeping {
            core.releaseOptions()
            core.isThreadCore = true
            pthread_setspecific(key, Unmanaged.passRetained(core).toOpaque())
        }
    }
}
