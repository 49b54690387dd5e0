@_spi(Internals) import PaySize

/// Reads the typed fields of one summary object, placing every error at the field in the file
/// (`shards/a.json:1:310: error: /histogram/payloadBytes/2: expected …`).
struct SummaryFieldReader {
    /// The summary file as named.
    var file: String
    /// The line of the file that holds the object.
    var line: Int
    /// The object's line.
    var bytes: [UInt8]
    var root: JSONElement

    func element(_ pointer: JSONPointer) throws(InputError) -> JSONElement {
        guard let element = root.descendant(at: pointer) else {
            throw error("expected this field of a summary, found none", at: pointer)
        }
        return element
    }

    /// A non-negative integer written without a fraction or exponent, at most
    /// `LogSummary.maximumCount`.
    func integer(_ pointer: JSONPointer) throws(InputError) -> Int {
        let element = try element(pointer)
        guard element.isIntegerToken, let text = element.numberText, !text.hasPrefix("-") else {
            throw error("expected a non-negative integer, found \(element.typeName)", at: pointer)
        }
        guard let value = Int(text), value <= LogSummary.maximumCount else {
            throw error("expected an integer of at most \(LogSummary.maximumCount) (2^53), found \(text)", at: pointer)
        }
        return value
    }

    /// An integer, or `nil` for `null`.
    func optionalInteger(_ pointer: JSONPointer) throws(InputError) -> Int? {
        try element(pointer).isNull ? nil : try integer(pointer)
    }

    func string(_ pointer: JSONPointer) throws(InputError) -> String {
        let element = try element(pointer)
        guard let text = element.stringValue else {
            throw error("expected a string, found \(element.typeName)", at: pointer)
        }
        return text
    }

    func bool(_ pointer: JSONPointer) throws(InputError) -> Bool {
        let element = try element(pointer)
        guard let value = element.boolValue else {
            throw error("expected true or false, found \(element.typeName)", at: pointer)
        }
        return value
    }

    func arrayCount(_ pointer: JSONPointer) throws(InputError) -> Int {
        let element = try element(pointer)
        guard let elements = element.elements else {
            throw error("expected an array, found \(element.typeName)", at: pointer)
        }
        return elements.count
    }

    /// `[[bytes, count], …]` with sizes rising.
    func histogram(_ pointer: JSONPointer) throws(InputError) -> ByteSizeHistogram {
        var histogram = ByteSizeHistogram()
        var previous = -1
        for index in 0..<(try arrayCount(pointer)) {
            let pair = pointer.appending(index: index)
            guard try arrayCount(pair) == 2 else {
                throw error("expected a [bytes, count] pair, found another number of elements", at: pair)
            }
            let byteCount = try integer(pair.appending(index: 0))
            let count = try integer(pair.appending(index: 1))
            guard byteCount > previous else {
                throw error("expected sizes in rising order, found \(byteCount) after \(previous)", at: pair)
            }
            previous = byteCount
            guard histogram.totalCount + count <= LogSummary.maximumCount else {
                throw error("expected counts adding up to at most \(LogSummary.maximumCount) (2^53)", at: pair)
            }
            histogram.add(byteCount, count: count)
        }
        return histogram
    }

    /// An error at `pointer`, located at the field or, when it is missing, at the nearest
    /// enclosing value.
    func error(_ message: String, at pointer: JSONPointer) -> InputError {
        var existing = pointer
        while root.descendant(at: existing) == nil, !existing.components.isEmpty {
            existing = JSONPointer(components: Array(existing.components.dropLast()))
        }
        let offset = root.descendant(at: existing)?.byteRange.lowerBound ?? 0
        var location = TextPosition(byteOffset: offset, in: bytes)
        location.line += line - 1
        var error = InputError(file: file, location: location, message: message)
        error.path = pointer
        return error
    }
}
