import PaySize

extension RoundTripResult: ExpectationOutcome {
    /// What the device does with the update, the first differing field and why, and the fix;
    /// `nil` when the device gets back the state that was sent.
    ///
    /// ```text
    /// the device drops this update: the device expects key 'etaDate' at /etaDate but the payload has no such key — …
    /// fix: encode content-state with JSONEncoder's default strategies (.deferredToDate, .useDefaultKeys, .base64)
    /// ```
    public var failureMessage: String? {
        guard let message, let finding else { return nil }
        // No payload: the server's encoder threw, so there is nothing the device could receive.
        if payload.isEmpty { return message }
        let effect = isDecodingFailure ? "the device drops this update" : "the device shows a different state"
        return "\(effect): \(message)\nfix: \(finding.fix ?? "")"
    }
}
