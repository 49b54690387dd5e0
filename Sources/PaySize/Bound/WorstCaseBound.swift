import Foundation

/// The largest compact encoding `JSONEncoder` can write for any value a content-state schema
/// allows, with a value that reaches it: the answer to "can this `ContentState` ever pass the
/// limit, and with which field at which length?".
///
/// The bound is exact. It is sound (no allowed value, decoded into the Swift type and encoded
/// again by a default `JSONEncoder`, writes more bytes) and tight (``witnessJSON`` is allowed by
/// the schema and writes exactly ``byteCount`` bytes). Strings count every scalar at its worst
/// (`\u00XX` for a control character, two bytes for `"`, `\` and `/`, up to four for other
/// text), numbers at the longest text their range and Swift type allow, optionals as present,
/// arrays and dictionaries at their most items. See <doc:WorstCaseBounds>.
///
/// The device may write numbers longer: ``deviceByteCount`` is the figure ActivityKit's limit
/// judges, with every `Double`, `Float` and `Date` number also counted at its longest text with
/// 17 significant digits, as the Objective-C writer writes it, and by default the larger of the
/// two writers' counts (<doc:WhatTheDeviceCounts>).
///
/// ```swift
/// struct OrderState: Codable {
///     struct Item: Codable { var name: String; var quantity: UInt8 }
///     var title: String
///     var items: [Item]
/// }
/// let bound = try WorstCaseBound(
///     of: OrderState.self, limits: ["/title": .maxLength(20), "/items": .maxItems(12), "/items/*/name": .maxLength(40)])
/// bound.byteCount                  // 3346: control characters everywhere
/// bound.printableByteCount         // 2346: no control characters
/// bound.deviceByteCount            // 3346: no floating-point number, the same on the device
/// bound.cheapestFix(toFit: 3071)   // "lower maxLength at /items/*/name from 40 to 36"
/// ```
public struct WorstCaseBound: Sendable {
    /// How a `Date` is encoded: `JSONEncoder`'s `dateEncodingStrategy`.
    public enum DateEncodingStrategy: Sendable, CaseIterable {
        /// The default, and ActivityKit's: seconds since 2001-01-01 as a `Double`.
        case deferredToDate
        /// Seconds since 1970-01-01 as a `Double`.
        case secondsSince1970
        /// Milliseconds since 1970-01-01 as a `Double`.
        case millisecondsSince1970
        /// An ISO 8601 string such as `2026-12-02T10:06:15Z`: 22 bytes quoted for years 0 to
        /// 9999, at most 24 for any `Date` (Foundation writes none past year 506713).
        case iso8601
        /// The name written in reports, JSON output and command-line options.
        package var rawValue: String {
            switch self {
            case .deferredToDate: "deferredToDate"
            case .secondsSince1970: "secondsSince1970"
            case .millisecondsSince1970: "millisecondsSince1970"
            case .iso8601: "iso8601"
            }
        }

        /// The value a report or option names, or `nil` for another name.
        package init?(rawValue: String) {
            switch rawValue {
            case "deferredToDate": self = .deferredToDate
            case "secondsSince1970": self = .secondsSince1970
            case "millisecondsSince1970": self = .millisecondsSince1970
            case "iso8601": self = .iso8601
            default: return nil
            }
        }

    }

    /// A place whose size no keyword bounds.
    public struct UnboundedPath: Sendable, Equatable {
        /// The place, `*` standing for every array item or dictionary value (a pattern, see
        /// ``JSONPointer``); a dictionary's keys are its member `(key)`.
        public var path: JSONPointer
        /// Why it has no bound.
        public var why: String
        /// The change that bounds it.
        public var fix: String
    }

    /// An array with `maxItems`, and what one more item costs at the worst case: the headroom
    /// ``WorstCaseBound/moreItemsFit(_:within:)`` measures.
    public struct ArrayHeadroom: Sendable, Equatable {
        /// The array, `*` standing for enclosing array items and dictionary values.
        public var path: JSONPointer
        /// Its `maxItems`.
        public var maxItems: Int
        /// The bytes one item adds at its worst, its comma included.
        public var worstBytesPerItem: Int
    }

