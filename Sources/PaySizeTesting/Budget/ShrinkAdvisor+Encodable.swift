import PaySize

extension ShrinkAdvisor {
    /// ``report(attributes:contentState:)`` for values that are `Codable` (their schemas are
    /// inferred from the types); for values only `Encodable`, the same pair as JSON.
    func report<Attributes: Encodable, ContentState: Encodable>(
        encodableAttributes attributes: Attributes, contentState: ContentState
    ) throws -> ShrinkReport {
        if let attributes = attributes as? any Codable, let contentState = contentState as? any Codable {
            return try codableReport(attributes: attributes, contentState: contentState)
        }
        let encoder = PayloadEncoder()
        let pair =
            Array(#"{"attributes":"#.utf8) + (try encoder.encodeBytes(attributes)) + Array(#","content-state":"#.utf8)
            + (try encoder.encodeBytes(contentState)) + Array("}".utf8)
        return try report(forJSONBytes: pair)
    }

    /// ``report(contentState:)`` for a `Codable` state; for one only `Encodable`, its JSON.
    func report<ContentState: Encodable>(encodableContentState contentState: ContentState) throws -> ShrinkReport {
        if let contentState = contentState as? any Codable {
            return try codableReport(contentState: contentState)
        }
        return try report(forJSONBytes: PayloadEncoder().encodeBytes(contentState))
    }

    private func codableReport<Attributes: Codable, ContentState: Codable>(
        attributes: Attributes, contentState: ContentState
    ) throws -> ShrinkReport {
        try report(attributes: attributes, contentState: contentState)
    }

    private func codableReport<ContentState: Codable>(contentState: ContentState) throws -> ShrinkReport {
        try report(contentState: contentState)
    }
}
