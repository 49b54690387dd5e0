import Foundation

/// A few ``EncodingCore``s kept between calls, so that a call does not allocate (and free) a
/// core, its output buffer and its stacks every time, and finds the key tables it used last
/// time without taking the tables' lock: a lock round trip costs far less than the
/// allocations it replaces.
///
/// A core comes back only when nothing else refers to it (a caller may keep an encoder or a
/// container past the call), so a kept core is never shared between calls.
final class EncodingCorePool: @unchecked Sendable {
    static let shared = EncodingCorePool()

    /// How many cores are kept (about one per thread encoding at once).
    private static let limit = 4

    private let lock = NSLock()
    // Guarded by `lock`.
    @exclusivity(unchecked) private var spares: [EncodingCore] = []

    private init() {
        spares.reserveCapacity(Self.limit)
    }

    /// A core from an earlier call, if one is free.
    func take() -> EncodingCore? {
        lock.lock()
        defer { lock.unlock() }
        return spares.popLast()
    }

    /// Keeps `core` (its call ended) for a later call, if there is room.
    func give(_ core: EncodingCore) {
        lock.lock()
        defer { lock.unlock() }
        if spares.count < Self.limit { spares.append(core) }
    }
}