    /// The worst-case bytes of one place: a scalar, or the keys and punctuation of the whole.
    public struct PathBytes: Sendable, Equatable {
        /// The place, with `*` for array items; `nil` for the keys and punctuation of the whole.
        public var path: JSONPointer?
        /// How many times the place occurs in the worst case.
        public var count: Int
        /// Its bytes, every occurrence together.
        public var byteCount: Int

        /// The place as reports print it: a pattern such as `/items/*/name`, or
        /// `(keys and punctuation)`.
        public var label: String {
            path?.boundText ?? "(keys and punctuation)"
        }
    }

    /// One writer's worst case: the figures, the witnesses and where the bytes go.
    package struct WriterFigures: Sendable {
        /// The writer whose text of each floating-point number is counted.
        package var writer: JSONWriter
        /// The worst case in bytes, `nil` when some place is unbounded.
        package var byteCount: Int?
        /// The worst case when strings hold no control characters.
        package var printableByteCount: Int?
        /// The worst case with each unbounded place at its smallest allowed form.
        package var boundedRestByteCount: Int?
        /// The same for ``printableByteCount``.
        package var printableBoundedRestByteCount: Int?
        /// A value the schema allows that this writer writes as ``byteCount`` bytes once decoded,
        /// its numbers as a server sends them: the writer's text where the schema allows it as
        /// written, else a text of the same value it allows (a listed value as listed).
        package var witnessJSON: String?
        /// The same for ``printableByteCount``.
        package var printableWitnessJSON: String?
        /// Every array with `maxItems`, outermost first.
        package var arrays: [ArrayHeadroom]
        /// Where the worst case's bytes go, largest first; the rows add up to ``byteCount``.
        package var breakdown: [PathBytes]
        var sites: [LimitSite]

        /// The figure a comparison of writers uses: the worst case, or while unbounded the
        /// bounded rest.
        func comparedByteCount(printable: Bool) -> Int {
            (printable ? printableByteCount ?? printableBoundedRestByteCount : byteCount ?? boundedRestByteCount) ?? -1
        }
    }

