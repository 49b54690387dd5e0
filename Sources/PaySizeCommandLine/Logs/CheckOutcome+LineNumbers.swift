extension CheckOutcome {
    /// The outcome with its line numbers moved down by `lineCount` lines.
    func movedDown(by lineCount: Int) -> CheckOutcome {
        guard lineCount != 0 else { return self }
        switch self {
        case .checked(var payload):
            payload.record.line = payload.record.line.map { $0 + lineCount }
            return .checked(payload)
        case .unreadable(var error):
            error.location?.line += lineCount
            return .unreadable(error)
        }
    }
}
