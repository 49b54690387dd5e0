/// A byte limit and the advisory tier thresholds below it.
///
/// The default is the 4096-byte limit of APNs device-token pushes (Live Activity start, update
/// and end) and of ActivityKit's attributes plus content state; ``broadcast`` is the 5120-byte
/// limit of broadcast-channel pushes (see <doc:SizeLimits>).
///
/// Unless given explicitly, thresholds scale with the limit: a payload enters **monitor** at half
/// the limit, **risky** at three quarters and **critical** at seven eighths — 2048, 3072 and 3584
/// bytes for 4096.
///
/// ```swift
/// let budget = PayloadBudget()
/// budget.tier(forByteCount: 3100)      // .risky
/// budget.headroom(forByteCount: 3100)  // 996
/// ```
public struct PayloadBudget: Sendable, Equatable {
    /// The largest accepted size in bytes.
    public var limit: Int
    /// The first size in the monitor tier.
    public var monitorThreshold: Int
    /// The first size in the risky tier.
    public var riskyThreshold: Int
    /// The first size in the critical tier.
    public var criticalThreshold: Int
    /// Which writer's count ActivityKit's limit judges a content state and attributes on;
    /// default ``DeviceWriter/larger`` (<doc:WhatTheDeviceCounts>).
    public var deviceWriter: DeviceWriter = .larger

    /// The APNs device-token push limit, 4096 bytes (4 KB).
    package static let standardLimit = 4096
    /// The APNs broadcast-channel push limit, 5120 bytes (5 KB).
    package static let broadcastLimit = 5120

    /// The budget of an APNs broadcast push: 5120 bytes with scaled thresholds.
    public static let broadcast = PayloadBudget(limit: broadcastLimit)

    /// A budget with thresholds at 1/2, 3/4 and 7/8 of `limit`.
    ///
    /// - Parameter limit: The largest accepted size in bytes; default 4096.
    public init(limit: Int = 4096) {
        self.limit = limit
        self.monitorThreshold = limit / 2
        self.riskyThreshold = limit * 3 / 4
        self.criticalThreshold = limit * 7 / 8
    }

    /// A budget with explicit thresholds.
    ///
    /// - Throws: ``PayloadBudgetError`` unless `0 < monitor ≤ risky ≤ critical ≤ limit`.
    public init(limit: Int, monitorThreshold: Int, riskyThreshold: Int, criticalThreshold: Int) throws {
        guard limit > 0, monitorThreshold > 0, monitorThreshold <= riskyThreshold,
            riskyThreshold <= criticalThreshold, criticalThreshold <= limit
        else {
            throw PayloadBudgetError(
                message:
                    "expected 0 < monitor ≤ risky ≤ critical ≤ limit, found thresholds \(monitorThreshold), \(riskyThreshold), \(criticalThreshold) for limit \(limit)"
            )
        }
        self.limit = limit
        self.monitorThreshold = monitorThreshold
        self.riskyThreshold = riskyThreshold
        self.criticalThreshold = criticalThreshold
    }

    /// ActivityKit's limit on attributes plus content state as the device writes them: 4096 bytes
    /// whatever the push's own limit (a broadcast push may be 5120 bytes, its content state not),
    /// or a stricter limit when this budget sets one (<doc:SizeLimits>).
    package var activityKitLimit: Int { min(limit, Self.standardLimit) }

    /// The budget the device's ActivityKit figure is judged by: this one, or for a limit above
    /// 4096 the default 4096-byte budget.
    package var activityKitBudget: PayloadBudget {
        guard limit > Self.standardLimit else { return self }
        var budget = PayloadBudget(limit: Self.standardLimit)
        budget.deviceWriter = deviceWriter
        return budget
    }

    /// The tier of a payload of `byteCount` bytes.
    public func tier(forByteCount byteCount: Int) -> SizeTier {
        if byteCount > limit { return .over }
        if byteCount >= criticalThreshold { return .critical }
        if byteCount >= riskyThreshold { return .risky }
        if byteCount >= monitorThreshold { return .monitor }
        return .safe
    }

    /// The bytes left before the limit; negative when a payload is over it.
    package func headroom(forByteCount byteCount: Int) -> Int {
        limit - byteCount
    }
}

/// A budget that cannot be built, such as thresholds out of order.
public struct PayloadBudgetError: Error, Sendable, Equatable, CustomStringConvertible {
    /// One line saying what was expected and what was found.
    package let message: String

    /// What is wrong with the thresholds, in one line.
    public var description: String { message }
}