    /// The worst case in bytes as the Swift writer (swift-foundation's `JSONEncoder`) writes
    /// it, `nil` when some place is unbounded.
    public let byteCount: Int?
    /// The worst case when strings hold no control characters, what most apps send.
    public let printableByteCount: Int?
    /// The worst case of everything but the unbounded places, each counted at its smallest
    /// allowed form: a string without `maxLength` at `minLength` ASCII letters, an array or a
    /// dictionary without a limit at its fewest items (`minItems`, `minProperties`), keys
    /// without a length as short as distinct keys can be, a place of any type as `0`, and a
    /// type that contains itself cut where it recurses (the optional absent, the array empty).
    /// Equal to ``byteCount`` when nothing is unbounded; `nil` when no value is allowed.
    public let boundedRestByteCount: Int?
    /// The same for ``printableByteCount``.
    public let printableBoundedRestByteCount: Int?
    /// The compact JSON of a value the schema allows that `JSONEncoder` writes as ``byteCount``
    /// bytes once decoded into the Swift type; `nil` when unbounded.
    public let witnessJSON: String?
    /// The same for ``printableByteCount``: no control characters in its strings.
    public let printableWitnessJSON: String?
    /// The worst case as the device writes it, the figure ActivityKit's limit is judged on: the
    /// count of the writer the `deviceWriter` choice names, by default the larger of the Swift
    /// writer's (``byteCount``) and the Objective-C writer's, which writes every `Double`,
    /// `Float` and `Date` number with 17 significant digits (<doc:WhatTheDeviceCounts>); `nil`
    /// when some place is unbounded.
    public let deviceByteCount: Int?
    /// The writer whose count ``deviceByteCount`` is (the Objective-C one when both are equal).
    public let deviceWriter: JSONWriter
    /// The compact JSON of a value the schema allows that ``deviceWriter`` writes as
    /// ``deviceByteCount`` bytes once decoded into the Swift type; `nil` when unbounded. Each
    /// number is that writer's text where the schema allows it as written, else a text of the
    /// same value the schema allows (`1.1` for a `Double` the device writes as
    /// `1.1000000000000001`, which `"maximum": 1.1` refuses); a listed value is as listed.
    public let deviceWitnessJSON: String?
    /// Every unbounded place, with why and the fix; empty when bounded.
    public let unbounded: [UnboundedPath]
    /// How each `Date` is counted: the strategy given, or the one the schema records.
    public let dateEncodingStrategy: DateEncodingStrategy
    /// Every array with `maxItems` in the device's worst case (``deviceByteCount``), outermost
    /// first, with what one more item costs; see ``moreItemsFit(_:within:)``.
    public var arrays: [ArrayHeadroom] { judged.arrays }
    /// Where the device's worst case spends its bytes, largest first, the keys and punctuation
    /// of the whole last; the rows add up to ``deviceByteCount``. Empty when no value is allowed.
    public var breakdown: [PathBytes] { judged.breakdown }
    /// The Swift writer's figures, which the public properties without `device` report.
    package let swiftFigures: WriterFigures
    /// The Objective-C writer's figures: floating-point numbers at 17 significant digits.
    package let objcFigures: WriterFigures
    /// Which writer's count the device figures are.
    package let writerChoice: DeviceWriter
    /// The judged writer's figures for the worst case (``deviceByteCount``).
    package let judged: WriterFigures
    /// The judged writer's figures for the printable worst case, which may be the other
    /// writer's when ``writerChoice`` is ``DeviceWriter/larger``.
    package let printableJudged: WriterFigures
    /// What each figure assumes, one sentence each.
    package let assumptions: [String]

    /// The device's printable worst case: ``printableByteCount``'s counterpart of
    /// ``deviceByteCount``.
    package var printableDeviceByteCount: Int? { printableJudged.printableByteCount }
    /// The device's bounded rest, by the writer judged on the rest.
    package var deviceBoundedRestByteCount: Int? { judged.boundedRestByteCount }

    /// The figures of `writer`.
    package func figures(of writer: JSONWriter) -> WriterFigures {
        writer == .swift ? swiftFigures : objcFigures
    }

