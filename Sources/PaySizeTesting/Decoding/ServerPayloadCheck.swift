import Foundation
@_spi(Internals) import PaySize

/// Whether a payload a server sent (or recorded) decodes into the app's content-state type as
/// the device decodes it, and what the contract says about it when it does not.
///
/// The input is a whole push body (`{"aps":{…,"content-state":{…}}}`) or a bare content state.
/// It is decoded with a default `JSONDecoder`, as the device does (<doc:/PaySize/DeviceDecoding>), and
/// checked against the schema inferred from the type (``/PaySize/PayloadSchema/infer(from:)``). It fails
/// when the device cannot decode it, and when it decodes but a contract finding says it is
/// probably not what the server meant (a Unix timestamp in a `Date`, a snake_case key the
/// device ignores) unless suspicious findings are allowed.
///
/// ```swift
/// let check = ServerPayloadCheck(DeliveryState.self, contentsOf: url)
/// print(check.failureMessage!)
/// // 'update.json' does not decode into 'DeliveryState': the device expects key 'etaDate' at …
/// // contract findings:
/// //   /aps/content-state/etaDate: dropped: missing required key 'etaDate' …; fix: …
/// ```
public struct ServerPayloadCheck: ExpectationOutcome, Equatable {
    /// The file the payload was read from (its last path component); `nil` for in-memory JSON.
    public var source: String?
    /// The content-state type's name.
    public var typeName: String
    /// What the device's decoder makes of it; `nil` when the input could not be read as JSON.
    public var decoding: RoundTripResult?
    /// The contract findings for it: every one when it does not decode, the suspicious ones when
    /// it does. Paths point into the input (`/aps/content-state/…` for a push body).
    public var findings: [PayloadFinding]
    /// Whether suspicious findings are tolerated when the payload decodes.
    public var allowsSuspicious: Bool
    /// Why the input could not be read; `nil` when it was.
    public var problem: String?

    /// Checks JSON held in memory.
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - jsonData: A push body or a bare content state.
    ///   - allowsSuspicious: Pass `true` to pass a payload that decodes though a finding is
    ///     suspicious (keys for a newer app version, say). Default: `false`.
    public init<State: Decodable>(_ type: State.Type, jsonData: Data, allowsSuspicious: Bool = false) {
        self.init(State.self, bytes: Array(jsonData), source: nil, allowsSuspicious: allowsSuspicious)
    }

    /// Checks a JSON file, such as a payload the server team recorded into the test bundle.
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - url: A file holding a push body or a bare content state.
    ///   - allowsSuspicious: Pass `true` to pass a payload that decodes though a finding is
    ///     suspicious. Default: `false`.
    public init<State: Decodable>(_ type: State.Type, contentsOf url: URL, allowsSuspicious: Bool = false) {
        guard let data = FileManager.default.contents(atPath: url.path) else {
            self.init(typeName: String(typeName: State.self), source: url.lastPathComponent, allowsSuspicious: false)
            let exists = FileManager.default.fileExists(atPath: url.path)
            problem = exists ? "cannot read '\(url.path)'" : "no file at '\(url.path)'"
            return
        }
        let bytes = Array(data)
        self.init(State.self, bytes: bytes, source: url.lastPathComponent, allowsSuspicious: allowsSuspicious)
    }

    /// Checks a JSON file in a bundle, such as the test bundle's `Bundle.module`.
    ///
    /// - Parameters:
    ///   - type: The app's content-state type.
    ///   - name: The resource's name, for example `update-from-server`.
    ///   - fileExtension: Its extension; default `json`.
    ///   - bundle: The bundle that holds it.
    ///   - allowsSuspicious: Pass `true` to pass a payload that decodes though a finding is
    ///     suspicious. Default: `false`.
    public init<State: Decodable>(
        _ type: State.Type, resource name: String, withExtension fileExtension: String = "json", in bundle: Bundle,
        allowsSuspicious: Bool = false
    ) {
        guard let url = bundle.url(forResource: name, withExtension: fileExtension) else {
            self.init(
                typeName: String(typeName: State.self), source: "\(name).\(fileExtension)", allowsSuspicious: false)
            problem = "no resource '\(name).\(fileExtension)' in the bundle at '\(bundle.bundlePath)'"
            return
        }
        self.init(State.self, contentsOf: url, allowsSuspicious: allowsSuspicious)
    }

    private init(typeName: String, source: String?, allowsSuspicious: Bool) {
        self.typeName = typeName
        self.source = source
        self.findings = []
        self.allowsSuspicious = allowsSuspicious
    }

    private init<State: Decodable>(_ type: State.Type, bytes: [UInt8], source: String?, allowsSuspicious: Bool) {
        self.init(typeName: String(typeName: State.self), source: source, allowsSuspicious: allowsSuspicious)
        let root: JSONElement
        do {
            root = try JSONScanner.scan(bytes)
        } catch {
            problem = "\(subject) is not JSON: \(error)"
            return
        }
        let schema = PayloadSchema.infer(from: State.self)
        let payload: [UInt8]
        if root["aps"]?.members != nil {
            payload = bytes
            findings = PayloadContract(contentState: schema).findings(in: root)
        } else {
            // A bare content state: decoded as the `content-state` of an update.
            payload = Array(#"{"aps":{"event":"update","content-state":"#.utf8) + bytes + Array("}}".utf8)
            findings = schema.findings(in: root)
        }
        let decoding = ContentStateRoundTrip.check(State.self, payload: payload)
        self.decoding = decoding
        if decoding.isFaithful {
            // The device's own decoder has the last word on what it drops.
            findings = findings.filter { $0.code == .suspicious }
        }
    }

    /// `'update.json'`, or `the payload` for in-memory JSON.
    private var subject: String {
        source.map { "'\($0)'" } ?? "the payload"
    }

    /// Why it does not decode (or decodes but is suspicious), then the contract findings one per
    /// line; `nil` when it passes.
    public var failureMessage: String? {
        if let problem { return problem }
        guard let decoding else { return nil }
        let listed = findings.map { "  \($0)" }
        if let reason = decoding.message {
            let head = "\(subject) does not decode into '\(typeName)': \(reason)"
            return ([head] + (listed.isEmpty ? [] : ["contract findings:"] + listed)).joined(separator: "\n")
        }
        guard !allowsSuspicious, !findings.isEmpty else { return nil }
        return (["\(subject) decodes into '\(typeName)', but not as the server means it:"] + listed)
            .joined(separator: "\n")
    }
}
