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
        /// An ISO 8601 string such as `2026-12-02T10:06:15Z`, for years 1 to 9999.
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
        /// The place, as a JSON Pointer with `*` for every array item or dictionary value.
        public var path: String
        /// Why it has no bound.
        public var why: String
        /// The change that bounds it.
        public var fix: String
    }

    /// An array with `maxItems`, and what one more item costs at the worst case.
    package struct ArrayHeadroom: Sendable, Equatable {
        /// The array, as a JSON Pointer with `*` for enclosing array items.
        package var path: String
        /// Its `maxItems`.
        package var maxItems: Int
        /// The bytes one item adds at its worst, its comma included.
        package var worstBytesPerItem: Int
    }

    /// The worst-case bytes of one place: a scalar, or the keys and punctuation of the whole.
    package struct PathBytes: Sendable, Equatable {
        /// The place, with `*` for array items; `(keys and punctuation)` for the rest.
        package var path: String
        /// How many times the place occurs in the worst case.
        package var count: Int
        /// Its bytes, every occurrence together.
        package var byteCount: Int
    }

    /// The worst case in bytes, `nil` when some place is unbounded.
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
    /// Every unbounded place, with why and the fix; empty when bounded.
    public let unbounded: [UnboundedPath]
    /// Every array with `maxItems`, outermost first.
    package let arrays: [ArrayHeadroom]
    /// Where the worst case's bytes go, largest first; the rows add up to ``byteCount``.
    package let breakdown: [PathBytes]
    /// What each figure assumes, one sentence each.
    package let assumptions: [String]
    let sites: [LimitSite]

    /// The bound of the values `schema` allows.
    ///
    /// - Parameters:
    ///   - schema: A content-state or attributes schema, inferred or hand-written.
    ///   - dateEncodingStrategy: How the encoder writes a `Date`; defaults to
    ///     ``DateEncodingStrategy/deferredToDate``, the device's.
    public init(schema: PayloadSchema, dateEncodingStrategy: DateEncodingStrategy = .deferredToDate) {
        var full = WorstCaseAnalysis(schema: schema.compiled, printable: false, dates: dateEncodingStrategy)
        let fullResult = full.run()
        var printable = WorstCaseAnalysis(schema: schema.compiled, printable: true, dates: dateEncodingStrategy)
        let printableResult = printable.run()
        self.unbounded = full.unbounded
        let bounded = full.unbounded.isEmpty
        self.byteCount = bounded ? fullResult?.bytes : nil
        self.printableByteCount = bounded ? printableResult?.bytes : nil
        self.witnessJSON = bounded ? fullResult.map { EncodedText.compact($0.witness) } : nil
        self.printableWitnessJSON = bounded ? printableResult.map { EncodedText.compact($0.witness) } : nil
        if bounded {
            self.boundedRestByteCount = byteCount
            self.printableBoundedRestByteCount = printableByteCount
        } else {
            var rest = WorstCaseAnalysis(
                schema: schema.compiled, printable: false, dates: dateEncodingStrategy, shortestUnbounded: true)
            self.boundedRestByteCount = rest.run()?.bytes
            var printableRest = WorstCaseAnalysis(
                schema: schema.compiled, printable: true, dates: dateEncodingStrategy, shortestUnbounded: true)
            self.printableBoundedRestByteCount = printableRest.run()?.bytes
        }
        self.arrays = fullResult?.arrays ?? []
        self.sites = fullResult?.sites ?? []
        var rows: [String: PathBytes] = [:]
        for row in fullResult?.rows ?? [] {
            rows[row.path, default: PathBytes(path: row.path, count: 0, byteCount: 0)].count += row.count
            rows[row.path]?.byteCount += row.byteCount
        }
        var breakdown = rows.values.sorted {
            $0.byteCount != $1.byteCount ? $0.byteCount > $1.byteCount : $0.path < $1.path
        }
        if let total = fullResult?.bytes {
            let structure = total - breakdown.reduce(0) { $0 + $1.byteCount }
            breakdown.append(PathBytes(path: "(keys and punctuation)", count: 1, byteCount: structure))
        }
        self.breakdown = breakdown
        var assumptions = [
            "the first figure allows any Unicode scalar in strings: a control character is 6 bytes (\\u00XX), \\b \\f \\n \\r \\t \" \\ and / are 2, other text 1 to 4 bytes of UTF-8",
            "the printable figure allows no control characters (C0, DEL, C1) in strings whose values are not listed",
            "maxLength counts Unicode scalars, as JSON Schema does; optionals are present, arrays and dictionaries full",
            "the bounded rest counts each unbounded place at its smallest allowed form (a string at minLength ASCII letters, an array or dictionary at its fewest items, a place of any type as 0, a recursive type cut where it recurses) and everything else at its worst",
            "sizes are of the compact text a default JSONEncoder writes once the value is decoded into the Swift type: numbers re-encoded at their shortest round-trip text, a URL as its absoluteString (up to 12 bytes a scalar once percent-encoded), Data as base64",
            "a number without x-paysize-number is read as a Swift integer type ('integer') or a Double ('number')",
            "a Decimal is written as its description, plain digits up to 167 bytes, once JSONDecoder has read it (at most 39 leading digits kept, trailing zeros dropped, exponent -128 to 127); a number with a fraction or an exponent meets minimum and maximum as its nearest Double",
            Self.dateAssumption(dateEncodingStrategy),
        ]
        assumptions += full.notes
        self.assumptions = assumptions
    }

    private static func dateAssumption(_ strategy: DateEncodingStrategy) -> String {
        switch strategy {
        case .deferredToDate:
            "a Date is a Double of seconds since 2001 (.deferredToDate, ActivityKit's), at most 24 bytes; .secondsSince1970 and .millisecondsSince1970 are Doubles too, .iso8601 is 22 bytes for years 1 to 9999"
        case .secondsSince1970: "a Date is a Double of seconds since 1970 (.secondsSince1970)"
        case .millisecondsSince1970: "a Date is a Double of milliseconds since 1970 (.millisecondsSince1970)"
        case .iso8601: "a Date is an ISO 8601 string (.iso8601), 22 bytes for years 1 to 9999"
        }
    }

    /// The bound of `type`'s values once `limits` are added to its inferred schema.
    ///
    /// - Parameters:
    ///   - type: The `ContentState` (or attributes) type.
    ///   - limits: Size keywords by JSON Pointer, `*` standing for array items and dictionary
    ///     values: `["/items": .maxItems(12), "/items/*/name": .maxLength(40)]`.
    ///   - dateEncodingStrategy: As in ``init(schema:dateEncodingStrategy:)``.
    /// - Throws: ``SizeLimitError`` when a pointer names no member of the type or a keyword
    ///   does not apply there.
    public init<T: Decodable>(
        of type: T.Type, limits: [String: SizeLimit] = [:], dateEncodingStrategy: DateEncodingStrategy = .deferredToDate
    ) throws {
        self.init(
            schema: try PayloadSchema.infer(from: type, limits: limits), dateEncodingStrategy: dateEncodingStrategy)
    }

    /// How many more items each array holds at the worst case within `limit` bytes (negative:
    /// how many fewer it must hold); `nil` while the bound is unbounded.
    package func moreItemsFit(_ array: ArrayHeadroom, within limit: Int) -> Int? {
        guard let byteCount, array.worstBytesPerItem > 0 else { return nil }
        let room = limit - byteCount
        return room >= 0
            ? room / array.worstBytesPerItem : -((-room + array.worstBytesPerItem - 1) / array.worstBytesPerItem)
    }

    /// The smallest change of one `maxLength`, `maxItems` or `maxProperties` that brings the
    /// bound within `limit` (the one keeping the largest share of its current value), as text
    /// such as `lower maxLength at /items/*/name from 40 to 31`; `nil` when the bound already
    /// fits, is unbounded, or no single change is enough.
    public func cheapestFix(toFit limit: Int) -> String? {
        guard let byteCount, byteCount > limit else { return nil }
        let excess = byteCount - limit
        var best: (site: LimitSite, value: Int)?
        for site in sites where site.bytesPerUnit > 0 {
            let value = site.value - (excess + site.bytesPerUnit - 1) / site.bytesPerUnit
            guard value >= site.floor else { continue }
            if let current = best {
                let keeps = Double(value) / Double(max(site.value, 1))
                let bestKeeps = Double(current.value) / Double(max(current.site.value, 1))
                if keeps <= bestKeeps { continue }
            }
            best = (site, value)
        }
        guard let best else { return nil }
        return "lower \(best.site.keyword) at \(best.site.path) from \(best.site.value) to \(best.value)"
    }
}

/// A keyword whose value scales the bound: lowering it by one saves `bytesPerUnit` bytes.
struct LimitSite: Sendable, Equatable {
    var path: String
    var keyword: String
    var value: Int
    var floor: Int
    var bytesPerUnit: Int
}