    /// The bound of the values `schema` allows.
    ///
    /// - Parameters:
    ///   - schema: A content-state or attributes schema, inferred or hand-written.
    ///   - dateEncodingStrategy: How the encoder writes a `Date`; by default the strategy the
    ///     schema records (`x-paysize-date-encoding`, written by
    ///     ``PayloadSchema/infer(from:limits:dateEncodingStrategy:)``), else
    ///     ``DateEncodingStrategy/deferredToDate``, the device's. The schema's `Date` numbers are
    ///     seconds since 2001 whichever it is: what the device decodes.
    ///   - deviceWriter: Which writer's count ``deviceByteCount`` is; defaults to
    ///     ``DeviceWriter/larger``, the larger of the two, which every device accepts.
    public init(
        schema: PayloadSchema, dateEncodingStrategy: DateEncodingStrategy? = nil,
        deviceWriter: DeviceWriter = .larger
    ) {
        let dateEncodingStrategy = dateEncodingStrategy ?? schema.recordedDateEncodingStrategy ?? .deferredToDate
        let setLocations = schema.setLocations
        let writtenValues = schema.writtenValues
        let placeNotes = schema.placeNotes
        let inlinedDefinitions = schema.inlinedDefinitions
        self.dateEncodingStrategy = dateEncodingStrategy
        var unbounded: [UnboundedPath] = []
        var notes: [String] = []
        func figures(_ writer: JSONWriter) -> WriterFigures {
            var full = WorstCaseAnalysis(
                schema: schema.compiled, printable: false, dates: dateEncodingStrategy, writer: writer,
                setLocations: setLocations, writtenValues: writtenValues, placeNotes: placeNotes,
                inlinedDefinitions: inlinedDefinitions)
            let fullResult = full.run()
            var printable = WorstCaseAnalysis(
                schema: schema.compiled, printable: true, dates: dateEncodingStrategy, writer: writer,
                setLocations: setLocations, writtenValues: writtenValues, placeNotes: placeNotes,
                inlinedDefinitions: inlinedDefinitions)
            let printableResult = printable.run()
            unbounded = full.unbounded
            for note in full.notes where !notes.contains(note) { notes.append(note) }
            let bounded = full.unbounded.isEmpty
            var figures = WriterFigures(
                writer: writer, byteCount: bounded ? fullResult?.bytes : nil,
                printableByteCount: bounded ? printableResult?.bytes : nil,
                witnessJSON: bounded ? fullResult.map { EncodedText.compact($0.witness) } : nil,
                printableWitnessJSON: bounded ? printableResult.map { EncodedText.compact($0.witness) } : nil,
                arrays: fullResult?.arrays ?? [], breakdown: [], sites: fullResult?.sites ?? [])
            if bounded {
                figures.boundedRestByteCount = figures.byteCount
                figures.printableBoundedRestByteCount = figures.printableByteCount
            } else {
                var rest = WorstCaseAnalysis(
                    schema: schema.compiled, printable: false, dates: dateEncodingStrategy, writer: writer,
                    shortestUnbounded: true, setLocations: setLocations, writtenValues: writtenValues,
                    placeNotes: placeNotes,
                    inlinedDefinitions: inlinedDefinitions)
                figures.boundedRestByteCount = rest.run()?.bytes
                var printableRest = WorstCaseAnalysis(
                    schema: schema.compiled, printable: true, dates: dateEncodingStrategy, writer: writer,
                    shortestUnbounded: true, setLocations: setLocations, writtenValues: writtenValues,
                    placeNotes: placeNotes,
                    inlinedDefinitions: inlinedDefinitions)
                figures.printableBoundedRestByteCount = printableRest.run()?.bytes
            }
            var rows: [JSONPointer: PathBytes] = [:]
            for row in fullResult?.rows ?? [] {
                rows[row.path, default: PathBytes(path: row.path, count: 0, byteCount: 0)].count += row.count
                rows[row.path]?.byteCount += row.byteCount
            }
            var breakdown = rows.values.sorted {
                $0.byteCount != $1.byteCount ? $0.byteCount > $1.byteCount : $0.label < $1.label
            }
            if let total = fullResult?.bytes {
                let structure = total - breakdown.reduce(0) { $0 + $1.byteCount }
                breakdown.append(PathBytes(path: nil, count: 1, byteCount: structure))
            }
            figures.breakdown = breakdown
            return figures
        }
        let swift = figures(.swift)
        let objc = figures(.objc)
        self.swiftFigures = swift
        self.objcFigures = objc
        self.unbounded = unbounded
        self.byteCount = swift.byteCount
        self.printableByteCount = swift.printableByteCount
        self.boundedRestByteCount = swift.boundedRestByteCount
        self.printableBoundedRestByteCount = swift.printableBoundedRestByteCount
        self.witnessJSON = swift.witnessJSON
        self.printableWitnessJSON = swift.printableWitnessJSON
        self.writerChoice = deviceWriter
        func judged(printable: Bool) -> WriterFigures {
            switch deviceWriter {
            case .swift: return swift
            case .objc: return objc
            case .larger:
                return swift.comparedByteCount(printable: printable) > objc.comparedByteCount(printable: printable)
                    ? swift : objc
            }
        }
        self.judged = judged(printable: false)
        self.printableJudged = judged(printable: true)
        self.deviceByteCount = self.judged.byteCount
        self.deviceWriter = self.judged.writer
        self.deviceWitnessJSON = self.judged.witnessJSON
        var assumptions = [
            "the first figure allows any Unicode scalar in strings: a control character is 6 bytes (\\u00XX), \\b \\f \\n \\r \\t \" \\ and / are 2, other text 1 to 4 bytes of UTF-8",
            "the printable figure allows no control characters (C0, DEL, C1) in strings whose values are not listed",
            "maxLength counts Unicode scalars, as JSON Schema does; optionals are present (a nil one is left out, as synthesized Codable does), arrays and dictionaries full, a Set's items distinct",
            "the bounded rest counts each unbounded place at its smallest allowed form (a string at minLength ASCII letters, an array or dictionary at its fewest items, a place of any type as 0, a recursive type cut where it recurses) and everything else at its worst",
            "sizes are of the compact text a default JSONEncoder writes once the value is decoded into the Swift type: numbers re-encoded at their shortest round-trip text, a URL as its absoluteString (up to 12 bytes a scalar once percent-encoded), Data as base64",
            "the device figures write every Double, Float (widened to Double first) and Date number with 17 significant digits as the Objective-C writer does (C's %.17g: trailing zeros dropped, an exponent below 1e-4 and from 1e17), iOS 16's JSONEncoder and a push re-written on the device; integers, strings and Decimals are written alike by both writers",
            Self.deviceAssumption(deviceWriter),
            "a number without x-paysize-number is read as a Swift integer type ('integer') or a Double ('number'), a Float as the nearest Float to the number sent",
            "a Decimal is written as its description, plain digits up to 167 bytes, once JSONDecoder has read it (at most 39 leading digits kept, trailing zeros dropped, exponent -128 to 127); a number with a fraction or an exponent meets minimum and maximum as its nearest Double",
            Self.dateAssumption(dateEncodingStrategy),
        ]
        assumptions += notes
        self.assumptions = assumptions
    }

