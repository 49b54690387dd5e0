import Foundation
@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

/// The contract between a Live Activity's server and its app: schemas for `content-state` and,
/// for start events, `attributes`, checked against whole APNs payloads.
///
/// ```swift
/// let contract = PayloadContract(contentState: .infer(from: DeliveryState.self))
/// try contract.findings(inJSONBytes: payload).map(\.description)
/// // ["/aps/content-state/etaDate: suspicious: Date 1764504000 looks like Unix seconds: …"]
/// ```
public struct PayloadContract: Sendable {
    /// The schema of `aps.content-state`, checked on every event that carries one.
    @_spi(Internals) public var contentState: PayloadSchema
    /// The attributes' schema; `nil` skips checking `attributes` on start events.
    package var attributes: PayloadSchema?

    /// Creates a contract; without an `attributes` schema, start events' attributes are not checked.
    public init(contentState: PayloadSchema, attributes: PayloadSchema? = nil) {
        self.contentState = contentState
        self.attributes = attributes
    }

    /// Checks the payload's `aps.content-state` (and `aps.attributes` when `aps.event` is `"start"`).
    ///
    /// - Returns: Findings with paths into the payload (`/aps/content-state/…`); empty when fine.
    @_spi(Internals) public func findings(in payload: JSONElement) -> [PayloadFinding] {
        let apsPath = JSONPointer("aps")
        guard let aps = payload["aps"], aps.members != nil else {
            return [
                PayloadFinding(
                    path: apsPath, code: .dropped, message: "the payload has no 'aps' object",
                    fix: "put the Live Activity keys inside 'aps'")
            ]
        }
        let event = aps["event"]?.stringValue
        var found: [PayloadFinding] = []
        let statePath = apsPath.appending("content-state")
        if let state = aps["content-state"] {
            found += contentState.findings(in: state, at: statePath)
        } else if event == "update" || event == "start" {
            found.append(
                PayloadFinding(
                    path: statePath, code: .dropped,
                    message: "\(event == "update" ? "an" : "a") '\(event!)' event needs 'content-state'",
                    fix: "add 'content-state'"))
        }
        if event == "start", let attributes {
            let attributesPath = apsPath.appending("attributes")
            if let values = aps["attributes"] {
                found += attributes.findings(in: values, at: attributesPath)
            } else {
                found.append(
                    PayloadFinding(
                        path: attributesPath, code: .dropped, message: "a 'start' event needs 'attributes'",
                        fix: "add 'attributes' with the activity's static fields"))
            }
        }
        return found.filter { $0.code == .dropped } + found.filter { $0.code == .suspicious }
    }

    /// Scans `bytes` and checks the payload.
    ///
    /// - Throws: `JSONScanError` when the bytes are not JSON.
    public func findings(inJSONBytes bytes: [UInt8]) throws -> [PayloadFinding] {
        findings(in: try JSONScanner.scan(bytes))
    }

    /// Scans `data` (a request body, a `URLSession` response) and checks the payload.
    ///
    /// ```swift
    /// let findings = try contract.findings(inJSONBytes: request.httpBody ?? Data())
    /// ```
    ///
    /// - Throws: `JSONScanError` when the bytes are not JSON.
    public func findings(inJSONBytes data: Data) throws -> [PayloadFinding] {
        try findings(inJSONBytes: [UInt8](data))
    }
}

extension PayloadFinding {
    /// A schema violation as the contract reports it: the device fails to decode the value and
    /// drops the update (<doc:DeviceDecoding>), so it is a ``Code/dropped`` error.
    init(dropped violation: SchemaViolation) {
        self.init(
            path: violation.path, code: .dropped, message: violation.message, fix: violation.fix,
            byteOffset: violation.byteOffset)
    }
}
