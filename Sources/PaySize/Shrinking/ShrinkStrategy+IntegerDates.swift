@_spi(Internals) import PaySizeJSON
@_spi(Internals) import PaySizeSchema

extension ShrinkStrategy {
    /// ISO-8601 date strings or fractional date numbers → integer seconds, in the epoch each
    /// place is read with.
    ///
    /// A `Date` inside `content-state` or `attributes` decodes with `JSONDecoder`'s default
    /// `.deferredToDate`: a number of seconds since 2001-01-01 (Unix seconds − 978307200). The
    /// `aps` dates (`timestamp`, `stale-date`, `dismissal-date`) are Unix seconds; they are
    /// Apple's keys, already integers, and never touched here (see <doc:DeviceDecoding>).
    ///
    /// A string qualifies when it is a full date-time with a time zone; a number when the
    /// schema marks it a `Date` (or, without a schema, its key names a date or time) and it has
    /// a fraction and lies below 1.2e9 (2039 counted from 2001; larger looks like Unix time,
    /// which `paysize check --schema` reports as a bug instead).
    static let integerDates = ShrinkStrategy(id: "integer-dates") { context in
        var stringExamples: [JSONPointer: (String, ISO8601Timestamp)] = [:]
        var anyFraction: Set<JSONPointer> = []
        var numberExamples: [JSONPointer: (String, String)] = [:]
        var order: [JSONPointer] = []
        for value in context.reshapableValues {
            let path = value.path.folded
            if let string = value.element.stringValue, let timestamp = ISO8601Timestamp(string) {
                if stringExamples[path] == nil {
                    stringExamples[path] = (string, timestamp)
                    order.append(path)
                }
                if timestamp.hasFraction { anyFraction.insert(path) }
            } else if let text = value.element.numberText, numberExamples[path] == nil,
                let whole = wholeDateSeconds(text), isDateValue(at: path, context: context)
            {
                numberExamples[path] = (text, whole)
                order.append(path)
            }
        }
        return order.map { path in
            let isDate = context.schema(at: path).map { $0.view.isDate($0.schema) } ?? false
            if let (string, timestamp) = stringExamples[path] {
                let lossy = anyFraction.contains(path)
                let change: ShrinkContractChange = isDate ? .server : .app
                let typeAdvice =
                    isDate
                    ? "The property is a Date already, which cannot decode an ISO-8601 string: today the device drops this update."
                    : "Make the property a Date."
                return ShrinkCandidate(
                    id: "integer-dates:\(path)", kind: "integer-dates",
                    title:
                        "ISO-8601 dates at \(path) → integer seconds since 2001 ('\(string)' → \(timestamp.referenceDateSeconds))",
                    paths: [path], contractChange: change,
                    howToApply: """
                        \(typeAdvice) Send whole seconds since 2001-01-01T00:00:00Z, what JSONDecoder's default .deferredToDate reads (Unix seconds − 978307200; server side: Int(date.timeIntervalSinceReferenceDate)). Not Unix seconds: a Date field would show them ~31 years late. The aps dates (timestamp, stale-date, dismissal-date) stay Unix seconds.\(lossy ? " Fractions of a second are dropped (lossy)." : "")
                        """,
                    isLossy: lossy,
                    edit: .replacingWithNumbers(at: path) { content in
                        guard case .string(let string) = content, let timestamp = ISO8601Timestamp(string) else {
                            return nil
                        }
                        return String(timestamp.referenceDateSeconds)
                    })
            }
            let (before, after) = numberExamples[path]!
            return ShrinkCandidate(
                id: "integer-dates:\(path)", kind: "integer-dates",
                title: "fractional Date numbers at \(path) → whole seconds since 2001 (\(before) → \(after))",
                paths: [path], contractChange: .server,
                howToApply: """
                    Send whole seconds (server side: Int(date.timeIntervalSinceReferenceDate), still counted from 2001-01-01, as a Date decodes by default); a Date decodes an integer as well. The aps dates (timestamp, stale-date, dismissal-date) stay Unix seconds. Fractions of a second are dropped (lossy).
                    """,
                isLossy: true,
                edit: .replacingWithNumbers(at: path) { content in
                    guard case .number(let text) = content else { return nil }
                    return wholeDateSeconds(text)
                })
        }
    }

    /// The whole seconds of a fractional number token in a `Date`'s range (0 ≤ value < 1.2e9,
    /// no exponent), rounded down; `nil` otherwise.
    static func wholeDateSeconds(_ text: String) -> String? {
        guard !text.hasPrefix("-"), !text.contains(where: { $0 == "e" || $0 == "E" }),
            let dot = text.firstIndex(of: "."), let value = Double(text), value < PayloadSchema.unixSecondsThreshold
        else { return nil }
        var whole = String(text[..<dot])
        while whole.count > 1, whole.hasPrefix("0") { whole.removeFirst() }
        return whole
    }

    /// Whether the value at `path` is a `Date`: the schema says so, or without a schema its key
    /// names a date or a time (`etaDate`, `startTime`, `updatedAt`, `deadline`).
    static func isDateValue(at path: JSONPointer, context: ShrinkContext) -> Bool {
        if let (view, schema) = context.schema(at: path) { return view.isDate(schema) }
        guard let key = path.lastKey else { return false }
        let words = SwiftNaming.words(of: key).map { $0.lowercased() }
        return words.contains {
            ["date", "time", "timestamp", "at", "deadline", "until", "since", "expires"].contains($0)
        }
    }
}