    private static func deviceAssumption(_ choice: DeviceWriter) -> String {
        switch choice {
        case .larger:
            "the device figures are the larger of the two writers' (--device-writer larger): what every device accepts"
        case .swift: "the device figures are the Swift writer's alone (--device-writer swift): iOS 17 and later"
        case .objc: "the device figures are the Objective-C writer's alone (--device-writer objc)"
        }
    }

    private static func dateAssumption(_ strategy: DateEncodingStrategy) -> String {
        switch strategy {
        case .deferredToDate:
            "a Date is a Double of seconds since 2001 (.deferredToDate, ActivityKit's), at most 24 bytes; .secondsSince1970 and .millisecondsSince1970 are Doubles too, .iso8601 is 22 bytes for years 0 to 9999"
        case .secondsSince1970:
            "a Date is a Double of seconds since 1970 (.secondsSince1970): the schema's seconds since 2001 plus 978307200; the witness gives seconds since 2001"
        case .millisecondsSince1970:
            "a Date is a Double of milliseconds since 1970 (.millisecondsSince1970): 1000 times the schema's seconds since 2001 plus 978307200; the witness gives seconds since 2001"
        case .iso8601:
            "a Date is an ISO 8601 string (.iso8601) as Foundation writes it: 22 bytes quoted for years 0 to 9999 (Julian before 1582-10-15), 23 for years before 0 and from 10000, 24 from 100000; Foundation writes a Date before -4712-01-01T12:00:00Z or after 506713-02-07T00:00:00Z as that date"
        }
    }

    /// The bound of `type`'s values once `limits` are added to its inferred schema.
    ///
    /// - Parameters:
    ///   - type: The `ContentState` (or attributes) type.
    ///   - limits: Size keywords by JSON Pointer, `*` standing for array items and dictionary
    ///     values: `["/items": .maxItems(12), "/items/*/name": .maxLength(40)]`.
    ///   - dateEncodingStrategy: How the app's `JSONEncoder` writes a `Date`; recorded in the
    ///     inferred schema. Defaults to ``DateEncodingStrategy/deferredToDate``.
    ///   - deviceWriter: As in ``init(schema:dateEncodingStrategy:deviceWriter:)``.
    /// - Throws: ``SizeLimitError`` when a pointer names no member of the type or a keyword
    ///   does not apply there.
    public init<T: Decodable>(
        of type: T.Type, limits: [String: SizeLimit] = [:],
        dateEncodingStrategy: DateEncodingStrategy = .deferredToDate,
        deviceWriter: DeviceWriter = .larger
    ) throws {
        self.init(
            schema: try PayloadSchema.infer(from: type, limits: limits, dateEncodingStrategy: dateEncodingStrategy),
            deviceWriter: deviceWriter)
    }

