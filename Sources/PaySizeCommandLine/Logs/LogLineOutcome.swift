/// What one line of a log is.
enum LogLineOutcome: Sendable {
    case blank
    case malformed(InputError)
    case checked(CheckedPayload)
}
