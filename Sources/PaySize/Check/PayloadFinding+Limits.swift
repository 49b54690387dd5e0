extension PayloadFinding {
    /// The body is over APNs' limit: an error with the code ``Code/overLimit``.
    ///
    /// - Parameter suggestion: The best shrinking suggestion, quoted when given.
    package static func overLimit(byteCount: Int, limit: Int, suggestion: String? = nil) -> PayloadFinding {
        PayloadFinding(
            severity: .error, path: .root,
            message: overLimitMessage(byteCount: byteCount, limit: limit, suggestion: suggestion),
            code: .overLimit)
    }

    /// The message of ``overLimit(byteCount:limit:suggestion:)``.
    package static func overLimitMessage(byteCount: Int, limit: Int, suggestion: String?) -> String {
        let over =
            "the payload is \(byteCount) bytes, over the \(limit)-byte limit by \(byteCount - limit) (APNs answers 413 PayloadTooLarge)"
        return suggestion.map { over + "; best shrinking suggestion: " + $0 } ?? over
    }

    /// The content state (with a start's attributes) is over ActivityKit's limit as the device
    /// writes it: an error with the code ``Code/overLimit``, naming the figure on the device and
    /// as sent, the numbers that grew, why, and the fix (<doc:WhatTheDeviceCounts>).
    ///
    /// - Parameters:
    ///   - device: The device's figures; the judged writer's are reported.
    ///   - sentByteCount: The same parts' compact size as sent.
    ///   - isStart: Whether the figure includes a start's attributes.
    package static func overLimitOnDevice(
        _ device: DeviceSize, limit: Int, sentByteCount: Int, isStart: Bool, path: JSONPointer,
        byteOffset: Int?
    ) -> PayloadFinding {
        let parts = isStart ? "attributes and content state are" : "the content state is"
        let pronoun = isStart ? "them" : "it"
        let figures = device.judged
        let bytes = figures.activityKitByteCount
        var message =
            "\(parts) \(bytes) bytes as the device writes \(pronoun) (\(device.judgedWriterName)), over ActivityKit's \(limit)-byte limit by \(bytes - limit); as sent, \(sentByteCount) bytes"
        var fix =
            "shrink the content state below \(limit) bytes as the device writes it (`paysize suggest` measures each way)"
        let grown = figures.grownNumberCount
        if grown > 0, let example = figures.firstGrownNumber {
            let numbers = grown == 1 ? "1 number grows" : "\(grown) numbers grow"
            switch figures.writer {
            case .objc:
                message +=
                    ": \(numbers) to 17 significant digits ('\(example.sent)' is written '\(example.written)'), as iOS 16's JSONEncoder and a push re-written on the device write them"
                fix =
                    "send numbers that keep their length under both writers: integers (cents, basis points, degrees × 10^5) or short binary fractions (multiples of 1/128); `paysize suggest` measures each"
            case .swift:
                message += ": \(numbers) when written again ('\(example.sent)' is written '\(example.written)')"
            }
        }
        message += isStart ? "; the activity does not start" : "; the device drops the update without an error"
        return PayloadFinding(
            severity: .error, path: path, message: message, byteOffset: byteOffset, code: .overLimit, fix: fix)
    }
}