    /// How many more items `array` (one of ``arrays``) holds at the device's worst case within
    /// `limit` bytes; negative: how many fewer it must hold. `nil` while the bound is unbounded.
    ///
    /// ```swift
    /// for array in bound.arrays {
    ///     print(array.path, bound.moreItemsFit(array, within: 4096) ?? 0)   // /items 3
    /// }
    /// ```
    public func moreItemsFit(_ array: ArrayHeadroom, within limit: Int) -> Int? {
        guard let deviceByteCount, array.worstBytesPerItem > 0 else { return nil }
        let room = limit - deviceByteCount
        return room >= 0
            ? room / array.worstBytesPerItem : -((-room + array.worstBytesPerItem - 1) / array.worstBytesPerItem)
    }

    /// The smallest change of one `maxLength`, `maxItems` or `maxProperties` that brings the
    /// device's bound (``deviceByteCount``) within `limit` (the one keeping the largest share of
    /// its current value), as text such as `lower maxLength at /items/*/name from 40 to 31`;
    /// `nil` when the bound already fits, is unbounded, or no single change is enough.
    ///
    /// Under ``DeviceWriter/larger`` the change brings both writers' counts within `limit`.
    public func cheapestFix(toFit limit: Int) -> String? {
        guard let deviceByteCount, deviceByteCount > limit else { return nil }
        // Each writer over the limit, with its sites: a keyword's k-th site in one writer's
        // worst case is its k-th in the other's.
        let over = writerChoice.writers.map(figures(of:)).filter { ($0.byteCount ?? 0) > limit }
        func occurrences(_ sites: [LimitSite]) -> [(key: String, site: LimitSite)] {
            var seen: [String: Int] = [:]
            return sites.map { site in
                let key = site.label + "\u{0}" + site.keyword
                seen[key, default: 0] += 1
                return ("\(key)\u{0}\(seen[key] ?? 0)", site)
            }
        }
        let sitesByWriter = over.map { Dictionary(occurrences($0.sites), uniquingKeysWith: { first, _ in first }) }
        var best: (site: LimitSite, value: Int)?
        for (key, site) in occurrences(judged.sites) {
            // The highest value at which every writer over the limit fits.
            var value: Int?
            for (figures, sites) in zip(over, sitesByWriter) {
                guard let own = sites[key], own.bytesPerUnit > 0, let byteCount = figures.byteCount else {
                    value = nil
                    break
                }
                let fits = own.value - (byteCount - limit + own.bytesPerUnit - 1) / own.bytesPerUnit
                value = min(value ?? fits, fits)
            }
            guard let value, value >= site.floor else { continue }
            if let current = best {
                let keeps = Double(value) / Double(max(site.value, 1))
                let bestKeeps = Double(current.value) / Double(max(current.site.value, 1))
                if keeps <= bestKeeps { continue }
            }
            best = (site, value)
        }
        guard let best else { return nil }
        return "lower \(best.site.keyword) at \(best.site.label) from \(best.site.value) to \(best.value)"
    }
}

/// A keyword whose value scales the bound: lowering it by one saves `bytesPerUnit` bytes.
struct LimitSite: Sendable, Equatable {
    /// The place whose keyword it is.
    var path: JSONPointer
    /// Whether the keyword is in the place's `propertyNames`, limiting its keys.
    var ofPropertyNames = false
    var keyword: String
    var value: Int
    var floor: Int
    var bytesPerUnit: Int

    /// The place as fixes name it: `/items propertyNames` for a limit on `/items`' keys.
    var label: String {
        ofPropertyNames ? path.boundText + " propertyNames" : path.boundText
    }
}
