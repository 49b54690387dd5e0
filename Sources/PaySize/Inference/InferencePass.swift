@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// One run of a type's `init(from:)` under a ``DecodingTracer``, and what it revealed about the type.
///
/// Every run reads placeholder values. A probe changes what one place in the input looks like
/// (missing, `null`, of another type, refused by the type that reads it, or an unusual value)
/// and the run shows whether the type throws or recovers, which is how inference learns what
/// `try?`, `decodeIfPresent`, `contains` and fallback initialisers accept.
final class InferencePass {
    /// What the input holds at the probed place.
    enum Fault: Equatable {
        /// `null`.
        case null
        /// A value of another type: the first `count` different types read there throw
        /// `typeMismatch`, a later one reads a placeholder (a `try?` chain's fallback).
        case mismatch(count: Int)
        /// A value of the right type that the type refuses (an unknown enum value, a number out
        /// of range): the first read throws `dataCorrupted`, later ones `typeMismatch`.
        case corrupted
        /// An unusual value of the right type, to see whether the type checks its values.
        case unusual
    }

    /// How this run differs from a plain one.
    struct Probe {
        /// Places missing from the input: a key absent, an array ending before the index.
        var absent: Set<JSONPointer> = []
        /// The place ``fault`` applies to.
        var site: JSONPointer?
        var fault: Fault?
        /// Which placeholder of each scalar type the run reads (see ``PlaceholderValues``).
        var variant = 0
        /// The value the root's single-value read gets (a raw value of an enum), when set.
        var rootValue: Any?
    }

    /// What a read at one place gets.
    enum Answer {
        case value
        case absent
        case null
        case mismatch
        case corrupted
        case unusual
    }

    /// Marks the errors a probe throws, so a run that fails with one of them failed because of
    /// the probe and not because of a placeholder value.
    static let marker = "paysize: probed value"

    let probe: Probe
    /// For an enum with associated values: the one key the root container's `allKeys` offers.
    let offeredKey: String?
    let root = DecodingTrace()
    /// Set when the root container's `allKeys` was read: lists its key type's cases, if it can.
    var listRootKeys: (() -> [String]?)?
    /// Each place read, in the order first read, and its recording.
    private(set) var sites: [JSONPointer] = []
    private(set) var recordings: [JSONPointer: DecodingTrace] = [:]
    /// At the probed place: the schemas of the types read after the faulted ones.
    private(set) var fallbacks: [JSONElement] = []
    /// Whether a read got something other than a plain value.
    private(set) var servedProbe = false
    /// What this run showed about the type that only a probe shows (a loop that never ends).
    private(set) var notes: [String] = []
    private var typesAtSite: [ObjectIdentifier] = []

    init(probe: Probe, offeredKey: String?) {
        self.probe = probe
        self.offeredKey = offeredKey
    }

    /// Notes that `site` was read, with the recording that describes it.
    func visit(_ site: JSONPointer, _ recording: DecodingTrace) {
        if recordings[site] == nil {
            sites.append(site)
            recordings[site] = recording
        }
    }

    /// What a read of `type` at `site` gets under this run's probe.
    func answer(at site: JSONPointer, reading type: Any.Type) -> Answer {
        let answer = decide(at: site, reading: type)
        if answer != .value { servedProbe = true }
        return answer
    }

    private func decide(at site: JSONPointer, reading type: Any.Type) -> Answer {
        if probe.absent.contains(site) { return .absent }
        guard site == probe.site, let fault = probe.fault else { return .value }
        // `contains` and `decodeNil` see a value of any type, present and not null.
        if type == Never.self { return fault == .null ? .null : .value }
        let id = ObjectIdentifier(type)
        if !typesAtSite.contains(id) { typesAtSite.append(id) }
        let order = typesAtSite.firstIndex(of: id) ?? 0
        switch fault {
        case .null: return .null
        case .unusual: return .unusual
        case .corrupted: return order == 0 ? .corrupted : .mismatch
        case .mismatch(let count): return order < count ? .mismatch : .value
        }
    }

    func note(_ text: String) {
        if !notes.contains(text) { notes.append(text) }
    }

    /// Records that a read of the probed place after the faulted ones got a value of this schema.
    func noteFallback(at site: JSONPointer, _ schema: JSONElement) {
        guard site == probe.site, !fallbacks.contains(where: { $0.isJSONEqual(to: schema) }) else { return }
        fallbacks.append(schema)
    }

    /// The error a probed read throws: the one `JSONDecoder` throws for that input.
    static func error(
        _ answer: Answer, reading type: Any.Type, key: (any CodingKey)?, at codingPath: [any CodingKey]
    ) -> DecodingError {
        let context = DecodingError.Context(codingPath: codingPath + (key.map { [$0] } ?? []), debugDescription: marker)
        switch answer {
        case .absent:
            if let key {
                return .keyNotFound(key, DecodingError.Context(codingPath: codingPath, debugDescription: marker))
            }
            return .valueNotFound(type, context)
        case .null: return .valueNotFound(type, context)
        case .corrupted: return .dataCorrupted(context)
        case .mismatch, .value, .unusual: return .typeMismatch(type, context)
        }
    }

    /// Whether `error` was thrown by a probe (possibly rethrown as is by the type).
    static func isProbeError(_ error: any Error) -> Bool {
        guard let error = error as? DecodingError else { return false }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
            .dataCorrupted(let context):
            return context.debugDescription == marker
        @unknown default:
            return false
        }
    }
}
